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
import dev.parley.server.DialogueStore;
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
            // the served reply carries the verified content, exactly
            assertThat(Contents.fromReply(said.reply())).isEqualTo(t.get(t.size() - 1).content());
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

    @AfterAll
    static void done() {
        model = null;
    }
}
