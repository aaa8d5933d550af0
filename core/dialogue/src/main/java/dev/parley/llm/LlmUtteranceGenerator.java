package dev.parley.llm;

import dev.parley.preface.AnswerFormat;
import dev.parley.preface.AnswerParser;
import dev.parley.preface.AnswerVerifier;
import dev.parley.preface.Dcrs;
import dev.parley.preface.FilledMove;
import dev.parley.preface.Prompt;
import dev.parley.preface.PromptBuilder;
import dev.parley.preface.Verdict;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The PrEFACE path over a chat model: build the prompt, ask for the structured answer, parse and verify it, and on a
 * failed check ask again with the reason (the rejected answer stays in the conversation so the model sees it), up to
 * {@code maxAttempts}.
 */
public final class LlmUtteranceGenerator implements UtteranceGenerator {

    public static final int DEFAULT_MAX_ATTEMPTS = 3;
    /** The structured answer: {@code {"response": string}}. */
    public static final OutputSchema RESPONSE_SCHEMA =
            OutputSchema.of("preface_response", AnswerFormat.FIELD, OutputSchema.FieldType.STRING);

    private final ChatBackend chat;
    private final AnswerFormat format;
    private final AnswerVerifier verifier;
    private final int maxAttempts;

    public LlmUtteranceGenerator(ChatBackend chat, AnswerFormat format, AnswerVerifier verifier, int maxAttempts) {
        if (maxAttempts < 1) {
            throw new IllegalArgumentException("maxAttempts must be at least 1");
        }
        this.chat = chat;
        this.format = format;
        this.verifier = verifier;
        this.maxAttempts = maxAttempts;
    }

    public LlmUtteranceGenerator(ChatBackend chat) {
        this(chat, AnswerFormat.JSON_SCHEMA, AnswerVerifier.defaults(), DEFAULT_MAX_ATTEMPTS);
    }

    /** The messages of the first attempt (what {@code --prompt-only} shows). */
    public static List<ChatMessage> firstMessages(Prompt prompt) {
        return List.of(ChatMessage.system(prompt.system()), ChatMessage.user(prompt.user()));
    }

    @Override
    public Generation generate(Dcrs dcrs, long seed) {
        Prompt prompt = PromptBuilder.build(dcrs, format);
        List<ChatMessage> messages = new ArrayList<>(firstMessages(prompt));
        Optional<OutputSchema> schema = format == AnswerFormat.JSON_SCHEMA ? Optional.of(RESPONSE_SCHEMA)
                : Optional.empty();
        List<String> raw = new ArrayList<>();
        List<String> rejections = new ArrayList<>();
        int hits = 0;
        for (int attempt = 1; attempt <= maxAttempts; attempt++) {
            ChatAnswer answer = chat.complete(new ChatCall(messages, seed, schema));
            hits += answer.cached() ? 1 : 0;
            raw.add(answer.text());
            Verdict v = AnswerParser.parse(answer.text(), format);
            if (v.accepted()) {
                v = verifier.check(v.value().orElseThrow(), prompt, dcrs);
            }
            if (v.accepted()) {
                String response = v.value().orElseThrow();
                FilledMove move = FilledMove.of(dcrs, prompt.scaffold(), response, null, answer.backend());
                return new Generation(move, prompt, attempt, raw, rejections, hits);
            }
            String reason = v.reason().orElseThrow();
            rejections.add(reason);
            messages.add(ChatMessage.assistant(answer.text()));
            messages.add(ChatMessage.user(PromptBuilder.retry(reason, prompt)));
        }
        throw new LlmException(chat.label() + " gave no acceptable answer for the " + dcrs.response().moveName()
                + " move in " + maxAttempts + " attempts; last rejection: " + rejections.get(rejections.size() - 1));
    }

    @Override
    public String backend() {
        return chat.label();
    }
}
