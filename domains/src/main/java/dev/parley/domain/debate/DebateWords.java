package dev.parley.domain.debate;

import static dev.parley.domain.debate.Debate.ARGUE;
import static dev.parley.domain.debate.Debate.ARGUMENT;
import static dev.parley.domain.debate.Debate.CLAIM;
import static dev.parley.domain.debate.Debate.CLAIM_KEY;
import static dev.parley.domain.debate.Debate.CLOSE;
import static dev.parley.domain.debate.Debate.CONCEDE;
import static dev.parley.domain.debate.Debate.PREMISE;
import static dev.parley.domain.debate.Debate.REBUT;

import dev.parley.dialogue.Instruction;
import dev.parley.dialogue.SurfaceRealiser;
import dev.parley.domain.support.Nlg;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import simplenlg.features.Feature;
import simplenlg.features.Form;
import simplenlg.phrasespec.SPhraseSpec;

/**
 * The debaters' words, realised with SimpleNLG around the claim and argument texts of a move's typed content
 * {@code {"argument": {"claim": ..., "premise"?: ..., "ref"?: ..., "target"?: ...}}}: {@code claim} states the
 * speaker's claim, {@code argue} gives a premise for it, {@code rebut} answers the other side's argument with a
 * rebuttal, {@code concede} grants the other side's claim, {@code close} sums up (with a last premise, if any).
 *
 * <p>The claim and premise texts are written sentences, which SimpleNLG cannot parse; they are embedded as canned
 * text (final full stop dropped, first letter lower-cased unless it starts a name) in frames that SimpleNLG
 * realises: "The evidence is clear: studies of pupils given school breakfasts report better attention and test
 * scores in morning lessons. That is why I hold that breakfast is the most important meal of the day." The style
 * chooses the frame (logos: evidence and consequences; pathos: people and feelings, with rhetorical questions;
 * ethos: expertise and standing) and its cue phrase; the seed chooses among the style's frames. Thread-safe.
 */
public final class DebateWords implements SurfaceRealiser {

    /** The mode of persuasion a style speaks in. */
    private enum Mode { PLAIN, LOGOS, PATHOS, ETHOS }

    private record Voice(Mode mode, List<String> cues) {
    }

    private static final Map<String, Voice> VOICES = new LinkedHashMap<>();

    private static void v(String name, Mode mode, String... cues) {
        VOICES.put(name, new Voice(mode, List.of(cues)));
    }

    static {
        v("logos", Mode.LOGOS, "logically speaking,", "as a matter of logic,");
        v("pathos", Mode.PATHOS, "from the heart,", "speaking as someone who cares,");
        v("ethos", Mode.ETHOS, "on good authority,", "speaking with some expertise,");
        v("statistical", Mode.LOGOS, "by the numbers,", "statistically,");
        v("emotional", Mode.PATHOS, "with all my heart,", "with real feeling,");
        v("authoritative", Mode.ETHOS, "as the experts insist,", "as the leading institutions agree,");
        v("sceptical", Mode.LOGOS, "on closer inspection,", "to be sceptical for a moment,");
        v("anecdotal", Mode.PATHOS, "in my own experience,", "as everyday life shows,");
        v("moral", Mode.ETHOS, "in all conscience,", "as a matter of principle,");
        v("angry", Mode.PATHOS, "frankly,", "honestly,");
        v("calm", Mode.LOGOS, "step by step,", "calmly put,");
        v("formal", Mode.ETHOS, "with respect to the motion,", "if it please the audience,");
        VOICES.put(Instruction.ANY.name(), new Voice(Mode.PLAIN, List.of()));
    }

    @Override
    public String realise(String moveId, Map<String, Object> content, Instruction instruction, long seed) {
        Voice voice = VOICES.getOrDefault(instruction.name(), VOICES.get(Instruction.ANY.name()));
        Map<String, Object> argument = argument(content);
        Object c = argument.get(CLAIM_KEY);
        Object p = argument.get(PREMISE);
        if (c == null || String.valueOf(c).isBlank()) {
            throw new IllegalArgumentException("a debate move needs a claim");
        }
        String claim = Nlg.embed(String.valueOf(c));
        String premise = p == null || String.valueOf(p).isBlank() ? null : Nlg.embed(String.valueOf(p));
        String salt = moveId + "/" + instruction.name();
        int form = Nlg.pick(seed, salt + "/form", 2);
        String cue = voice.cues().isEmpty() ? null
                : voice.cues().get(Nlg.pick(seed, salt + "/cue", voice.cues().size()));
        Frames f = new Frames(Nlg.get(), voice.mode(), form, cue);
        List<String> sentences = switch (moveId) {
            case CLAIM -> List.of(f.claim(claim));
            case ARGUE -> f.argue(claim, premise);
            case REBUT -> f.rebut(claim, premise);
            case CONCEDE -> List.of(f.concede(claim));
            case CLOSE -> f.close(claim, premise);
            default -> throw new IllegalArgumentException("the debate has no move '" + moveId + "'");
        };
        return Nlg.join(sentences);
    }

    /** The SimpleNLG frames around the canned claim and premise. */
    private record Frames(Nlg k, Mode mode, int form, String cue) {

        /** "I hold that CLAIM", with a modal or adverb where given. */
        SPhraseSpec that(String subject, String verb, String claim) {
            SPhraseSpec s = k.clause(subject, verb, null);
            s.addComplement("that " + claim);
            return s;
        }

        /** The first sentence, cue phrase in front. */
        String first(SPhraseSpec s) {
            return k.sentence(Nlg.cue(s, cue));
        }

        /** A frame clause, a colon and the canned text: "The evidence is clear: TEXT." */
        String colon(SPhraseSpec frame, String text, boolean withCue) {
            if (withCue) {
                Nlg.cue(frame, cue);
            }
            if (text.contains(":")) {
                // a text with a colon of its own follows its frame as a sentence: no two colons in one sentence
                return Nlg.capitalise(k.words(frame)) + ". " + Nlg.capitalise(text) + ".";
            }
            return Nlg.capitalise(k.words(frame)) + ": " + text + ".";
        }

        String claim(String claim) {
            return switch (mode) {
                case PLAIN -> form == 0 ? first(that("I", "believe", claim))
                        : first(k.clause("my position", "be", "that " + claim));
                case LOGOS -> form == 0 ? first(Nlg.modal(that("I", "argue", claim), "will"))
                        : colon(k.clause("the evidence", "point", "to one conclusion"), claim, true);
                case PATHOS -> {
                    if (form == 0) {
                        SPhraseSpec s = that("I", "feel", claim);
                        s.addPreModifier("strongly");
                        yield first(s);
                    }
                    yield first(that("I", "be", "convinced", claim));
                }
                case ETHOS -> {
                    if (form == 0) {
                        SPhraseSpec s = that("I", "maintain", claim);
                        s.addPreModifier("firmly");
                        yield first(s);
                    }
                    yield first(thatNp(those("know the subject"), "agree", claim));
                }
            };
        }

        /** "experts who know ...": a plural noun phrase (SimpleNLG would inflect "those" to "thoses"). */
        simplenlg.phrasespec.NPPhraseSpec those(String who) {
            simplenlg.phrasespec.NPPhraseSpec np = k.noun(null, "expert", true);
            np.addPostModifier("who " + who);
            return np;
        }

        SPhraseSpec thatNp(Object subject, String verb, String claim) {
            SPhraseSpec s = k.clause(subject, verb, null);
            s.addComplement("that " + claim);
            return s;
        }

        /** "On their authority, I maintain that CLAIM": a front modifier on a first-person clause. */
        SPhraseSpec frontThat(String front, String verb, String claim) {
            SPhraseSpec s = that("I", verb, claim);
            s.addFrontModifier(front);
            return s;
        }

        SPhraseSpec that(String subject, String verb, String adjective, String claim) {
            SPhraseSpec s = k.clause(subject, verb, adjective);
            s.addComplement("that " + claim);
            return s;
        }

        List<String> argue(String claim, String premise) {
            if (premise == null) {
                return List.of(switch (mode) {
                    case PLAIN -> first(that("I", "believe", claim)).replaceFirst("\\.$", ", and I will show why.");
                    case LOGOS -> first(Nlg.modal(that("I", "show", claim), "will"));
                    case PATHOS -> {
                        SPhraseSpec s = that("I", "feel", claim);
                        s.addPreModifier("deeply");
                        yield first(s);
                    }
                    case ETHOS -> first(thatNp(k.noun("every", "serious authority", false), "agree", claim));
                });
            }
            return switch (mode) {
                case PLAIN -> form == 0
                        ? List.of(colon(imperative("consider", "this"), premise, true),
                        k.sentence(that("I", "believe", claim)).replaceFirst("^I", "So I"))
                        : List.of(Nlg.capitalise(k.words(Nlg.cue(that("I", "believe", claim), cue)))
                        + (premise.contains(":") ? ", and here is why. " + Nlg.capitalise(premise) + "."
                        : ", and here is why: " + premise + "."));
                case LOGOS -> form == 0
                        ? List.of(colon(k.clause("the evidence", "be", "clear"), premise, true),
                        k.sentence(k.clause("that", "be", "why I hold that " + claim)))
                        : List.of(colon(k.clause(k.noun("the", "fact", true), "speak", "for themselves"), premise,
                        true),
                        k.sentence(k.clause("it", "follow", "that " + claim)));
                case PATHOS -> form == 0
                        ? List.of(colon(k.clause("this", "be", "about real people"), premise, true),
                        k.sentence(k.clause("that", "be", "why I feel so strongly that " + claim)))
                        : List.of(colon(k.clause("the human cost", "be", "plain"), premise, true),
                        k.sentence(Nlg.ask(k.clause("anyone", "doubt", "that " + claim), "could", false))
                                .replaceFirst("^Could", "How could"));
                case ETHOS -> form == 0
                        ? List.of(colon(k.clause(k.noun("the", "expert", true), "be", "clear"), premise, true),
                        k.sentence(frontThat("on their authority,", "maintain", claim)))
                        : List.of(colon(k.clause(those("know this field"), "agree", null), premise, true),
                        k.sentence(k.clause("that", "be", "why I stand by the view that " + claim)));
            };
        }

        static SPhraseSpec perfect(SPhraseSpec s) {
            s.setFeature(Feature.PERFECT, true);
            return s;
        }

        SPhraseSpec imperative(String verb, String object) {
            SPhraseSpec s = k.clause(null, verb, null);
            s.addComplement(object);
            s.setFeature(Feature.FORM, Form.IMPERATIVE);
            return s;
        }

        List<String> rebut(String claim, String premise) {
            SPhraseSpec frame = switch (mode) {
                case PLAIN -> form == 0 ? Nlg.not(k.clause("that argument", "hold", null))
                        : k.clause("I", "disagree", "with that point");
                case LOGOS -> form == 0 ? k.clause(k.noun("the", "fact", true), "say", "otherwise")
                        : k.clause("that reasoning", "have", "a gap");
                case PATHOS -> form == 0 ? k.clause("that point", "forget", "the people involved")
                        : k.clause("that point", "ignore", "real lives");
                case ETHOS -> form == 0 ? Nlg.not(k.clause("informed opinion", "support", "that point"))
                        : k.clause(k.noun("the", "authority", true), "tell", "a different story");
            };
            String still = switch (mode) {
                case PLAIN -> "so I still believe that ";
                case LOGOS -> "so the case still stands that ";
                case PATHOS -> "so I still feel that ";
                case ETHOS -> "so I maintain that ";
            };
            if (premise == null) {
                Nlg.cue(frame, cue);
                return List.of(Nlg.capitalise(k.words(frame)) + ", " + still + claim + ".");
            }
            return List.of(colon(frame, premise, true), Nlg.capitalise(still + claim) + ".");
        }

        String concede(String claim) {
            return switch (mode) {
                case PLAIN -> form == 0
                        ? Nlg.capitalise(k.words(Nlg.cue(perfect(k.clause("you", "convince", "me")), cue)))
                        + ": " + k.words(that("I", "accept", claim)) + "."
                        : first(that("I", "accept", claim));
                case LOGOS -> {
                    if (form == 0) {
                        yield first(perfect(that("the evidence", "persuade", "me", claim)));
                    }
                    yield first(Nlg.modal(that("I", "accept", claim), "must"));
                }
                case PATHOS -> form == 0
                        ? Nlg.capitalise(k.words(Nlg.cue(perfect(k.clause("you", "move", "me")), cue)))
                        + ", and " + k.words(that("I", "accept", claim)) + "."
                        : first(that("I", "now feel", claim));
                case ETHOS -> {
                    SPhraseSpec s = Nlg.modal(that("I", "grant", claim), "must");
                    s.addPreModifier(form == 0 ? "honestly" : "fairly");
                    yield first(s);
                }
            };
        }

        List<String> close(String claim, String premise) {
            if (premise == null) {
                return List.of(switch (mode) {
                    case PLAIN -> first(k.clause("I", "stand", "by my view that " + claim));
                    case LOGOS -> first(that("the evidence", "show", claim));
                    case PATHOS -> {
                        SPhraseSpec s = that("I", "believe", claim);
                        s.addPreModifier("still");
                        yield first(s);
                    }
                    case ETHOS -> colon(k.clause("I", "rest", "my case"), claim, true);
                });
            }
            return switch (mode) {
                case PLAIN -> List.of(colon(k.clause("it", "come", "down to this"), premise, true),
                        k.sentence(k.clause("I", "stand", "by my view that " + claim)));
                case LOGOS -> List.of(colon(k.clause("the evidence", "add", "up to this"), premise, true),
                        k.sentence(k.clause("the conclusion", "be", "that " + claim)));
                case PATHOS -> List.of(colon(k.clause("what is at stake", "be", "this"), premise, true),
                        k.sentence(k.clause("that", "be", "why I still feel that " + claim)));
                case ETHOS -> List.of(colon(perfect(k.clause(k.noun("the", "expert", true), "say", "it plainly")),
                        premise, true),
                        k.sentence(k.clause("I", "stand", "firmly by the view that " + claim)));
            };
        }
    }

    // ---------------------------------------------------------------------------------------------------------
    // Checking words against content
    // ---------------------------------------------------------------------------------------------------------

    private static final Set<String> STOP = Set.of("the", "and", "for", "that", "this", "with", "from", "are", "was",
            "were", "its", "their", "they", "them", "than", "not", "but", "nor", "which", "who", "what", "when",
            "where", "will", "would", "should", "could", "can", "may", "might", "has", "have", "had", "does", "did",
            "been", "being", "into", "onto", "over", "under", "such", "some", "any", "all", "more", "most", "much",
            "many", "one", "each", "every", "other", "only", "also", "very", "there", "here", "those", "these",
            "our", "your", "his", "her", "out", "off", "too", "then", "how", "why", "ever", "never", "day");

    private static List<String> contentWords(String text) {
        List<String> out = new ArrayList<>();
        for (String w : text.toLowerCase(Locale.ROOT).split("[^a-z]+")) {
            if (w.length() >= 3 && !STOP.contains(w)) {
                out.add(w);
            }
        }
        return out;
    }

    /**
     * Words that name a move of the debate, or its parts, rather than anything the move asserts: a claim made only
     * of these ("I claim that...", "The reason is that...") carries no proposition.
     */
    private static final Set<String> ACT_WORDS = Set.of("claim", "claims", "claimed", "claiming", "argue", "argues",
            "argued", "arguing", "argument", "arguments", "reason", "reasons", "evidence", "premise", "premises",
            "point", "points", "rebut", "rebuts", "rebuttal", "concede", "concedes", "close", "closing", "conclusion",
            "statement", "state", "states", "say", "says", "said", "think", "believe", "view", "opinion", "move",
            "content", "variable", "variables", "given", "give", "gives", "makes", "make");

    /** Whether a claim or premise asserts something: a content word that is not one of {@link #ACT_WORDS}. */
    static boolean proposition(String text) {
        return contentWords(text).stream().anyMatch(w -> !ACT_WORDS.contains(w));
    }

    private static String stem(String w) {
        return w.length() <= 5 ? w : w.substring(0, 5);
    }

    /** The share of a text's content words the words contain (by their first five letters). */
    private static double coverage(String text, String words) {
        List<String> need = contentWords(text);
        if (need.isEmpty()) {
            return 1.0;
        }
        Set<String> have = new HashSet<>();
        for (String w : contentWords(words)) {
            have.add(stem(w));
        }
        long found = need.stream().filter(w -> have.contains(stem(w))).count();
        return (double) found / need.size();
    }

    private static final java.util.regex.Pattern AUX = java.util.regex.Pattern.compile(
            "\\b(is|are|should|must|can|will|does|do|would)\\b");

    /**
     * Whether the words deny a positive claim: its auxiliary negated before the two words that follow it in the
     * claim ("Alcohol should be illegal": "should not be illegal", "shouldn't be illegal").
     */
    private static boolean denied(String claim, String words) {
        java.util.regex.Matcher aux = AUX.matcher(claim.toLowerCase(Locale.ROOT));
        if (!aux.find()) {
            return false;
        }
        String a = aux.group(1);
        String[] rest = claim.toLowerCase(Locale.ROOT).substring(aux.end()).trim().split("\\s+");
        String tail = String.join("\\s+", java.util.Arrays.stream(rest).limit(2)
                .map(java.util.regex.Pattern::quote).toList());
        String not = "(?s).*\\b(?:" + a + "\\s+not|" + a + "n't" + (a.equals("can") ? "|cannot" : "") + ")\\s+"
                + tail + "\\b.*";
        return words.toLowerCase(Locale.ROOT).replace('\u2019', '\'').matches(not);
    }

    private static boolean negated(String text) {
        return text.toLowerCase(Locale.ROOT).matches("(?s).*\\b(not|no|never|nor|cannot)\\b.*|(?s).*n't\\b.*");
    }

    @Override
    public Optional<String> mismatch(String moveId, Map<String, Object> content, String words) {
        if (words == null || words.isBlank()) {
            return Optional.of("the words are empty");
        }
        if (!List.of(CLAIM, ARGUE, REBUT, CONCEDE, CLOSE).contains(moveId)) {
            return Optional.of("the debate has no move '" + moveId + "'");
        }
        Map<String, Object> argument;
        try {
            argument = argument(content);
        } catch (IllegalArgumentException e) {
            return Optional.of(e.getMessage());
        }
        Object c = argument.get(CLAIM_KEY);
        Object p = argument.get(PREMISE);
        String claim = c == null ? "" : String.valueOf(c);
        String premise = p == null ? "" : String.valueOf(p);
        boolean byPremise = (moveId.equals(ARGUE) || moveId.equals(REBUT)) && !premise.isBlank();
        if (!claim.isBlank() && !proposition(claim)) {
            return Optional.of("the claim (\"" + claim + "\") says nothing that could be true or false: its words"
                    + " only name the act of claiming; state what is claimed");
        }
        if (byPremise && !proposition(premise)) {
            return Optional.of("the argument's point (\"" + premise + "\") says nothing that could be true or false:"
                    + " its words only name the act of arguing; state the reason or evidence itself");
        }
        if (byPremise) {
            if (coverage(premise, words) < 0.5) {
                return Optional.of("the words do not make the argument's point (\"" + premise + "\")");
            }
            return Optional.empty();
        }
        if (claim.isBlank()) {
            return Optional.of("the move has no claim");
        }
        if (coverage(claim, words) < 0.6) {
            return Optional.of("the words do not state the claim (\"" + claim + "\")");
        }
        if (negated(claim) && !negated(words)) {
            return Optional.of("the claim is negative (\"" + claim + "\") but the words have no negation");
        }
        if (!negated(claim) && denied(claim, words)) {
            return Optional.of("the claim is positive (\"" + claim + "\") but the words deny it");
        }
        return Optional.empty();
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> argument(Map<String, Object> content) {
        Object a = content.get(ARGUMENT);
        if (a instanceof Map<?, ?> m) {
            return (Map<String, Object>) m;
        }
        throw new IllegalArgumentException("the content has no 'argument' object");
    }
}
