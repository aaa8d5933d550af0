package dev.parley.study;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.parley.dialogue.Instruction;
import dev.parley.llm.ChatBackend;
import dev.parley.llm.ChatCall;
import dev.parley.llm.ChatMessage;
import dev.parley.llm.OutputSchema;
import java.io.IOException;
import java.util.List;
import java.util.Optional;

/**
 * The paper's classifier (App. B.1): a language model is shown the instruction list and one message and answers,
 * in a structured answer {@code {"instruction": <name>}} whose schema enumerates the names, which instruction the
 * speaker was given. An answer that names none of them counts as unclassified (and so as wrong).
 */
public final class LlmClassifier implements InstructionClassifier {

    /** The schema's name, which a server (or a loopback test) sees. */
    public static final String SCHEMA_NAME = "parley_steering_classifier";
    private static final ObjectMapper JSON = new ObjectMapper();

    private final ChatBackend chat;
    private final long seed;

    public LlmClassifier(ChatBackend chat, long seed) {
        this.chat = chat;
        this.seed = seed;
    }

    @Override
    public String name() {
        return "llm:" + chat.label();
    }

    /** The question: the instructions with their guidance, then the message. */
    public static String prompt(String message, List<Instruction> labels) {
        StringBuilder sb = new StringBuilder("A speaker in a dialogue was given exactly one of these instructions"
                + " about how to phrase their message:\n");
        for (Instruction i : labels) {
            sb.append("- ").append(i.name()).append(": ").append(EmbeddingClassifier.description(i)).append('\n');
        }
        sb.append("\nThe message:\n\"").append(message).append("\"\n\nWhich instruction was the speaker given?"
                + " Answer with only the JSON object {\"instruction\": <name>}.");
        return sb.toString();
    }

    static OutputSchema schema(List<Instruction> labels) {
        ObjectNode s = JSON.createObjectNode().put("type", "object");
        ObjectNode field = s.putObject("properties").putObject("instruction").put("type", "string");
        ArrayNode names = field.putArray("enum");
        labels.forEach(i -> names.add(i.name()));
        s.putArray("required").add("instruction");
        s.put("additionalProperties", false);
        return OutputSchema.json(SCHEMA_NAME, s);
    }

    @Override
    public int classify(String message, List<Instruction> labels) {
        String answer = chat.complete(new ChatCall(List.of(
                ChatMessage.system("You recognise the manner in which a message was written."),
                ChatMessage.user(prompt(message, labels))), seed, Optional.of(schema(labels)))).text();
        String name = parse(answer);
        for (int j = 0; j < labels.size(); j++) {
            if (labels.get(j).name().equalsIgnoreCase(name)) {
                return j;
            }
        }
        return -1;
    }

    /** The instruction named by an answer: the JSON field, else the bare text. */
    static String parse(String answer) {
        if (answer == null) {
            return "";
        }
        try {
            JsonNode n = JSON.readTree(answer.strip());
            if (n != null && n.path("instruction").isTextual()) {
                return n.get("instruction").asText().strip();
            }
        } catch (IOException e) {
            // not JSON: the bare answer below
        }
        return answer.strip().replaceAll("^[\"']|[\"'.]$", "");
    }
}
