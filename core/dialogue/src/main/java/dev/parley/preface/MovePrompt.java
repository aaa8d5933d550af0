package dev.parley.preface;

import java.util.ArrayList;
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
    private static final String TOPIC = "You are taking part in a dialogue on the topic of: ";
    private static final String STANCE = ". Your stance is: ";
    private static final String KNOWLEDGE = "What you privately know (never reveal more than you choose to):";
    private static final String SILENCE = "Nothing has been said yet.";
    private static final String HISTORY = "The dialogue so far, oldest first (\"self\" is you):";
    private static final String GUIDANCE = "Guidance for this message: ";
    private static final String DECIDE = ". Decide its content yourself, and write the words you say in \"" + TEXT
            + "\": one to three natural sentences, in your own voice, that state that content.";
    private static final String REFUSED = "An answer you gave to this was refused: ";
    private static final String AGAIN = ". Answer again, differently. ";

    public static MovePrompt build(Dcrs dcrs, String background, String contentSchema) {
        StringBuilder sb = new StringBuilder();
        if (background != null && !background.isBlank()) {
            sb.append(background.strip()).append("\n\n");
        }
        sb.append(TOPIC)
                .append(dcrs.topic().description().strip().replaceAll("[.\\s]+$", ""))
                .append(STANCE).append(dcrs.topic().stance().label()).append(".\n");
        List<String> knowledge = dcrs.knowledge().content();
        if (!knowledge.isEmpty()) {
            sb.append(KNOWLEDGE).append('\n');
            knowledge.forEach(k -> sb.append("- ").append(k.strip()).append('\n'));
        }
        List<Dcrs.Utterance> history = dcrs.history().utterances();
        if (history.isEmpty()) {
            sb.append(SILENCE).append('\n');
        } else {
            sb.append(HISTORY).append('\n').append(history.stream()
                    .map(u -> "- " + u.speaker() + " (" + u.moveName() + "): " + u.content())
                    .collect(Collectors.joining("\n"))).append('\n');
        }
        dcrs.response().instructionText().ifPresent(i -> sb.append(GUIDANCE)
                .append(i.strip()).append('\n'));
        sb.append(answerOnly(contentSchema));
        String opener = dcrs.response().opener();
        // an opener with $variables is not shown: a small model copies it into its words, the placeholder or
        // whatever stands in for it ("I claim that ..." became SmolLM2's claim)
        String form = opener == null || PLACEHOLDER.matcher(opener).find() ? "" : opener.strip();
        String user = "Make the " + dcrs.response().moveName() + " move now"
                + (form.isEmpty() ? "" : " (its form: \"" + form + "\")")
                + DECIDE;
        return new MovePrompt(sb.toString(), user);
    }

    /** The last part of the context; also repeated when a refused answer is retried. */
    public static String answerOnly(String contentSchema) {
        return "Answer with only one JSON object: the move's content variables, then \"" + TEXT + "\" (your words"
                + " saying that content), as this JSON Schema describes: " + contentSchema;
    }

    /** The message after a refused answer (which is not shown again): the reason, then the task again. */
    public static String retry(String reason, String contentSchema) {
        return REFUSED + reason + AGAIN + answerOnly(contentSchema);
    }

    /**
     * The texts of this prompt that Parley wrote as instructions, for {@link PromptEcho}: its fixed sentences, the
     * answer schema as shown (with its descriptions) and the solver's guidance. The dialogue's own material (the
     * topic, the speaker's knowledge, the messages so far, the domain's rules) is not among them.
     */
    public static List<String> instructionTexts(Dcrs dcrs, String contentSchema) {
        List<String> texts = new ArrayList<>(List.of(TOPIC, STANCE,
                dcrs.history().utterances().isEmpty() ? SILENCE : HISTORY, DECIDE, REFUSED, AGAIN, answerOnly(""),
                "Make the " + dcrs.response().moveName() + " move now", contentSchema));
        if (!dcrs.knowledge().content().isEmpty()) {
            texts.add(KNOWLEDGE);
        }
        dcrs.response().instructionText().ifPresent(i -> texts.add(GUIDANCE + i.strip()));
        return texts;
    }
}
