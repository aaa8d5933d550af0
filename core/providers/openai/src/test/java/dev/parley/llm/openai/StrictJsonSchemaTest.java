package dev.parley.llm.openai;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.parley.llm.ChatAnswer;
import dev.parley.llm.ChatCall;
import dev.parley.llm.ChatMessage;
import dev.parley.llm.LlmConfig;
import dev.parley.llm.OutputSchema;
import dev.parley.llm.testing.FakeOpenAiServer;
import dev.parley.llm.testing.FakeOpenAiServer.Reply;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * OpenAI's strict structured output requires every property of every object in {@code required}; Parley's content
 * schemas leave some out (a basket names only the fruit it holds, a debate argument may omit its premise).
 * llama.cpp's server takes such a schema as written. The adapter sends it as written, and once a server refuses it,
 * required and nullable, dropping the nulls from the answers.
 */
class StrictJsonSchemaTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    /** The shape of a fruit-trading offer: the offer and its two sides required, every fruit optional. */
    private static final String OFFER = """
            {"type": "object", "properties": {
              "text": {"type": "string"},
              "offer": {"type": "object", "properties": {
                "give": {"type": "object", "properties": {
                   "apple": {"type": "integer", "minimum": 1, "maximum": 10},
                   "kiwi": {"type": "integer", "minimum": 1, "maximum": 10}}, "additionalProperties": false},
                "get": {"type": "object", "properties": {
                   "apple": {"type": "integer", "minimum": 1, "maximum": 10},
                   "kiwi": {"type": "integer", "minimum": 1, "maximum": 10}}, "additionalProperties": false}},
                "required": ["give", "get"], "additionalProperties": false},
              "note": {"type": ["string", "null"]},
              "reason": {"type": "string", "enum": ["too_little", "cannot_give"]}},
             "required": ["text", "offer"], "additionalProperties": false}
            """;

    static ObjectNode offer() throws Exception {
        return (ObjectNode) JSON.readTree(OFFER);
    }

    /** OpenAI's two structural rules of strict mode, checked on every object of a schema; the violations. */
    private static List<String> strictViolations(JsonNode schema, String at) {
        List<String> bad = new ArrayList<>();
        JsonNode props = schema.get("properties");
        if (props != null) {
            List<String> names = new ArrayList<>();
            props.fieldNames().forEachRemaining(names::add);
            List<String> required = new ArrayList<>();
            schema.path("required").forEach(r -> required.add(r.asText()));
            if (!required.containsAll(names)) {
                bad.add(at + ": required " + required + " lacks some of " + names);
            }
            if (!schema.path("additionalProperties").isBoolean() || schema.path("additionalProperties").asBoolean()) {
                bad.add(at + ": additionalProperties is not false");
            }
            for (Iterator<Map.Entry<String, JsonNode>> it = props.fields(); it.hasNext(); ) {
                Map.Entry<String, JsonNode> e = it.next();
                bad.addAll(strictViolations(e.getValue(), at + "/" + e.getKey()));
            }
        }
        for (String key : List.of("anyOf", "items")) {
            JsonNode sub = schema.get(key);
            if (sub != null && sub.isArray()) {
                for (int i = 0; i < sub.size(); i++) {
                    bad.addAll(strictViolations(sub.get(i), at + "/" + key + "/" + i));
                }
            } else if (sub != null) {
                bad.addAll(strictViolations(sub, at + "/" + key));
            }
        }
        return bad;
    }

    @Test
    void theContentSchemaAsWrittenBreaksStrictModeAndItsStrictFormKeepsItsRules() throws Exception {
        ObjectNode original = offer();
        assertThat(strictViolations(original, "")).hasSize(3); // the root (note, reason) and both baskets

        ObjectNode strict = StrictJsonSchema.of(original);
        assertThat(strictViolations(strict, "")).isEmpty();
        assertThat(original).isEqualTo(offer()); // the caller's schema is not touched

        // what was required stays as it was; an optional property becomes "it or null"
        assertThat(strict.at("/properties/text")).isEqualTo(original.at("/properties/text"));
        assertThat(strict.at("/properties/reason/anyOf/0")).isEqualTo(original.at("/properties/reason"));
        assertThat(strict.at("/properties/reason/anyOf/1")).isEqualTo(JSON.readTree("{\"type\": \"null\"}"));
        assertThat(strict.at("/properties/offer/properties/give/properties/kiwi/anyOf/0"))
                .isEqualTo(original.at("/properties/offer/properties/give/properties/kiwi"));
        // a property that already admits null needs no alternative
        assertThat(strict.at("/properties/note")).isEqualTo(original.at("/properties/note"));
    }

    @Test
    void theNullsOfOptionalPropertiesAreDroppedFromTheAnswerAndNothingElse() throws Exception {
        ObjectNode schema = offer();
        String answer = "{\"text\": \"an apple for two kiwis\", \"offer\": {\"give\": {\"apple\": 1, \"kiwi\": null},"
                + " \"get\": {\"apple\": null, \"kiwi\": 2}}, \"note\": null, \"reason\": null}";
        JsonNode back = JSON.readTree(StrictJsonSchema.withoutNulls(answer, schema));
        assertThat(back).isEqualTo(JSON.readTree("{\"text\": \"an apple for two kiwis\", \"offer\": {\"give\":"
                + " {\"apple\": 1}, \"get\": {\"kiwi\": 2}}, \"note\": null}")); // note's schema admits null

        // a required property answered null is the verifier's business: it stays
        String requiredNull = "{\"text\": null, \"offer\": {\"give\": {}, \"get\": {}}}";
        assertThat(StrictJsonSchema.withoutNulls(requiredNull, schema)).isEqualTo(requiredNull);
        // no null to drop, or no JSON at all: the text comes back byte for byte
        String plain = "{ \"text\" : \"x\",\n \"offer\": {\"give\": {\"apple\": 1}, \"get\": {\"kiwi\": 1}} }";
        assertThat(StrictJsonSchema.withoutNulls(plain, schema)).isSameAs(plain);
        assertThat(StrictJsonSchema.withoutNulls("not json {", schema)).isEqualTo("not json {");
    }

    private static LangChainChat chat(FakeOpenAiServer server) {
        LlmConfig config = LlmConfig.openAi(server.baseUrl(), "test-model").withTimeout(Duration.ofSeconds(10))
                .withApiKeyEnv("PARLEY_TEST_KEY");
        return LangChainChat.openAi(config, Map.of("PARLEY_TEST_KEY", "sk-test"));
    }

    private static ChatCall propose() throws Exception {
        return new ChatCall(List.of(ChatMessage.user("Offer a trade.")), 7L,
                Optional.of(OutputSchema.json("parley_propose", offer())));
    }

    @Test
    void aServerThatTakesTheSchemaAsWrittenGetsItAsWrittenAndItsAnswerUntouched() throws Exception {
        try (FakeOpenAiServer server = FakeOpenAiServer.start()) {
            String answer = "{\"text\": \"an apple for a kiwi\", \"offer\": {\"give\": {\"apple\": 1}, \"get\":"
                    + " {\"kiwi\": 1}}}";
            server.enqueue(Reply.content(answer));
            ChatAnswer a = chat(server).complete(propose());
            JsonNode format = server.requests().get(0).path("response_format").path("json_schema");
            assertThat(format.path("strict").asBoolean()).isTrue();
            assertThat(format.path("schema")).isEqualTo(offer());
            assertThat(a.text()).isEqualTo(answer);
        }
    }

    @Test
    void aServerThatRefusesOptionalPropertiesGetsTheStrictFormAndTheNullsAreDroppedFromItsAnswers() throws Exception {
        try (FakeOpenAiServer server = FakeOpenAiServer.start()) {
            // OpenAI's answer to a strict schema whose required list leaves properties out
            server.enqueue(Reply.status(400, "Invalid schema for response_format 'parley_propose': In context=(),"
                            + " 'required' is required to be supplied and to be an array including every key in"
                            + " properties. Missing 'note'."),
                    Reply.content("{\"text\": \"one apple for a kiwi\", \"offer\": {\"give\": {\"apple\": 1,"
                            + " \"kiwi\": null}, \"get\": {\"apple\": null, \"kiwi\": 1}}, \"note\": null,"
                            + " \"reason\": null}"),
                    Reply.content("{\"text\": \"two kiwis\", \"offer\": {\"give\": {\"apple\": null, \"kiwi\": null},"
                            + " \"get\": {\"apple\": null, \"kiwi\": 2}}, \"note\": null, \"reason\": \"too_little\"}"));
            LangChainChat chat = chat(server);
            ChatAnswer a = chat.complete(propose());

            List<JsonNode> requests = server.requests();
            assertThat(requests).hasSize(2);
            assertThat(requests.get(0).at("/response_format/json_schema/schema")).isEqualTo(offer());
            JsonNode second = requests.get(1).at("/response_format/json_schema");
            assertThat(second.path("strict").asBoolean()).isTrue();
            assertThat(second.path("schema")).isEqualTo(StrictJsonSchema.of(offer()));
            assertThat(JSON.readTree(a.text())).isEqualTo(JSON.readTree("{\"text\": \"one apple for a kiwi\","
                    + " \"offer\": {\"give\": {\"apple\": 1}, \"get\": {\"kiwi\": 1}}, \"note\": null}"));

            // from then on the strict form goes out first: one request per call
            ChatAnswer b = chat.complete(propose());
            assertThat(server.requests()).hasSize(3);
            assertThat(server.requests().get(2).at("/response_format/json_schema/schema"))
                    .isEqualTo(StrictJsonSchema.of(offer()));
            assertThat(JSON.readTree(b.text())).isEqualTo(JSON.readTree("{\"text\": \"two kiwis\", \"offer\":"
                    + " {\"give\": {}, \"get\": {\"kiwi\": 2}}, \"note\": null, \"reason\": \"too_little\"}"));
        }
    }
}
