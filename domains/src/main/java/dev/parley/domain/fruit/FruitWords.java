package dev.parley.domain.fruit;

import static dev.parley.domain.fruit.FruitTrading.ACCEPT;
import static dev.parley.domain.fruit.FruitTrading.CANNOT_GIVE;
import static dev.parley.domain.fruit.FruitTrading.COUNTER;
import static dev.parley.domain.fruit.FruitTrading.GET;
import static dev.parley.domain.fruit.FruitTrading.GIVE;
import static dev.parley.domain.fruit.FruitTrading.OFFER;
import static dev.parley.domain.fruit.FruitTrading.PROPOSE;
import static dev.parley.domain.fruit.FruitTrading.REASON;
import static dev.parley.domain.fruit.FruitTrading.REJECT;
import static dev.parley.domain.fruit.FruitTrading.TERMS;
import static dev.parley.domain.fruit.FruitTrading.TOO_LITTLE;

import dev.parley.dialogue.Instruction;
import dev.parley.dialogue.SurfaceRealiser;
import dev.parley.domain.support.Nlg;
import dev.parley.domain.support.Voice;
import dev.parley.domain.support.Voice.Mood;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import simplenlg.features.Feature;
import simplenlg.features.Form;
import simplenlg.framework.NLGElement;
import simplenlg.framework.NLGFactory;
import simplenlg.phrasespec.NPPhraseSpec;
import simplenlg.phrasespec.SPhraseSpec;

/**
 * The fruit traders' words, realised with SimpleNLG from a move's typed content.
 *
 * <ul>
 *   <li>{@code propose}, {@code counter}: {@code {"offer": {"give": {fruit: n}, "get": {fruit: n}}}}, from the
 *   speaker's side (the speaker gives {@code give} and receives {@code get}): "I will give you a banana for three
 *   kiwis.", "Could you perhaps give me 3 kiwis for 1 banana?"</li>
 *   <li>{@code accept}: {@code {"terms": {"give": ..., "get": ...}}}, the offer as the other trader made it (the
 *   other gives {@code give}): "Deal. You give me 3 kiwis and I give you 1 banana."</li>
 *   <li>{@code reject}: {@code {"terms"?: ..., "reason": "too-little" | "cannot-give"}}: "A banana is not enough for
 *   three kiwis.", "I cannot give you three kiwis because I do not have them."</li>
 * </ul>
 *
 * <p>Baskets are noun phrases with number agreement, coordinated in the fruit order of {@link Fruits#NAMES}; a
 * phrasing uses digits ("1 banana", "3 kiwis") or words ("a banana", "three kiwis") throughout. The tone
 * ({@link Voice}) chooses the sentence form: balanced statements, firm "I want" declaratives, hedged "could you
 * perhaps" questions, warm "would you like" questions; its cue phrase opens the sentence. The seed chooses among
 * each tone's phrasings. Thread-safe: every call builds its own SimpleNLG elements on this thread's realiser.
 */
public final class FruitWords implements SurfaceRealiser {

    @Override
    public String realise(String moveId, Map<String, Object> content, Instruction instruction, long seed) {
        Voice voice = Voice.of(instruction);
        String salt = moveId + "/" + voice.name();
        boolean inWords = Nlg.pick(seed, salt + "/numbers", 2) == 1;
        int form = Nlg.pick(seed, salt + "/form", 2);
        boolean answer = moveId.equals(ACCEPT) || moveId.equals(REJECT);
        String cue = answer ? voice.answerCue(seed, salt) : voice.cue(seed, salt);
        // an acceptance ends the dialogue, so it needs no closing line; a warm tone does not close a refusal
        String closer = moveId.equals(ACCEPT) || moveId.equals(REJECT) && voice.mood() == Mood.WARM ? null
                : voice.closer(seed, salt);
        Nlg k = Nlg.get();
        Phrasing p = new Phrasing(k, voice, inWords, form, cue);
        List<String> sentences = new ArrayList<>();
        switch (moveId) {
            case PROPOSE, COUNTER -> {
                Map<String, Object> offer = map(content.get(OFFER), OFFER);
                sentences.add(p.offer(basket(offer.get(GIVE)), basket(offer.get(GET)), moveId.equals(COUNTER)));
            }
            case ACCEPT -> {
                Map<String, Object> terms = map(content.get(TERMS), TERMS);
                sentences.addAll(p.accept(basket(terms.get(GIVE)), basket(terms.get(GET))));
            }
            case REJECT -> {
                Object t = content.get(TERMS);
                Map<String, Integer> theyGive = t == null ? Map.of() : basket(map(t, TERMS).get(GIVE));
                Map<String, Integer> theyGet = t == null ? Map.of() : basket(map(t, TERMS).get(GET));
                String reason = String.valueOf(content.getOrDefault(REASON, TOO_LITTLE));
                sentences.add(p.reject(theyGive, theyGet, reason));
            }
            default -> throw new IllegalArgumentException("fruit trading has no move '" + moveId + "'");
        }
        sentences.add(closer);
        return Nlg.join(sentences);
    }

    /** One phrasing: a voice, a number style, a sentence form and a cue phrase. */
    private record Phrasing(Nlg k, Voice voice, boolean inWords, int form, String cue) {

        NLGFactory f() {
            return k.factory();
        }

        String end(NLGElement e) {
            return voice.exclaim() ? k.sentence(e, '!') : k.sentence(e);
        }

        /** A basket as a noun phrase: "2 blueberries and a kiwi"; "nothing" when empty. */
        NLGElement basket(Map<String, Integer> b) {
            List<NPPhraseSpec> items = new ArrayList<>();
            for (Map.Entry<String, Integer> e : b.entrySet()) {
                int n = e.getValue();
                String spec = inWords ? (n == 1 ? "a" : Nlg.numberWord(n)) : Integer.toString(n);
                items.add(k.noun(spec, e.getKey(), n != 1));
            }
            return k.list(items);
        }

        SPhraseSpec giveTo(String subject, NLGElement what, String to) {
            SPhraseSpec s = k.clause(subject, "give", what);
            s.setIndirectObject(f().createNounPhrase(to));
            return s;
        }

        SPhraseSpec withFor(SPhraseSpec s, String preposition, NLGElement what) {
            s.addComplement(f().createPrepositionPhrase(preposition, what));
            return s;
        }

        /** Two clauses, the cue phrase on the first: "I give you a banana, and you give me three kiwis." */
        String both(SPhraseSpec first, SPhraseSpec second) {
            Nlg.cue(first, cue);
            return k.sentence(first, "and", second, voice.exclaim() ? '!' : '.');
        }

        /** The offer: the speaker gives {@code mine} and receives {@code theirs}. */
        String offer(Map<String, Integer> mine, Map<String, Integer> theirs, boolean instead) {
            NLGElement g = basket(mine);
            NLGElement r = basket(theirs);
            if (mine.isEmpty() && theirs.isEmpty()) {
                SPhraseSpec s = k.clause("we", "keep", "what we have");
                return end(Nlg.cue(voice.mood() == Mood.HEDGED ? Nlg.ask(Nlg.modal(s, "could"), null, true)
                        : Nlg.modal(s, voice.mood() == Mood.FIRM ? "will" : "can"), cue));
            }
            if (theirs.isEmpty()) {
                SPhraseSpec s = voice.mood() == Mood.HEDGED || voice.mood() == Mood.WARM
                        ? Nlg.ask(k.clause("you", "accept", g), "would", voice.mood() == Mood.HEDGED)
                        : Nlg.modal(giveTo("I", g, "you"), voice.mood() == Mood.FIRM ? "will" : "can");
                s.addComplement("as a gift");
                return finish(s, instead);
            }
            if (mine.isEmpty()) {
                SPhraseSpec s = switch (voice.mood()) {
                    case HEDGED -> Nlg.ask(giveTo("you", r, "me"), "could", true);
                    case WARM -> Nlg.ask(giveTo("you", r, "me"), "would", false);
                    case FIRM -> withFor(k.clause("I", "want", r), "from", f().createNounPhrase("you"));
                    default -> k.clause("I", "ask", f().createPrepositionPhrase("for", r));
                };
                s.addComplement("as a gift");
                return finish(s, instead);
            }
            return switch (voice.mood()) {
                case PLAIN -> form == 0 ? finish(withFor(Nlg.modal(giveTo("I", g, "you"), "will"), "for", r), instead)
                        : finish(withFor(k.clause("I", "offer", g), "in exchange for", r), instead, "you");
                case BALANCED -> form == 0 ? finishBoth(giveTo("I", g, "you"), giveTo("you", r, "me"), instead)
                        : finish(withFor(Nlg.modal(giveTo("I", g, "you"), "can"), "in return for", r), instead);
                case FIRM -> form == 0 ? finish(withFor(k.clause("I", "want", r), "for", g), instead)
                        : finishBoth(k.clause("I", "want", r), k.clause("you", "get", g), instead);
                case HEDGED -> form == 0
                        ? finish(Nlg.ask(withFor(giveTo("you", r, "me"), "for", g), "could", true), instead)
                        : finish(Nlg.ask(withFor(k.clause("you", "accept", g), "for", r), "would", true), instead);
                case WARM -> {
                    if (form == 0) {
                        yield finish(Nlg.ask(withFor(k.clause("you", "like", g), "for", r), "would", false),
                                instead);
                    }
                    SPhraseSpec inner = withFor(giveTo(null, g, "you"), "for", r);
                    inner.setFeature(Feature.FORM, Form.INFINITIVE);
                    yield finish(Nlg.modal(k.clause("I", "love", inner), "would"), instead);
                }
            };
        }

        String finish(SPhraseSpec s, boolean instead) {
            return finish(s, instead, null);
        }

        String finish(SPhraseSpec s, boolean instead, String indirect) {
            if (indirect != null) {
                s.setIndirectObject(f().createNounPhrase(indirect));
            }
            if (instead) {
                s.addPostModifier("instead");
            }
            return end(Nlg.cue(s, cue));
        }

        String finishBoth(SPhraseSpec first, SPhraseSpec second, boolean instead) {
            if (instead) {
                second.addPostModifier("instead");
            }
            return both(first, second);
        }

        /** The acceptance of the other's offer: the other gives {@code theyGive} and receives {@code theyGet}. */
        List<String> accept(Map<String, Integer> theyGive, Map<String, Integer> theyGet) {
            String opener = switch (voice.mood()) {
                case PLAIN -> form == 0 ? "Deal." : k.sentence(k.clause("I", "accept", null));
                case BALANCED -> form == 0 ? k.sentence(k.clause("that", "be", "fair"))
                        : k.sentence(k.clause("I", "agree", null));
                case FIRM -> form == 0 ? "Agreed." : k.sentence(k.clause("that", "be", "what I want"));
                case HEDGED -> form == 0 ? k.sentence(Nlg.modal(k.clause("I", "be", "glad to accept"), "would"))
                        : "Yes, thank you.";
                case WARM -> form == 0 ? "Wonderful, it is a deal!" : "Yes, I accept!";
            };
            String modal = switch (voice.mood()) {
                case HEDGED -> "would";
                case FIRM -> "will";
                default -> null;
            };
            List<String> out = new ArrayList<>();
            out.add(opener);
            if (theyGive.isEmpty() && theyGet.isEmpty()) {
                return out;
            }
            SPhraseSpec youGive = theyGive.isEmpty() ? null : Nlg.modal(giveTo("you", basket(theyGive), "me"), modal);
            SPhraseSpec iGive = theyGet.isEmpty() ? null : Nlg.modal(giveTo("I", basket(theyGet), "you"), modal);
            if (youGive != null && iGive != null) {
                out.add(both(youGive, iGive));
            } else {
                out.add(end(Nlg.cue(youGive != null ? youGive : iGive, cue)));
            }
            return out;
        }

        /** The rejection of the other's offer (which may be absent). */
        String reject(Map<String, Integer> theyGive, Map<String, Integer> theyGet, String reason) {
            boolean terms = !theyGive.isEmpty() || !theyGet.isEmpty();
            if (CANNOT_GIVE.equals(reason)) {
                if (theyGet.isEmpty()) {
                    return end(Nlg.cue(Nlg.not(k.clause("I", "have", "what you ask for")), cue));
                }
                NLGElement asked = basket(theyGet);
                int total = theyGet.values().stream().mapToInt(Integer::intValue).sum();
                String pronoun = total == 1 ? "it" : "them";
                return voice.refusal(k, giveTo("I", asked, "you"), Nlg.not(k.clause("I", "have", pronoun)), cue);
            }
            if (!terms) {
                SPhraseSpec s = switch (voice.mood()) {
                    case FIRM -> k.clause("I", "want", "more than that");
                    case HEDGED -> Nlg.ask(k.clause("you", "offer", "a little more"), "could", true);
                    case WARM -> Nlg.modal(k.clause("I", "like", "a little more"), "would");
                    default -> withFor(Nlg.not(k.clause("that", "be", "enough")), "for",
                            f().createNounPhrase("me"));
                };
                return end(Nlg.cue(s, cue));
            }
            NLGElement offered = theyGive.isEmpty() ? f().createNounPhrase("nothing") : basket(theyGive);
            SPhraseSpec s = switch (voice.mood()) {
                case FIRM -> k.clause("I", "want", f().createNounPhrase("more"));
                case HEDGED -> Nlg.ask(k.clause("you", "offer", f().createNounPhrase("more")), "could", true);
                case WARM -> Nlg.modal(k.clause("I", "like", f().createNounPhrase("a little more")), "would");
                default -> null;
            };
            if (s == null) {
                // a sentence does not open with a digit: "Your offer of 1 banana is not enough", "A banana is not ..."
                NLGElement subject = offered;
                if (!inWords && !theyGive.isEmpty()) {
                    NPPhraseSpec yours = k.noun("your", "offer", false);
                    yours.addPostModifier(f().createPrepositionPhrase("of", offered));
                    subject = yours;
                }
                s = Nlg.not(k.clause(subject, "be", "enough"));
            } else {
                s.addComplement(f().createPrepositionPhrase("than", offered));
            }
            if (!theyGet.isEmpty()) {
                withFor(s, "for", basket(theyGet));
            }
            return end(Nlg.cue(s, cue));
        }
    }

    // ---------------------------------------------------------------------------------------------------------
    // Checking words against content
    // ---------------------------------------------------------------------------------------------------------

    private enum Side { GIVE, GET, FLIP }

    private static final String FRUIT = "apples?|bananas?|blueberr(?:y|ies)|kiwi\\s?fruits?|kiwis?";
    private static final Pattern MENTION = Pattern.compile("\\b(?:(" + Nlg.numberPattern()
            + "|no|any|some|enough|more|fewer|less|several|few|many)\\s+"
            + "(?:(?:of|my|your|the|these|those|fresh|ripe|juicy|whole|more|extra|good|lovely|nice|big|small|little"
            + "|sweet|single|additional|other|of\\s+your|of\\s+my)\\s+)*)?(" + FRUIT + ")\\b");

    private static final String MOD = "(?:'ll|'d| will| would| can| could| shall| may| might| am willing to|'m"
            + " willing to| am happy to|'m happy to| am ready to| want to| need to| have to)?\\s+"
            + "(?:(?:gladly|happily|perhaps|then|also|really|rather|just|still|only|kindly)\\s+)*";
    private static final String GIVING = "give|offer|trade|swap|hand over|part with|send|provide|pay|throw in";
    private static final String GETTING = "get|receive|want|need|take|like|ask for|request|require|gain|love"
            + "|prefer|expect";
    private static final Object[][] TRIGGERS = {
        {"\\bfor you\\b|\\bto you\\b|\\bfrom me\\b", Side.GIVE},
        {"\\bfor me\\b|\\bto me\\b|\\bfrom you\\b", Side.GET},
        {"\\bin (?:exchange|return)(?: for)?\\b|\\bfor\\b|\\bagainst\\b", Side.FLIP},
        {"\\bi(?:'m| am) (?:offering|giving|trading|handing over|throwing in)\\b", Side.GIVE},
        {"\\bi(?:'m| am) (?:asking for|looking for|getting|taking|after)\\b", Side.GET},
        {"\\bi" + MOD + "(?:" + GIVING + ")\\b", Side.GIVE},
        {"\\bi" + MOD + "(?:" + GETTING + ")\\b", Side.GET},
        {"\\byou" + MOD + "(?:" + GIVING + ")\\b", Side.GET},
        {"\\byou" + MOD + "(?:get|receive|have|take|accept|like|want|gain|keep the)\\b", Side.GIVE},
        {"\\b(?:" + GIVING + ") you\\b", Side.GIVE},
        {"\\b(?:" + GIVING + ") me\\b", Side.GET},
        // a verb whose subject is left out after "and" continues the speaker's own sentence: "I need 3 kiwis and
        // can offer a banana"
        {"\\band" + MOD + "(?:" + GIVING + ")\\b", Side.GIVE},
        {"\\band" + MOD + "(?:would like|want|need|get|receive|take|ask for)\\b", Side.GET},
        {"\\bmy\\b", Side.GIVE},
        {"\\byour\\b", Side.GET},
    };
    private static final Pattern TRIGGER;

    static {
        StringBuilder b = new StringBuilder();
        for (int i = 0; i < TRIGGERS.length; i++) {
            b.append(i == 0 ? "" : "|").append("(?<t").append(i).append(">").append(TRIGGERS[i][0]).append(")");
        }
        TRIGGER = Pattern.compile(b.toString());
    }

    /** A fruit named in words: its count (-1 when none is said) and the speaker's side of it (null if unknown). */
    private record Mention(String fruit, int count, Side side, boolean implied) {
    }

    private static String singular(String word) {
        String w = word.replaceAll("\\s", "");
        if (w.startsWith("apple")) {
            return "apple";
        }
        if (w.startsWith("banana")) {
            return "banana";
        }
        if (w.startsWith("blueberr")) {
            return "blueberry";
        }
        return "kiwi";
    }

    /** The fruits the words name, with counts and, where the words make it clear, the speaker's side. */
    private static List<Mention> mentions(String words) {
        List<Mention> out = new ArrayList<>();
        for (String sentence : words.toLowerCase(Locale.ROOT).replace('\u2019', '\'').split("(?<=[.!?])\\s+")) {
            List<int[]> triggers = new ArrayList<>();
            Matcher t = TRIGGER.matcher(sentence);
            while (t.find()) {
                for (int i = 0; i < TRIGGERS.length; i++) {
                    if (t.group("t" + i) != null) {
                        triggers.add(new int[] {t.start(), i});
                        break;
                    }
                }
            }
            Matcher m = MENTION.matcher(sentence);
            while (m.find()) {
                Side side = null;
                for (int[] tr : triggers) {
                    if (tr[0] >= m.start()) {
                        break;
                    }
                    Side s = (Side) TRIGGERS[tr[1]][1];
                    side = s == Side.FLIP ? (side == null ? null : side == Side.GIVE ? Side.GET : Side.GIVE) : s;
                }
                // "my banana", "the kiwi": a singular noun without a number is one (when no number is said for that
                // fruit elsewhere); "no kiwis", "some kiwis": no number
                boolean implied = m.group(1) == null && !m.group(2).endsWith("s");
                int count = m.group(1) == null ? (implied ? 1 : -1) : Nlg.parseNumber(m.group(1));
                out.add(new Mention(singular(m.group(2)), count, side, implied));
            }
        }
        return out;
    }

    @Override
    public Optional<String> mismatch(String moveId, Map<String, Object> content, String words) {
        if (words == null || words.isBlank()) {
            return Optional.of("the words are empty");
        }
        Map<String, Integer> give;
        Map<String, Integer> get;
        boolean subset = false;
        try {
            switch (moveId) {
                case PROPOSE, COUNTER -> {
                    Map<String, Object> offer = map(content.get(OFFER), OFFER);
                    give = basket(offer.get(GIVE));
                    get = basket(offer.get(GET));
                }
                case ACCEPT -> {
                    Map<String, Object> terms = map(content.get(TERMS), TERMS);
                    give = basket(terms.get(GET));
                    get = basket(terms.get(GIVE));
                }
                case REJECT -> {
                    subset = true;
                    Object t = content.get(TERMS);
                    give = t == null ? Map.of() : basket(map(t, TERMS).get(GET));
                    get = t == null ? Map.of() : basket(map(t, TERMS).get(GIVE));
                }
                default -> {
                    return Optional.of("fruit trading has no move '" + moveId + "'");
                }
            }
        } catch (IllegalArgumentException e) {
            return Optional.of(e.getMessage());
        }
        return check(give, get, mentions(words), subset);
    }

    private static Optional<String> check(Map<String, Integer> give, Map<String, Integer> get, List<Mention> found,
                                          boolean subset) {
        Set<String> fruits = new LinkedHashSet<>(give.keySet());
        fruits.addAll(get.keySet());
        for (Mention m : found) {
            if (!fruits.contains(m.fruit())) {
                if (subset && fruits.isEmpty()) {
                    continue;
                }
                return Optional.of("the words name " + (m.count() >= 0 ? m.count() + " " : "") + m.fruit()
                        + (subset ? ", which is not in the offer on the table" : ", which is not in the offer"));
            }
        }
        for (String fruit : fruits) {
            Set<Integer> expected = new TreeSet<>();
            if (give.containsKey(fruit)) {
                expected.add(give.get(fruit));
            }
            if (get.containsKey(fruit)) {
                expected.add(get.get(fruit));
            }
            Set<Integer> said = new TreeSet<>();
            boolean named = false;
            boolean impliedOne = false;
            for (Mention m : found) {
                if (m.fruit().equals(fruit)) {
                    named = true;
                    if (m.implied()) {
                        impliedOne = true;
                    } else if (m.count() >= 0) {
                        said.add(m.count());
                    }
                }
            }
            if (said.isEmpty() && impliedOne) {
                said.add(1);
            }
            String what = describe(fruit, expected);
            if (subset) {
                for (int n : said) {
                    if (!expected.contains(n)) {
                        return Optional.of("the words say " + n + " " + fruit + " where the offer has " + what);
                    }
                }
                continue;
            }
            if (!named) {
                return Optional.of("the words do not mention the " + what);
            }
            if (said.isEmpty()) {
                return Optional.of("the words do not say how many of the " + what);
            }
            if (!said.equals(expected)) {
                return Optional.of("the words say " + said.stream().map(String::valueOf)
                        .reduce((a, b) -> a + " and " + b).orElse("") + " " + fruit + " where the offer has "
                        + what);
            }
        }
        for (Mention m : found) {
            if (m.side() == null || m.count() < 0 || m.implied()) {
                continue;
            }
            Map<String, Integer> mine = m.side() == Side.GIVE ? give : get;
            Map<String, Integer> other = m.side() == Side.GIVE ? get : give;
            if (!Integer.valueOf(m.count()).equals(mine.get(m.fruit()))
                    && Integer.valueOf(m.count()).equals(other.get(m.fruit()))) {
                return Optional.of("the words have the speaker " + (m.side() == Side.GIVE ? "giving " : "receiving ")
                        + m.count() + " " + m.fruit() + ", but in the offer the speaker "
                        + (m.side() == Side.GIVE ? "receives" : "gives") + " it");
            }
        }
        return Optional.empty();
    }

    private static String describe(String fruit, Set<Integer> counts) {
        return counts.stream().map(n -> n + " " + fruit).reduce((a, b) -> a + " and " + b).orElse(fruit);
    }

    // ---------------------------------------------------------------------------------------------------------
    // Typed content
    // ---------------------------------------------------------------------------------------------------------

    @SuppressWarnings("unchecked")
    private static Map<String, Object> map(Object o, String key) {
        if (o instanceof Map<?, ?> m) {
            return (Map<String, Object>) m;
        }
        throw new IllegalArgumentException("the content has no '" + key + "' object");
    }

    /** A basket from typed content ({fruit: count}), in fruit order, positive counts only. */
    static Map<String, Integer> basket(Object o) {
        if (o == null) {
            return Map.of();
        }
        if (!(o instanceof Map<?, ?> m)) {
            throw new IllegalArgumentException("a basket must be an object of fruit counts, not " + o);
        }
        Map<String, Integer> out = new LinkedHashMap<>();
        List<String> names = new ArrayList<>(Fruits.NAMES);
        for (String k : new TreeSet<>(m.keySet().stream().map(String::valueOf).toList())) {
            if (!names.contains(k)) {
                names.add(k);
            }
        }
        for (String fruit : names) {
            Object v = m.get(fruit);
            if (v == null) {
                continue;
            }
            int n;
            if (v instanceof Number num) {
                n = num.intValue();
            } else {
                try {
                    n = Integer.parseInt(String.valueOf(v).trim());
                } catch (NumberFormatException e) {
                    throw new IllegalArgumentException("the count of " + fruit + " is not a number: " + v);
                }
            }
            if (n < 0) {
                throw new IllegalArgumentException("the count of " + fruit + " is negative: " + n);
            }
            if (n > 0) {
                out.put(fruit.toLowerCase(Locale.ROOT), n);
            }
        }
        return out;
    }
}
