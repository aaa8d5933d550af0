package dev.parley.web;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.parley.agent.MiniLmWordingMatcher;
import dev.parley.agent.SteeringModel;
import dev.parley.dialogue.Contents;
import dev.parley.dialogue.Domain;
import dev.parley.dialogue.MoveGenerator;
import dev.parley.dialogue.Observation;
import dev.parley.dialogue.OfflineMoveGenerator;
import dev.parley.dialogue.RewardModel;
import dev.parley.domain.DialogueDomains;
import dev.parley.domain.fruit.Fruits;
import dev.parley.domain.protocols.ProtocolLibrary;
import dev.parley.engine.ExternalConditionResolver;
import dev.parley.server.DialogueServer;
import dev.parley.server.DialogueService;
import dev.parley.server.store.DialogueStore;
import dev.parley.server.ProtocolRegistry;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Function;

/**
 * A served web interface on a loopback ephemeral port over a SQLite file: the bundled protocols and every dialogue
 * domain's, the domains' games small enough to solve in a second or two (2 scenarios, 4 messages, 60 CFR+
 * iterations), offline words unless a move generator is given.
 */
final class WebFixture implements AutoCloseable {

    static final ObjectMapper JSON = new ObjectMapper();
    static final int MAX_REPLIES = 4;

    final DialogueService service;
    final DomainPlay play;
    final DialogueServer server;
    private final HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(10)).build();

    record Reply(int status, JsonNode json) {
    }

    static final SteeringModel.Settings GAME = new SteeringModel.Settings(2, MAX_REPLIES, 1, 2, Observation.WORDS);
    /** Solved once per domain and backend for every test of the run: the game is the same each time. */
    private static final Map<String, SteeringModel> SOLVED = new ConcurrentHashMap<>();

    static SteeringModel solved(Domain d, Function<Domain, MoveGenerator> moves, String backend) {
        return SOLVED.computeIfAbsent(d.name() + "|" + backend, k -> SteeringModel.solve(d, moves.apply(d), GAME,
                60));
    }

    WebFixture(Path dir, List<Path> reports) {
        this(dir, reports, d -> new OfflineMoveGenerator(d.content()), "offline");
    }

    WebFixture(Path dir, List<Path> reports, Function<Domain, MoveGenerator> moves, String backend) {
        this(dir, reports, moves, backend, DialogueService.Settings.defaults(10_000));
    }

    WebFixture(Path dir, List<Path> reports, Function<Domain, MoveGenerator> moves, String backend,
               DialogueService.Settings settings) {
        this(dir, reports, moves, backend, settings, null);
    }

    /** As the others, with an operator token ({@code null}: clients on this machine are the operator). */
    WebFixture(Path dir, List<Path> reports, Function<Domain, MoveGenerator> moves, String backend,
               DialogueService.Settings settings, String adminToken) {
        ProtocolRegistry registry = new ProtocolRegistry();
        for (ProtocolLibrary.Entry e : ProtocolLibrary.entries()) {
            registry.add(e.name(), ProtocolRegistry.Origin.BUNDLED, ProtocolLibrary.load(e.name()));
        }
        for (Domain d : DialogueDomains.all()) {
            registry.add(d.name(), ProtocolRegistry.Origin.BUNDLED, d.protocol());
        }
        service = new DialogueService(registry, DialogueStore.open(dir.resolve("web.db").toString(),
                new DialogueStore.Options(2, true)), ExternalConditionResolver.offlineDefault(),
                settings);
        AtomicReference<URI> self = new AtomicReference<>();
        play = new DomainPlay(DialogueDomains.all(), new DomainPlay.Settings(GAME, d -> solved(d, moves, backend),
                RewardModel::exact, new MiniLmWordingMatcher(), backend), service, self::get);
        try {
            server = DialogueServer.start(service, new DialogueServer.Config("127.0.0.1", 0, 1 << 18, 16, 1024,
                    30_000, 5_000, adminToken), new WebInterface(service, play, new ReportsIndex(reports)));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        self.set(server.uri());
        play.resume();
    }

    URI uri() {
        return server.uri();
    }

    Reply get(String path) {
        return send("GET", path, null);
    }

    Reply post(String path, Object body) {
        return send("POST", path, body);
    }

    /**
     * Plays the person's seat of a domain dialogue to its end against the steered agent, in the person's own words:
     * each turn the first move the seat page offers, its content taken from the prefill, checked by the verifier,
     * then made; {@code betweenMoves} runs after each of the person's moves. The coach's probabilities must sum to
     * 1 every turn.
     *
     * @return the words the person said, in order
     */
    List<String> playPersonToTheEnd(String id, String me, Runnable betweenMoves) throws InterruptedException {
        List<String> mine = new ArrayList<>();
        long deadline = System.nanoTime() + 120_000_000_000L;
        while (true) {
            JsonNode d = get("/ui/api/dialogues/" + id).json();
            assertThat(d.path("agent").path("error").isMissingNode()).as(d.toString()).isTrue();
            if (d.get("ended").asBoolean()) {
                return mine;
            }
            assertThat(System.nanoTime()).as("the dialogue did not end: " + d).isLessThan(deadline);
            JsonNode seat = post("/ui/api/dialogues/" + id + "/seat", Map.of("participantID", me)).json();
            if (seat.get("moves").isEmpty() || seat.path("coach").has("unavailable")) {
                Thread.sleep(50);
                continue;
            }
            double sum = 0;
            for (JsonNode o : seat.get("coach").get("options")) {
                sum += o.get("probability").asDouble();
            }
            assertThat(sum).isCloseTo(1.0, within(1e-9));
            JsonNode move = seat.get("moves").get(0);
            Map<String, Object> content = Contents.fromJsonObject(move.get("prefill"));
            String words = "Speaking for myself, turn " + mine.size() + ": " + Fruits.words(
                    Fruits.gives(content.getOrDefault("offer", content.get("terms")))) + ", if that suits you.";
            JsonNode verdict = post("/ui/api/dialogues/" + id + "/check", Map.of("participantID", me,
                    "moveID", move.get("moveID").asText(), "reply", Contents.reply(content))).json();
            assertThat(verdict.get("ok").asBoolean()).as(verdict.toString()).isTrue();
            ObjectNode body = JSON.createObjectNode().put("speaker", me).put("text", words);
            body.set("reply", verdict.get("reply"));
            Reply r = post("/dialogue/" + id + "/interaction/" + move.get("moveID").asText(), body);
            assertThat(r.status()).as(r.json().toString()).isEqualTo(200);
            mine.add(words);
            betweenMoves.run();
        }
    }

    /** The agent's state, read until it has noticed the end (it polls every 250 ms). */
    String agentStateAfterTheEnd(String id) throws InterruptedException {
        String state = get("/ui/api/dialogues/" + id).json().get("agent").get("state").asText();
        for (int i = 0; i < 200 && state.equals("playing"); i++) {
            Thread.sleep(50);
            state = get("/ui/api/dialogues/" + id).json().get("agent").get("state").asText();
        }
        return state;
    }

    Reply send(String method, String path, Object body) {
        return send(method, path, body, null);
    }

    /** As {@link #send(String, String, Object)}, with {@code Authorization: Bearer TOKEN} unless it is null. */
    Reply send(String method, String path, Object body, String bearer) {
        try {
            HttpRequest.BodyPublisher pub = body == null ? HttpRequest.BodyPublishers.noBody()
                    : HttpRequest.BodyPublishers.ofString(body instanceof String s ? s : JSON.writeValueAsString(body));
            HttpRequest.Builder b = HttpRequest.newBuilder(uri().resolve(path)).method(method, pub)
                    .timeout(Duration.ofSeconds(30));
            if (bearer != null) {
                b.header("Authorization", "Bearer " + bearer);
            }
            HttpResponse<String> r = http.send(b.build(), HttpResponse.BodyHandlers.ofString());
            JsonNode j;
            try {
                j = JSON.readTree(r.body());
            } catch (IOException e) {
                j = JSON.getNodeFactory().textNode(r.body());
            }
            return new Reply(r.statusCode(), j);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    String text(String path) {
        try {
            return http.send(HttpRequest.newBuilder(uri().resolve(path)).GET().build(),
                    HttpResponse.BodyHandlers.ofString()).body();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    @Override
    public void close() {
        server.close();
        play.close();
        service.close();
    }
}
