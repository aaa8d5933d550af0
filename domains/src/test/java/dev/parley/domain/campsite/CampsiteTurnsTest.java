package dev.parley.domain.campsite;

import static org.assertj.core.api.Assertions.assertThat;

import dev.parley.dialogue.Contents;
import dev.parley.dialogue.Domain;
import dev.parley.dialogue.Message;
import dev.parley.dialogue.MoveContext;
import dev.parley.dialogue.Scenario;
import dev.parley.engine.Dialogue;
import dev.parley.engine.LegalMove;
import dev.parley.engine.MoveOutcome;
import dev.parley.engine.Participant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/**
 * Who may speak twice in a row. CaSiNo's people alternate, except right after a rejection: the rejecting camper
 * always moves next (an utterance, a deal of its own or a walk-away). Counted in the train and valid splits; the
 * protocol, played at random, must show exactly the same pattern: no camper speaks twice in a row except after its
 * own rejection, and after a rejection the rejecting camper always moves next.
 */
class CampsiteTurnsTest {

    /** The kinds of two consecutive turns by one camper, counted over the train and valid dialogues. */
    @Test
    void peopleSpeakTwiceInARowOnlyRightAfterTheirOwnRejection() {
        Map<String, Integer> twice = new TreeMap<>();
        int rejections = 0;
        int rejecterMovesNext = 0;
        for (CasinoDialogue d : TrainAndValid.dialogues()) {
            List<CasinoDialogue.Turn> turns = d.turns();
            for (int t = 1; t < turns.size(); t++) {
                CasinoDialogue.Turn before = turns.get(t - 1);
                CasinoDialogue.Turn now = turns.get(t);
                if (before.kind() == CasinoDialogue.Kind.REJECT) {
                    rejections++;
                    if (now.agent().equals(before.agent())) {
                        rejecterMovesNext++;
                    }
                }
                if (now.agent().equals(before.agent())) {
                    twice.merge(CasinoReplay.moveOf(before.kind()) + " then " + CasinoReplay.moveOf(now.kind()), 1,
                            Integer::sum);
                }
            }
        }
        // measured: 154 rejections followed by another turn in train+valid, each by the rejecting camper (86 of
        // them a new deal, 68 an utterance); no other turn is ever followed by the same camper's
        assertThat(twice).isEqualTo(Map.of("reject then say", 68, "reject then submit", 86));
        assertThat(rejecterMovesNext).isEqualTo(rejections).isEqualTo(154);
    }

    @Test
    void theProtocolLetsACamperSpeakTwiceOnlyAfterItsOwnRejectionAndThenAlways() {
        Domain domain = Campsite.domain();
        Scenario scenario = CampsiteScenarios.of(CasinoCorpus.load(CasinoCorpus.Split.VALID).get(0));
        SplittableRandom random = new SplittableRandom(7);
        Map<String, Integer> twice = new TreeMap<>();
        int rejections = 0;
        int moves = 0;
        for (int game = 0; game < 2_000; game++) {
            Dialogue engine = Dialogue.start(domain.protocol(), List.of(
                    new Participant("p0", domain.protocolPlayers().get(0)),
                    new Participant("p1", domain.protocolPlayers().get(1))));
            List<Message> transcript = new ArrayList<>();
            for (int step = 0; step < 12 && engine.status() == dev.parley.engine.DialogueStatus.ACTIVE; step++) {
                List<String> speakers = engine.speakers();
                assertThat(speakers).as("one speaker at a time").hasSize(1);
                String participant = speakers.get(0);
                int speaker = participant.equals("p0") ? 0 : 1;
                String other = "p" + (1 - speaker);
                assertThat(engine.legalMoves(other)).as("the camper whose turn it is not has no move").isEmpty();
                List<LegalMove> legal = engine.legalMoves(participant);
                LegalMove move = legal.get(random.nextInt(legal.size()));
                MoveContext context = new MoveContext(scenario, speaker, transcript);
                Map<String, Object> content = switch (move.moveId()) {
                    case Campsite.SAY -> CampsitePlanner.none();
                    case Campsite.SUBMIT -> randomDeal(random);
                    case Campsite.ACCEPT, Campsite.REJECT -> Map.of(Campsite.TERMS, CampsitePlanner.tableDeal(context));
                    default -> Map.of();
                };
                MoveOutcome outcome = engine.perform(participant, move.moveId(), Contents.reply(content),
                        move.target());
                assertThat(outcome.accepted()).as("%s by %s: %s", move.moveId(), participant, outcome.reason())
                        .isTrue();
                if (!transcript.isEmpty()) {
                    Message before = transcript.get(transcript.size() - 1);
                    if (before.moveId().equals(Campsite.REJECT)) {
                        rejections++;
                        assertThat(speaker).as("after a rejection the rejecting camper moves").isEqualTo(
                                before.speaker());
                    }
                    if (before.speaker() == speaker) {
                        twice.merge(before.moveId() + " then " + move.moveId(), 1, Integer::sum);
                    }
                }
                transcript.add(new Message(speaker, move.moveId(), content, move.moveId()));
                moves++;
            }
        }
        assertThat(moves).isGreaterThan(4_000);
        assertThat(rejections).isGreaterThan(200);
        // every pair the people show is admitted, and only the walk-away (which the people never used right
        // after their own rejection in train+valid, but the instructions allow at any turn) besides
        assertThat(twice.keySet()).containsExactlyInAnyOrder("reject then say", "reject then submit",
                "reject then walkaway");
    }

    private static Map<String, Object> randomDeal(SplittableRandom random) {
        int[] mine = new int[Items.COUNT];
        int[] yours = new int[Items.COUNT];
        for (int i = 0; i < Items.COUNT; i++) {
            mine[i] = random.nextInt(Items.PACKAGES + 1);
            yours[i] = Items.PACKAGES - mine[i];
        }
        return Map.of(Campsite.DEAL, Items.deal(mine, yours));
    }
}
