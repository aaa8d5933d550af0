package dev.parley.domain.fruit;

import static org.assertj.core.api.Assertions.assertThat;

import dev.parley.dialogue.Instruction;
import dev.parley.domain.support.EveryTone;
import dev.parley.domain.support.Temperaments;
import dev.parley.domain.support.WordsChecks;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

class FruitWordsTest {

    private static final FruitWords WORDS = new FruitWords();
    private static final List<String> FRUITS = List.of("apple", "banana", "blueberry", "kiwi");
    private static final long[] SEEDS = {0, 1, 2, 7};

    /** Every basket with up to 3 of each fruit (the empty one excluded). */
    static List<Map<String, Object>> baskets() {
        List<Map<String, Object>> out = new ArrayList<>();
        for (int code = 1; code < 256; code++) {
            Map<String, Object> b = new LinkedHashMap<>();
            for (int f = 0; f < 4; f++) {
                int n = (code >> (2 * f)) & 3;
                if (n > 0) {
                    b.put(FRUITS.get(f), n);
                }
            }
            out.add(b);
        }
        return out;
    }

    /** Offers: every basket given, and every basket asked for, against a basket of a fruit it lacks. */
    static List<Map<String, Object>> offers() {
        List<Map<String, Object>> out = new ArrayList<>();
        List<Map<String, Object>> baskets = baskets();
        for (int i = 0; i < baskets.size(); i++) {
            Map<String, Object> b = baskets.get(i);
            List<String> absent = FRUITS.stream().filter(f -> !b.containsKey(f)).toList();
            if (absent.isEmpty()) {
                continue;
            }
            Map<String, Object> other = new LinkedHashMap<>();
            other.put(absent.get(i % absent.size()), i % 3 + 1);
            if (absent.size() > 1 && i % 2 == 0) {
                other.put(absent.get((i + 1) % absent.size()), (i / 3) % 3 + 1);
            }
            out.add(offer(b, other));
            out.add(offer(other, b));
        }
        return out;
    }

    static Map<String, Object> offer(Map<String, Object> give, Map<String, Object> get) {
        return Map.of("give", give, "get", get);
    }

    static Map<String, Object> b(Object... kv) {
        Map<String, Object> m = new LinkedHashMap<>();
        for (int i = 0; i < kv.length; i += 2) {
            m.put((String) kv[i], kv[i + 1]);
        }
        return m;
    }

    /** The contents of every move over one offer. */
    static List<Object[]> moves(Map<String, Object> offer) {
        List<Object[]> out = new ArrayList<>();
        out.add(new Object[] {"propose", Map.of("offer", offer)});
        out.add(new Object[] {"counter", Map.of("offer", offer)});
        out.add(new Object[] {"accept", Map.of("terms", offer)});
        out.add(new Object[] {"reject", Map.of("terms", offer, "reason", "too-little")});
        out.add(new Object[] {"reject", Map.of("terms", offer, "reason", "cannot-give")});
        return out;
    }

    @Test
    void everyMoveToneAndBasketReadsWellAndSaysItsContent() {
        List<String> failures = new ArrayList<>();
        int checked = 0;
        List<Map<String, Object>> offers = offers();
        Set<String> paper = new HashSet<>();
        Temperaments.paperTones().forEach(i -> paper.add(i.name()));
        for (int o = 0; o < offers.size(); o++) {
            Map<String, Object> offer = offers.get(o);
            for (Object[] move : moves(offer)) {
                String moveId = (String) move[0];
                @SuppressWarnings("unchecked")
                Map<String, Object> content = (Map<String, Object>) move[1];
                for (Instruction instruction : EveryTone.instructions()) {
                    // the paper's tones and the baseline on every offer and seed, the rest of the lexicon on a
                    // third of the offers and two seeds (the same code paths, as the tones differ in cue phrases)
                    boolean full = paper.contains(instruction.name());
                    if (!full && o % 3 != 0) {
                        continue;
                    }
                    for (long seed : full ? SEEDS : new long[] {o, o + 1}) {
                        String words = WORDS.realise(moveId, content, instruction, seed);
                        checked++;
                        String context = moveId + " " + content + " " + instruction.name() + " seed " + seed;
                        WordsChecks.problem(context, words).ifPresent(failures::add);
                        WORDS.mismatch(moveId, content, words)
                                .ifPresent(m -> failures.add(context + ": mismatch on own words: " + m + " in \""
                                        + words + "\""));
                        if (failures.size() > 20) {
                            assertThat(failures).isEmpty();
                        }
                    }
                }
            }
        }
        assertThat(failures).isEmpty();
        assertThat(checked).isGreaterThan(40_000);
    }

    @Test
    void movesWithoutTermsOrOneSidedOffersStillReadWell() {
        List<Map<String, Object>> contents = List.of(Map.of("reason", "too-little"), Map.of("reason", "cannot-give"),
                Map.of());
        List<String> failures = new ArrayList<>();
        for (Instruction instruction : EveryTone.instructions()) {
            for (long seed : SEEDS) {
                for (Map<String, Object> c : contents) {
                    String words = WORDS.realise("reject", c, instruction, seed);
                    WordsChecks.problem("reject " + c + " " + instruction.name(), words).ifPresent(failures::add);
                    WORDS.mismatch("reject", c, words).ifPresent(m -> failures.add("reject " + c + ": " + m));
                }
                for (Map<String, Object> offer : List.of(offer(b("kiwi", 2), b()), offer(b(), b("apple", 1)),
                        offer(b(), b()))) {
                    for (Object[] move : moves(offer)) {
                        @SuppressWarnings("unchecked")
                        Map<String, Object> content = (Map<String, Object>) move[1];
                        String words = WORDS.realise((String) move[0], content, instruction, seed);
                        WordsChecks.problem(move[0] + " " + content + " " + instruction.name(), words)
                                .ifPresent(failures::add);
                        WORDS.mismatch((String) move[0], content, words)
                                .ifPresent(m -> failures.add(move[0] + " " + content + ": " + m + " in " + words));
                    }
                }
            }
        }
        assertThat(failures).isEmpty();
    }

    /** Both ways of writing a basket: digits ("1 banana") and words ("a banana", "three kiwis"). */
    static Set<String> renderings(Map<String, Object> basket) {
        List<String> digits = new ArrayList<>();
        List<String> words = new ArrayList<>();
        String[] names = {"zero", "one", "two", "three"};
        for (String f : FRUITS) {
            if (!basket.containsKey(f)) {
                continue;
            }
            int n = (Integer) basket.get(f);
            String noun = n == 1 ? f : f.equals("blueberry") ? "blueberries" : f + "s";
            digits.add(n + " " + noun);
            words.add((n == 1 ? (f.equals("apple") ? "an" : "a") : names[n]) + " " + noun);
        }
        return Set.of(coordinate(digits), coordinate(words));
    }

    static String coordinate(List<String> items) {
        if (items.size() == 1) {
            return items.get(0);
        }
        return String.join(", ", items.subList(0, items.size() - 1)) + " and " + items.get(items.size() - 1);
    }

    @Test
    void acceptSpeaksFromTheAcceptorsSide() {
        List<String> failures = new ArrayList<>();
        List<Map<String, Object>> offers = offers();
        for (int o = 0; o < offers.size(); o++) {
            Map<String, Object> offer = offers.get(o);
            @SuppressWarnings("unchecked")
            Map<String, Object> theyGive = (Map<String, Object>) offer.get("give");
            @SuppressWarnings("unchecked")
            Map<String, Object> theyGet = (Map<String, Object>) offer.get("get");
            Set<String> youGive = new HashSet<>();
            Set<String> iGive = new HashSet<>();
            for (String modal : List.of("", "will ", "would ")) {
                renderings(theyGive).forEach(r -> youGive.add("you " + modal + "give me " + r));
                renderings(theyGet).forEach(r -> iGive.add("i " + modal + "give you " + r));
            }
            for (Instruction instruction : EveryTone.instructions()) {
                for (long seed : o % 2 == 0 ? SEEDS : new long[] {o}) {
                    String words = WORDS.realise("accept", Map.of("terms", offer), instruction, seed);
                    // the whole basket, then the end of the clause: "you give me 3 kiwis, and I give you 1 banana."
                    String lower = WordsChecks.lower(words) + " ";
                    boolean youGiveMe = youGive.stream().anyMatch(x -> lower.contains(x + ",")
                            || lower.contains(x + ".") || lower.contains(x + "!") || lower.contains(x + "?"));
                    boolean iGiveYou = iGive.stream().anyMatch(x -> lower.contains(x + ",")
                            || lower.contains(x + ".") || lower.contains(x + "!") || lower.contains(x + "?"));
                    if (!youGiveMe || !iGiveYou) {
                        failures.add(offer + " " + instruction.name() + ": " + words);
                    }
                }
            }
        }
        assertThat(failures).isEmpty();
    }

    @Test
    void chosenSentences() {
        Map<String, Object> offer = offer(b("banana", 1), b("kiwi", 3));
        Map<String, String> seen = new LinkedHashMap<>();
        for (Instruction i : Temperaments.paperTones()) {
            for (long seed = 0; seed < 2; seed++) {
                for (Object[] move : moves(offer)) {
                    @SuppressWarnings("unchecked")
                    Map<String, Object> c = (Map<String, Object>) move[1];
                    seen.put(move[0] + "/" + c.getOrDefault("reason", "") + "/" + i.name() + "/" + seed,
                            WORDS.realise((String) move[0], c, i, seed));
                }
            }
        }
        seen.forEach((k, v) -> System.out.println(k + ": " + v));
        assertThat(seen.get("propose//any/0")).isEqualTo("I will give you a banana for three kiwis.");
        assertThat(seen.get("propose//submissive/1"))
                .isEqualTo("If you do not mind, could you perhaps give me 3 kiwis for 1 banana? Only if it suits you,"
                        + " of course.");
        assertThat(seen.get("propose//assertive/0"))
                .isEqualTo("Let me be clear: I want 3 kiwis, and you get 1 banana.");
        assertThat(seen.get("reject/cannot-give/any/0"))
                .isEqualTo("I cannot give you three kiwis because I do not have them.");
        assertThat(seen.get("accept//any/1")).isEqualTo("I accept. You give me 1 banana, and I give you 3 kiwis.");
        assertThat(WORDS.realise("propose", Map.of("offer", offer(b("blueberry", 2, "kiwi", 1), b("apple", 3))),
                Instruction.ANY, 0)).isEqualTo("I will give you two blueberries and a kiwi for three apples.");
        assertThat(seen.values()).allSatisfy(w -> assertThat(w).doesNotContain("offer 1", "propose", "counter"));
    }

    @Test
    void distinctTonesWordTheSameContentDifferently() {
        List<String> failures = new ArrayList<>();
        List<Map<String, Object>> offers = offers();
        for (int o = 0; o < offers.size(); o += 7) {
            for (Object[] move : moves(offers.get(o))) {
                @SuppressWarnings("unchecked")
                Map<String, Object> content = (Map<String, Object>) move[1];
                for (long seed : SEEDS) {
                    Map<String, String> byTone = new HashMap<>();
                    for (Instruction i : EveryTone.instructions()) {
                        byTone.put(i.name(), WORDS.realise((String) move[0], content, i, seed));
                    }
                    if (new HashSet<>(byTone.values()).size() != byTone.size()) {
                        failures.add(move[0] + " " + content + " seed " + seed + ": " + byTone);
                    }
                }
            }
        }
        assertThat(failures).isEmpty();
        // the tone shows in the sentence form, not only in a cue phrase
        Map<String, Object> c = Map.of("offer", offer(b("banana", 1), b("kiwi", 3)));
        for (long seed : SEEDS) {
            assertThat(WORDS.realise("propose", c, Temperaments.get("assertive").instruction(), seed))
                    .contains("I want").doesNotEndWith("?");
            assertThat(WORDS.realise("propose", c, Temperaments.get("submissive").instruction(), seed))
                    .contains("perhaps", "?").containsPattern("[Cc]ould you|[Ww]ould you");
            assertThat(WORDS.realise("propose", c, Temperaments.get("calm").instruction(), seed))
                    .doesNotContain("I want").doesNotEndWith("?");
        }
    }

    @Test
    void seedsChooseAmongPhrasingsAndAreDeterministic() {
        Map<String, Object> c = Map.of("offer", offer(b("banana", 1), b("kiwi", 3)));
        for (Instruction i : EveryTone.instructions()) {
            Set<String> phrasings = new LinkedHashSet<>();
            for (long seed = 0; seed < 12; seed++) {
                String w = WORDS.realise("propose", c, i, seed);
                assertThat(WORDS.realise("propose", c, i, seed)).isEqualTo(w);
                phrasings.add(w);
            }
            assertThat(phrasings).as(i.name()).hasSizeGreaterThan(1);
        }
    }

    @Test
    void mismatchCatchesChangedMissingAndExtraFruit() {
        List<String> failures = new ArrayList<>();
        List<Map<String, Object>> offers = offers();
        for (int o = 0; o < offers.size(); o += 3) {
            Map<String, Object> offer = offers.get(o);
            for (Object[] move : moves(offer)) {
                String moveId = (String) move[0];
                @SuppressWarnings("unchecked")
                Map<String, Object> content = (Map<String, Object>) move[1];
                String key = content.containsKey("offer") ? "offer" : "terms";
                boolean reject = moveId.equals("reject");
                for (Instruction i : List.of(Instruction.ANY, Temperaments.get("assertive").instruction(),
                        Temperaments.get("submissive").instruction(), Temperaments.get("calm").instruction())) {
                    for (long seed : new long[] {0, 1}) {
                        String words = WORDS.realise(moveId, content, i, seed);
                        for (Map<String, Object> changed : changes(offer, reject)) {
                            Map<String, Object> other = new HashMap<>(content);
                            other.put(key, changed);
                            if (WORDS.mismatch(moveId, other, words).isEmpty()) {
                                failures.add(moveId + " said \"" + words + "\" but passed for " + changed);
                            }
                        }
                    }
                }
            }
        }
        assertThat(failures).isEmpty();
    }

    /**
     * Offers that differ from {@code offer} in what the words must say: a count changed, a fruit dropped, a fruit
     * added; for a rejection (which need not repeat the offer) only a changed count of what it was asked for.
     */
    @SuppressWarnings("unchecked")
    static List<Map<String, Object>> changes(Map<String, Object> offer, boolean reject) {
        List<Map<String, Object>> out = new ArrayList<>();
        for (String side : reject ? List.of("get") : List.of("give", "get")) {
            Map<String, Object> basket = (Map<String, Object>) offer.get(side);
            for (String fruit : basket.keySet()) {
                Map<String, Object> more = new LinkedHashMap<>(basket);
                more.put(fruit, (Integer) basket.get(fruit) % 3 + 1);
                out.add(with(offer, side, more));
                if (!reject) {
                    Map<String, Object> less = new LinkedHashMap<>(basket);
                    less.remove(fruit);
                    out.add(with(offer, side, less));
                }
            }
            if (!reject) {
                Map<String, Object> g = (Map<String, Object>) offer.get("give");
                Map<String, Object> r = (Map<String, Object>) offer.get("get");
                for (String fruit : FRUITS) {
                    if (!g.containsKey(fruit) && !r.containsKey(fruit)) {
                        Map<String, Object> extra = new LinkedHashMap<>(basket);
                        extra.put(fruit, 1);
                        out.add(with(offer, side, extra));
                        break;
                    }
                }
            }
        }
        return out;
    }

    static Map<String, Object> with(Map<String, Object> offer, String side, Map<String, Object> basket) {
        Map<String, Object> o = new HashMap<>(offer);
        o.put(side, basket);
        return o;
    }

    @Test
    void mismatchAcceptsNaturalVariantsAndRejectsWrongOnes() {
        Map<String, Object> c = Map.of("offer", offer(b("banana", 1), b("kiwi", 3)));
        for (String ok : List.of("I'll give you a banana for three kiwis.", "Would you give me 3 kiwis for one banana?",
                "How about this: 3 kiwi for 1 bananas?", "You get a banana from me, and I get three kiwis.",
                "I want three kiwis; in return you can have my banana.", "Three kiwis for a banana, deal?",
                "I'm offering one banana in exchange for 3 kiwis.",
                "Could you spare three of your kiwis for a banana?", "I need 3 kiwis and can offer a banana.",
                "Here is my offer: one banana from me for three kiwis from you.",
                "For three kiwis, I'll give you a banana.", "I'd be happy to trade my banana for 3 of your kiwis.")) {
            assertThat(WORDS.mismatch("propose", c, ok)).as(ok).isEmpty();
        }
        for (String bad : List.of("I'll give you a banana for two kiwis.", "I'll give you a banana.",
                "I'll give you a banana and an apple for three kiwis.", "I'll give you three kiwis for a banana.",
                "Would you give me a banana for 3 kiwis?", "I'll give you bananas for three kiwis.", "")) {
            assertThat(WORDS.mismatch("propose", c, bad)).as(bad).isPresent();
        }
        Map<String, Object> accept = Map.of("terms", offer(b("kiwi", 3), b("banana", 1)));
        assertThat(WORDS.mismatch("accept", accept, "Deal: you give me 3 kiwis and I give you 1 banana.")).isEmpty();
        assertThat(WORDS.mismatch("accept", accept, "Deal: I give you 3 kiwis and you give me 1 banana."))
                .isPresent();
        Map<String, Object> reject = Map.of("terms", offer(b("kiwi", 3), b("banana", 1)), "reason", "cannot-give");
        assertThat(WORDS.mismatch("reject", reject, "Sorry, I have no banana to give you.")).isEmpty();
        assertThat(WORDS.mismatch("reject", reject, "Sorry, I cannot give you 2 bananas.")).isPresent();
        assertThat(WORDS.mismatch("reject", reject, "Sorry, I cannot give you an apple.")).isPresent();
        assertThat(WORDS.mismatch("propose", Map.of(), "I give you a banana.")).isPresent();
    }

    @Test
    void safeForConcurrentUse() {
        List<Map<String, Object>> offers = offers().subList(0, 120);
        List<Instruction> instructions = EveryTone.instructions();
        Map<Integer, String> sequential = new HashMap<>();
        for (int n = 0; n < offers.size() * instructions.size(); n++) {
            sequential.put(n, realise(offers, instructions, n));
        }
        Map<Integer, String> parallel = new ConcurrentHashMap<>();
        IntStream.range(0, offers.size() * instructions.size()).parallel()
                .forEach(n -> parallel.put(n, realise(offers, instructions, n)));
        List<Thread> threads = new ArrayList<>();
        Map<Integer, String> threaded = new ConcurrentHashMap<>();
        for (int t = 0; t < 4; t++) {
            int start = t;
            Thread th = new Thread(() -> {
                for (int n = start; n < offers.size() * instructions.size(); n += 4) {
                    threaded.put(n, realise(offers, instructions, n));
                }
            });
            threads.add(th);
            th.start();
        }
        for (Thread th : threads) {
            try {
                th.join();
            } catch (InterruptedException e) {
                throw new AssertionError(e);
            }
        }
        assertThat(parallel).isEqualTo(sequential);
        assertThat(threaded).isEqualTo(sequential);
    }

    private static String realise(List<Map<String, Object>> offers, List<Instruction> instructions, int n) {
        Map<String, Object> offer = offers.get(n % offers.size());
        Instruction i = instructions.get(n / offers.size());
        String moveId = List.of("propose", "counter", "accept").get(n % 3);
        Map<String, Object> content = moveId.equals("accept") ? Map.of("terms", offer) : Map.of("offer", offer);
        Optional<String> m = WORDS.mismatch(moveId, content, WORDS.realise(moveId, content, i, n));
        return WORDS.realise(moveId, content, i, n) + m.orElse("");
    }
}
