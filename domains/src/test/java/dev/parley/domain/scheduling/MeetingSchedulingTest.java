package dev.parley.domain.scheduling;

import static org.assertj.core.api.Assertions.assertThat;

import dev.parley.dgdl.Diagnostic;
import dev.parley.dgdl.Protocol;
import dev.parley.dgdl.ProtocolChecker;
import dev.parley.dialogue.Domain;
import dev.parley.dialogue.Instruction;
import dev.parley.dialogue.Message;
import dev.parley.dialogue.MoveContext;
import dev.parley.dialogue.PrivateInfo;
import dev.parley.dialogue.Scenario;
import dev.parley.domain.support.EnginePlayout;
import dev.parley.domain.support.LexiconAndBaseline;
import dev.parley.domain.support.OpponentBlindness;
import dev.parley.domain.support.Temperaments;
import dev.parley.engine.Dialogue;
import dev.parley.engine.DialogueStatus;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class MeetingSchedulingTest {

    private final Domain domain = MeetingScheduling.domain();
    private final SchedulingPlanner planner = new SchedulingPlanner();
    private final SchedulingScorer scorer = new SchedulingScorer();
    private final Scenario def = SchedulingScenarios.defaultScenario();
    private static final List<String> ANSWERS = List.of("accept", "reject", "propose");

    private static Instruction tone(String name) {
        return Temperaments.get(name).instruction();
    }

    private static Instruction insist(String day) {
        return new Instruction("insist-on-" + day, "Insist on " + day + ".");
    }

    private static Message propose(int speaker, String day) {
        return new Message(speaker, "propose", Map.of("day", day), "How about " + day + "?");
    }

    private static Message bare(int speaker, String move) {
        return new Message(speaker, move, Map.of(), move);
    }

    private String day(Scenario s, int speaker, List<Message> t, Instruction i) {
        return Days.NAMES.get(Days.index((String) plan(s, speaker, t, "propose", i).get("day")));
    }

    private Map<String, Object> plan(Scenario s, int speaker, List<Message> t, String move, Instruction i) {
        return planner.plan(new MoveContext(s, speaker, t), move, i);
    }

    private java.util.Optional<String> choose(Scenario s, int speaker, List<Message> t, List<String> legal,
                                              Instruction i) {
        return planner.chooseMove(new MoveContext(s, speaker, t), legal, i);
    }

    // ---------------------------------------------------------------- scenarios

    @Test
    void defaultScenarioIsOpenSpiels() {
        PrivateInfo a = def.player(0);
        PrivateInfo b = def.player(1);
        double[] prefA = {10, 5, 15, 3, 2, 1, 1};
        double[] prefB = {5, 5, 5, 1, 1, 1, 1};
        boolean[] awayA = {false, true, true, false, false, true, false};
        boolean[] awayB = {true, false, true, false, false, true, false};
        for (int d = 0; d < 7; d++) {
            assertThat(Days.preference(a, d)).isEqualTo(prefA[d]);
            assertThat(Days.preference(b, d)).isEqualTo(prefB[d]);
            assertThat(Days.away(a, d)).isEqualTo(awayA[d]);
            assertThat(Days.away(b, d)).isEqualTo(awayB[d]);
        }
        assertThat(a.knowledge().get(0))
                .isEqualTo("You are Alice. You are out of office on Tuesday, Wednesday and Saturday.");
        assertThat(domain.scenarios(5, 3).get(0)).isEqualTo(def);
    }

    @Test
    void drawnScenariosAreValidAndSeeded() {
        List<Scenario> list = domain.scenarios(300, 17);
        for (Scenario s : list.subList(1, list.size())) {
            boolean common = false;
            for (int p = 0; p < 2; p++) {
                int away = 0;
                for (int d = 0; d < 7; d++) {
                    away += Days.away(s.player(p), d) ? 1 : 0;
                    double pref = Days.preference(s.player(p), d);
                    assertThat(pref).isBetween(1.0, 15.0).isEqualTo(Math.rint(pref));
                }
                assertThat(away).isBetween(0, 3);
            }
            for (int d = 0; d < 7; d++) {
                common |= !Days.away(s.player(0), d) && !Days.away(s.player(1), d);
            }
            assertThat(common).as("a day free for both in %s", s.id()).isTrue();
        }
        assertThat(domain.scenarios(30, 17)).isEqualTo(list.subList(0, 30));
        assertThat(domain.scenarios(30, 18)).isNotEqualTo(list.subList(0, 30));
    }

    // ---------------------------------------------------------------- planner

    @Test
    void tonesProposeDifferentDaysOnTheDefault() {
        // Alice is free Mon (10), Thu (3), Fri (2), Sun (1); best = 10. She proposes the free day of least
        // preference that reaches min(10, demand × 10).
        assertThat(day(def, 0, List.of(), tone("assertive"))).isEqualTo("Mon"); // target 10
        assertThat(day(def, 0, List.of(), tone("calm"))).isEqualTo("Mon");      // target 7
        assertThat(day(def, 0, List.of(), Instruction.ANY)).isEqualTo("Mon");   // target 9
        assertThat(day(def, 0, List.of(), tone("submissive"))).isEqualTo("Thu"); // target 3
        // after Bob refuses Monday (a counter-proposal of Tuesday, where Alice is away) Alice moves down her list:
        // calm target (0.7 - 0.2) × 10 = 5 is reached by no free unrefused day, so her best of Thu/Fri/Sun: Thu
        List<Message> t = List.of(propose(0, "Mon"), propose(1, "Tue"));
        assertThat(day(def, 0, t, tone("calm"))).isEqualTo("Thu");
        assertThat(day(def, 0, t, tone("assertive"))).isEqualTo("Thu");
    }

    @Test
    void demandOrdersProposalsAcrossDrawnScenarios() {
        int strict = 0;
        for (Scenario s : domain.scenarios(200, 4)) {
            for (int p = 0; p < 2; p++) {
                PrivateInfo me = s.player(p);
                double assertive = Days.preference(me, Days.index(day(s, p, List.of(), tone("assertive"))));
                double calm = Days.preference(me, Days.index(day(s, p, List.of(), tone("calm"))));
                double submissive = Days.preference(me, Days.index(day(s, p, List.of(), tone("submissive"))));
                assertThat(assertive).isGreaterThanOrEqualTo(calm);
                assertThat(calm).isGreaterThanOrEqualTo(submissive);
                for (String d : List.of(day(s, p, List.of(), tone("calm")), day(s, p, List.of(), tone("submissive")))) {
                    assertThat(Days.away(me, Days.index(d))).isFalse();
                }
                if (assertive > calm && calm > submissive) {
                    strict++;
                }
            }
        }
        assertThat(strict).isGreaterThan(100);
    }

    @Test
    void baselineIsNotAnySingleTone() {
        for (String t : List.of("calm", "assertive", "submissive")) {
            boolean differs = false;
            for (Scenario s : domain.scenarios(60, 5)) {
                differs |= !day(s, 0, List.of(), Instruction.ANY).equals(day(s, 0, List.of(), tone(t)));
            }
            assertThat(differs).as("any differs from %s somewhere", t).isTrue();
        }
    }

    @Test
    void lowDemandMeetsTheOtherHalfWay() {
        // Bob (free Tue 5, Thu 1, Fri 1, Sun 1; best 5) answers Alice's Thursday with a proposal of his own.
        List<Message> t = List.of(propose(0, "Thu"));
        // apologetic: target 0.3 × 5 = 1.5 > 1, so Thursday is not taken up; Tue is the least day reaching 1.5
        assertThat(day(def, 1, t, tone("apologetic"))).isEqualTo("Tue");
        // after his Tuesday was refused, apologetic target (0.3 - 0.25) × 5 = 0.25: he takes up Alice's Thursday
        List<Message> later = List.of(propose(0, "Thu"), propose(1, "Tue"), bare(0, "reject"));
        assertThat(day(def, 1, later, tone("apologetic"))).isEqualTo("Thu");
        // assertive: target min(5, (1.2 - 0.1) × 5) = 5: no free unrefused day reaches it, so his best: Thu (first
        // of the days of preference 1) -- the same day, but for a different reason; stubborn likewise
        assertThat(day(def, 1, later, tone("assertive"))).isEqualTo("Thu");
    }

    @Test
    void acceptanceDependsOnOwnCalendarAndTone() {
        // Bob answers Thursday (his preference 1; best 5, no proposal made yet)
        List<Message> thu = List.of(propose(0, "Thu"));
        // submissive threshold max(1, 0.5 × min(5, 0.3 × 5)) = 1: accepts
        assertThat(choose(def, 1, thu, ANSWERS, tone("submissive"))).contains("accept");
        // calm 0.8 × 3.5 = 2.8, any 0.7 × 4.5 = 3.15, assertive min(5, 1.0 × 5) = 5: propose instead
        assertThat(choose(def, 1, thu, ANSWERS, tone("calm"))).contains("propose");
        assertThat(choose(def, 1, thu, ANSWERS, Instruction.ANY)).contains("propose");
        assertThat(choose(def, 1, thu, ANSWERS, tone("assertive"))).contains("propose");
        // Tuesday (preference 5) would suit even the assertive Bob
        assertThat(choose(def, 1, List.of(propose(0, "Tue")), ANSWERS, tone("assertive")))
                .contains("accept");
        // a day away is never accepted, whatever the tone
        for (Instruction i : domain.instructionLexicon().subList(0, 17)) {
            assertThat(choose(def, 1, List.of(propose(0, "Mon")), ANSWERS, i)).contains("propose");
            assertThat(choose(def, 1, List.of(propose(0, "Mon")), List.of("accept", "reject"), i))
                    .contains("reject");
        }
    }

    @Test
    void insistOnDayProposesAndAcceptsOnlyThatDay() {
        Domain insisting = MeetingScheduling.domain(MeetingScheduling.InstructionMode.INSIST_ON_DAY);
        assertThat(insisting.instructions()).extracting(Instruction::name).containsExactly("insist-on-Mon",
                "insist-on-Tue", "insist-on-Wed", "insist-on-Thu", "insist-on-Fri", "insist-on-Sat", "insist-on-Sun",
                "any");
        assertThat(insisting.instructions().get(1).guidance()).isEqualTo("Insist on meeting on Tuesday.");
        assertThat(domain.instructions()).extracting(Instruction::name)
                .containsExactly("calm", "assertive", "submissive", "any");
        List<Message> t = List.of(propose(0, "Mon"), propose(1, "Tue"));
        assertThat(day(def, 0, t, insist("Sun"))).isEqualTo("Sun");
        assertThat(choose(def, 0, List.of(propose(1, "Sun")), ANSWERS, insist("Sun"))).contains("accept");
        assertThat(choose(def, 0, List.of(propose(1, "Thu")), ANSWERS, insist("Sun")))
                .contains("propose");
    }

    @Test
    void planReadsNoOpponentInformation() {
        OpponentBlindness.assertBlindInRandomPlay(domain, planner, domain.scenarios(40, 6), new SplittableRandom(12),
                8, 6, "accept"::equals, ANSWERS,
                t -> t.isEmpty() || t.get(t.size() - 1).moveId().equals("reject") ? List.of("propose") : ANSWERS);
    }

    // ---------------------------------------------------------------- scorer

    @Test
    void scorerOnHandComputedTranscripts() {
        // Thursday agreed: Alice's preference 3, Bob's 1
        assertThat(scorer.score(def, List.of(propose(0, "Thu"), bare(1, "accept")))).containsExactly(3.0, 1.0);
        // Bob's Tuesday accepted by Alice, who is away on Tuesday: Alice 0, Bob 5
        assertThat(scorer.score(def, List.of(propose(0, "Mon"), propose(1, "Tue"), bare(0, "accept"))))
                .containsExactly(0.0, 5.0);
        // after a rejection, Sunday: 1 and 1
        assertThat(scorer.score(def, List.of(propose(0, "Mon"), bare(1, "reject"), propose(0, "Sun"),
                bare(1, "accept")))).containsExactly(1.0, 1.0);
        // Wednesday, away for both: 0 and 0 although Alice's preference is 15
        assertThat(scorer.score(def, List.of(propose(0, "Wed"), bare(1, "accept")))).containsExactly(0.0, 0.0);
        // no agreement
        assertThat(scorer.score(def, List.of(propose(0, "Mon"), propose(1, "Tue")))).containsExactly(0.0, 0.0);
        assertThat(scorer.score(def, List.of())).containsExactly(0.0, 0.0);
    }

    @Test
    void randomPlayoutsOnTheEngineStayInRange() {
        SplittableRandom random = new SplittableRandom(3);
        List<Instruction> all = LexiconAndBaseline.of(domain);
        for (Scenario s : domain.scenarios(60, 9)) {
            for (int k = 0; k < 15; k++) {
                List<Message> t = EnginePlayout.random(domain, s, all, random, 1 + random.nextInt(8));
                double[] r = scorer.score(s, t);
                for (double v : r) {
                    assertThat(v).isBetween(domain.minPayoff(), domain.maxPayoff());
                }
                if (t.stream().noneMatch(m -> m.moveId().equals("accept"))) {
                    assertThat(r).containsExactly(0.0, 0.0);
                }
            }
        }
    }

    @Test
    void baselinePlayoutsAgreeOnFreeDaysSometimes() {
        int agreements = 0;
        int negotiated = 0;
        for (Scenario s : domain.scenarios(40, 10)) {
            List<Message> t = EnginePlayout.play(domain, s, 8, turn -> new EnginePlayout.Choice(
                    choose(s, turn.speaker(), turn.transcript(), turn.legal(), Instruction.ANY)
                            .orElseThrow(), Instruction.ANY));
            int day = SchedulingScorer.agreedDay(t);
            negotiated += t.size() > 2 ? 1 : 0;
            if (day >= 0) {
                agreements++;
                // the acceptor chose by its own calendar: it is free that day
                assertThat(Days.away(s.player(t.get(t.size() - 1).speaker()), day)).isFalse();
            }
        }
        assertThat(agreements).isPositive();
        // not every first proposal is accepted: the baseline negotiates
        assertThat(negotiated).isPositive();
    }

    // ---------------------------------------------------------------- protocol and domain

    @Test
    void protocolParsesAndPlaysAScriptedDialogue() {
        Protocol p = domain.protocol();
        assertThat(p.id()).isEqualTo("MeetingScheduling");
        assertThat(p.interactions()).extracting(Protocol.Interaction::id).containsExactly("propose", "accept", "reject");
        assertThat(p.turnTaking()).isEqualTo(Protocol.TurnTaking.STRICT);
        for (Diagnostic d : ProtocolChecker.check(p)) {
            assertThat(d.message()).contains("runtime name");
        }
        Dialogue d = EnginePlayout.start(domain);
        assertThat(EnginePlayout.legal(d, 0)).containsExactly("propose");
        EnginePlayout.perform(d, 0, "propose", "Monday");
        assertThat(EnginePlayout.legal(d, 1)).containsExactlyInAnyOrder("accept", "reject", "propose");
        EnginePlayout.perform(d, 1, "reject", "I am away on Monday");
        assertThat(EnginePlayout.legal(d, 0)).containsExactly("propose");
        EnginePlayout.perform(d, 0, "propose", "Thursday");
        EnginePlayout.perform(d, 1, "propose", "Tuesday");
        EnginePlayout.perform(d, 0, "propose", "Sunday");
        EnginePlayout.perform(d, 1, "accept", "Sunday");
        assertThat(d.status()).isEqualTo(DialogueStatus.TERMINATED);
        assertThat(EnginePlayout.legal(d, 0)).isEmpty();
        assertThat(EnginePlayout.legal(d, 1)).isEmpty();
    }

    @Test
    void domainDescribesItself() {
        assertThat(domain.name()).isEqualTo("scheduling");
        assertThat(domain.minPayoff()).isEqualTo(0.0);
        assertThat(domain.maxPayoff()).isEqualTo(20.0);
        assertThat(domain.instructionLexicon()).hasSizeGreaterThanOrEqualTo(12 + 7)
                .allSatisfy(i -> assertThat(i.guidance()).isNotBlank());
        assertThat(domain.prompts().rewardQuery()).contains("{player}");
        assertThat(plan(def, 1, List.of(propose(0, "Mon")), "reject", Instruction.ANY))
                .containsEntry("day", "Monday").containsEntry("reason", MeetingScheduling.BUSY);
    }
}
