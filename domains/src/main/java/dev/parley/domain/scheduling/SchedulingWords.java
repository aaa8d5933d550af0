package dev.parley.domain.scheduling;

import static dev.parley.domain.scheduling.MeetingScheduling.ACCEPT;
import static dev.parley.domain.scheduling.MeetingScheduling.BUSY;
import static dev.parley.domain.scheduling.MeetingScheduling.DAY;
import static dev.parley.domain.scheduling.MeetingScheduling.PREFER_OTHER;
import static dev.parley.domain.scheduling.MeetingScheduling.PROPOSE;
import static dev.parley.domain.scheduling.MeetingScheduling.REASON;
import static dev.parley.domain.scheduling.MeetingScheduling.REJECT;

import dev.parley.dialogue.Instruction;
import dev.parley.dialogue.SurfaceRealiser;
import dev.parley.domain.support.Nlg;
import dev.parley.domain.support.Voice;
import dev.parley.domain.support.Voice.Mood;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import simplenlg.features.Feature;
import simplenlg.features.Form;
import simplenlg.framework.NLGElement;
import simplenlg.phrasespec.NPPhraseSpec;
import simplenlg.phrasespec.SPhraseSpec;

/**
 * The schedulers' words, realised with SimpleNLG from a move's typed content: {@code propose {"day": "Tuesday"}}
 * ("Could we perhaps meet on Tuesday?", "I want to meet on Tuesday."), {@code accept {"day": ...}} ("Agreed. We
 * will meet on Tuesday."), {@code reject {"day": ..., "reason": "busy" | "prefer-other"}} ("busy": the speaker is
 * out of the office that day, "I cannot meet on Tuesday because I am out of the office that day."; "prefer-other":
 * the day does not suit it well enough, "Tuesday does not suit me well, so I would prefer another day.").
 *
 * <p>The tone ({@link Voice}) chooses the sentence form and its cue phrase; the seed chooses among the tone's
 * phrasings. Thread-safe: each call builds its own SimpleNLG elements on this thread's realiser.
 */
public final class SchedulingWords implements SurfaceRealiser {

    /** The days, by their full English names. */
    private static final List<String> DAYS = Days.FULL;

    @Override
    public String realise(String moveId, Map<String, Object> content, Instruction instruction, long seed) {
        Voice voice = Voice.of(instruction);
        String salt = moveId + "/" + voice.name();
        int form = Nlg.pick(seed, salt + "/form", 2);
        boolean answer = moveId.equals(ACCEPT) || moveId.equals(REJECT);
        String cue = answer ? voice.answerCue(seed, salt) : voice.cue(seed, salt);
        // an acceptance ends the dialogue, so it needs no closing line; a warm tone does not close a refusal
        String closer = moveId.equals(ACCEPT) || moveId.equals(REJECT) && voice.mood() == Mood.WARM ? null
                : voice.closer(seed, salt);
        Object d = content.get(DAY);
        String day = d == null ? null : day(String.valueOf(d));
        Phrasing p = new Phrasing(Nlg.get(), voice, form, cue);
        List<String> sentences = new ArrayList<>();
        switch (moveId) {
            case PROPOSE -> {
                if (day == null) {
                    throw new IllegalArgumentException("a proposal needs a day");
                }
                sentences.add(p.propose(day));
            }
            case ACCEPT -> sentences.addAll(p.accept(day));
            case REJECT -> sentences.add(p.reject(day, String.valueOf(content.getOrDefault(REASON, PREFER_OTHER))));
            default -> throw new IllegalArgumentException("meeting scheduling has no move '" + moveId + "'");
        }
        sentences.add(closer);
        return Nlg.join(sentences);
    }

    private record Phrasing(Nlg k, Voice voice, int form, String cue) {

        String end(NLGElement e) {
            return voice.exclaim() ? k.sentence(e, '!') : k.sentence(e);
        }

        String end(SPhraseSpec s) {
            return end((NLGElement) Nlg.cue(s, cue));
        }

        SPhraseSpec meet(String subject, String day) {
            SPhraseSpec s = k.clause(subject, "meet", null);
            if (day != null) {
                s.addComplement(k.factory().createPrepositionPhrase("on", k.factory().createNounPhrase(day)));
            }
            return s;
        }

        SPhraseSpec toMeet(String day) {
            SPhraseSpec s = meet(null, day);
            s.setFeature(Feature.FORM, Form.INFINITIVE);
            return s;
        }

        String propose(String day) {
            return switch (voice.mood()) {
                case PLAIN -> form == 0 ? end(k.clause("I", "propose", meet("we", day)))
                        : end(Nlg.ask(meet("we", day), "shall", false));
                case BALANCED -> form == 0 ? end(k.clause("I", "suggest", meet("we", day)))
                        : end(Nlg.modal(meet("we", day), "could"));
                case FIRM -> form == 0 ? end(k.clause("I", "want", toMeet(day)))
                        : end(k.clause(day, "be", "the day I want"));
                case HEDGED -> form == 0 ? end(Nlg.ask(meet("we", day), "could", true))
                        : end(Nlg.ask(k.clause(day, "suit", "you"), "would", true));
                case WARM -> form == 0 ? end(Nlg.ask(k.clause("you", "like", toMeet(day)), "would", false))
                        : end(Nlg.modal(k.clause("I", "love", toMeet(day)), "would"));
            };
        }

        List<String> accept(String day) {
            String opener = switch (voice.mood()) {
                case PLAIN -> form == 0 ? k.sentence(k.clause("I", "agree", null)) : "Fine.";
                case BALANCED -> form == 0 ? k.sentence(k.clause("that", "be", "fine")) : "Very well.";
                case FIRM -> form == 0 ? "Agreed." : "Settled.";
                case HEDGED -> form == 0 ? "Yes, thank you." : k.sentence(k.clause("I", "be", "glad"));
                case WARM -> form == 0 ? "Wonderful!" : "Yes, I accept!";
            };
            List<String> out = new ArrayList<>();
            out.add(opener);
            if (day == null) {
                return out;
            }
            SPhraseSpec main = switch (voice.mood()) {
                case PLAIN -> form == 0 ? k.clause(day, "work", k.factory().createPrepositionPhrase("for", "me"))
                        : k.clause("I", "agree", toMeet(day));
                case BALANCED -> form == 0 ? k.clause(day, "suit", "me") : k.clause("I", "be", "happy");
                case FIRM -> Nlg.modal(meet("we", day), "will");
                case HEDGED -> Nlg.modal(k.clause(day, "suit", "me"), "would");
                case WARM -> k.clause(day, "be", "perfect for me");
            };
            if (voice.mood() == Mood.BALANCED) {
                if (form == 0) {
                    main.addPostModifier("well");
                } else {
                    main.addComplement(toMeet(day));
                }
            }
            out.add(end(main));
            return out;
        }

        String reject(String day, String reason) {
            if (day == null) {
                SPhraseSpec s = BUSY.equals(reason)
                        ? Nlg.not(Nlg.modal(k.clause("I", "meet", "that day"), voice.mood() == Mood.FIRM ? "will"
                        : "can"))
                        : Nlg.not(k.clause("that day", "suit", "me"));
                return end(s);
            }
            if (BUSY.equals(reason)) {
                SPhraseSpec away = k.clause("I", "be", "out of the office that day");
                return voice.refusal(k, meet("I", day), away, cue);
            }
            NPPhraseSpec other = k.factory().createNounPhrase("a", "day");
            other.addPostModifier("other than " + day);
            return switch (voice.mood()) {
                case HEDGED -> end(Nlg.ask(k.clause("we", "find", other), "could", true));
                case WARM -> end(Nlg.modal(k.clause("I", "prefer", other), "would"));
                case FIRM -> {
                    SPhraseSpec s = Nlg.not(k.clause(day, "be", "good enough for me"));
                    Nlg.cue(s, cue);
                    yield k.sentence(s, "so", k.clause("I", "want", "another day"), voice.exclaim() ? '!' : '.');
                }
                default -> {
                    SPhraseSpec s = Nlg.not(k.clause(day, "suit", "me"));
                    s.addPostModifier("well");
                    Nlg.cue(s, cue);
                    yield k.sentence(s, "so", Nlg.modal(k.clause("I", "prefer", "another day"), "would"), '.');
                }
            };
        }
    }

    // ---------------------------------------------------------------------------------------------------------
    // Checking words against content
    // ---------------------------------------------------------------------------------------------------------

    private static final Pattern FULL = Pattern.compile(
            "\\b(monday|tuesday|wednesday|thursday|friday|saturday|sunday)s?\\b", Pattern.CASE_INSENSITIVE);
    private static final Pattern SHORT = Pattern.compile("\\b(Mon|Tues?|Wed|Thu(?:rs?)?|Fri|Sat|Sun)\\b\\.?");

    /** The full day name of a full or short name, in any case ("tue", "Tuesday"); unchanged when unknown. */
    static String day(String name) {
        String n = name.trim().toLowerCase(Locale.ROOT);
        for (String full : DAYS) {
            String f = full.toLowerCase(Locale.ROOT);
            if (f.equals(n) || (n.length() >= 3 && f.startsWith(n))) {
                return full;
            }
        }
        return name.trim();
    }

    /** The days the words name, as full names, in order of first mention. */
    static Set<String> days(String words) {
        Set<String> out = new LinkedHashSet<>();
        Matcher m = FULL.matcher(words);
        while (m.find()) {
            out.add(day(m.group(1)));
        }
        Matcher s = SHORT.matcher(words);
        while (s.find()) {
            out.add(day(s.group(1)));
        }
        return out;
    }

    @Override
    public Optional<String> mismatch(String moveId, Map<String, Object> content, String words) {
        if (words == null || words.isBlank()) {
            return Optional.of("the words are empty");
        }
        if (!List.of(PROPOSE, ACCEPT, REJECT).contains(moveId)) {
            return Optional.of("meeting scheduling has no move '" + moveId + "'");
        }
        Object d = content.get(DAY);
        Set<String> named = days(words);
        if (d == null) {
            return named.isEmpty() ? Optional.empty()
                    : Optional.of("the words name " + String.join(" and ", named) + ", but the move has no day");
        }
        String day = day(String.valueOf(d));
        if (!DAYS.contains(day)) {
            return Optional.of("'" + d + "' is not a day of the week");
        }
        if (!named.contains(day)) {
            return Optional.of(named.isEmpty() ? "the words do not name " + day
                    : "the words name " + String.join(" and ", named) + " instead of " + day);
        }
        named.remove(day);
        if (!named.isEmpty()) {
            return Optional.of("the words also name " + String.join(" and ", named) + ", besides " + day);
        }
        return Optional.empty();
    }
}
