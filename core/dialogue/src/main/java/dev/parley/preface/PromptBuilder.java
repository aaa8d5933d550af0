package dev.parley.preface;

import java.util.List;
import java.util.stream.Collectors;

/**
 * Turns a DCRS into the PrEFACE prompt (Snaith &amp; Wells, figure 3): the system context encodes (1) the topic and
 * stance, (2) the task and its constraints, (3) the knowledge and the history, (4) the instruction to return only
 * the response; the user prompt is the concrete scaffold. Without knowledge, the task refers to the topic and stance
 * alone; without history, the context line is left out. Stateless and thread-safe.
 */
public final class PromptBuilder {

    private PromptBuilder() {
    }

    public static Prompt build(Dcrs dcrs, AnswerFormat format) {
        Scaffold scaffold = Scaffold.of(dcrs);
        StringBuilder sb = new StringBuilder();
        sb.append("You are assisting a user in a dialogue on the topic of: ")
                .append(dcrs.topic().description().strip()).append(". Their stance is: ")
                .append(dcrs.topic().stance().label()).append(".\n");

        List<String> knowledge = dcrs.knowledge().content();
        List<Dcrs.Utterance> history = dcrs.history().utterances();
        String basis = knowledge.isEmpty() ? "the topic and their stance" : "$knowledgebase";
        sb.append("Your job is to find a value for $response consistent with ").append(basis).append('.');
        if (!history.isEmpty()) {
            sb.append(" Use $context to help but don't repeat anything contained within it.");
        }
        sb.append(" The value completes the ").append(dcrs.response().moveName())
                .append(" move, so it must read naturally where $response stands in: ")
                .append(quote(scaffold.prompt())).append('\n');
        dcrs.response().instructionText().ifPresent(i -> sb.append("Write the value in this manner: ")
                .append(i.strip()).append(".\n"));
        if (!knowledge.isEmpty()) {
            sb.append("$knowledgebase = [").append(knowledge.stream().map(PromptBuilder::quote)
                    .collect(Collectors.joining(", "))).append("]\n");
        }
        if (!history.isEmpty()) {
            sb.append("$context = [").append(history.stream().map(PromptBuilder::utterance)
                    .collect(Collectors.joining(", "))).append("]\n");
        }
        sb.append(answerOnly(format));
        return new Prompt(sb.toString(), scaffold.prompt(), scaffold, format);
    }

    /** The fourth part of the context; also repeated when a rejected answer is retried. */
    public static String answerOnly(AnswerFormat format) {
        return switch (format) {
            case JSON_SCHEMA -> "Return only a JSON object {\"" + AnswerFormat.FIELD
                    + "\": \"<the value for $response>\"} without any extra text.";
            case TEXT -> "Return only a response without any extra text.";
        };
    }

    /** The follow-up message after a rejected answer: the reason, then the task again. */
    public static String retry(String reason, Prompt prompt) {
        return "That answer was rejected: " + reason + ". Find another value for $response in "
                + quote(prompt.user()) + ". " + answerOnly(prompt.format());
    }

    private static String utterance(Dcrs.Utterance u) {
        return "{index: " + u.index() + ", speaker: " + u.speaker() + ", move: " + u.moveName() + ", content: "
                + quote(u.content()) + "}";
    }

    private static String quote(String s) {
        return '"' + s.replace("\"", "\\\"") + '"';
    }
}
