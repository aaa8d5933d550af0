package dev.parley.preface;

import java.util.List;
import java.util.stream.Collectors;

/**
 * The PrEFACE prompt for a move whose content the model decides: the system context gives the domain's rules, the
 * topic and stance, the speaker's private knowledge and the dialogue so far, the move to make (its opener as a
 * hint of its force), the solver's guidance, and asks for one JSON object with the words and the content variables,
 * described by the answer schema. Stateless and thread-safe.
 *
 * @param system the system message
 * @param user   the user message
 */
public record MovePrompt(String system, String user) {

    /** The JSON member that holds the words. */
    public static final String TEXT = "text";
    private static final java.util.regex.Pattern PLACEHOLDER = java.util.regex.Pattern.compile("\\$[A-Za-z_][A-Za-z0-9_]*");

    public static MovePrompt build(Dcrs dcrs, String background, String contentSchema) {
        StringBuilder sb = new StringBuilder();
        if (background != null && !background.isBlank()) {
            sb.append(background.strip()).append("\n\n");
        }
        sb.append("You are taking part in a dialogue on the topic of: ")
                .append(dcrs.topic().description().strip().replaceAll("[.\\s]+$", ""))
                .append(". Your stance is: ").append(dcrs.topic().stance().label()).append(".\n");
        List<String> knowledge = dcrs.knowledge().content();
        if (!knowledge.isEmpty()) {
            sb.append("What you privately know (never reveal more than you choose to):\n");
            knowledge.forEach(k -> sb.append("- ").append(k.strip()).append('\n'));
        }
        List<Dcrs.Utterance> history = dcrs.history().utterances();
        if (history.isEmpty()) {
            sb.append("Nothing has been said yet.\n");
        } else {
            sb.append("The dialogue so far, oldest first (\"self\" is you):\n").append(history.stream()
                    .map(u -> "- " + u.speaker() + " (" + u.moveName() + "): " + u.content())
                    .collect(Collectors.joining("\n"))).append('\n');
        }
        dcrs.response().instructionText().ifPresent(i -> sb.append("Guidance for this message: ")
                .append(i.strip()).append('\n'));
        sb.append(answerOnly(contentSchema));
        String opener = dcrs.response().opener();
        // an opener with $variables is not shown: a small model copies it into its words, the placeholder or
        // whatever stands in for it ("I claim that ..." became SmolLM2's claim)
        String form = opener == null || PLACEHOLDER.matcher(opener).find() ? "" : opener.strip();
        String user = "Make the " + dcrs.response().moveName() + " move now"
                + (form.isEmpty() ? "" : " (its form: \"" + form + "\")")
                + ". Decide its content yourself, and write the words you say in \"" + TEXT + "\": one to three"
                + " natural sentences, in your own voice, that state that content.";
        return new MovePrompt(sb.toString(), user);
    }

    /** The last part of the context; also repeated when a refused answer is retried. */
    public static String answerOnly(String contentSchema) {
        return "Answer with only one JSON object: the move's content variables, then \"" + TEXT + "\" (your words"
                + " saying that content), as this JSON Schema describes: " + contentSchema;
    }

    /** The message after a refused answer (which is not shown again): the reason, then the task again. */
    public static String retry(String reason, String contentSchema) {
        return "An answer you gave to this was refused: " + reason + ". Answer again, differently. "
                + answerOnly(contentSchema);
    }
}
