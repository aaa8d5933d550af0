package dev.parley.agent;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.parley.dialogue.Domain;
import dev.parley.dialogue.Contents;
import dev.parley.dialogue.Message;
import dev.parley.domain.DialogueDomains;
import dev.parley.engine.ExternalConditionResolver;
import dev.parley.game.State;
import dev.parley.dialogue.OfflineMoveGenerator;
import dev.parley.server.DialogueServer;
import dev.parley.server.DialogueService;
import dev.parley.server.store.DialogueStore;
import dev.parley.server.ProtocolRegistry;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Steered and baseline agents play a served fruit-trading dialogue over loopback HTTP. */
class SteeredAgentTest {

    static Domain fruit;
    static SteeringModel model;

    @TempDir
    Path dir;
    DialogueService service;
    DialogueServer server;
    DgepClient client;
    ExecutorService pool;

    @BeforeAll
    static void solve() {
        fruit = DialogueDomains.find("fruit-trading").orElseThrow();
        model = SteeringModel.solve(fruit, new OfflineMoveGenerator(fruit.content()), new SteeringModel.Settings(2, 4, 1, 2), 100);
    }

    @BeforeEach
    void start() throws Exception {
        ProtocolRegistry registry = new ProtocolRegistry();
        registry.add(fruit.name(), ProtocolRegistry.Origin.BUNDLED, fruit.protocol());
        service = new DialogueService(registry, DialogueStore.open(dir.resolve("agents.db").toString(), 1),
                ExternalConditionResolver.offlineDefault(), 100);
        server = DialogueServer.start(service, new DialogueServer.Config("127.0.0.1", 0, 1 << 16, 4));
        client = new DgepClient(server.uri(), Duration.ofSeconds(30));
        pool = Executors.newFixedThreadPool(2);
    }

    @AfterEach
    void stop() {
        pool.shutdownNow();
        server.close();
        service.close();
    }

    private SteeredAgent agent(boolean steered, long seed) {
        return new SteeredAgent(client, model.game(), steered ? model.equilibrium() : model.baseline(), 0, seed,
                Duration.ofMillis(10), Duration.ofSeconds(60), steered ? "steered" : "baseline");
    }

    @Test
    void aSteeredAndABaselineAgentPlayAServedDialogueToTheGamesEnd() throws Exception {
        String id = client.newDialogue("fruit-trading");
        Future<SteeredAgent.Outcome> alice = pool.submit(() -> agent(true, 7).play(id, "Alice"));
        Future<SteeredAgent.Outcome> bob = pool.submit(() -> agent(false, 8).play(id, "Bob"));
        SteeredAgent.Outcome a = alice.get(120, TimeUnit.SECONDS);
        SteeredAgent.Outcome b = bob.get(120, TimeUnit.SECONDS);

        List<DgepClient.Said> served = client.transcript(id);
        assertThat(a.payoffs()).isNotNull().containsExactly(b.payoffs());
        assertThat(served).hasSize(a.decisions().size() + b.decisions().size());
        assertThat(served).isNotEmpty();
        assertThat(served.get(0).player()).isEqualTo("Alice");
        assertThat(b.decisions()).allSatisfy(d -> assertThat(d.instruction()).isEqualTo("any"));

        // replay the agents' actions in the game: the server recorded exactly the game's moves and words, each
        // steered action had positive probability under the equilibrium at its information state, and the game's
        // payoffs at the end are the ones the agents report
        List<SteeredAgent.Decision> all = new ArrayList<>(a.decisions());
        all.addAll(b.decisions());
        all.sort(Comparator.comparingInt(SteeredAgent.Decision::transcriptIndex));
        State state = model.game().initialState().child(0);
        for (SteeredAgent.Decision d : all) {
            int player = state.currentPlayer();
            if (player == 0) {
                double[] p = model.equilibrium().actionProbabilities(state.infoStateKey(0), state.legalActions());
                int k = indexOf(state.legalActions(), d.action());
                assertThat(p[k]).isPositive().isEqualTo(d.probabilities().get(d.chosen()));
            }
            state = state.child(d.action());
            List<Message> t = model.game().transcript(state);
            DgepClient.Said said = served.get(d.transcriptIndex());
            assertThat(said.player()).isEqualTo(fruit.protocolPlayers().get(player));
            assertThat(said.moveId()).isEqualTo(t.get(t.size() - 1).moveId());
            // the served reply carries the verified content, and the served text the game's words, exactly
            assertThat(Contents.fromReply(said.reply())).isEqualTo(t.get(t.size() - 1).content());
            assertThat(said.text()).isEqualTo(t.get(t.size() - 1).text());
        }
        assertThat(state.isTerminal()).isTrue();
        assertThat(state.returns()).containsExactly(a.payoffs());
    }

    private static int indexOf(int[] a, int v) {
        for (int i = 0; i < a.length; i++) {
            if (a[i] == v) {
                return i;
            }
        }
        throw new AssertionError("action " + v + " is not legal");
    }

    @Test
    void aMoveFromOutsideTheGameStopsTheAgentWithTheReason() throws Exception {
        String id = client.newDialogue("fruit-trading");
        DgepClient.Joined bob = client.join(id, "Bob");
        Future<SteeredAgent.Outcome> alice = pool.submit(() -> agent(true, 7).play(id, "Alice"));
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (client.transcript(id).isEmpty() && System.nanoTime() < deadline) {
            Thread.sleep(10);
        }
        // a person answers in words no game player would produce
        client.interact(id, bob.participantId(), "counter", Map.of("offer", "three kiwis for your hat"), null);
        assertThatThrownBy(() -> alice.get(60, TimeUnit.SECONDS)).isInstanceOf(ExecutionException.class)
                .cause().isInstanceOf(AgentException.class)
                .hasMessageContaining("the served dialogue left the fruit-trading game: move 1 (Bob: counter "
                        + "{\"offer\":\"three kiwis for your hat\"}) has content the game cannot take: schema:");
    }

    @Tag("minilm")
    @Test
    void aPersonsFreeTextCounterOfferIsTrackedAndAnswered() throws Exception {
        // the game Alice is steered by: the counter-offers Bob's side of the game can make after her opening
        State start = model.game().initialState().child(0);
        String id = client.newDialogue("fruit-trading");
        DgepClient.Joined bob = client.join(id, "Bob");
        Future<SteeredAgent.Outcome> alice = pool.submit(() -> new SteeredAgent(client, model.game(),
                model.equilibrium(), 0, 7, Duration.ofMillis(10), Duration.ofSeconds(60), "steered",
                new MiniLmWordingMatcher()).play(id, "Alice"));
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (client.transcript(id).isEmpty() && System.nanoTime() < deadline) {
            Thread.sleep(10);
        }
        // Alice's opening, as served; find it in the game and take a counter-offer Bob's side can make there
        DgepClient.Said opening = client.transcript(id).get(0);
        State afterOpening = null;
        for (int a : start.legalActions()) {
            State c = start.child(a);
            if (model.game().transcript(c).get(0).text().equals(opening.text())) {
                afterOpening = c;
            }
        }
        assertThat(afterOpening).as("the served opening is one of the game's").isNotNull();
        Message counter = null;
        for (int a : afterOpening.legalActions()) {
            List<Message> t = model.game().transcript(afterOpening.child(a));
            if (t.get(1).moveId().equals("counter")) {
                counter = t.get(1);
                break;
            }
        }
        assertThat(counter).isNotNull();
        // a person says it in words of their own, with its content variables
        Map<String, Object> offer = Contents.fromReply(Contents.reply(counter.content()));
        String words = "Hmm, that's not for me. Tell you what: "
                + dev.parley.domain.fruit.Fruits.words(dev.parley.domain.fruit.Fruits.gives(offer.get("offer")))
                + " from my basket, and you hand me "
                + dev.parley.domain.fruit.Fruits.words(dev.parley.domain.fruit.Fruits.gets(offer.get("offer")))
                + ". What do you say?";
        client.interact(id, bob.participantId(), "counter", Contents.reply(counter.content()), null, words);
        // Alice tracks it and answers: a second decision of hers follows the person's move
        deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (client.transcript(id).size() < 3 && System.nanoTime() < deadline) {
            Thread.sleep(20);
        }
        List<DgepClient.Said> served = client.transcript(id);
        assertThat(served).hasSizeGreaterThanOrEqualTo(3);
        assertThat(served.get(1).text()).isEqualTo(words);
        assertThat(served.get(2).player()).isEqualTo("Alice");
        assertThat(served.get(2).moveId()).isIn("accept", "reject", "counter");
        // (the game goes on to its length limit; the person does not answer again, so the agent is stopped here)
        alice.cancel(true);
    }

    @AfterAll
    static void done() {
        model = null;
    }
}
