package dev.parley.llm.openai;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.networknt.schema.Schema;
import com.networknt.schema.SchemaRegistry;
import com.networknt.schema.SpecificationVersion;
import dev.parley.llm.ChatAnswer;
import dev.parley.llm.ChatCall;
import dev.parley.llm.ChatMessage;
import dev.parley.llm.LlmConfig;
import dev.parley.llm.OutputSchema;
import dev.parley.llm.testing.LlamaServer;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The OpenAI adapter against a real OpenAI-compatible server: llama.cpp's own, serving SmolLM2 135M on loopback
 * ({@link LlamaServer}). What is checked is the server's real {@code response_format} handling, not the model's
 * wits: a JSON Schema with optional properties, sent with {@code "strict": true} as written and in strict mode's
 * form, is answered with JSON that the schema accepts (llama.cpp turns it into a grammar), and the adapter hands back
 * an answer to the schema Parley asked for.
 */
@Tag("python")
@Tag("model")
class LlamaCppServerTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final SchemaRegistry SCHEMAS = SchemaRegistry.withDefaultDialect(SpecificationVersion.DRAFT_2020_12);
    private static final HttpClient HTTP = HttpClient.newHttpClient();

    @TempDir
    static Path logs;
    static LlamaServer server;

    @BeforeAll
    static void start() throws Exception {
        Path model = LlamaServer.model(LlamaServer.SMOLLM2);
        // one thread: on a shared 2-core machine llama.cpp's spinning thread pool loses more than it gains
        server = LlamaServer.start(Path.of("../../.."), model, 1, logs);
    }

    @AfterAll
    static void stop() {
        if (server != null) {
            server.close();
        }
    }

    /** A short offer with optional fields: the words bounded so that the answer ends well within max_tokens. */
    private static ObjectNode offer() throws Exception {
        ObjectNode s = StrictJsonSchemaTest.offer();
        ((ObjectNode) s.at("/properties/text")).put("maxLength", 60);
        return s;
    }

    private static List<String> violations(ObjectNode schema, JsonNode answer) {
        Schema s = SCHEMAS.getSchema(schema);
        List<String> out = new ArrayList<>();
        s.validate(answer).forEach(e -> out.add(e.getInstanceLocation() + " " + e.getMessage()));
        return out;
    }

    /** A chat completion asked directly (no adapter): the status and the parsed body. */
    private static JsonNode ask(ObjectNode schema, boolean strict, long seed) throws Exception {
        ObjectNode body = JSON.createObjectNode().put("model", server.modelName()).put("seed", seed)
                .put("temperature", 0.0).put("max_tokens", 160);
        body.putArray("messages").addObject().put("role", "user").put("content", "You hold two apples and want a"
                + " kiwi. Propose a trade, as a JSON object.");
        ObjectNode js = body.putObject("response_format").put("type", "json_schema").putObject("json_schema");
        js.put("name", "parley_propose").put("strict", strict).set("schema", schema);
        HttpResponse<String> r = HTTP.send(HttpRequest.newBuilder(URI.create(server.baseUrl() + "/chat/completions"))
                .timeout(Duration.ofMinutes(10)).header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(body.toString())).build(),
                HttpResponse.BodyHandlers.ofString());
        assertThat(r.statusCode()).as(r.body()).isEqualTo(200);
        JsonNode choice = JSON.readTree(r.body()).path("choices").get(0);
        assertThat(choice.path("finish_reason").asText()).as(r.body()).isEqualTo("stop");
        return JSON.readTree(choice.path("message").path("content").asText());
    }

    /** Every object of {@code answer} that {@code schema} describes has every property it names. */
    private static List<String> missing(JsonNode schema, JsonNode answer, String at) {
        List<String> out = new ArrayList<>();
        JsonNode props = schema.has("anyOf") ? schema.path("anyOf").get(0).path("properties")
                : schema.path("properties");
        if (!answer.isObject()) {
            return out;
        }
        for (Iterator<Map.Entry<String, JsonNode>> it = props.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> e = it.next();
            if (!answer.has(e.getKey())) {
                out.add(at + "/" + e.getKey());
            } else {
                out.addAll(missing(e.getValue(), answer.get(e.getKey()), at + "/" + e.getKey()));
            }
        }
        return out;
    }

    @Test
    void strictWithOptionalPropertiesLeftOutOfRequiredIsTakenAsWrittenAndTheAnswerFitsIt() throws Exception {
        // OpenAI would refuse this request (strict mode wants every property required); llama.cpp takes it
        JsonNode answer = ask(offer(), true, 1);
        assertThat(violations(offer(), answer)).isEmpty();
    }

    @Test
    void strictModesFormIsTakenTooAndTheAnswerHasEveryPropertyItRequires() throws Exception {
        ObjectNode strict = StrictJsonSchema.of(offer());
        JsonNode answer = ask(strict, true, 1);
        assertThat(violations(strict, answer)).isEmpty();
        assertThat(missing(strict, answer, "")).as(answer.toString()).isEmpty();
    }

    @Test
    void theAdapterGetsAnAnswerToTheSchemaAsAskedWithTheServersTokenCounts() throws Exception {
        LlmConfig config = LlmConfig.openAi(server.baseUrl(), server.modelName()).withSampling(0.0, null, 160)
                .withTimeout(Duration.ofMinutes(10));
        LangChainChat chat = LangChainChat.openAi(config, Map.of());
        ChatAnswer a = chat.complete(new ChatCall(List.of(ChatMessage.user("You hold two apples and want a kiwi."
                + " Propose a trade, as a JSON object.")), 3L, Optional.of(OutputSchema.json("parley_propose",
                offer()))));
        assertThat(violations(offer(), JSON.readTree(a.text()))).as(a.text()).isEmpty();
        assertThat(a.inputTokens()).isPositive(); // counted by the server, not by Parley
        assertThat(a.outputTokens()).isPositive();
        assertThat(server.log()).contains("print_timing"); // llama.cpp's own record of the request
    }
}
