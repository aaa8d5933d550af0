package dev.parley.domain.debate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.parley.dgdl.Diagnostic;
import dev.parley.dgdl.Protocol;
import dev.parley.dgdl.ProtocolChecker;
import dev.parley.dialogue.Domain;
import dev.parley.dialogue.Instruction;
import dev.parley.dialogue.Message;
import dev.parley.dialogue.MoveContext;
import dev.parley.dialogue.Scenario;
import dev.parley.domain.support.EnginePlayout;
import dev.parley.domain.support.LexiconAndBaseline;
import dev.parley.domain.support.OpponentBlindness;
import dev.parley.engine.Dialogue;
import dev.parley.engine.DialogueStatus;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class DebateTest {

    private final Domain domain = Debate.domain();
    private final DebatePlanner planner = new DebatePlanner();
    private final DebateJudge judge = new DebateJudge();
    private final Scenario def = DebateScenarios.defaultScenario();

    private static Instruction style(String name) {
        return DebateStyles.get(name).instruction();
    }

    private static Message claim(int speaker) {
        return new Message(speaker, "claim", Map.of(), "claim");
    }

    private static Message argue(int speaker, String id) {
        return new Message(speaker, "argue", Map.of("argument", Map.of("claim", "c", "ref", id)), id);
    }

    private static Message rebut(int speaker, String id) {
        String target = ArgumentBank.rebuttal(id).map(ArgumentBank.Rebuttal::attacks).orElse("");
        return new Message(speaker, "rebut", Map.of("argument", Map.of("claim", "c", "ref", id, "target", target)),
                id);
    }

    private Map<String, Object> plan(Scenario s, int speaker, List<Message> t, String move, Instruction i) {
        return planner.plan(new MoveContext(s, speaker, t), move, i);
    }

    private java.util.Optional<String> choose(Scenario s, int speaker, List<Message> t, List<String> legal,
                                              Instruction i) {
        return planner.chooseMove(new MoveContext(s, speaker, t), legal, i);
    }

    private static String ref(Map<String, Object> content) {
        Object a = content.get("argument");
        return a instanceof Map<?, ?> m && m.get("ref") instanceof String r ? r : "";
    }

    private static Message bare(int speaker, String move) {
        return new Message(speaker, move, Map.of(), move);
    }

    private String argued(Scenario s, int speaker, List<Message> t, Instruction i) {
        return ref(plan(s, speaker, t, "argue", i));
    }

    private String rebutted(Scenario s, int speaker, List<Message> t, Instruction i) {
        return ref(plan(s, speaker, t, "rebut", i));
    }

    // ---------------------------------------------------------------- bank and scenarios

    @Test
    void argumentBankCoversEveryStyleOnEverySide() {
        assertThat(ArgumentBank.topics()).hasSizeGreaterThanOrEqualTo(3);
        for (ArgumentBank.Topic t : ArgumentBank.topics()) {
            for (Side side : Side.values()) {
                Set<Style> styles = new HashSet<>();
                Set<String> values = new HashSet<>();
                for (ArgumentBank.Argument a : t.arguments()) {
                    if (a.side() == side) {
                        styles.add(a.style());
                        values.add(a.value());
                        assertThat(t.values()).contains(a.value());
                    }
                }
                assertThat(styles).as("%s %s", t.id(), side).containsExactlyInAnyOrder(Style.values());
                assertThat(values).as("%s %s promotes several values", t.id(), side).hasSizeGreaterThan(1);
                long rebuttals = t.rebuttals().stream().filter(r -> r.side() == side).count();
                assertThat(rebuttals).isGreaterThanOrEqualTo(3);
            }
            for (ArgumentBank.Rebuttal r : t.rebuttals()) {
                ArgumentBank.Argument target = ArgumentBank.argument(r.attacks()).orElseThrow();
                assertThat(target.side()).isEqualTo(r.side().other());
                assertThat(t.arguments()).contains(target);
            }
        }
    }

    @Test
    void defaultScenarioIsTheBreakfastDebate() {
        assertThat(def.topic()).isEqualTo("Breakfast is the most important meal of the day");
        assertThat(def.player(0).stance()).isEqualTo("support");
        assertThat(def.player(1).stance()).isEqualTo("oppose");
        assertThat(def.player(0).knowledge()).contains(
                "You are Alice. You argue for the proposition: Breakfast is the most important meal of the day.",
                "The audience values health above wellbeing above knowledge above liberty above tradition.");
        assertThat(domain.scenarios(4, 1).get(0)).isEqualTo(def);
    }

    @Test
    void drawnScenariosAreValidAndSeeded() {
        List<Scenario> list = domain.scenarios(200, 21);
        Set<String> topics = new HashSet<>();
        int aliceAgainst = 0;
        for (Scenario s : list) {
            ArgumentBank.Topic t = ArgumentBank.topic(s.topic()).orElseThrow();
            topics.add(t.id());
            assertThat(Set.of(s.player(0).stance(), s.player(1).stance())).containsExactlyInAnyOrder("support",
                    "oppose");
            aliceAgainst += s.player(0).stance().equals("oppose") ? 1 : 0;
            List<String> audience = DebateScenarios.audience(s.player(0), t.values());
            assertThat(audience).containsExactlyInAnyOrderElementsOf(t.values());
            assertThat(DebateScenarios.audience(s.player(1), t.values())).isEqualTo(audience);
        }
        assertThat(topics).hasSize(ArgumentBank.topics().size());
        assertThat(aliceAgainst).isBetween(60, 140);
        assertThat(domain.scenarios(20, 21)).isEqualTo(list.subList(0, 20));
        assertThat(domain.scenarios(20, 22)).isNotEqualTo(list.subList(0, 20));
        assertThat(DebateScenarios.PROPOSITIONS).hasSizeGreaterThanOrEqualTo(20).doesNotHaveDuplicates();
        Set<String> wide = new HashSet<>();
        Debate.domain(true).scenarios(200, 3).forEach(s -> wide.add(s.topic()));
        assertThat(wide).hasSizeGreaterThan(ArgumentBank.topics().size());
        assertThat(DebateScenarios.PROPOSITIONS).containsAll(wide);
    }

    // ---------------------------------------------------------------- planner

    @Test
    void stylesPickDifferentArguments() {
        // Alice's breakfast arguments in bank order: p1 logos, p2 pathos, p3 ethos, p4 logos
        assertThat(argued(def, 0, List.of(), style("logos"))).isEqualTo("bf-p1");
        assertThat(argued(def, 0, List.of(), style("pathos"))).isEqualTo("bf-p2");
        assertThat(argued(def, 0, List.of(), style("ethos"))).isEqualTo("bf-p3");
        assertThat(argued(def, 0, List.of(), Instruction.ANY)).isEqualTo("bf-p1");
        // once p1 is used: logos takes the other logos argument, the baseline the next in bank order
        List<Message> t = List.of(argue(0, "bf-p1"), bare(1, "close"));
        assertThat(argued(def, 0, t, style("logos"))).isEqualTo("bf-p4");
        assertThat(argued(def, 0, t, Instruction.ANY)).isEqualTo("bf-p2");
        // Bob's side: c1 logos, c2 pathos, c3 ethos
        assertThat(argued(def, 1, List.of(), style("ethos"))).isEqualTo("bf-c3");
        assertThat(plan(def, 1, List.of(), "argue", style("pathos")).get("argument")).isEqualTo(Map.of(
                "claim", "breakfast is not the most important meal of the day", "ref", "bf-c2", "premise",
                "People who are not hungry in the morning are made to feel guilty for listening to their own"
                        + " bodies."));
    }

    @Test
    void baselineSequenceMatchesNoSingleStyle() {
        for (DebateStyle s : DebateStyles.lexicon()) {
            List<String> baseline = sequence(Instruction.ANY);
            assertThat(sequence(s.instruction())).as(s.name()).isNotEqualTo(baseline);
        }
    }

    /** The arguments Alice makes in turn on the default until she has none left. */
    private List<String> sequence(Instruction i) {
        List<Message> t = new ArrayList<>();
        List<String> out = new ArrayList<>();
        for (int k = 0; k < 4; k++) {
            String a = argued(def, 0, t, i);
            out.add(a);
            t.add(argue(0, a));
            t.add(bare(1, "close"));
        }
        assertThat(argued(def, 0, t, i)).isEmpty();
        return out;
    }

    @Test
    void stylesPickDifferentRebuttals() {
        // Alice has argued p1 (logos) then p2 (pathos); Bob's rebuttals: cr1 logos on p1, cr2 pathos on p2
        List<Message> t = List.of(claim(0), claim(1), argue(0, "bf-p1"), argue(1, "bf-c1"), argue(0, "bf-p2"));
        assertThat(rebutted(def, 1, t, style("logos"))).isEqualTo("bf-cr1");
        assertThat(rebutted(def, 1, t, style("pathos"))).isEqualTo("bf-cr2");
        // ethos has no ethos rebuttal here (cr3 answers p3, not made); its next style is pathos
        assertThat(rebutted(def, 1, t, style("ethos"))).isEqualTo("bf-cr2");
        assertThat(rebutted(def, 1, t, Instruction.ANY)).isEqualTo("bf-cr1");
        // two logos rebuttals available (p1 then p4 made): calm answers the latest point, sceptical the earliest
        List<Message> two = List.of(argue(0, "bf-p1"), argue(1, "bf-c1"), argue(0, "bf-p4"));
        assertThat(rebutted(def, 1, two, style("calm"))).isEqualTo("bf-cr4");
        assertThat(rebutted(def, 1, two, style("sceptical"))).isEqualTo("bf-cr1");
        // nothing to rebut
        assertThat(rebutted(def, 1, List.of(claim(0)), style("logos"))).isEmpty();
        // a used rebuttal is not used again
        List<Message> again = new ArrayList<>(two);
        again.add(rebut(1, "bf-cr4"));
        again.add(bare(0, "close"));
        assertThat(rebutted(def, 1, again, style("calm"))).isEqualTo("bf-cr1");
    }

    @Test
    void lexiconEntriesHaveDistinctOfflineEffects() {
        List<DebateStyle> lexicon = DebateStyles.lexicon();
        assertThat(lexicon).hasSizeGreaterThanOrEqualTo(12);
        Set<String> effects = new HashSet<>();
        for (DebateStyle s : lexicon) {
            assertThat(s.guidance()).isNotBlank();
            assertThat(effects.add(s.order() + "/" + s.latestFirst())).as(s.name()).isTrue();
        }
        assertThat(domain.instructions()).extracting(Instruction::name)
                .containsExactly("logos", "pathos", "ethos", "any");
        assertThat(DebateStyles.of(new Instruction("jovial", "be jovial"))).isEmpty();
        assertThatThrownBy(() -> DebateStyles.get("jovial")).hasMessageContaining("unknown debate style");
    }

    @Test
    void planReadsNoOpponentInformation() {
        OpponentBlindness.assertBlindInRandomPlay(domain, planner, domain.scenarios(30, 4), new SplittableRandom(5),
                6, 7, Set.of("close", "concede")::contains, List.of("claim", "argue", "rebut", "concede", "close"),
                t -> List.of("argue", "rebut", "concede", "close"));
    }

    // ---------------------------------------------------------------- judge

    @Test
    void judgeOnHandComputedDebates() {
        // default audience: health > wellbeing > knowledge > liberty > tradition
        // claims only: the claims attack each other, neither is in the grounded extension: a draw
        assertThat(judge.score(def, List.of(claim(0), claim(1), bare(0, "close")))).containsExactly(0.5, 0.5);
        // p1 (health) unanswered defeats claim:con, which frees claim:pro: Alice wins
        assertThat(judge.score(def, List.of(claim(0), claim(1), argue(0, "bf-p1"), bare(1, "close"))))
                .containsExactly(1.0, 0.0);
        // p1 (health) against c2 (liberty): the audience prefers health, so only p1's attack succeeds: Alice wins
        assertThat(judge.score(def, List.of(argue(0, "bf-p1"), argue(1, "bf-c2"), bare(0, "close"))))
                .containsExactly(1.0, 0.0);
        // p2 (wellbeing) against c3 (health): c3 defeats p2 and claim:pro; Bob wins
        assertThat(judge.score(def, List.of(argue(0, "bf-p2"), argue(1, "bf-c3"), bare(0, "close"))))
                .containsExactly(0.0, 1.0);
        // ... unless Alice rebuts c3 with pr3 (health against health: the attack succeeds): pr3 in, c3 out, p2 in
        assertThat(judge.score(def, List.of(argue(0, "bf-p2"), argue(1, "bf-c3"), rebut(0, "bf-pr3"),
                bare(1, "close")))).containsExactly(1.0, 0.0);
        // p1 (health) against c4 (health): they defeat each other, nothing is grounded: a draw
        assertThat(judge.score(def, List.of(argue(0, "bf-p1"), argue(1, "bf-c4"), bare(0, "close"))))
                .containsExactly(0.5, 0.5);
        // a concession withdraws the conceder's case: Bob's winning c3 no longer counts
        assertThat(judge.score(def, List.of(argue(0, "bf-p2"), argue(1, "bf-c3"), bare(0, "concede"))))
                .containsExactly(0.0, 1.0);
        assertThat(judge.score(def, List.of(argue(0, "bf-p2"), argue(1, "bf-c3"), argue(0, "bf-p1"),
                bare(1, "concede")))).containsExactly(1.0, 0.0);
        // an argument of the wrong side or of another topic is not counted
        assertThat(judge.score(def, List.of(argue(0, "bf-c3"), argue(1, "al-c2"), bare(0, "close"))))
                .containsExactly(0.5, 0.5);
    }

    @Test
    void theAudienceDecides() {
        // p1 (health) against c2 (liberty) before an audience that puts liberty first: Bob wins
        Scenario liberty = DebateScenarios.scenario("liberty", def.topic(), Side.PRO,
                List.of("liberty", "health", "wellbeing", "knowledge", "tradition"));
        List<Message> t = List.of(argue(0, "bf-p1"), argue(1, "bf-c2"), bare(0, "close"));
        assertThat(judge.score(def, t)).containsExactly(1.0, 0.0);
        assertThat(judge.score(liberty, t)).containsExactly(0.0, 1.0);
        // Alice arguing against (c2, liberty), Bob for (p1, health), health first: Bob wins
        Scenario swapped = DebateScenarios.scenario("swapped", def.topic(), Side.CON,
                List.of("health", "wellbeing", "knowledge", "liberty", "tradition"));
        assertThat(judge.score(swapped, List.of(argue(0, "bf-c2"), argue(1, "bf-p1"), bare(0, "close"))))
                .containsExactly(0.0, 1.0);
    }

    @Test
    void styleChangesTheVerdict() {
        // Alice claims, Bob claims, Alice argues under a style, Bob argues ethos (c3, health), Alice closes
        Map<String, double[]> verdicts = new HashMap<>();
        for (String s : List.of("logos", "pathos", "ethos")) {
            List<Message> t = new ArrayList<>(List.of(claim(0), claim(1)));
            t.add(new Message(0, "argue", plan(def, 0, t, "argue", style(s)), s));
            t.add(new Message(1, "argue", plan(def, 1, t, "argue", style("ethos")), "ethos"));
            t.add(bare(0, "close"));
            verdicts.put(s, judge.score(def, t));
        }
        // logos p1 (health) vs c3 (health): draw; pathos p2 (wellbeing) and ethos p3 (knowledge) lose to health
        assertThat(verdicts.get("logos")).containsExactly(0.5, 0.5);
        assertThat(verdicts.get("pathos")).containsExactly(0.0, 1.0);
        assertThat(verdicts.get("ethos")).containsExactly(0.0, 1.0);
    }

    @Test
    void judgeAgreesWithAnIndependentGroundedComputation() {
        SplittableRandom random = new SplittableRandom(77);
        List<Instruction> all = LexiconAndBaseline.of(domain);
        int decided = 0;
        for (Scenario s : domain.scenarios(60, 13)) {
            for (int k = 0; k < 30; k++) {
                List<Message> t = EnginePlayout.random(domain, s, all, random, 2 + random.nextInt(8));
                Side expected = naiveWinner(s, t);
                assertThat(DebateJudge.winner(s, t)).as("%s %s", s.id(), t).isEqualTo(expected);
                double[] r = judge.score(s, t);
                assertThat(r[0] + r[1]).isEqualTo(1.0);
                for (double v : r) {
                    assertThat(v).isIn(0.0, 0.5, 1.0);
                }
                decided += expected == null ? 0 : 1;
            }
        }
        assertThat(decided).isGreaterThan(100);
    }

    /**
     * The verdict computed from first principles: defeats from the bank and the audience rank, then the grounded
     * extension as the least fixed point of the characteristic function (iterated from the empty set).
     */
    private static Side naiveWinner(Scenario s, List<Message> t) {
        ArgumentBank.Topic topic = ArgumentBank.topic(s.topic()).orElseThrow();
        Map<String, Integer> rank = new HashMap<>();
        List<String> order = DebateScenarios.audience(s.player(0), topic.values());
        for (int i = 0; i < order.size(); i++) {
            rank.put(order.get(i), i);
        }
        Side conceded = null;
        for (Message m : t) {
            if (m.moveId().equals("concede")) {
                conceded = Side.ofStance(s.player(m.speaker()).stance());
                break;
            }
        }
        Map<String, String> value = new HashMap<>();
        Map<String, Side> sideOf = new HashMap<>();
        Map<String, String> target = new HashMap<>();
        for (Side side : Side.values()) {
            if (side != conceded) {
                value.put("claim-" + side, null);
                sideOf.put("claim-" + side, side);
            }
        }
        for (Message m : t) {
            Side side = Side.ofStance(s.player(m.speaker()).stance());
            if (side == conceded) {
                continue;
            }
            for (ArgumentBank.Argument a : topic.arguments()) {
                if (m.moveId().equals("argue") && a.id().equals(ref(m.content())) && a.side() == side) {
                    value.put(a.id(), a.value());
                    sideOf.put(a.id(), side);
                }
            }
            for (ArgumentBank.Rebuttal r : topic.rebuttals()) {
                if (m.moveId().equals("rebut") && r.id().equals(ref(m.content())) && r.side() == side) {
                    value.put(r.id(), r.value());
                    target.put(r.id(), r.attacks());
                }
            }
        }
        Set<List<String>> defeats = new HashSet<>();
        for (String x : value.keySet()) {
            for (String y : value.keySet()) {
                boolean attacks;
                if (target.containsKey(x)) {
                    attacks = target.get(x).equals(y);
                } else if (target.containsKey(y)) {
                    attacks = false;
                } else if (x.startsWith("claim-")) {
                    attacks = y.startsWith("claim-") && sideOf.get(x) != sideOf.get(y);
                } else {
                    attacks = sideOf.get(x) != sideOf.get(y);
                }
                String vx = value.get(x);
                String vy = value.get(y);
                boolean blocked = vx != null && vy != null && rank.containsKey(vx) && rank.containsKey(vy)
                        && rank.get(vy) < rank.get(vx);
                if (attacks && !blocked) {
                    defeats.add(List.of(x, y));
                }
            }
        }
        Set<String> in = new HashSet<>();
        while (true) {
            Set<String> next = new HashSet<>();
            for (String a : value.keySet()) {
                boolean defended = true;
                for (String b : value.keySet()) {
                    if (defeats.contains(List.of(b, a))) {
                        boolean countered = false;
                        for (String c : in) {
                            countered |= defeats.contains(List.of(c, b));
                        }
                        defended &= countered;
                    }
                }
                if (defended) {
                    next.add(a);
                }
            }
            if (next.equals(in)) {
                break;
            }
            in = next;
        }
        return in.contains("claim-PRO") ? Side.PRO : in.contains("claim-CON") ? Side.CON : null;
    }

    // ---------------------------------------------------------------- protocol and playouts

    @Test
    void protocolParsesAndPlaysAScriptedDebate() {
        Protocol p = domain.protocol();
        assertThat(p.id()).isEqualTo("DebateGame");
        assertThat(p.interactions()).extracting(Protocol.Interaction::id)
                .containsExactly("claim", "argue", "rebut", "concede", "close");
        for (Diagnostic d : ProtocolChecker.check(p)) {
            assertThat(d.message()).contains("runtime name");
        }
        Dialogue d = EnginePlayout.start(domain);
        assertThat(EnginePlayout.legal(d, 0)).containsExactly("claim");
        EnginePlayout.perform(d, 0, "claim", "breakfast matters most");
        assertThat(EnginePlayout.legal(d, 1)).containsExactlyInAnyOrder("claim", "argue", "concede");
        EnginePlayout.perform(d, 1, "claim", "it does not");
        assertThat(EnginePlayout.legal(d, 0)).containsExactlyInAnyOrder("argue", "concede", "close");
        EnginePlayout.perform(d, 0, "argue", "blood sugar");
        assertThat(EnginePlayout.legal(d, 1)).containsExactlyInAnyOrder("argue", "rebut", "concede", "close");
        EnginePlayout.perform(d, 1, "rebut", "sugary cereals");
        EnginePlayout.perform(d, 0, "argue", "school studies");
        EnginePlayout.perform(d, 1, "close", "summing up");
        assertThat(d.status()).isEqualTo(DialogueStatus.TERMINATED);
        assertThat(EnginePlayout.legal(d, 0)).isEmpty();
        Dialogue c = EnginePlayout.start(domain);
        EnginePlayout.perform(c, 0, "claim", "breakfast matters most");
        EnginePlayout.perform(c, 1, "concede", "you are right");
        assertThat(c.status()).isEqualTo(DialogueStatus.TERMINATED);
    }

    @Test
    void baselineDebatesOnTheEngine() {
        int decided = 0;
        for (Scenario s : domain.scenarios(20, 6)) {
            List<Message> t = EnginePlayout.play(domain, s, 12, turn -> new EnginePlayout.Choice(
                    choose(s, turn.speaker(), turn.transcript(), turn.legal(), Instruction.ANY)
                            .orElseThrow(), Instruction.ANY));
            // claim; an argument in answer; the other side's rebuttal of it (every banked argument has one)
            assertThat(t.get(0).moveId()).isEqualTo("claim");
            assertThat(t.get(1).moveId()).isEqualTo("argue");
            assertThat(t.get(2).moveId()).isEqualTo("rebut");
            assertThat(t.get(t.size() - 1).moveId()).isEqualTo("close");
            assertThat(t).noneMatch(m -> m.moveId().equals("concede"));
            decided += DebateJudge.winner(s, t) == null ? 0 : 1;
        }
        assertThat(decided).isPositive();
    }
}
