package dev.parley.engine.http;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.sun.net.httpserver.HttpServer;
import dev.parley.dgdl.ProtocolParser;
import dev.parley.engine.Dialogue;
import dev.parley.engine.DialogueJson;
import dev.parley.engine.DialogueTest;
import dev.parley.engine.MoveOutcome;
import dev.parley.engine.Participant;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** uriTest over a real HTTP server on loopback. */
class HttpExternalConditionResolverTest {

    private HttpServer server;
    private final List<JsonNode> received = new CopyOnWriteArrayList<>();
    private volatile String answer = "{\"result\": true}";
    private volatile int status = 200;
    private volatile long delayMillis = 0;

    @BeforeEach
    void startServer() throws IOException {
        server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.createContext("/oracle", exchange -> {
            received.add(new ObjectMapper().readTree(exchange.getRequestBody()));
            try {
                Thread.sleep(delayMillis);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            byte[] body = answer.getBytes(StandardCharsets.UTF_8);
            exchange.sendResponseHeaders(status, body.length);
            try (OutputStream os = exchange.getResponseBody()) {
                os.write(body);
            }
        });
        server.start();
    }

    @AfterEach
    void stopServer() {
        server.stop(0);
    }

    private Dialogue dialogueAtArgue(Duration timeout) {
        String text = DialogueTest.MINI.replace("http://127.0.0.1:9/oracle",
                "http://127.0.0.1:" + server.getAddress().getPort() + "/oracle");
        Dialogue d = Dialogue.start(dev.parley.dgdl.ProtocolParser.load(text, "mini.dgdl"),
                List.of(new Participant("P", "P"), new Participant("O", "O")),
                new HttpExternalConditionResolver(timeout));
        d.perform("P", "Claim", Map.of("p", "c"), null);
        d.perform("O", "Why", Map.of(), null);
        return d;
    }

    @Test
    void postsTheDialogueStateAndUsesTheAnswer() {
        Dialogue d = dialogueAtArgue(Duration.ofSeconds(5));
        assertThat(d.perform("P", "Argue", Map.of("q", "r"), null).accepted()).isTrue();
        assertThat(d.stores().get(2).contents()).containsExactly("seed", "oracle agreed");
        JsonNode req = received.get(0);
        assertThat(req.get("id").asText()).isEqualTo("Oracle");
        assertThat(req.at("/dialogue/protocol").asText()).isEqualTo("Mini");
        assertThat(req.at("/dialogue/history/2/move").asText()).isEqualTo("Argue");
        assertThat(req.at("/dialogue/history/2/reply/q").asText()).isEqualTo("r");
        // the private store is not sent
        assertThat(req.at("/dialogue/stores").has("Notes")).isFalse();
        assertThat(req.at("/dialogue/stores/CSP/0").asText()).isEqualTo("c");
    }

    @Test
    void falseAndPlainTextAnswers() {
        answer = "false";
        Dialogue d = dialogueAtArgue(Duration.ofSeconds(5));
        assertThat(d.perform("P", "Argue", Map.of("q", "r"), null).accepted()).isTrue();
        assertThat(d.stores().get(2).contents()).containsExactly("seed");
    }

    @Test
    void dgepsResponseFormIsUnderstood() {
        answer = "{\"response\": false}";
        Dialogue d = dialogueAtArgue(Duration.ofSeconds(5));
        assertThat(d.perform("P", "Argue", Map.of("q", "r"), null).accepted()).isTrue();
        assertThat(d.stores().get(2).contents()).containsExactly("seed");
        answer = "{\"response\": true}";
        d = dialogueAtArgue(Duration.ofSeconds(5));
        assertThat(d.perform("P", "Argue", Map.of("q", "r"), null).accepted()).isTrue();
        assertThat(d.stores().get(2).contents()).containsExactly("seed", "oracle agreed");
    }

    @Test
    void timeoutRollsTheMoveBack() {
        delayMillis = 1500;
        Dialogue d = dialogueAtArgue(Duration.ofMillis(200));
        String before = DialogueJson.save(d);
        MoveOutcome o = d.perform("P", "Argue", Map.of("q", "r"), null);
        assertThat(o.accepted()).isFalse();
        assertThat(o.reason()).contains("external condition Oracle: no answer from http://127.0.0.1:")
                .contains("within 200 ms");
        assertThat(DialogueJson.save(d)).isEqualTo(before);
    }

    @Test
    void badAnswersAndHttpErrorsRollBack() {
        answer = "maybe";
        Dialogue d = dialogueAtArgue(Duration.ofSeconds(5));
        assertThat(d.perform("P", "Argue", Map.of("q", "r"), null).reason())
                .endsWith("cannot read answer 'maybe' (expected {\"response\": true|false}, {\"result\": true|false},"
                        + " true or false)");
        answer = "true";
        status = 500;
        assertThat(d.perform("P", "Argue", Map.of("q", "r"), null).reason()).endsWith("answered HTTP 500");
        status = 200;
        assertThat(d.perform("P", "Argue", Map.of("q", "r"), null).accepted()).isTrue();
    }
}
