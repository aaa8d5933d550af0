package dev.parley.llm.llamacpp;

import dev.parley.error.Setting;
import de.kherud.llama.InferenceParameters;
import de.kherud.llama.LlamaIterator;
import de.kherud.llama.LlamaModel;
import de.kherud.llama.LlamaOutput;
import de.kherud.llama.Pair;
import dev.parley.llm.ChatAnswer;
import dev.parley.llm.ChatBackend;
import dev.parley.llm.ChatCall;
import dev.parley.llm.ChatMessage;
import dev.parley.llm.LlmException;
import dev.parley.llm.LlmTimeoutException;
import dev.parley.llm.OutputSchema;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * A {@link ChatBackend} over a GGUF model running in this process ({@link LocalModel}, loaded once and shared). The
 * messages go through the model's own chat template; a structured answer is decoded under a grammar made from its
 * JSON Schema, so it always parses (whether its content is feasible stays the verifier's question). Seed,
 * temperature, top-p, max tokens and the repeat penalty key the cache; one seed gives one answer. With
 * {@link LocalModelSettings#reusePrompt()} llama.cpp keeps each slot's last prompt and evaluates only what a new one
 * adds, so sibling nodes of a dialogue tree (which share the whole history) pay only for their new tokens, at the
 * price of answers that depend on the slot's history.
 */
public final class LlamaCppChat implements ChatBackend {

    public static final String PROVIDER = "local";
    private static final ObjectMapper JSON = new ObjectMapper();

    private final LocalModel model;
    private final LocalModelSettings settings;
    /** Grammars by schema text: converting a schema is cheap, but every move asks with one of a few schemas. */
    private final Map<String, String> grammars = new ConcurrentHashMap<>();

    private LlamaCppChat(LocalModel model, LocalModelSettings settings) {
        this.model = model;
        this.settings = settings;
    }

    /** The backend for {@code settings}, loading its model unless this process already has it. */
    public static LlamaCppChat open(LocalModelSettings settings) {
        return new LlamaCppChat(LocalModel.load(settings), settings);
    }

    /**
     * A backend that names the model (for the cache key) but never loads it: what a replay from the call cache
     * needs, which makes no model call, on a machine that may not have the file.
     */
    public static LlamaCppChat unloaded(LocalModelSettings settings) {
        return new LlamaCppChat(null, settings);
    }

    public LocalModel localModel() {
        return model;
    }

    @Override
    public String provider() {
        return PROVIDER;
    }

    @Override
    public String model() {
        return settings.file().getFileName().toString();
    }

    @Override
    public Map<String, Object> parameters() {
        Map<String, Object> p = new LinkedHashMap<>();
        p.put("temperature", settings.temperature());
        p.put("top_p", settings.topP());
        p.put("max_tokens", settings.maxTokens());
        p.put("default_seed", settings.seed());
        if (settings.repeatPenalty() != 1.0) {
            // 1 is no penalty: the keys of runs without one stay what they were
            p.put("repeat_penalty", settings.repeatPenalty());
        }
        if (settings.reusePrompt()) {
            p.put("reuse_prompt", true); // answers may differ from a cold evaluation's: another cache identity
        }
        return p;
    }

    @Override
    public ChatAnswer complete(ChatCall call) {
        if (model == null) {
            throw new LlmException(model() + " is not loaded (a replay makes no model calls)");
        }
        StringBuilder system = new StringBuilder();
        List<Pair<String, String>> turns = new ArrayList<>();
        for (ChatMessage m : call.messages()) {
            if (m.role() == ChatMessage.Role.SYSTEM) {
                // the template takes one system text, first: several are joined in their order
                system.append(system.isEmpty() ? "" : "\n\n").append(m.text());
            } else {
                turns.add(new Pair<>(m.role().label(), m.text()));
            }
        }
        if (turns.isEmpty()) {
            turns.add(new Pair<>("user", ""));
        }
        String prompt = model.prompt(system.toString(), turns);
        int promptTokens = model.tokens(prompt);
        int room = model.contextPerSlot() - promptTokens;
        if (room < 1) {
            throw new LlmException("the prompt has " + promptTokens + " tokens but " + model() + " has a context of "
                    + model.contextPerSlot() + " per slot; raise " + Setting.named("contextSize") + " or shorten the dialogue");
        }
        long seed = call.seed() != null ? call.seed() : settings.seed();
        InferenceParameters p = new InferenceParameters(prompt).setSeed(foldSeed(seed))
                .setTemperature((float) settings.temperature()).setTopP((float) settings.topP())
                .setNPredict(Math.min(settings.maxTokens(), room)).setCachePrompt(settings.reusePrompt())
                .setRepeatPenalty((float) settings.repeatPenalty());
        call.schema().ifPresent(s -> p.setGrammar(grammar(s)));
        try {
            model.slotsFree().acquire();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new LlmException("interrupted while waiting for a free slot of " + model(), e);
        }
        // the time limit and the latency count from the slot's start: a call queued behind others (more calls in
        // flight than slots) is not cancelled for its wait
        long start = System.nanoTime();
        long deadline = start + settings.timeout().toNanos();
        StringBuilder text = new StringBuilder();
        int steps = 0;
        try {
            LlamaIterator it = (LlamaIterator) model.model().generate(p).iterator();
            while (it.hasNext()) {
                LlamaOutput o = it.next();
                text.append(o.text);
                steps++;
                if (System.nanoTime() > deadline && it.hasNext()) {
                    it.cancel();
                    throw new LlmTimeoutException(model() + " did not finish within " + seconds() + " (" + steps
                            + " tokens so far); the generation was cancelled");
                }
            }
        } catch (LlmException e) {
            throw e;
        } catch (RuntimeException e) {
            throw new LlmException(model() + " failed to generate: " + e.getMessage(), e);
        } finally {
            model.slotsFree().release();
        }
        long micros = (System.nanoTime() - start) / 1_000;
        String answer = text.toString();
        return new ChatAnswer(answer, promptTokens, answer.isEmpty() ? 0 : model.tokens(answer), micros, false,
                label());
    }

    private String grammar(OutputSchema s) {
        String schema = schemaText(s);
        return grammars.computeIfAbsent(schema, k -> compact(LlamaModel.jsonSchemaToGrammar(k)));
    }

    /**
     * The grammar with at most one space between JSON tokens (llama.cpp's converter allows newlines and 20 spaces of
     * indent there, and a small model spends a third of its tokens on them), and no {@code $} inside strings: the
     * verifier refuses words that still hold a {@code $placeholder}, which small models copy from the prompt.
     */
    static String compact(String grammar) {
        return grammar.replaceAll("(?m)^space ::= .*$", "space ::= | \" \"")
                .replace("char ::= [^\"\\\\\\x7F", "char ::= [^$\"\\\\\\x7F");
    }

    /** The JSON Schema of a structured answer, written out for a flat schema of required fields. */
    static String schemaText(OutputSchema s) {
        if (s.jsonSchema().isPresent()) {
            return s.jsonSchema().get().toString();
        }
        ObjectNode root = JSON.createObjectNode().put("type", "object");
        ObjectNode props = root.putObject("properties");
        s.fields().forEach((name, type) -> props.putObject(name).put("type",
                type == OutputSchema.FieldType.STRING ? "string" : "number"));
        var required = root.putArray("required");
        s.fields().keySet().forEach(required::add);
        root.put("additionalProperties", false);
        return root.toString();
    }

    /** llama.cpp's seeds are 32-bit; fold a long seed so distinct seeds usually stay distinct. */
    static int foldSeed(long seed) {
        // non-negative: llama.cpp reads -1 (0xFFFFFFFF) as "pick a random seed"
        return (int) ((seed ^ (seed >>> 32)) & 0x7fffffffL);
    }

    private String seconds() {
        long ms = settings.timeout().toMillis();
        return ms % 1000 == 0 ? (ms / 1000) + " s" : ms + " ms";
    }
}
