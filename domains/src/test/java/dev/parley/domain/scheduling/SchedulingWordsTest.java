package dev.parley.domain.scheduling;

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
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

class SchedulingWordsTest {

    private static final SchedulingWords WORDS = new SchedulingWords();
    private static final List<String> DAYS = List.of("Monday", "Tuesday", "Wednesday", "Thursday", "Friday",
            "Saturday", "Sunday");
    private static final long[] SEEDS = {0, 1, 2, 3, 7};

    static List<Object[]> moves(String day) {
        return List.of(new Object[] {"propose", Map.of("day", day)}, new Object[] {"accept", Map.of("day", day)},
                new Object[] {"reject", Map.of("day", day, "reason", "busy")},
                new Object[] {"reject", Map.of("day", day, "reason", "prefer-other")});
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> content(Object[] move) {
        return (Map<String, Object>) move[1];
    }

    @Test
    void everyMoveToneAndDayReadsWellAndSaysItsDay() {
        List<String> failures = new ArrayList<>();
        for (String day : DAYS) {
            for (Object[] move : moves(day)) {
                for (Instruction i : EveryTone.instructions()) {
                    for (long seed : SEEDS) {
                        String moveId = (String) move[0];
                        String words = WORDS.realise(moveId, content(move), i, seed);
                        String context = moveId + " " + move[1] + " " + i.name() + " seed " + seed;
                        WordsChecks.problem(context, words).ifPresent(failures::add);
                        WORDS.mismatch(moveId, content(move), words)
                                .ifPresent(m -> failures.add(context + ": " + m + " in \"" + words + "\""));
                        assertThat(words).contains(day);
                        for (String other : DAYS) {
                            if (!other.equals(day)) {
                                Map<String, Object> changed = new HashMap<>(content(move));
                                changed.put("day", other);
                                if (WORDS.mismatch(moveId, changed, words).isEmpty()) {
                                    failures.add(context + ": passed for " + other + ": " + words);
                                }
                            }
                        }
                        if (WORDS.mismatch(moveId, content(move), words.replace(day, "that day")).isEmpty()) {
                            failures.add(context + ": passed without its day");
                        }
                    }
                }
            }
        }
        assertThat(failures).isEmpty();
    }

    @Test
    void answersWithoutADayStillReadWell() {
        for (Instruction i : EveryTone.instructions()) {
            for (long seed : SEEDS) {
                for (Map<String, Object> c : List.of(Map.<String, Object>of(), Map.<String, Object>of("reason", "busy"),
                        Map.<String, Object>of("reason", "prefer-other"))) {
                    for (String moveId : List.of("accept", "reject")) {
                        String words = WORDS.realise(moveId, c, i, seed);
                        assertThat(WordsChecks.problems(words)).as(words).isEmpty();
                        assertThat(WORDS.mismatch(moveId, c, words)).as(words).isEmpty();
                    }
                }
            }
        }
    }

    @Test
    void chosenSentences() {
        Map<String, String> seen = new LinkedHashMap<>();
        for (Instruction i : Temperaments.paperTones()) {
            for (long seed = 0; seed < 2; seed++) {
                for (Object[] move : moves("Tuesday")) {
                    seen.put(move[0] + "/" + content(move).getOrDefault("reason", "") + "/" + i.name() + "/" + seed,
                            WORDS.realise((String) move[0], content(move), i, seed));
                }
            }
        }
        seen.forEach((k, v) -> System.out.println(k + ": " + v));
        assertThat(seen.get("propose//any/0")).isEqualTo("I propose that we meet on Tuesday.");
        assertThat(seen.get("reject/busy/any/0"))
                .isEqualTo("I cannot meet on Tuesday because I am out of the office that day.");
        assertThat(seen.get("reject/prefer-other/any/0"))
                .isEqualTo("Tuesday does not suit me well, so I would prefer another day.");
        assertThat(seen.values()).allSatisfy(w -> assertThat(w).doesNotContainIgnoringCase("propose meeting"));
    }

    @Test
    void distinctTonesWordTheSameDayDifferently() {
        List<String> failures = new ArrayList<>();
        for (String day : DAYS) {
            for (Object[] move : moves(day)) {
                for (long seed : SEEDS) {
                    Map<String, String> byTone = new HashMap<>();
                    for (Instruction i : EveryTone.instructions()) {
                        byTone.put(i.name(), WORDS.realise((String) move[0], content(move), i, seed));
                    }
                    if (new HashSet<>(byTone.values()).size() != byTone.size()) {
                        failures.add(move[0] + " " + move[1] + " seed " + seed + ": " + byTone);
                    }
                }
            }
        }
        assertThat(failures).isEmpty();
        for (long seed : SEEDS) {
            Map<String, Object> c = Map.of("day", "Friday");
            assertThat(WORDS.realise("propose", c, Temperaments.get("assertive").instruction(), seed))
                    .containsPattern("I want|the day I want").doesNotContain("?");
            assertThat(WORDS.realise("propose", c, Temperaments.get("submissive").instruction(), seed))
                    .contains("perhaps", "?");
        }
    }

    @Test
    void seedsChooseAmongPhrasingsAndAreDeterministic() {
        for (Instruction i : EveryTone.instructions()) {
            if (i.isBaseline()) {
                continue;
            }
            Set<String> phrasings = new LinkedHashSet<>();
            for (long seed = 0; seed < 12; seed++) {
                String w = WORDS.realise("propose", Map.of("day", "Monday"), i, seed);
                assertThat(WORDS.realise("propose", Map.of("day", "Monday"), i, seed)).isEqualTo(w);
                phrasings.add(w);
            }
            assertThat(phrasings).as(i.name()).hasSizeGreaterThan(1);
        }
    }

    @Test
    void mismatchAcceptsNaturalVariantsAndRejectsWrongOnes() {
        Map<String, Object> tue = Map.of("day", "Tuesday");
        for (String ok : List.of("How about Tuesday?", "tuesday works for me", "Let's meet on Tue.",
                "Tuesdays are good for me.", "Could we do Tues?")) {
            assertThat(WORDS.mismatch("propose", tue, ok)).as(ok).isEmpty();
        }
        for (String bad : List.of("How about Wednesday?", "Any day works.", "Tuesday or Friday?", "")) {
            assertThat(WORDS.mismatch("propose", tue, bad)).as(bad).isPresent();
        }
        assertThat(WORDS.mismatch("propose", Map.of("day", "Someday"), "Someday.")).isPresent();
        assertThat(WORDS.mismatch("propose", Map.of("day", "Tue"), "Tuesday, then.")).isEmpty();
        assertThat(WORDS.mismatch("reject", Map.of("day", "Tuesday", "reason", "busy"),
                "Tuesday is out, but Thursday would work.")).isPresent();
    }

    @Test
    void safeForConcurrentUse() {
        List<Instruction> instructions = EveryTone.instructions();
        int n = DAYS.size() * instructions.size() * 4;
        Map<Integer, String> sequential = new HashMap<>();
        for (int k = 0; k < n; k++) {
            sequential.put(k, realise(instructions, k));
        }
        Map<Integer, String> parallel = new ConcurrentHashMap<>();
        IntStream.range(0, n).parallel().forEach(k -> parallel.put(k, realise(instructions, k)));
        assertThat(parallel).isEqualTo(sequential);
    }

    private static String realise(List<Instruction> instructions, int k) {
        Object[] move = moves(DAYS.get(k % DAYS.size())).get(k % 4);
        return WORDS.realise((String) move[0], content(move), instructions.get(k / (DAYS.size() * 4)), k);
    }
}
