package dev.parley.domain.campsite;

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
import java.util.Optional;

/**
 * Replays a recorded CaSiNo dialogue through the protocol engine and the domain's content rules, then scores it
 * with the exact scorer. Free utterances become {@code say} moves whose content names nothing (the corpus records
 * only their words); a {@code Submit-Deal} becomes a {@code submit} whose deal is read exactly from its
 * {@code task_data}; {@code Accept-Deal} and {@code Reject-Deal} name the deal on the table.
 */
public final class CasinoReplay {

    /**
     * The result of one replay.
     *
     * @param problem  why the dialogue could not be replayed (an illegal move, infeasible content), or empty
     * @param computed the scorer's points, player order (the first speaker first); null when it could not be replayed
     * @param recorded the recorded {@code points_scored}, player order
     */
    public record Result(int dialogueId, Scenario scenario, List<Message> transcript, Optional<String> problem,
                         double[] computed, int[] recorded) {

        /** Legal throughout, and the scorer's points equal the recorded ones for both campers. */
        public boolean matches() {
            return problem.isEmpty() && computed != null && computed[0] == recorded[0] && computed[1] == recorded[1];
        }
    }

    private CasinoReplay() {
    }

    /** The move a corpus turn is in the protocol. */
    public static String moveOf(CasinoDialogue.Kind kind) {
        return switch (kind) {
            case UTTERANCE -> Campsite.SAY;
            case SUBMIT -> Campsite.SUBMIT;
            case ACCEPT -> Campsite.ACCEPT;
            case REJECT -> Campsite.REJECT;
            case WALK_AWAY -> Campsite.WALK_AWAY;
        };
    }

    /** Replays one dialogue on the campsite domain. */
    public static Result replay(CasinoDialogue d) {
        Domain domain = Campsite.domain();
        Scenario scenario = CampsiteScenarios.of(d);
        String first = d.firstSpeaker();
        int[] recorded = {d.campers().get(first).points(), d.campers().get(d.other(first)).points()};
        List<Participant> participants = List.of(new Participant("p0", domain.protocolPlayers().get(0)),
                new Participant("p1", domain.protocolPlayers().get(1)));
        Dialogue engine = Dialogue.start(domain.protocol(), participants);
        List<Message> transcript = new ArrayList<>();
        for (int t = 0; t < d.turns().size(); t++) {
            CasinoDialogue.Turn turn = d.turns().get(t);
            int speaker = turn.agent().equals(first) ? 0 : 1;
            String moveId = moveOf(turn.kind());
            MoveContext context = new MoveContext(scenario, speaker, transcript);
            Map<String, Object> content = switch (turn.kind()) {
                case UTTERANCE -> CampsitePlanner.none();
                case SUBMIT -> Map.of(Campsite.DEAL, Items.deal(turn.mine(), turn.yours()));
                case ACCEPT, REJECT -> Map.of(Campsite.TERMS, CampsitePlanner.tableDeal(context));
                case WALK_AWAY -> Map.of();
            };
            String where = "turn " + (t + 1) + " (" + moveId + " by " + turn.agent() + ")";
            Optional<String> infeasible = domain.content().rules().infeasible(moveId, content, context);
            if (infeasible.isPresent()) {
                return new Result(d.id(), scenario, transcript, Optional.of(where + ": " + infeasible.get()), null,
                        recorded);
            }
            String participant = "p" + speaker;
            Optional<LegalMove> legal = engine.legalMoves(participant).stream()
                    .filter(m -> m.moveId().equals(moveId)).findFirst();
            if (legal.isEmpty()) {
                return new Result(d.id(), scenario, transcript, Optional.of(where + ": not a legal move now (legal: "
                        + engine.legalMoveIds(participant) + ")"), null, recorded);
            }
            MoveOutcome outcome = engine.perform(participant, moveId, Contents.reply(content), legal.get().target());
            if (!outcome.accepted()) {
                return new Result(d.id(), scenario, transcript, Optional.of(where + ": the engine refused it: "
                        + outcome.reason()), null, recorded);
            }
            transcript.add(new Message(speaker, moveId, content, turn.text()));
        }
        return new Result(d.id(), scenario, transcript, Optional.empty(),
                domain.scorer().score(scenario, transcript), recorded);
    }
}
