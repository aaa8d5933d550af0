package dev.parley.llm;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The words the offline realiser uses to carry out an instruction: clause-introducing openings and closing phrases
 * per tone (calm, assertive, submissive...), per debate style (logos, pathos, ethos) and for the tones PSRO tends to
 * add (angry, relaxed, enthusiastic, happy...). "any" (the unguided baseline) has plain phrasing. An instruction
 * outside the lexicon is carried by naming its manner ("in a jovial spirit"), so that it still changes the words.
 *
 * @param instruction the instruction as given (lower case)
 * @param kind        "tone", "style", "baseline" or "derived"
 * @param openings    phrases that introduce the grounded clause; each ends where a clause can follow
 * @param closings    phrases appended after the clause (each starts with its own punctuation)
 */
public record InstructionLexicon(String instruction, String kind, List<String> openings, List<String> closings) {

    private static final Map<String, InstructionLexicon> BUILT_IN = new LinkedHashMap<>();

    static {
        tone("calm", List.of("as far as I can see, ", "on reflection, ", "quietly put, "),
                List.of(", and that is worth weighing without hurry", ", which we can consider steadily together"));
        tone("assertive", List.of("quite simply, ", "make no mistake: ", "without question, "),
                List.of(", and that settles it", ", full stop"));
        tone("submissive", List.of("if I may, perhaps ", "I could be wrong, but maybe ", "with respect, possibly "),
                List.of(", though I defer to you on this", ", if that is acceptable to you"));
        style("logos", List.of("the evidence shows that ", "logically, ", "the facts indicate that "),
                List.of(", so it follows from the evidence", ", which is what the numbers say"));
        style("pathos", List.of("think of the people who feel it when ", "it is heartbreaking that ",
                        "imagine how it feels that "),
                List.of(", and that should move every one of us", ", and our families deserve better"));
        style("ethos", List.of("as experts have long agreed, ", "in my professional experience, ",
                        "as respected authorities confirm, "),
                List.of(", and I say that as someone who has studied it", ", which any trustworthy source will"
                        + " confirm"));
        tone("angry", List.of("frankly, I am fed up: ", "it is outrageous that ", "I am furious that "),
                List.of(", and I will not stand for anything less", ", so stop ignoring it"));
        tone("relaxed", List.of("no stress, but ", "hey, the way I see it, ", "easy does it: "),
                List.of(", no rush at all", ", and we can take it easy from there"));
        tone("enthusiastic", List.of("oh, this is exciting: ", "I love this point: ", "wonderfully, "),
                List.of(", and I am thrilled about it!", ", which is fantastic news!"));
        tone("happy", List.of("I am glad to say that ", "happily, ", "good news: "),
                List.of(", and that makes me smile", ", which is a cheerful thought"));
        tone("aggressive", List.of("listen carefully: ", "you cannot deny that ", "face it: "),
                List.of(", and you had better accept it", ", so take it or leave it"));
        tone("friendly", List.of("my friend, ", "between us, ", "I hope you agree that "),
                List.of(", and I am happy to work it out with you", ", which I think we both see"));
        tone("sad", List.of("sadly, ", "I am sorry to say that ", "unfortunately, "),
                List.of(", and that weighs on me", ", which is a sorrowful thing"));
        tone("polite", List.of("if you would kindly consider it, ", "respectfully, ", "please note that "),
                List.of(", thank you for considering it", ", if you would be so kind"));
        tone("sarcastic", List.of("oh sure, as if nobody noticed that ", "what a surprise: ", "shockingly, "),
                List.of(", but who am I to point that out", ", as everyone obviously already knows"));
        tone("confident", List.of("I am certain that ", "clearly, ", "I know for sure that "),
                List.of(", and I stand by that", ", no doubt about it"));
        tone("apologetic", List.of("I apologise for pressing, but ", "sorry to say, ", "forgive me, but "),
                List.of(", and I am sorry if that is unwelcome", ", apologies for the bluntness"));
        tone("curious", List.of("I wonder whether you have noticed that ", "interestingly, ",
                        "have you considered that "),
                List.of(", which makes me curious what you think", ", and I would love to explore that"));
        tone("formal", List.of("it should be noted that ", "for the record, ", "it is submitted that "),
                List.of(", as a matter of record", ", in accordance with the facts"));
        BUILT_IN.put("any", new InstructionLexicon("any", "baseline", List.of("", "I think ", "well, "),
                List.of("", ".")));
    }

    private static void tone(String name, List<String> openings, List<String> closings) {
        BUILT_IN.put(name, new InstructionLexicon(name, "tone", openings, closings));
    }

    private static void style(String name, List<String> openings, List<String> closings) {
        BUILT_IN.put(name, new InstructionLexicon(name, "style", openings, closings));
    }

    /** The built-in instructions, in a stable order. */
    public static Set<String> builtIn() {
        return BUILT_IN.keySet();
    }

    /** The lexicon of a built-in instruction ("calm", "Logos" ...), matched case-insensitively. */
    public static Optional<InstructionLexicon> find(String instruction) {
        return Optional.ofNullable(BUILT_IN.get(instruction.strip().toLowerCase(Locale.ROOT)));
    }

    /**
     * The lexicon for any instruction: built-in if known, or if the instruction's words name a built-in tone or
     * style (the first such word wins); none or blank is the baseline "any"; otherwise phrases that name the
     * instruction's manner. Phrases like "be more persuasive" are reduced to their letters and spaces.
     */
    public static InstructionLexicon of(String instruction) {
        if (instruction == null || instruction.isBlank()) {
            return BUILT_IN.get("any");
        }
        Optional<InstructionLexicon> known = find(instruction);
        if (known.isPresent()) {
            return known.get();
        }
        // Guidance such as "Respond in a calm, balanced tone" names a known tone: use that tone's phrases.
        for (String word : instruction.toLowerCase(Locale.ROOT).split("[^\\p{L}]+")) {
            InstructionLexicon named = BUILT_IN.get(word);
            if (named != null && !word.equals("any")) {
                return named;
            }
        }
        String manner = instruction.toLowerCase(Locale.ROOT).replaceAll("[^\\p{L} -]+", " ")
                .replaceAll("\\s+", " ").strip();
        if (manner.isEmpty()) {
            return BUILT_IN.get("any");
        }
        return new InstructionLexicon(manner, "derived",
                List.of("in a " + manner + " spirit, ", "speaking in a " + manner + " manner, "),
                List.of(", said in a " + manner + " way", ", and I mean that in a " + manner + " way"));
    }
}
