package dev.parley.domain.debate;

import static org.assertj.core.api.Assertions.assertThat;

import dev.parley.dialogue.Instruction;
import dev.parley.domain.support.WordsChecks;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

class DebateWordsTest {

    private static final DebateWords WORDS = new DebateWords();
    private static final long[] SEEDS = {0, 1, 2, 5};

    static List<Instruction> instructions() {
        Map<String, Instruction> all = new LinkedHashMap<>();
        for (Instruction i : DebateStyles.paperStyles()) {
            all.put(i.name(), i);
        }
        for (Instruction i : DebateStyles.lexiconInstructions()) {
            all.put(i.name(), i);
        }
        return List.copyOf(all.values());
    }

    /** A move and its content. */
    record Move(String id, Map<String, Object> argument) {
        Map<String, Object> content() {
            return Map.of("argument", argument);
        }
    }

    static Map<String, Object> arg(Object... kv) {
        Map<String, Object> m = new LinkedHashMap<>();
        for (int i = 0; i < kv.length; i += 2) {
            m.put((String) kv[i], kv[i + 1]);
        }
        return m;
    }

    /** Every move over every banked topic, argument and rebuttal. */
    static List<Move> moves() {
        List<Move> out = new ArrayList<>();
        for (ArgumentBank.Topic t : ArgumentBank.topics()) {
            for (Side side : Side.values()) {
                String claim = t.claim(side);
                out.add(new Move("claim", arg("claim", claim)));
                out.add(new Move("concede", arg("claim", t.claim(side.other()))));
                out.add(new Move("argue", arg("claim", claim)));
                out.add(new Move("close", arg("claim", claim)));
            }
            for (ArgumentBank.Argument a : t.arguments()) {
                String claim = t.claim(a.side());
                out.add(new Move("argue", arg("claim", claim, "premise", a.text(), "ref", a.id())));
                out.add(new Move("close", arg("claim", claim, "premise", a.text())));
            }
            for (ArgumentBank.Rebuttal r : t.rebuttals()) {
                out.add(new Move("rebut", arg("claim", t.claim(r.side()), "premise", r.text(), "ref", r.id(),
                        "target", r.attacks())));
                out.add(new Move("close", arg("claim", t.claim(r.side()), "premise", r.text())));
            }
        }
        return out;
    }

    @Test
    void everyMoveStyleAndArgumentReadsWellAndSaysItsContent() {
        List<String> failures = new ArrayList<>();
        for (Move m : moves()) {
            for (Instruction i : instructions()) {
                for (long seed : SEEDS) {
                    String words = WORDS.realise(m.id(), m.content(), i, seed);
                    String context = m.id() + " " + m.argument() + " " + i.name() + " seed " + seed;
                    WordsChecks.problem(context, words).ifPresent(failures::add);
                    WORDS.mismatch(m.id(), m.content(), words)
                            .ifPresent(x -> failures.add(context + ": " + x + " in \"" + words + "\""));
                    Object premise = m.argument().get("premise");
                    if (premise != null) {
                        String p = premise.toString().replaceAll("\\.$", "");
                        assertThat(words).as(context).containsIgnoringCase(p.substring(1));
                        assertThat(words).as(context).doesNotContain(p + "..", p + ". .");
                    }
                    for (Object id : List.of(m.argument().getOrDefault("ref", "\u0000"),
                            m.argument().getOrDefault("target", "\u0000"))) {
                        assertThat(words).doesNotContain(id.toString());
                    }
                    if (failures.size() > 20) {
                        assertThat(failures).isEmpty();
                    }
                }
            }
        }
        assertThat(failures).isEmpty();
    }

    @Test
    void embeddedTextsAreLowerCasedButNamesKeepTheirCapital() {
        Map<String, Object> finland = arg("claim", "Homework should not be banned in primary schools",
                "premise", ArgumentBank.rebuttal("hw-cr3").orElseThrow().text(), "ref", "hw-cr3", "target", "hw-p3");
        String words = WORDS.realise("rebut", Map.of("argument", finland), Instruction.ANY, 0);
        assertThat(words).contains(": Finland's results").contains("that homework should not be banned");
        String logos = WORDS.realise("argue", Map.of("argument", arg("claim",
                "Breakfast is the most important meal of the day", "premise",
                ArgumentBank.argument("bf-p4").orElseThrow().text(), "ref", "bf-p4")),
                DebateStyles.get("logos").instruction(), 0);
        System.out.println(logos);
        assertThat(logos).contains(": studies of pupils given school breakfasts report better attention")
                .contains("that breakfast is the most important meal of the day.");
    }

    @Test
    void chosenSentences() {
        Map<String, Object> claim = arg("claim", "Breakfast is the most important meal of the day");
        Map<String, Object> argue = arg("claim", "Breakfast is the most important meal of the day", "premise",
                ArgumentBank.argument("bf-p2").orElseThrow().text(), "ref", "bf-p2");
        Map<String, String> seen = new LinkedHashMap<>();
        for (Instruction i : DebateStyles.paperStyles()) {
            for (long seed = 0; seed < 2; seed++) {
                seen.put("claim/" + i.name() + "/" + seed, WORDS.realise("claim", Map.of("argument", claim), i, seed));
                seen.put("argue/" + i.name() + "/" + seed, WORDS.realise("argue", Map.of("argument", argue), i, seed));
            }
        }
        seen.forEach((k, v) -> System.out.println(k + ": " + v));
        assertThat(seen.get("claim/any/0"))
                .isEqualTo("I believe that breakfast is the most important meal of the day.");
        assertThat(seen.values()).allSatisfy(w -> assertThat(w).doesNotContain("argue (", "I claim that well"));
    }

    @Test
    void distinctStylesWordTheSameArgumentDifferently() {
        List<String> failures = new ArrayList<>();
        List<Move> moves = moves();
        for (int k = 0; k < moves.size(); k += 3) {
            Move m = moves.get(k);
            for (long seed : SEEDS) {
                Map<String, String> byStyle = new HashMap<>();
                for (Instruction i : instructions()) {
                    byStyle.put(i.name(), WORDS.realise(m.id(), m.content(), i, seed));
                }
                if (new HashSet<>(byStyle.values()).size() != byStyle.size()) {
                    failures.add(m + " seed " + seed + ": " + byStyle);
                }
            }
        }
        assertThat(failures).isEmpty();
    }

    @Test
    void mismatchCatchesAnotherClaimOrPremise() {
        List<String> failures = new ArrayList<>();
        List<ArgumentBank.Topic> topics = ArgumentBank.topics();
        for (int t = 0; t < topics.size(); t++) {
            ArgumentBank.Topic topic = topics.get(t);
            ArgumentBank.Topic other = topics.get((t + 1) % topics.size());
            for (Side side : Side.values()) {
                for (String moveId : List.of("claim", "concede", "close")) {
                    for (Instruction i : instructions()) {
                        for (long seed : SEEDS) {
                            Map<String, Object> c = Map.of("argument", arg("claim", topic.claim(side)));
                            String words = WORDS.realise(moveId, c, i, seed);
                            for (String wrong : List.of(topic.claim(side.other()), other.claim(side))) {
                                if (WORDS.mismatch(moveId, Map.of("argument", arg("claim", wrong)), words)
                                        .isEmpty()) {
                                    failures.add(moveId + " \"" + words + "\" passed for " + wrong);
                                }
                            }
                        }
                    }
                }
            }
            List<ArgumentBank.Argument> args = topic.arguments();
            for (int a = 0; a < args.size(); a++) {
                ArgumentBank.Argument arg = args.get(a);
                ArgumentBank.Argument next = args.get((a + 1) % args.size());
                for (Instruction i : instructions()) {
                    String words = WORDS.realise("argue", Map.of("argument", arg("claim", topic.claim(arg.side()),
                            "premise", arg.text(), "ref", arg.id())), i, a);
                    if (WORDS.mismatch("argue", Map.of("argument", arg("claim", topic.claim(arg.side()), "premise",
                            next.text(), "ref", next.id())), words).isEmpty()) {
                        failures.add("argue \"" + words + "\" passed for " + next.text());
                    }
                }
            }
        }
        assertThat(failures).isEmpty();
        assertThat(WORDS.mismatch("claim", Map.of(), "I believe it.")).isPresent();
        assertThat(WORDS.mismatch("claim", Map.of("argument", arg("claim", "Alcohol should be illegal")),
                "Alcohol really should be illegal, in my view.")).isEmpty();
        assertThat(WORDS.mismatch("claim", Map.of("argument", arg("claim", "Alcohol should be illegal")),
                "Alcohol shouldn't be illegal.")).isPresent();
    }

    /** What SmolLM2 135M wrote for a claim move: the opener's frame, with no proposition in it. */
    @Test
    void aClaimOrPremiseThatOnlyNamesTheActIsRefused() {
        assertThat(WORDS.mismatch("claim", Map.of("argument", arg("claim", "I claim that...")), "I claim that..."))
                .hasValueSatisfying(r -> assertThat(r).contains("says nothing that could be true or false")
                        .contains("\"I claim that...\""));
        assertThat(WORDS.mismatch("close", Map.of("argument", arg("claim", "I claim that ... ")), "To close: I claim"
                + " that ...")).hasValueSatisfying(r -> assertThat(r).contains("only name the act of claiming"));
        assertThat(WORDS.mismatch("argue", Map.of("argument", arg("claim", "Alcohol should be illegal", "premise",
                "The reason or evidence given for the claim is that...")), "The reason or evidence given for the"
                + " claim is that..."))
                .hasValueSatisfying(r -> assertThat(r).contains("the argument's point"));
        // one word of substance is enough for the check; whether it is the claim the words say is the next check's
        assertThat(DebateWords.proposition("I claim that alcohol harms")).isTrue();
        assertThat(DebateWords.proposition("The claim is that the reason is the evidence.")).isFalse();
    }

    @Test
    void safeForConcurrentUse() {
        List<Move> moves = moves();
        List<Instruction> instructions = instructions();
        int n = moves.size() * instructions.size();
        Map<Integer, String> sequential = new HashMap<>();
        for (int k = 0; k < n; k++) {
            sequential.put(k, realise(moves, instructions, k));
        }
        Map<Integer, String> parallel = new ConcurrentHashMap<>();
        IntStream.range(0, n).parallel().forEach(k -> parallel.put(k, realise(moves, instructions, k)));
        assertThat(parallel).isEqualTo(sequential);
    }

    private static String realise(List<Move> moves, List<Instruction> instructions, int k) {
        Move m = moves.get(k % moves.size());
        return WORDS.realise(m.id(), m.content(), instructions.get(k / moves.size()), k);
    }
}
