package dev.parley.engine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.parley.dgdl.Protocol;
import dev.parley.dgdl.ProtocolParser;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

public class DialogueTest {

    /** A small protocol using most of DGDL; also the HTTP resolver's fixture in the app module. */
    public static final String MINI = """
            game(id:Mini){
              roles(Proponent, Opponent)
              participants(min:2, max:2)
              player(id:P, roles:{Proponent}, min:1, max:1)
              player(id:O, roles:{Opponent}, min:1, max:1)
              store(id:CSP, owner:P, structure:set, visibility:public)
              store(id:CSO, owner:O, structure:set, visibility:public)
              store(id:Notes, owner:O, structure:stack, visibility:private, {"seed"})
              store(id:Log, owner:{P, O}, structure:queue, visibility:public)
              turntaking(strict)
              backtracking(on)
              extURI(id:Oracle, uri:"http://127.0.0.1:9/oracle")
              rule(id:Start, scope:initial){
                assign(P, speaker);
                move(add, next, Claim, $O, P);
                move(add, next, Risky, P);
              }
              rule(id:EveryMove, scope:movewise){ store(add, {"move"}, Log); }
              rule(id:EveryTurn, scope:turnwise){ store(add, {"turn"}, Log); }
              interaction(id:Claim, addressee:O, content:{p}, opener:"I claim $p"){
                store(add, {p}, CSP);
                assign(O, speaker);
                move(add, next, Why, $P, {p}, O);
                move(add, next, Concede, $P, {p}, O);
                move(add, future, Claim, $O, P);
              }
              interaction(id:Why, content:{p}, opener:"Why is it that $p?"){
                assign(P, speaker);
                move(add, next, Argue, $O, {p}, P);
                move(add, next, Retract, $O, {p}, P);
              }
              interaction(id:Argue, content:{p, q}, opener:"$p because $q"){
                store(add, {q}, CSP);
                assign(O, speaker);
                move(add, next, Concede, $P, {p}, O);
                if(uriTest(Oracle)){ store(add, {"oracle agreed"}, Notes); }
              }
              interaction(id:Concede, content:{p}, opener:"I concede $p"){
                store(add, {p}, CSO);
                store(add, {p}, Notes);
                if(inspect(in, {p}, CSP) && event(past, Why, {p}, O)){
                  status(complete, Mini);
                } else {
                  assign(P, speaker);
                  move(add, next, Claim, $O, P);
                }
              }
              interaction(id:Retract, content:{p}, opener:"I retract $p"){
                store(remove, {p}, CSP);
                status(terminate, Mini);
              }
              interaction(id:Risky, content:{p}){
                store(add, {p}, CSP);
                assign(O, speaker);
                move(add, next, Why, $P, {p}, O);
                assign(Target, speaker);
              }
            }
            """;

    static Protocol mini() {
        return ProtocolParser.load(MINI, "mini.dgdl");
    }

    static Dialogue miniDialogue(ExternalConditionResolver r) {
        return Dialogue.start(mini(), List.of(new Participant("P", "P"), new Participant("O", "O")), r);
    }

    private static Map<String, List<String>> stores(Dialogue d) {
        Map<String, List<String>> m = new java.util.LinkedHashMap<>();
        d.stores().forEach(s -> m.put(s.id(), s.contents()));
        return m;
    }

    @Test
    void initialRulesGiveTheFirstMovesUnderStrictTurnTaking() {
        Dialogue d = miniDialogue(FixedExternalConditionResolver.always(true));
        assertThat(d.speakers()).containsExactly("P");
        assertThat(d.legalMoveIds("P")).containsExactly("Claim", "Risky");
        assertThat(d.legalMoveIds("O")).isEmpty();
        LegalMove claim = d.legalMoves("P").get(0);
        assertThat(claim.reply()).containsExactly(Map.entry("p", "$p"));
        assertThat(claim.opener()).isEqualTo("I claim $p");
        assertThat(claim.target()).isEqualTo("O");
        assertThat(d.roles("P")).containsExactly("Proponent", "speaker");
        assertThat(stores(d)).containsEntry("Notes", List.of("seed")).containsEntry("Log", List.of());
    }

    @Test
    void aScriptedPersuasionRunsWithContentCarriedForward() {
        Dialogue d = miniDialogue(FixedExternalConditionResolver.always(true));
        MoveOutcome o = d.perform("P", "Claim", Map.of("p", "cats are nice"), null);
        assertThat(o.accepted()).isTrue();
        assertThat(o.move().orElseThrow().text()).isEqualTo("I claim cats are nice");
        assertThat(o.move().orElseThrow().target()).isEqualTo("O");
        assertThat(d.speakers()).containsExactly("O");
        assertThat(d.legalMoveIds("P")).isEmpty();
        assertThat(d.legalMoveIds("O")).containsExactly("Why", "Concede");
        assertThat(d.legalMoves("O").get(0).reply()).containsExactly(Map.entry("p", "cats are nice"));
        assertThat(d.legalMoves("O").get(0).opener()).isEqualTo("Why is it that cats are nice?");
        assertThat(d.futureMoves("P")).extracting(MoveTemplate::moveId).containsExactly("Claim");
        // speaker changed: movewise then turnwise rule
        assertThat(stores(d)).containsEntry("CSP", List.of("cats are nice")).containsEntry("Log",
                List.of("move", "turn"));

        assertThat(d.perform("O", "Why", Map.of(), null).accepted()).isTrue();
        assertThat(d.legalMoveIds("P")).containsExactly("Argue", "Retract");
        MoveOutcome argue = d.perform("P", "Argue", Map.of("p", "cats are nice", "q", "they purr"), null);
        assertThat(argue.accepted()).isTrue();
        assertThat(argue.move().orElseThrow().text()).isEqualTo("cats are nice because they purr");
        assertThat(stores(d).get("CSP")).containsExactly("cats are nice", "they purr");
        assertThat(stores(d).get("Notes")).containsExactly("seed", "oracle agreed");

        assertThat(d.perform("O", "Concede", Map.of("p", "cats are nice"), null).accepted()).isTrue();
        // CSP holds p and O asked Why p: the dialogue completes
        assertThat(d.status()).isEqualTo(DialogueStatus.COMPLETE);
        assertThat(d.legalMoveIds("P")).isEmpty();
        assertThat(d.legalMoveIds("O")).isEmpty();
        assertThat(stores(d).get("CSO")).containsExactly("cats are nice");
        // the closing Concede keeps O as speaker: a move but no new turn
        assertThat(stores(d).get("Log")).containsExactly("move", "turn", "move", "turn", "move", "turn", "move");
        assertThat(d.perform("P", "Claim", Map.of("p", "x"), null).reason()).isEqualTo(
                "the dialogue is complete; no move can be made");
        assertThat(d.history()).extracting(PerformedMove::moveId).containsExactly("Claim", "Why", "Argue", "Concede");
    }

    @Test
    void illegalMovesAreRejectedWithTheReasonAndChangeNothing() {
        Dialogue d = miniDialogue(FixedExternalConditionResolver.always(true));
        String before = DialogueJson.save(d);
        assertThat(d.perform("O", "Why", Map.of("p", "x"), null).reason())
                .isEqualTo("it is not O's turn: the speaker is P");
        assertThat(d.perform("P", "Why", Map.of("p", "x"), null).reason())
                .isEqualTo("Why is not a legal move for P now (legal: [Claim, Risky])");
        assertThat(d.perform("P", "Nope", Map.of(), null).reason()).isEqualTo("protocol Mini has no move Nope");
        assertThat(d.perform("P", "Claim", Map.of(), null).reason())
                .isEqualTo("Claim: the reply needs a value for content variable p");
        assertThat(d.perform("P", "Claim", Map.of("p", "$p"), null).reason())
                .isEqualTo("Claim: the reply needs a value for content variable p");
        assertThat(d.perform("P", "Claim", Map.of("x", "1"), null).reason())
                .isEqualTo("Claim has no content variable x (content: [p])");
        assertThat(d.perform("P", "Claim", Map.of("p", "a"), "P").reason())
                .isEqualTo("Claim: the target must be O, not P");
        assertThat(d.perform("P", "Claim", Map.of("p", "a"), "Z").reason())
                .isEqualTo("Claim: unknown target; the target must be O");
        assertThat(d.perform("Z", "Claim", Map.of("p", "a"), null).reason()).startsWith("unknown participant Z");
        assertThat(DialogueJson.save(d)).isEqualTo(before);

        d.perform("P", "Claim", Map.of("p", "cats are nice"), null);
        assertThat(d.perform("O", "Why", Map.of("p", "dogs"), null).reason())
                .isEqualTo("Why: content variable p is fixed to 'cats are nice' by the protocol, not 'dogs'");
    }

    @Test
    void aFailingEffectRollsTheWholeMoveBackExactly() {
        Dialogue d = miniDialogue(FixedExternalConditionResolver.always(true));
        String before = DialogueJson.save(d);
        // Risky adds to CSP, gives O the floor and pushes a move before it reaches assign(Target, ..) without target
        MoveOutcome o = d.perform("P", "Risky", Map.of("p", "x"), null);
        assertThat(o.accepted()).isFalse();
        assertThat(o.reason()).isEqualTo(
                "Risky by P was rolled back: line 56:5: Target is used but the move has no target");
        assertThat(DialogueJson.save(d)).isEqualTo(before);
        assertThat(d.history()).isEmpty();
        assertThat(d.speakers()).containsExactly("P");
        assertThat(d.legalMoveIds("P")).containsExactly("Claim", "Risky");
        assertThat(stores(d).get("CSP")).isEmpty();
        assertThat(stores(d).get("Log")).isEmpty();

        // the same move with a target succeeds
        assertThat(d.perform("P", "Risky", Map.of("p", "x"), "O").accepted()).isTrue();
        assertThat(d.speakers()).containsExactly("O");
        assertThat(stores(d).get("CSP")).containsExactly("x");
    }

    @Test
    void anUndecidableExternalConditionRollsBackAndFalseTakesTheOtherBranch() {
        Dialogue d = miniDialogue(new FixedExternalConditionResolver(Map.of(), null));
        d.perform("P", "Claim", Map.of("p", "c"), null);
        d.perform("O", "Why", Map.of(), null);
        String before = DialogueJson.save(d);
        MoveOutcome o = d.perform("P", "Argue", Map.of("q", "r"), null);
        assertThat(o.reason()).isEqualTo(
                "Argue by P was rolled back: line 36:8: external condition Oracle has no configured value");
        assertThat(DialogueJson.save(d)).isEqualTo(before);

        Dialogue no = miniDialogue(new FixedExternalConditionResolver(Map.of("Oracle", false), null));
        no.perform("P", "Claim", Map.of("p", "c"), null);
        no.perform("O", "Why", Map.of(), null);
        assertThat(no.perform("P", "Argue", Map.of("q", "r"), null).accepted()).isTrue();
        assertThat(stores(no).get("Notes")).containsExactly("seed");
    }

    @Test
    void backtrackingServesTheFutureListWhenNextIsEmpty() {
        Dialogue d = miniDialogue(FixedExternalConditionResolver.always(true));
        d.perform("P", "Claim", Map.of("p", "a"), null);
        d.perform("O", "Why", Map.of(), null);
        // Retract terminates: but first check what P could do: Argue/Retract from next
        assertThat(d.legalMoveIds("P")).containsExactly("Argue", "Retract");
        assertThat(d.futureMoves("P")).extracting(MoveTemplate::moveId).containsExactly("Claim");
        d.perform("P", "Argue", Map.of("q", "b"), null);
        // O concedes a: CSP holds a and O asked why a -> complete; instead test future with a fresh dialogue below
        Dialogue e = miniDialogue(FixedExternalConditionResolver.always(true));
        e.perform("P", "Claim", Map.of("p", "a"), null);
        // make O's and P's next lists empty: O concedes a without a Why -> P gets Claim again via next
        e.perform("O", "Concede", Map.of(), null);
        assertThat(e.status()).isEqualTo(DialogueStatus.ACTIVE);
        assertThat(e.nextMoves("P")).extracting(MoveTemplate::moveId).containsExactly("Claim");
        assertThat(e.futureMoves("P")).extracting(MoveTemplate::moveId).containsExactly("Claim");
    }

    @Test
    void privateStoresAreShownOnlyToTheirOwners() {
        Dialogue d = miniDialogue(FixedExternalConditionResolver.always(true));
        assertThat(d.stores("O")).extracting(StoreView::id).containsExactly("CSP", "CSO", "Notes", "Log");
        assertThat(d.stores("P")).extracting(StoreView::id).containsExactly("CSP", "CSO", "Log");
        assertThat(d.stores()).extracting(StoreView::id).containsExactly("CSP", "CSO", "Notes", "Log");
    }

    @Test
    void playerAndParticipantBoundsAreEnforcedAtStart() {
        Protocol p = mini();
        assertThatThrownBy(() -> Dialogue.start(p, List.of(new Participant("P", "P"))))
                .isInstanceOf(DialogueException.class)
                .hasMessage("player O needs at least 1 participant(s); 0 joined");
        assertThatThrownBy(() -> Dialogue.start(p, List.of(new Participant("P", "P"), new Participant("P2", "P"),
                new Participant("O", "O"))))
                .isInstanceOf(DialogueException.class)
                .hasMessage("player P allows at most 1 participant(s); P2 would be number 2");
        assertThatThrownBy(() -> Dialogue.start(p, List.of(new Participant("P", "X"))))
                .isInstanceOf(DialogueException.class)
                .hasMessageStartingWith("participant P: protocol Mini has no player X");
        assertThatThrownBy(() -> Dialogue.start(p, List.of(new Participant("P", "P"), new Participant("P", "O"))))
                .isInstanceOf(DialogueException.class).hasMessage("participant id P is used twice");
    }

    @Test
    void saveAndRestoreContinuesExactlyTheSame() {
        Dialogue a = miniDialogue(FixedExternalConditionResolver.always(true));
        a.perform("P", "Claim", Map.of("p", "cats are nice"), null);
        a.perform("O", "Why", Map.of(), null);
        String saved = DialogueJson.save(a);
        Dialogue b = DialogueJson.restore(saved, FixedExternalConditionResolver.always(true));
        assertThat(DialogueJson.save(b)).isEqualTo(saved);
        for (String p : List.of("P", "O")) {
            assertThat(b.legalMoves(p)).isEqualTo(a.legalMoves(p));
        }
        assertThat(b.history()).isEqualTo(a.history());
        assertThat(b.aif()).isEqualTo(a.aif());
        MoveOutcome oa = a.perform("P", "Argue", Map.of("q", "they purr"), null);
        MoveOutcome ob = b.perform("P", "Argue", Map.of("q", "they purr"), null);
        assertThat(ob).isEqualTo(oa);
        assertThat(DialogueJson.save(b)).isEqualTo(DialogueJson.save(a));
        assertThat(b.legalMoves("O")).isEqualTo(a.legalMoves("O"));
    }

    @Test
    void restoreRejectsBrokenState() {
        assertThatThrownBy(() -> DialogueJson.restore("{\"format\": 1", FixedExternalConditionResolver.always(true)))
                .isInstanceOf(DialogueException.class).hasMessageStartingWith("not a saved dialogue");
        String saved = DialogueJson.save(miniDialogue(FixedExternalConditionResolver.always(true)));
        assertThatThrownBy(() -> DialogueJson.restore(saved.replace("\"format\" : 1", "\"format\" : 9"),
                FixedExternalConditionResolver.always(true)))
                .isInstanceOf(DialogueException.class).hasMessageContaining("format 9");
    }

    @Test
    void whatIfShowsTheOutcomeAndTheStateAfterThenRollsBack() {
        Dialogue d = miniDialogue(FixedExternalConditionResolver.always(true));
        String before = DialogueJson.save(d);
        List<String> after = d.whatIf("P", "Claim", Map.of("p", "a"), null, (o, view) -> {
            assertThat(o.accepted()).isTrue();
            assertThatThrownBy(() -> view.perform("O", "Why", Map.of(), null))
                    .isInstanceOf(IllegalStateException.class);
            return view.legalMoveIds("O");
        });
        assertThat(after).containsExactly("Why", "Concede");
        assertThat(DialogueJson.save(d)).isEqualTo(before);
        String reason = d.whatIf("O", "Why", Map.of(), null, (o, view) -> o.reason());
        assertThat(reason).isEqualTo("it is not O's turn: the speaker is P");
        MoveOutcome probed = d.whatIf("P", "Claim", Map.of("p", "a"), null, (o, view) -> o);
        assertThat(d.perform("P", "Claim", Map.of("p", "a"), null)).isEqualTo(probed);
    }
}
