package dev.parley.llm.openai;

import dev.parley.error.Setting;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.parley.llm.ChatAnswer;
import dev.parley.llm.ChatBackend;
import dev.parley.llm.ChatCall;
import dev.parley.llm.ChatMessage;
import dev.parley.llm.LlmConfig;
import dev.parley.llm.LlmException;
import dev.parley.llm.OutputSchema;
import dev.langchain4j.data.message.AiMessage;
import dev.langchain4j.data.message.SystemMessage;
import dev.langchain4j.data.message.UserMessage;
import dev.langchain4j.exception.AuthenticationException;
import dev.langchain4j.exception.HttpException;
import dev.langchain4j.exception.InternalServerException;
import dev.langchain4j.exception.InvalidRequestException;
import dev.langchain4j.exception.RateLimitException;
import dev.langchain4j.exception.TimeoutException;
import dev.langchain4j.model.chat.ChatModel;
import dev.langchain4j.model.chat.request.ChatRequest;
import dev.langchain4j.model.chat.request.ChatRequestParameters;
import dev.langchain4j.model.chat.request.DefaultChatRequestParameters;
import dev.langchain4j.model.chat.request.ResponseFormat;
import dev.langchain4j.model.chat.request.ResponseFormatType;
import dev.langchain4j.model.chat.request.json.JsonNumberSchema;
import dev.langchain4j.model.chat.request.json.JsonObjectSchema;
import dev.langchain4j.model.chat.request.json.JsonRawSchema;
import dev.langchain4j.model.chat.request.json.JsonSchema;
import dev.langchain4j.model.chat.request.json.JsonStringSchema;
import dev.langchain4j.model.chat.response.ChatResponse;
import dev.langchain4j.model.openai.OpenAiChatModel;
import dev.langchain4j.model.openai.OpenAiChatRequestParameters;
import dev.langchain4j.model.output.TokenUsage;
import java.net.http.HttpTimeoutException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A {@link ChatBackend} over a LangChain4j {@link ChatModel}. Adds what experiments need around it: per-call seeds,
 * structured output with a fallback to plain text when the server refuses {@code response_format}, retries with
 * exponential backoff on 429 and 5xx, and errors that name the server, the model and what to do.
 *
 * <p>LangChain4j's own retries are switched off ({@code maxRetries(0)}) so that the policy here is the only one.
 */
public final class LangChainChat implements ChatBackend {

    private static final Logger LOG = LoggerFactory.getLogger(LangChainChat.class);
    private static final long MAX_BACKOFF_MS = 30_000;

    private final ChatModel model;
    private final LlmConfig config;
    private final AtomicBoolean structuredSupported = new AtomicBoolean(true);
    /** Set once the server refused a JSON Schema with optional properties (OpenAI's strict mode does). */
    private final AtomicBoolean strictForm = new AtomicBoolean(false);

    public LangChainChat(ChatModel model, LlmConfig config) {
        this.model = model;
        this.config = config;
    }

    /** The OpenAI-compatible adapter for {@code config}; the API key is read from {@code env}. */
    public static LangChainChat openAi(LlmConfig config, Map<String, String> env) {
        OpenAiChatModel m = OpenAiChatModel.builder()
                .baseUrl(config.baseUrl())
                .apiKey(config.apiKey(env))
                .modelName(config.model())
                .temperature(config.temperature())
                .maxTokens(config.maxTokens())
                .timeout(config.timeout())
                .maxRetries(0)
                .strictJsonSchema(true)
                .build();
        return new LangChainChat(m, config);
    }

    @Override
    public String provider() {
        return config.provider();
    }

    @Override
    public String model() {
        return config.model();
    }

    @Override
    public Map<String, Object> parameters() {
        Map<String, Object> p = new LinkedHashMap<>();
        p.put("temperature", config.temperature());
        p.put("max_tokens", config.maxTokens());
        return p;
    }

    @Override
    public ChatAnswer complete(ChatCall call) {
        int attempt = 0;
        while (true) {
            long start = System.nanoTime();
            boolean structured = call.schema().isPresent() && structuredSupported.get();
            boolean rewritten = structured && strictForm.get() && call.schema().get().jsonSchema().isPresent();
            try {
                ChatResponse r = model.chat(request(call, structured, rewritten));
                long micros = (System.nanoTime() - start) / 1_000;
                TokenUsage u = r.tokenUsage();
                String text = r.aiMessage() == null || r.aiMessage().text() == null ? "" : r.aiMessage().text();
                if (rewritten) {
                    // the request made optional properties nullable (strict mode); the caller asked without them
                    text = StrictJsonSchema.withoutNulls(text, call.schema().get().jsonSchema().get());
                }
                return new ChatAnswer(text, u == null || u.inputTokenCount() == null ? 0 : u.inputTokenCount(),
                        u == null || u.outputTokenCount() == null ? 0 : u.outputTokenCount(), micros, false, label());
            } catch (RuntimeException e) {
                if (structured && !rewritten && call.schema().get().jsonSchema().isPresent()
                        && e instanceof InvalidRequestException && invalidSchema(e)) {
                    // OpenAI's strict mode wants every property required; llama.cpp, vLLM and Ollama take the
                    // schema as written (and constrain decoding to it exactly), so it is rewritten only when refused
                    LOG.warn("{} refuses the JSON Schema as written ({}); sending optional properties as required"
                            + " and nullable from now on", config.baseUrl(), brief(e.getMessage()));
                    strictForm.set(true);
                    continue;
                }
                if (structured && e instanceof InvalidRequestException
                        && String.valueOf(e.getMessage()).toLowerCase(Locale.ROOT).contains("response_format")) {
                    // the prompt itself asks for the JSON object, so plain text still usually parses
                    LOG.warn("{} refuses structured output ({}); asking for plain text from now on",
                            config.baseUrl(), e.getMessage());
                    structuredSupported.set(false);
                    continue;
                }
                if (isTimeout(e)) {
                    throw new LlmException("no answer from " + config.baseUrl() + " (model " + config.model()
                            + ") within " + seconds(config) + ": the request timed out; raise "
                            + Setting.named("timeout") + " or check"
                            + " the server", e);
                }
                if (noChoices(e)) {
                    throw new LlmException(config.baseUrl() + " (model " + config.model() + ") answered 200 with no"
                            + " choices (an empty completion); check the model name and the server's log", e);
                }
                JsonProcessingException unreadable = cause(e, JsonProcessingException.class);
                if (unreadable != null) {
                    throw new LlmException(config.baseUrl() + " (model " + config.model() + ") answered with"
                            + " something that is not an OpenAI chat completion ("
                            + brief(dev.parley.json.JsonErrors.describe(unreadable))
                            + "); is " + Setting.named("baseUrl") + " an OpenAI-compatible endpoint ending in /v1?", e);
                }
                Integer status = status(e);
                if (status == null && transport(e)) {
                    // A reset, closed or silent connection: transient like a 5xx, so retried the same way.
                    if (attempt < config.maxRetries()) {
                        long wait = Math.min(MAX_BACKOFF_MS, config.initialBackoff().toMillis() << attempt);
                        attempt++;
                        LOG.info("{} dropped the connection ({}); retry {}/{} in {} ms", config.baseUrl(),
                                e.getMessage(), attempt, config.maxRetries(), wait);
                        sleep(wait);
                        continue;
                    }
                    throw new LlmException(config.baseUrl() + " (model " + config.model() + ") closed the connection"
                            + " without an answer, " + (attempt + 1) + " time" + (attempt == 0 ? "" : "s")
                            + "; check the server (or a proxy in between), or raise " + Setting.named("maxRetries"), e);
                }
                if (status != null && (status == 429 || status >= 500) && attempt < config.maxRetries()) {
                    long wait = Math.min(MAX_BACKOFF_MS, config.initialBackoff().toMillis() << attempt);
                    attempt++;
                    LOG.info("{} answered {}; retry {}/{} in {} ms", config.baseUrl(), status, attempt,
                            config.maxRetries(), wait);
                    sleep(wait);
                    continue;
                }
                throw translate(e, status, attempt);
            }
        }
    }

    /** OpenAI's 400 for a schema strict mode cannot take: "Invalid schema for response_format 'x': ...". */
    private static boolean invalidSchema(Throwable e) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (String.valueOf(t.getMessage()).toLowerCase(Locale.ROOT).contains("invalid schema")) {
                return true;
            }
        }
        return false;
    }

    private ChatRequest request(ChatCall call, boolean structured, boolean strict) {
        List<dev.langchain4j.data.message.ChatMessage> msgs = new ArrayList<>();
        for (ChatMessage m : call.messages()) {
            msgs.add(switch (m.role()) {
                case SYSTEM -> SystemMessage.from(m.text());
                case USER -> UserMessage.from(m.text());
                case ASSISTANT -> AiMessage.from(m.text());
            });
        }
        Long seed = call.seed() != null ? call.seed() : config.seed();
        ResponseFormat format = structured ? responseFormat(call.schema().orElseThrow(), strict) : null;
        ChatRequestParameters params;
        if (model instanceof OpenAiChatModel) {
            params = OpenAiChatRequestParameters.builder().seed(seed == null ? null : foldSeed(seed))
                    .responseFormat(format).build();
        } else {
            params = DefaultChatRequestParameters.builder().responseFormat(format).build();
        }
        return ChatRequest.builder().messages(msgs).parameters(params).build();
    }

    /** @param strict send a JSON Schema in the form OpenAI's strict mode accepts ({@link StrictJsonSchema}) */
    static ResponseFormat responseFormat(OutputSchema schema, boolean strict) {
        if (schema.jsonSchema().isPresent()) {
            ObjectNode json = strict ? StrictJsonSchema.of(schema.jsonSchema().get()) : schema.jsonSchema().get();
            return ResponseFormat.builder().type(ResponseFormatType.JSON).jsonSchema(JsonSchema.builder()
                    .name(schema.name())
                    .rootElement(JsonRawSchema.from(json.toString())).build())
                    .build();
        }
        JsonObjectSchema.Builder root = JsonObjectSchema.builder();
        schema.fields().forEach((name, type) -> root.addProperty(name, switch (type) {
            case STRING -> JsonStringSchema.builder().build();
            case NUMBER -> JsonNumberSchema.builder().build();
        }));
        root.required(new ArrayList<>(schema.fields().keySet())).additionalProperties(false);
        return ResponseFormat.builder().type(ResponseFormatType.JSON)
                .jsonSchema(JsonSchema.builder().name(schema.name()).rootElement(root.build()).build()).build();
    }

    /** OpenAI seeds are 32-bit; fold a long seed so distinct seeds usually stay distinct. */
    static int foldSeed(long seed) {
        return seed == (int) seed ? (int) seed : (int) (seed ^ (seed >>> 32));
    }

    private LlmException translate(RuntimeException e, Integer status, int retries) {
        String where = config.baseUrl() + " (model " + config.model() + ")";
        if (e instanceof AuthenticationException) {
            return new LlmException(where + " refused the API key (HTTP " + status + "); check the environment"
                    + " variable " + config.apiKeyEnv(), e);
        }
        if (refused(e)) {
            return new LlmException("cannot connect to " + where + ": connection refused; is the server running"
                    + " and is " + Setting.named("baseUrl") + " right?", e);
        }
        if (status != null) {
            String after = retries > 0 ? " after " + retries + " retries" : "";
            return new LlmException(where + " answered HTTP " + status + after + ": " + brief(e.getMessage()), e);
        }
        return new LlmException("calling " + where + " failed: " + brief(String.valueOf(e.getMessage())), e);
    }

    private static Integer status(Throwable e) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (t instanceof HttpException h) {
                return h.statusCode(); // the exact status, wherever LangChain4j wrapped it
            }
        }
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (t instanceof RateLimitException) {
                return 429;
            }
            if (t instanceof InternalServerException) {
                return 500;
            }
        }
        return null;
    }

    /** LangChain4j's error for a 200 whose "choices" is empty, which it would otherwise class as a 500. */
    private static boolean noChoices(Throwable e) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (String.valueOf(t.getMessage()).contains("no choices returned")) {
                return true;
            }
        }
        return false;
    }

    private static <T extends Throwable> T cause(Throwable e, Class<T> type) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (type.isInstance(t)) {
                return type.cast(t);
            }
        }
        return null;
    }

    /** An I/O failure of the connection itself (reset, closed, no bytes), not a refusal or a timeout. */
    private static boolean transport(Throwable e) {
        return cause(e, java.io.IOException.class) != null && !refused(e) && !isTimeout(e)
                && cause(e, JsonProcessingException.class) == null;
    }

    private static boolean refused(Throwable e) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (t instanceof java.net.ConnectException) {
                return true;
            }
        }
        return false;
    }

    private static boolean isTimeout(Throwable e) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (t instanceof TimeoutException || t instanceof HttpTimeoutException
                    || t instanceof java.net.SocketTimeoutException) {
                return true;
            }
        }
        return false;
    }

    private static String seconds(LlmConfig c) {
        long ms = c.timeout().toMillis();
        return ms % 1000 == 0 ? (ms / 1000) + " s" : ms + " ms";
    }

    private static String brief(String s) {
        String one = s == null ? "" : s.replaceAll("\\s+", " ").strip();
        return one.length() <= 300 ? one : one.substring(0, 297) + "...";
    }

    private static void sleep(long ms) {
        try {
            Thread.sleep(ms);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new LlmException("interrupted while waiting to retry", e);
        }
    }
}
