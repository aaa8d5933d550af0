package dev.parley.dialogue;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.parley.llm.ChatAnswer;
import dev.parley.llm.ChatBackend;
import dev.parley.llm.ChatCall;
import dev.parley.llm.ChatMessage;
import dev.parley.llm.OutputSchema;
import dev.parley.preface.Dcrs;
import dev.parley.preface.MovePrompt;
import dev.parley.preface.PromptEcho;
import dev.parley.preface.ReplyRepeat;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A language model decides the move: one structured-output call per move returns the words and the content
 * variables as one JSON object, validated against a schema derived from the protocol interaction and the domain's
 * typed content ({@code {"text": string, "offer": {...}}}). The answer passes the {@link MoveVerifier}, and its words
 * must not repeat the prompt's own instructions ({@link PromptEcho}) nor only say again the other side's words
 * ({@link ReplyRepeat}); a refused
 * answer stays in the conversation and the model is asked again with the reason, up to {@code maxAttempts}; then the
 * move fails with a {@link GenerationException} naming the last reason.
 */
public final class LlmMoveGenerator implements MoveGenerator {

    public static final int DEFAULT_MAX_ATTEMPTS = 3;
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

    private final ChatBackend chat;
    private final MoveVerifier verifier;
    private final String background;
    private final int maxAttempts;

    /** @param background the domain's rules, shown to the model ({@link Domain.DomainPrompts#background()}) */
    public LlmMoveGenerator(ChatBackend chat, ContentModel model, String background, int maxAttempts) {
        if (maxAttempts < 1) {
            throw new IllegalArgumentException("maxAttempts must be at least 1, got " + maxAttempts);
        }
        this.chat = chat;
        this.verifier = new MoveVerifier(model);
        this.background = background;
        this.maxAttempts = maxAttempts;
    }

    /**
     * The whole answer's schema: every content variable, then the words, all required, nothing else. The content
     * comes first because a model writes the members in order: deciding what it offers or claims before it words
     * it lets the words state that content (a small model asked for words first often states something else).
     */
    public static ObjectNode answerSchema(ObjectNode contentSchema) {
        ObjectNode root = NODES.objectNode().put("type", "object");
        ObjectNode props = root.putObject("properties");
        ArrayNode required = root.putArray("required");
        JsonNode contentProps = contentSchema.path("properties");
        for (Iterator<Map.Entry<String, JsonNode>> it = contentProps.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> e = it.next();
            props.set(e.getKey(), e.getValue().deepCopy());
            required.add(e.getKey());
        }
        props.putObject(MovePrompt.TEXT).put("type", "string");
        required.add(MovePrompt.TEXT);
        root.put("additionalProperties", false);
        return root;
    }

    /** The messages of the first attempt (what a prompt preview shows). */
    public List<ChatMessage> firstMessages(MoveRequest request) {
        MovePrompt p = MovePrompt.build(request.dcrs(), background,
                promptView(answerSchema(request.schema())).toString());
        return List.of(ChatMessage.system(p.system()), ChatMessage.user(p.user()));
    }

    /**
     * The schema as the prompt shows it: without the {@code anyOf} alternatives of an object that also lists its
     * properties. Those alternatives only narrow the properties (a domain spells out its feasible combinations
     * there, for a grammar to decode under and for validation); written out they would make the prompt several
     * times longer while saying little more to a reader.
     */
    static JsonNode promptView(JsonNode schema) {
        if (schema.isObject()) {
            ObjectNode out = NODES.objectNode();
            boolean listed = schema.has("properties");
            for (Iterator<Map.Entry<String, JsonNode>> it = schema.fields(); it.hasNext(); ) {
                Map.Entry<String, JsonNode> e = it.next();
                if (!(listed && e.getKey().equals("anyOf"))) {
                    out.set(e.getKey(), promptView(e.getValue()));
                }
            }
            return out;
        }
        if (schema.isArray()) {
            ArrayNode out = NODES.arrayNode();
            schema.forEach(n -> out.add(promptView(n)));
            return out;
        }
        return schema;
    }

    /**
     * Asks for the move until an answer passes verification. A retry starts from the first prompt again plus the
     * reason of the last refusal, without the refused answer itself: a small model shown its own answer copies it
     * word for word (SmolLM2 135M did, three times over, whatever the seed).
     */
    @Override
    public Utterance generate(MoveRequest request, long seed) {
        ObjectNode schema = answerSchema(request.schema());
        String schemaText = promptView(schema).toString();
        List<ChatMessage> first = firstMessages(request);
        List<ChatMessage> messages = new ArrayList<>(first);
        Optional<OutputSchema> structured = Optional.of(OutputSchema.json("parley_" + request.moveId(), schema));
        List<String> raw = new ArrayList<>();
        List<Rejection> rejections = new ArrayList<>();
        int hits = 0;
        for (int attempt = 1; attempt <= maxAttempts; attempt++) {
            ChatAnswer answer;
            try {
                // a retry draws a fresh sample: with the first attempt's seed a small model repeats its answer
                answer = chat.complete(new ChatCall(messages, attemptSeed(seed, attempt), structured));
            } catch (dev.parley.llm.LlmTimeoutException e) {
                // a generation cancelled at the time limit is a refused answer: asked again, briefer
                Rejection late = new Rejection(Rejection.TIMEOUT, e.getMessage());
                rejections.add(late);
                raw.add("");
                messages = new ArrayList<>(first);
                messages.add(ChatMessage.user(MovePrompt.retry("it did not finish in time; answer briefly",
                        schemaText)));
                continue;
            }
            hits += answer.cached() ? 1 : 0;
            raw.add(answer.text());
            Answer a = parse(answer.text());
            Optional<Rejection> r = a.rejection();
            if (r.isEmpty()) {
                r = verifier.checkContent(request, a.content());
            }
            if (r.isEmpty()) {
                r = echo(a.text(), request, schemaText, rejections);
            }
            if (r.isEmpty()) {
                r = repeat(a.text(), request);
            }
            if (r.isEmpty()) {
                r = verifier.checkWords(request.moveId(), a.content(), a.text());
            }
            if (r.isEmpty()) {
                return new Utterance(a.text().strip(), a.content(), attempt, rejections, raw, hits);
            }
            rejections.add(r.get());
            messages = new ArrayList<>(first);
            messages.add(ChatMessage.user(MovePrompt.retry(r.get().detail(), schemaText)));
        }
        throw new GenerationException(chat.label() + " gave no acceptable answer for the " + request.moveId()
                + " move in " + maxAttempts + " attempts; last refusal: " + rejections.get(rejections.size() - 1),
                rejections, raw);
    }

    /**
     * A refusal when the words repeat the prompt's own instructions (its fixed sentences, the schema's descriptions,
     * the guidance, or a reason this move was refused for, without what that reason quotes of the model's own
     * answer) instead of saying a message.
     */
    static Optional<Rejection> echo(String words, MoveRequest request, String schemaText, List<Rejection> refused) {
        List<String> texts = new ArrayList<>(MovePrompt.instructionTexts(request.dcrs(), schemaText));
        refused.forEach(r -> texts.add(PromptEcho.withoutQuotes(r.detail())));
        return PromptEcho.find(words, texts).map(run -> new Rejection(Rejection.ECHO, "the words repeat the"
                + " instructions (\"" + run + "\") instead of saying the message; write what you say to the other"
                + " side"));
    }

    /** A refusal when the words only say again a message of the other side ({@link ReplyRepeat}). */
    static Optional<Rejection> repeat(String words, MoveRequest request) {
        List<String> theirs = request.dcrs().history().utterances().stream()
                .filter(u -> !u.isSelf()).map(Dcrs.Utterance::content).toList();
        return ReplyRepeat.find(words, theirs).map(run -> new Rejection(Rejection.REPEAT, "the words only repeat"
                + " what the other side said instead of answering it; say what you say to it, in your own words"));
    }

    /** The sampling seed of an attempt: the move's own seed first, then distinct seeds derived from it. */
    static long attemptSeed(long seed, int attempt) {
        return attempt == 1 ? seed : seed + 1_000_003L * (attempt - 1);
    }

    private record Answer(String text, Map<String, Object> content, Optional<Rejection> rejection) {
        static Answer refused(String kind, String detail) {
            return new Answer("", Map.of(), Optional.of(new Rejection(kind, detail)));
        }
    }

    /** The words and the content of a raw answer (a JSON object, possibly inside a Markdown code fence). */
    static Answer parse(String raw) {
        String t = raw == null ? "" : raw.strip();
        if (t.startsWith("```")) {
            t = t.replaceFirst("^```[a-zA-Z]*\\s*", "").replaceFirst("\\s*```$", "");
        }
        JsonNode n;
        try {
            n = JSON.readTree(t);
        } catch (JsonProcessingException e) {
            return Answer.refused(Rejection.NOT_JSON, "the answer is not valid JSON (" + e.getOriginalMessage()
                    + "); answer with one JSON object");
        }
        if (n == null || !n.isObject()) {
            return Answer.refused(Rejection.NOT_JSON, "the answer is not a JSON object");
        }
        JsonNode text = n.get(MovePrompt.TEXT);
        if (text == null || !text.isTextual()) {
            return Answer.refused(Rejection.SCHEMA, "the answer needs the words as a string in \"" + MovePrompt.TEXT
                    + "\"");
        }
        Map<String, Object> content = new LinkedHashMap<>();
        for (Iterator<Map.Entry<String, JsonNode>> it = n.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> e = it.next();
            if (!e.getKey().equals(MovePrompt.TEXT) && !e.getValue().isNull()) {
                content.put(e.getKey(), Contents.fromJson(e.getValue()));
            }
        }
        return new Answer(text.asText(), content, Optional.empty());
    }

    @Override
    public String chooseMove(MoveContext context, List<String> legalMoveIds, Instruction instruction,
                             Dcrs situation, long seed) {
        if (legalMoveIds.size() == 1) {
            return legalMoveIds.get(0);
        }
        ObjectNode schema = NODES.objectNode().put("type", "object");
        ArrayNode options = schema.putObject("properties").putObject("move").putArray("enum");
        legalMoveIds.forEach(options::add);
        schema.putArray("required").add("move");
        schema.put("additionalProperties", false);
        MovePrompt p = MovePrompt.build(situation, background, schema.toString());
        List<ChatMessage> messages = new ArrayList<>(List.of(ChatMessage.system(p.system()),
                ChatMessage.user("Which move do you make next? Your legal moves: " + legalMoveIds
                        + ". Answer with only {\"move\": <one of them>}.")));
        String last = "";
        for (int attempt = 1; attempt <= maxAttempts; attempt++) {
            ChatAnswer answer = chat.complete(new ChatCall(messages, seed,
                    Optional.of(OutputSchema.json("parley_choose_move", schema))));
            try {
                JsonNode n = JSON.readTree(answer.text().strip());
                String move = n == null ? null : n.path("move").asText(null);
                if (move != null && legalMoveIds.contains(move)) {
                    return move;
                }
                last = "\"" + move + "\" is not one of the legal moves " + legalMoveIds;
            } catch (JsonProcessingException e) {
                last = "the answer is not valid JSON";
            }
            messages.add(ChatMessage.assistant(answer.text()));
            messages.add(ChatMessage.user("That answer was refused: " + last + ". Answer with only {\"move\": <one of "
                    + legalMoveIds + ">}."));
        }
        throw new GenerationException(chat.label() + " chose no legal move in " + maxAttempts + " attempts; last"
                + " refusal: " + last, List.of(new Rejection(Rejection.PROTOCOL, last)));
    }

    @Override
    public String backend() {
        return chat.label();
    }
}
