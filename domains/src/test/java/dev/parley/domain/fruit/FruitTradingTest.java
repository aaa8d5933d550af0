package dev.parley.domain.fruit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

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

class FruitTradingTest {

    private final Domain domain = FruitTrading.domain();
    private final FruitPlanner planner = new FruitPlanner();
    private final FruitScorer scorer = new FruitScorer();
    private final Scenario def = FruitScenarios.defaultScenario();

    private static Instruction tone(String name) {
        return Temperaments.get(name).instruction();
    }

    private static Message msg(int speaker, String move, String give, String get) {
        return new Message(speaker, move, Map.of(FruitTrading.OFFER, Fruits.offer(Fruits.parse(give),
                Fruits.parse(get))), move);
    }

    /** The planner's content with its offer (or terms) flattened to the text form, for hand-computed checks. */
    private Map<String, String> plan(Scenario s, int speaker, List<Message> t, String move, Instruction i) {
        Map<String, Object> c = planner.plan(new MoveContext(s, speaker, t), move, i);
        Object offer = c.containsKey(FruitTrading.OFFER) ? c.get(FruitTrading.OFFER) : c.get(FruitTrading.TERMS);
        Map<String, String> flat = new java.util.LinkedHashMap<>();
        if (offer != null) {
            flat.put("give", Fruits.format(Fruits.gives(offer)));
            flat.put("get", Fruits.format(Fruits.gets(offer)));
        }
        if (c.get(FruitTrading.REASON) != null) {
            flat.put("reason", String.valueOf(c.get(FruitTrading.REASON)));
        }
        return flat;
    }

    private java.util.Optional<String> choose(Scenario s, int speaker, List<Message> t, List<String> legal,
                                              Instruction i) {
        return planner.chooseMove(new MoveContext(s, speaker, t), legal, i);
    }

    private static Message bare(int speaker, String move) {
        return new Message(speaker, move, Map.of(), move);
    }

    private static double gain(PrivateInfo me, Map<String, String> offer) {
        double[] v = Fruits.values(me);
        return Fruits.worth(Fruits.parse(offer.get(FruitTrading.GET)), v)
                - Fruits.worth(Fruits.parse(offer.get(FruitTrading.GIVE)), v);
    }

    // ---------------------------------------------------------------- scenarios

    @Test
    void defaultScenarioIsOpenSpiels() {
        PrivateInfo a = def.player(0);
        PrivateInfo b = def.player(1);
        assertThat(Fruits.have(a)).containsExactly(1, 2, 0, 0);
        assertThat(Fruits.values(a)).containsExactly(10, 5, 1, 3);
        assertThat(Fruits.have(b)).containsExactly(0, 0, 5, 3);
        assertThat(Fruits.values(b)).containsExactly(8, 7, 2, 2);
        assertThat(a.knowledge().get(0)).isEqualTo("You are Alice. You have 1 apple and 2 bananas.");
        assertThat(a.knowledge().get(1))
                .isEqualTo("You value each apple at 10, each banana at 5, each blueberry at 1 and each kiwi at 3.");
        assertThat(domain.scenarios(3, 7).get(0)).isEqualTo(def);
    }

    @Test
    void drawnScenariosAreValidAndSeeded() {
        List<Scenario> list = domain.scenarios(300, 42);
        assertThat(list).hasSize(300);
        assertThat(list.stream().map(Scenario::id).distinct().count()).isEqualTo(300);
        for (Scenario s : list.subList(1, list.size())) {
            int[] a = Fruits.have(s.player(0));
            int[] b = Fruits.have(s.player(1));
            int heldA = 0;
            int heldB = 0;
            for (int f = 0; f < 4; f++) {
                assertThat(a[f] > 0 && b[f] > 0).as("fruit %d held by both in %s", f, s.id()).isFalse();
                assertThat(a[f] > 0 || b[f] > 0).as("fruit %d held by nobody in %s", f, s.id()).isTrue();
                assertThat(a[f]).isBetween(0, 5);
                assertThat(b[f]).isBetween(0, 5);
                heldA += a[f] > 0 ? 1 : 0;
                heldB += b[f] > 0 ? 1 : 0;
                for (int p = 0; p < 2; p++) {
                    double v = Fruits.values(s.player(p))[f];
                    assertThat(v).isBetween(1.0, 10.0);
                    assertThat(v).isEqualTo(Math.rint(v));
                }
            }
            assertThat(heldA).isEqualTo(2);
            assertThat(heldB).isEqualTo(2);
        }
        assertThat(domain.scenarios(20, 42)).isEqualTo(list.subList(0, 20));
        assertThat(domain.scenarios(20, 43)).isNotEqualTo(list.subList(0, 20));
    }

    // ---------------------------------------------------------------- planner

    @Test
    void tonesMakeDifferentOpeningOffersOnTheDefault() {
        // Alice's mean unit value u = (10 + 5 + 1 + 3) / 4 = 4.75; she gives what she holds, asks for what she lacks
        // (blueberry worth 1, kiwi worth 3), and makes the offer of least gain that reaches demand × u.
        Map<String, Map<String, String>> offers = new java.util.LinkedHashMap<>();
        for (Instruction i : domain.instructions()) {
            offers.put(i.name(), plan(def, 0, List.of(), FruitTrading.PROPOSE, i));
        }
        // assertive: target 1.2 × 4.75 = 5.7; 1 banana (5) for 2 blueberries + 3 kiwis (2 + 9) gains 6
        assertThat(offers.get("assertive")).containsEntry("give", "banana:1").containsEntry("get", "blueberry:2,kiwi:3");
        // any: target 0.9 × 4.75 = 4.275; 1 banana for 1 blueberry + 3 kiwis gains 1 + 9 - 5 = 5
        assertThat(offers.get("any")).containsEntry("give", "banana:1").containsEntry("get", "blueberry:1,kiwi:3");
        // calm: target 0.7 × 4.75 = 3.325; 1 banana for 3 kiwis gains 9 - 5 = 4 (fewest pieces among gains of 4)
        assertThat(offers.get("calm")).containsEntry("give", "banana:1").containsEntry("get", "kiwi:3");
        // submissive: target 0.3 × 4.75 = 1.425; 1 banana for 1 blueberry + 2 kiwis gains 1 + 6 - 5 = 2
        assertThat(offers.get("submissive")).containsEntry("give", "banana:1")
                .containsEntry("get", "blueberry:1,kiwi:2");
    }

    @Test
    void demandOrdersOffersAcrossDrawnScenarios() {
        int strictlyOrdered = 0;
        List<Scenario> list = domain.scenarios(200, 5);
        for (Scenario s : list) {
            for (int p = 0; p < 2; p++) {
                double assertive = gain(s.player(p), plan(s, p, List.of(), "propose", tone("assertive")));
                double calm = gain(s.player(p), plan(s, p, List.of(), "propose", tone("calm")));
                double submissive = gain(s.player(p), plan(s, p, List.of(), "propose", tone("submissive")));
                assertThat(assertive).isGreaterThanOrEqualTo(calm);
                assertThat(calm).isGreaterThanOrEqualTo(submissive);
                if (assertive > calm && calm > submissive) {
                    strictlyOrdered++;
                }
            }
        }
        // the offers are not merely ordered but actually different in most scenarios
        assertThat(strictlyOrdered).isGreaterThan(200);
    }

    @Test
    void baselineIsNotAnySingleTone() {
        List<Scenario> list = domain.scenarios(50, 11);
        for (String t : List.of("calm", "assertive", "submissive")) {
            boolean differs = false;
            for (Scenario s : list) {
                differs |= !plan(s, 0, List.of(), "propose", Instruction.ANY)
                        .equals(plan(s, 0, List.of(), "propose", tone(t)));
            }
            assertThat(differs).as("any differs from %s somewhere", t).isTrue();
        }
    }

    @Test
    void offersConcedeAfterRejectionAndSubmissiveConcedesFaster() {
        for (String t : List.of("calm", "assertive", "submissive", "any")) {
            Instruction i = t.equals("any") ? Instruction.ANY : tone(t);
            Map<String, String> first = plan(def, 0, List.of(), "propose", i);
            List<Message> history = List.of(msg(0, "propose", first.get("give"), first.get("get")), bare(1, "reject"));
            Map<String, String> second = plan(def, 0, history, "propose", i);
            assertThat(second).as(t).isNotEqualTo(first);
            assertThat(gain(def.player(0), second)).as(t).isLessThanOrEqualTo(gain(def.player(0), first));
        }
        // after one rejected offer: submissive target (0.3 - 0.3) × 4.75 = 0; assertive (1.2 - 0.1) × 4.75 = 5.225,
        // where the only offer of gain 6 (the cap: no hardening) was already made, so it steps down to gain 5
        Map<String, String> sub = plan(def, 0, List.of(msg(0, "propose", "banana:1", "blueberry:1,kiwi:2"),
                bare(1, "reject")), "propose", tone("submissive"));
        assertThat(gain(def.player(0), sub)).isEqualTo(0.0);
        Map<String, String> as = plan(def, 0, List.of(msg(0, "propose", "banana:1", "blueberry:2,kiwi:3"),
                bare(1, "reject")), "propose", tone("assertive"));
        assertThat(gain(def.player(0), as)).isEqualTo(5.0);
    }

    @Test
    void planReadsNoOpponentInformation() {
        List<Scenario> list = domain.scenarios(40, 3);
        SplittableRandom random = new SplittableRandom(9);
        List<Instruction> tones = LexiconAndBaseline.of(domain);
        for (Scenario s : list) {
            for (int trial = 0; trial < 10; trial++) {
                List<Message> transcript = randomTranscript(s, random, random.nextInt(5));
                int speaker = OpponentBlindness.nextSpeaker(transcript);
                Scenario other = list.get(random.nextInt(list.size()));
                Scenario changed = OpponentBlindness.withOpponentFrom(s, speaker, other);
                for (Instruction i : tones) {
                    for (String move : List.of("propose", "counter", "accept", "reject")) {
                        assertThat(plan(changed, speaker, transcript, move, i))
                                .isEqualTo(plan(s, speaker, transcript, move, i));
                    }
                    List<String> legal = transcript.isEmpty() || transcript.get(transcript.size() - 1).moveId()
                            .equals("reject") ? List.of("propose") : List.of("accept", "reject", "counter");
                    assertThat(choose(changed, speaker, transcript, legal, i))
                            .isEqualTo(choose(s, speaker, transcript, legal, i));
                }
            }
        }
    }

    @Test
    void acceptanceDependsOnOwnValueAndTone() {
        // Bob answers Alice's calm offer: he receives 1 banana (worth 7 to him) and gives 3 kiwis (3 × 2 = 6): gain 1.
        List<Message> t = List.of(msg(0, "propose", "banana:1", "kiwi:3"));
        List<String> legal = List.of("accept", "reject", "counter");
        // Bob's mean unit value is (8 + 7 + 2 + 2) / 4 = 4.75; he has made no offer yet.
        // submissive: needs gain >= max(1, 0.5 × 0.3 × 4.75 = 0.71): accepts
        assertThat(choose(def, 1, t, legal, tone("submissive"))).contains("accept");
        // calm: needs 0.8 × 0.7 × 4.75 = 2.66; any: 0.7 × 0.9 × 4.75 = 2.99; assertive 1.0 × 1.2 × 4.75 = 5.7
        assertThat(choose(def, 1, t, legal, tone("calm"))).contains("counter");
        assertThat(choose(def, 1, t, legal, Instruction.ANY)).contains("counter");
        assertThat(choose(def, 1, t, legal, tone("assertive"))).contains("counter");
        // 1 banana for 1 kiwi is worth 7 - 2 = 5 to Bob: calm and any accept, assertive still counters
        List<Message> generous = List.of(msg(0, "propose", "banana:1", "kiwi:1"));
        assertThat(choose(def, 1, generous, legal, tone("calm"))).contains("accept");
        assertThat(choose(def, 1, generous, legal, Instruction.ANY)).contains("accept");
        assertThat(choose(def, 1, generous, legal, tone("assertive"))).contains("counter");
        // an offer asking for fruit Bob does not hold is never accepted, however good it looks
        List<Message> infeasible = List.of(msg(0, "propose", "apple:1,banana:2", "apple:0,banana:0,kiwi:4"));
        for (Instruction i : domain.instructionLexicon()) {
            assertThat(choose(def, 1, infeasible, legal, i)).contains("counter");
        }
        // a losing offer is never accepted: 1 banana for 5 blueberries is 7 - 10 = -3 for Bob
        List<Message> losing = List.of(msg(0, "propose", "banana:1", "blueberry:5"));
        assertThat(choose(def, 1, losing, legal, tone("apologetic"))).contains("counter");
        assertThat(choose(def, 1, losing, List.of("accept", "reject"), tone("apologetic")))
                .contains("reject");
    }

    @Test
    void answersRepeatTheOfferOnTheTable() {
        List<Message> t = List.of(msg(0, "propose", "banana:1", "kiwi:3"));
        assertThat(plan(def, 1, t, "accept", Instruction.ANY))
                .containsEntry("give", "banana:1").containsEntry("get", "kiwi:3");
        // Bob holds the 3 kiwis asked for: he rejects because it is worth too little to him
        assertThat(plan(def, 1, t, "reject", Instruction.ANY)).containsEntry("give", "banana:1")
                .containsEntry("reason", FruitTrading.TOO_LITTLE);
        // asked for an apple he does not hold, he says he cannot give it
        assertThat(plan(def, 1, List.of(msg(0, "propose", "banana:1", "apple:1")), "reject", Instruction.ANY))
                .containsEntry("reason", FruitTrading.CANNOT_GIVE);
    }

    // ---------------------------------------------------------------- scorer

    @Test
    void scorerOnHandComputedTranscripts() {
        // Alice gives 1 banana, gets 3 kiwis: Alice 3 × 3 - 5 = 4; Bob 7 - 3 × 2 = 1
        assertThat(scorer.score(def, List.of(msg(0, "propose", "banana:1", "kiwi:3"), bare(1, "accept"))))
                .containsExactly(4.0, 1.0);
        // Bob counters 2 blueberries for 1 apple, Alice accepts: Bob 8 - 2 × 2 = 4; Alice 2 × 1 - 10 = -8
        assertThat(scorer.score(def, List.of(msg(0, "propose", "banana:1", "kiwi:3"),
                msg(1, "counter", "blueberry:2", "apple:1"), bare(0, "accept"))))
                .containsExactly(-8.0, 4.0);
        // after a rejection and a new proposal, the accepted offer is the latest: 2 bananas for 1 blueberry + 3 kiwis
        // Alice: 1 + 9 - 10 = 0; Bob: 14 - 2 - 6 = 6
        assertThat(scorer.score(def, List.of(msg(0, "propose", "banana:1", "kiwi:3"), bare(1, "reject"),
                msg(0, "propose", "banana:2", "blueberry:1,kiwi:3"), bare(1, "accept"))))
                .containsExactly(0.0, 6.0);
        // no agreement: 0 for both
        assertThat(scorer.score(def, List.of(msg(0, "propose", "banana:1", "kiwi:3"), bare(1, "reject"))))
                .containsExactly(0.0, 0.0);
        // infeasible: Bob asks for 2 apples, Alice holds 1
        assertThat(scorer.score(def, List.of(msg(0, "propose", "banana:1", "kiwi:3"),
                msg(1, "counter", "kiwi:1", "apple:2"), bare(0, "accept")))).containsExactly(0.0, 0.0);
        // accept with nothing on the table
        assertThat(scorer.score(def, List.of(bare(0, "accept")))).containsExactly(0.0, 0.0);
    }

    @Test
    void scorerClipsToTheRange() {
        // Alice holds 5 kiwis worth 1 each and wants apples worth 10; Bob holds 5 apples worth 10, kiwis worth 1.
        Scenario s = FruitScenarios.scenario("clip", new int[]{0, 0, 0, 5}, new double[]{10, 1, 1, 1},
                new int[]{5, 0, 0, 0}, new double[]{10, 1, 1, 1});
        // 1 kiwi for 3 apples: Alice 30 - 1 = 29 -> 20; Bob 1 - 30 = -29 -> -20
        assertThat(scorer.score(s, List.of(msg(0, "propose", "kiwi:1", "apple:3"), bare(1, "accept"))))
                .containsExactly(20.0, -20.0);
    }

    @Test
    void randomPlayoutsStayInRange() {
        SplittableRandom random = new SplittableRandom(1);
        for (Scenario s : domain.scenarios(100, 8)) {
            for (int k = 0; k < 20; k++) {
                List<Message> t = randomTranscript(s, random, 1 + random.nextInt(8));
                double[] r = scorer.score(s, t);
                assertThat(r).hasSize(2);
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
    void basketsParseAndFormat() {
        assertThat(Fruits.parse("blueberry:1, kiwi:2")).containsExactly(0, 0, 1, 2);
        assertThat(Fruits.format(new int[]{0, 2, 0, 1})).isEqualTo("banana:2,kiwi:1");
        assertThat(Fruits.parse("")).containsExactly(0, 0, 0, 0);
        assertThatThrownBy(() -> Fruits.parse("mango:1")).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("unknown fruit 'mango'");
        assertThatThrownBy(() -> Fruits.parse("kiwi:two")).hasMessageContaining("the count of kiwi");
        assertThatThrownBy(() -> Fruits.parse("kiwi")).hasMessageContaining("expected fruit:count");
    }

    // ---------------------------------------------------------------- protocol and domain

    @Test
    void protocolParsesWithTheIssuesMoves() {
        Protocol p = domain.protocol();
        assertThat(p.id()).isEqualTo("FruitTrading");
        assertThat(p.interactions()).extracting(Protocol.Interaction::id)
                .containsExactly("propose", "counter", "accept", "reject");
        assertThat(p.players()).extracting(Protocol.Player::id).containsExactlyElementsOf(domain.protocolPlayers());
        assertThat(p.turnTaking()).isEqualTo(Protocol.TurnTaking.STRICT);
        assertThat(p.interactions()).extracting(i -> i.content().toString())
                .containsExactly("[offer]", "[offer]", "[terms]", "[terms, reason]");
        // the only findings are the runtime names (Target, Speaker) that hand the floor over
        for (Diagnostic d : ProtocolChecker.check(p)) {
            assertThat(d.severity()).isEqualTo(Diagnostic.Severity.WARNING);
            assertThat(d.message()).contains("runtime name");
        }
    }

    @Test
    void scriptedDialoguePlaysOnTheEngine() {
        Dialogue d = EnginePlayout.start(domain);
        assertThat(EnginePlayout.legal(d, 0)).containsExactly("propose");
        assertThat(EnginePlayout.legal(d, 1)).isEmpty();
        EnginePlayout.perform(d, 0, "propose", "1 banana for 3 kiwis");
        assertThat(EnginePlayout.legal(d, 0)).isEmpty();
        assertThat(EnginePlayout.legal(d, 1)).containsExactlyInAnyOrder("accept", "reject", "counter");
        EnginePlayout.perform(d, 1, "reject", "too few bananas");
        assertThat(EnginePlayout.legal(d, 0)).containsExactly("propose");
        EnginePlayout.perform(d, 0, "propose", "2 bananas for 3 kiwis");
        EnginePlayout.perform(d, 1, "counter", "2 blueberries for 1 apple");
        assertThat(EnginePlayout.legal(d, 0)).containsExactlyInAnyOrder("accept", "reject", "counter");
        assertThat(d.perform("p1", "accept", Map.of("terms", "x"), "p0").accepted()).isFalse();
        EnginePlayout.performContent(d, 0, "accept", Map.of("terms", Fruits.offer(new int[]{0, 0, 2, 0},
                new int[]{1, 0, 0, 0})));
        assertThat(d.status()).isEqualTo(DialogueStatus.TERMINATED);
        assertThat(EnginePlayout.legal(d, 0)).isEmpty();
        assertThat(EnginePlayout.legal(d, 1)).isEmpty();
        assertThat(d.history()).hasSize(5);
    }

    @Test
    void baselinePlayoutsOnTheEngineReachAgreementsSometimes() {
        // both traders on their own move choice (chooseMove) with the baseline instruction, as an unguided agent
        int agreements = 0;
        for (Scenario s : domain.scenarios(30, 2)) {
            List<Message> t = EnginePlayout.play(domain, s, 8, turn -> new EnginePlayout.Choice(
                    choose(s, turn.speaker(), turn.transcript(), turn.legal(), Instruction.ANY)
                            .orElseThrow(), Instruction.ANY));
            double[] r = scorer.score(s, t);
            if (t.get(t.size() - 1).moveId().equals("accept")) {
                agreements++;
                // an agreement the acceptor chose by its own valuation is worth at least 1 to it
                assertThat(r[t.get(t.size() - 1).speaker()]).isGreaterThanOrEqualTo(1.0);
            }
        }
        assertThat(agreements).isBetween(1, 29);
    }

    @Test
    void domainDescribesItself() {
        assertThat(domain.name()).isEqualTo("fruit-trading");
        assertThat(domain.instructions()).extracting(Instruction::name)
                .containsExactly("calm", "assertive", "submissive", "any");
        assertThat(domain.instructions().get(3)).isEqualTo(Instruction.ANY);
        assertThat(domain.instructionLexicon()).hasSizeGreaterThanOrEqualTo(12)
                .allSatisfy(i -> assertThat(i.guidance()).isNotBlank());
        assertThat(domain.prompts().background()).contains("apple");
        assertThat(domain.prompts().rewardQuery()).contains("{player}");
    }

    private List<Message> randomTranscript(Scenario s, SplittableRandom random, int length) {
        List<Instruction> tones = LexiconAndBaseline.of(domain);
        return EnginePlayout.random(domain, s, tones, random, length);
    }
}
