package dev.parley.llm.llamacpp;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.parley.llm.ChatAnswer;
import dev.parley.llm.ChatCall;
import dev.parley.llm.ChatMessage;
import dev.parley.llm.LlmException;
import dev.parley.llm.LlmTimeoutException;
import dev.parley.llm.OutputSchema;
import dev.parley.llm.llamacpp.testing.TestModels;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The embedded backend on a real small GGUF model (SmolLM2 135M Instruct). */
@Tag("model")
class LlamaCppChatTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    private static LlamaCppChat chat(Duration timeout) {
        return LlamaCppChat.open(LocalModelSettings.of(TestModels.smollm2()).withContext(2048)
                .withSampling(1.0, 0.95, 256, 0).withTimeout(timeout));
    }

    private static ChatCall offer(long seed, Optional<OutputSchema> schema) {
        return new ChatCall(List.of(ChatMessage.system("You trade fruit with Bob. Answer in JSON."),
                ChatMessage.user("Offer Bob one apple for two kiwis, politely.")), seed, schema);
    }

    private static OutputSchema offerSchema() {
        ObjectNode s = JSON.createObjectNode().put("type", "object");
        ObjectNode props = s.putObject("properties");
        props.putObject("text").put("type", "string").put("maxLength", 120);
        props.putObject("give").put("type", "integer").put("minimum", 0).put("maximum", 5);
        props.putObject("fruit").putArray("enum").add("apple").add("kiwi");
        s.putArray("required").add("text").add("give").add("fruit");
        s.put("additionalProperties", false);
        return OutputSchema.json("offer", s);
    }

    @Test
    void aStructuredAnswerIsDecodedUnderTheSchemasGrammarAndParsesWheneverItEnds() throws Exception {
        LlamaCppChat chat = chat(Duration.ofSeconds(120));
        int complete = 0;
        for (long seed = 1; seed <= 3; seed++) {
            ChatAnswer a = chat.complete(offer(seed, Optional.of(offerSchema())));
            // the grammar forces the object's opening whatever the model would say
            assertThat(a.text()).startsWith("{").contains("\"text\"");
            assertThat(a.inputTokens()).isPositive();
            assertThat(a.outputTokens()).isPositive();
            assertThat(a.cached()).isFalse();
            assertThat(a.backend()).isEqualTo("local:" + ModelFiles.SMOLLM2);
            if (a.outputTokens() >= 250) {
                continue; // cut at max tokens (a small model can loop inside a string): the verifier's NOT_JSON
            }
            complete++;
            JsonNode n = JSON.readTree(a.text());
            assertThat(n.path("text").isTextual()).as(a.text()).isTrue();
            assertThat(n.path("give").isInt()).as(a.text()).isTrue();
            assertThat(n.path("give").asInt()).as(a.text()).isBetween(0, 5);
            assertThat(n.path("fruit").asText()).as(a.text()).isIn("apple", "kiwi");
            assertThat(n.size()).as(a.text()).isEqualTo(3);
        }
        assertThat(complete).isPositive();
    }

    @Test
    void oneSeedGivesOneAnswerAndTheSeedKeysTheSampling() {
        LlamaCppChat chat = chat(Duration.ofSeconds(120));
        String a = chat.complete(offer(7, Optional.empty())).text();
        chat.complete(offer(8, Optional.empty())); // another prompt state in between: the slot's cache moves on
        String b = chat.complete(offer(7, Optional.empty())).text();
        assertThat(a).isNotBlank().isEqualTo(b);
        assertThat(chat.parameters()).containsKeys("temperature", "top_p", "max_tokens", "default_seed");
    }

    /**
     * The repeat penalty reaches llama.cpp's sampler: greedy decoding of a prompt that invites a loop gives other
     * words with a penalty than without, repeating its commonest word less, and the penalty keys the cache.
     */
    @Test
    void theRepeatPenaltyReachesTheSamplerAndKeysTheCache() {
        LocalModelSettings greedy = LocalModelSettings.of(TestModels.smollm2()).withContext(2048)
                .withSampling(0.0, 1.0, 48, 0).withTimeout(Duration.ofSeconds(120));
        LlamaCppChat plain = LlamaCppChat.open(greedy);
        LlamaCppChat penalised = LlamaCppChat.open(greedy.withRepeatPenalty(1.8));
        ChatCall loop = new ChatCall(List.of(ChatMessage.user("Continue this list: kiwi, kiwi, kiwi, kiwi, kiwi,"
                + " kiwi, kiwi, kiwi,")), 1L, Optional.empty());
        String a = plain.complete(loop).text();
        String b = penalised.complete(loop).text();
        assertThat(b).as("with a penalty of 1.8: " + b + "\nwithout: " + a).isNotEqualTo(a);
        assertThat(commonest(b)).as("with a penalty of 1.8: " + b + "\nwithout: " + a).isLessThan(commonest(a));
        assertThat(plain.parameters()).doesNotContainKey("repeat_penalty");
        assertThat(penalised.parameters()).containsEntry("repeat_penalty", 1.8);
        assertThatThrownBy(() -> greedy.withRepeatPenalty(0)).isInstanceOf(IllegalArgumentException.class);
    }

    /** How often the text's most frequent word occurs. */
    private static long commonest(String text) {
        return java.util.Arrays.stream(text.toLowerCase(java.util.Locale.ROOT).split("[^a-z]+"))
                .filter(w -> !w.isEmpty())
                .collect(java.util.stream.Collectors.groupingBy(w -> w, java.util.stream.Collectors.counting()))
                .values().stream().mapToLong(Long::longValue).max().orElse(0);
    }

    @Test
    void theModelLoadsOncePerProcessAndAppliesTheFilesOwnChatTemplate() {
        LlamaCppChat one = chat(Duration.ofSeconds(120));
        LlamaCppChat two = chat(Duration.ofSeconds(5));
        assertThat(one.localModel()).isSameAs(two.localModel());
        assertThat(one.localModel().chatTemplate()).isEqualTo("the file's own");
        String prompt = one.localModel().prompt("Be brief.", List.of(new de.kherud.llama.Pair<>("user", "Hi")));
        // SmolLM2's template is ChatML, ending in the assistant's opening
        assertThat(prompt).contains("<|im_start|>system\nBe brief.<|im_end|>").contains("<|im_start|>user\nHi")
                .endsWith("<|im_start|>assistant\n");
    }

    @Test
    void aGenerationPastTheTimeLimitIsCancelledAsATimeout() {
        LlamaCppChat chat = LlamaCppChat.open(LocalModelSettings.of(TestModels.smollm2()).withContext(2048)
                .withSampling(1.0, 0.95, 400, 0).withTimeout(Duration.ofMillis(300)));
        assertThatThrownBy(() -> chat.complete(new ChatCall(List.of(ChatMessage.user("Write a long story about a"
                + " dragon, at least 300 words.")), 3L, Optional.empty())))
                .isInstanceOf(LlmTimeoutException.class).hasMessageContaining("did not finish within 300 ms");
        // the slot is free again: the next call runs
        assertThat(chat(Duration.ofSeconds(120)).complete(offer(1, Optional.of(offerSchema()))).text()).isNotBlank();
    }

    @Test
    void aPromptLongerThanTheContextIsOneLineNotACrash() {
        LlamaCppChat chat = LlamaCppChat.open(LocalModelSettings.of(TestModels.smollm2()).withContext(128));
        String longText = "apple kiwi banana ".repeat(100);
        assertThatThrownBy(() -> chat.complete(new ChatCall(List.of(ChatMessage.user(longText)), 1L,
                Optional.empty()))).isInstanceOf(LlmException.class)
                .hasMessageMatching("the prompt has \\d+ tokens but " + ModelFiles.SMOLLM2.replace(".", "\\.")
                        + " has a context of 128 per slot; .*");
    }

    @Test
    void anArchitectureThisBuildDoesNotKnowIsRefusedInOneLine(@TempDir Path dir) throws Exception {
        byte[] b = Files.readAllBytes(TestModels.smollm2());
        // "general.architecture" = "llama" -> "llamx": the same layout, an architecture llama.cpp lacks
        byte[] key = "general.architecture".getBytes(java.nio.charset.StandardCharsets.US_ASCII);
        int at = indexOf(b, key);
        assertThat(at).isPositive();
        int value = at + key.length + 4 + 8; // type u32, then the string's length u64
        assertThat(new String(b, value, 5, java.nio.charset.StandardCharsets.US_ASCII)).isEqualTo("llama");
        b[value + 4] = 'x';
        Path odd = dir.resolve("odd.gguf");
        Files.write(odd, b);
        assertThatThrownBy(() -> LlamaCppChat.open(LocalModelSettings.of(odd)))
                .isInstanceOf(ModelFileException.class)
                .hasMessage(odd.toRealPath() + ": architecture 'llamx' is unknown to this llama.cpp build"
                        + " (java-llama.cpp 4.1.0, llama.cpp b4916)");
    }

    @Test
    void aTruncatedRealModelIsRefusedBeforeTheNativeLoaderSeesIt(@TempDir Path dir) throws Exception {
        Path cut = dir.resolve("cut.gguf");
        try (var in = Files.newInputStream(TestModels.smollm2()); var out = Files.newOutputStream(cut)) {
            out.write(in.readNBytes(40 << 20));
        }
        assertThatThrownBy(() -> LlamaCppChat.open(LocalModelSettings.of(cut)))
                .isInstanceOf(ModelFileException.class).hasMessageContaining(": truncated: its tensors need");
    }

    private static int indexOf(byte[] hay, byte[] needle) {
        outer:
        for (int i = 0; i + needle.length <= hay.length; i++) {
            for (int j = 0; j < needle.length; j++) {
                if (hay[i + j] != needle[j]) {
                    continue outer;
                }
            }
            return i;
        }
        return -1;
    }
}
