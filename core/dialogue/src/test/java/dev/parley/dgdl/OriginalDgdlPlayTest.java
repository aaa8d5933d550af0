package dev.parley.dgdl;

import static org.assertj.core.api.Assertions.assertThat;

import dev.parley.engine.Dialogue;
import dev.parley.engine.DialogueStatus;
import dev.parley.engine.MoveOutcome;
import dev.parley.engine.Participant;
import dev.parley.engine.StoreView;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Games of Wells and Reed's original DGDL played by the engine through their translation: the permissive default
 * (every move legal after one that mandates nothing), mandates and their alternatives, per-owner stores named by
 * speaker and listener, guarded effects, strict alternation of the floor. The games are written for Parley from
 * the published syntax.
 */
class OriginalDgdlPlayTest {

    private static Protocol fixture(String name) throws IOException {
        try (InputStream in = OriginalDgdlPlayTest.class.getResourceAsStream("/fixtures/dgdl/original/" + name)) {
            return ProtocolParser.parse(new String(in.readAllBytes(), StandardCharsets.UTF_8), name);
        }
    }

    private static List<String> store(Dialogue d, String id) {
        return d.stores().stream().filter(s -> s.id().equals(id)).findFirst().map(StoreView::contents)
                .orElseThrow();
    }

    private static void accepted(MoveOutcome o) {
        assertThat(o.accepted()).as(o.reason()).isTrue();
    }

    @Test
    void assertionCommitsBothPlayersAndTheFloorAlternates() throws IOException {
        Dialogue d = Dialogue.start(fixture("assertion.dgdl"),
                List.of(new Participant("ann", "Ann"), new Participant("bob", "Bob")));
        // the first declared player opens, with every move; the other waits
        assertThat(d.legalMoveIds("ann")).containsExactly("Assert");
        assertThat(d.legalMoveIds("bob")).isEmpty();
        accepted(d.perform("ann", "Assert", Map.of("p", "it rains"), null));
        assertThat(store(d, "Commitments.Ann")).containsExactly("it rains");
        assertThat(store(d, "Commitments.Bob")).containsExactly("it rains");
        assertThat(d.history().get(0).text()).isEqualTo("I claim that it rains");
        // strict ordering: the floor passes, and Ann cannot move twice running
        assertThat(d.legalMoveIds("ann")).isEmpty();
        assertThat(d.perform("ann", "Assert", Map.of("p", "again"), null).reason())
                .isEqualTo("it is not ann's turn: the speaker is bob");
        accepted(d.perform("bob", "Assert", Map.of("p", "it is cold"), null));
        assertThat(store(d, "Commitments.Ann")).containsExactly("it rains", "it is cold");
        assertThat(d.speakers()).containsExactly("ann");
    }

    @Test
    void inquiryFollowsMandatesAndOtherwiseLeavesEveryMoveOpen() throws IOException {
        Protocol p = fixture("inquiry.dgdl");
        assertThat(ProtocolChecker.check(p)).noneMatch(x -> x.message().startsWith("not implemented"))
                .noneMatch(x -> x.severity() == Diagnostic.Severity.ERROR);
        Dialogue d = Dialogue.start(p, List.of(new Participant("asker", "Asker"), new Participant("teller",
                "Teller")));
        List<String> every = List.of("Question", "Answer", "Challenge", "Ground", "Retract", "Pass", "Concede");
        assertThat(d.legalMoveIds("asker")).containsExactlyElementsOf(every);
        assertThat(d.legalMoveIds("teller")).isEmpty();

        // a question's three alternatives are the only replies, with their content fixed
        accepted(d.perform("asker", "Question", Map.of("p", "rain"), null));
        assertThat(d.legalMoveIds("teller")).containsExactly("Answer", "Pass");
        assertThat(d.legalMoves("teller")).extracting(m -> m.moveId() + " " + m.reply().get("p"))
                .containsExactly("Answer rain", "Answer !rain", "Pass rain");
        assertThat(d.perform("teller", "Challenge", Map.of("p", "rain"), null).reason())
                .startsWith("Challenge is not a legal move for teller now (legal: [Answer, Pass])");
        assertThat(d.perform("teller", "Answer", Map.of("p", "sun"), null).accepted()).isFalse();
        accepted(d.perform("teller", "Answer", Map.of("p", "!rain"), null));
        assertThat(store(d, "CS.Teller")).containsExactly("!rain");
        assertThat(store(d, "CS.Asker")).isEmpty();

        // an answer mandates nothing: every move is open to the asker again
        assertThat(d.legalMoveIds("asker")).containsExactlyElementsOf(every);
        // challenging what the teller holds mandates grounds or a retraction of it
        accepted(d.perform("asker", "Challenge", Map.of("p", "!rain"), null));
        assertThat(d.legalMoves("teller")).extracting(m -> m.moveId() + " " + m.reply().get("p"))
                .containsExactly("Ground !rain", "Retract !rain");
        accepted(d.perform("teller", "Ground", Map.of("q", "the roads are dry"), null));
        assertThat(store(d, "CS.Teller")).containsExactly("!rain", "the roads are dry");

        // challenging what the teller does not hold mandates nothing: the condition fails, the default applies
        accepted(d.perform("asker", "Challenge", Map.of("p", "snow"), null));
        assertThat(d.legalMoveIds("teller")).containsExactlyElementsOf(every);
        // the guard of an answer: one already held is not stored twice, and the move stays legal
        accepted(d.perform("teller", "Answer", Map.of("p", "!rain"), null));
        assertThat(store(d, "CS.Teller")).containsExactly("!rain", "the roads are dry");
        accepted(d.perform("asker", "Retract", Map.of("p", "nothing held"), null));
        accepted(d.perform("teller", "Retract", Map.of("p", "!rain"), null));
        assertThat(store(d, "CS.Teller")).containsExactly("the roads are dry");
        accepted(d.perform("asker", "Concede", Map.of("p", "the roads are dry"), null));
        assertThat(store(d, "CS.Asker")).containsExactly("the roads are dry");
        assertThat(d.status()).isEqualTo(DialogueStatus.COMPLETE);
        assertThat(d.legalMoveIds("teller")).isEmpty();
    }

    @Test
    void threePlayersTakeTheFloorInDeclarationOrderAndSpeakerNamesEachOwnStore() {
        Protocol p = ProtocolParser.parse("Round{\n{turns,magnitude:single,ordering:strict}\n{player,id:A}\n"
                + "{player,id:B}\n{player,id:C}\n{store,id:S,owner:A}\n{store,id:S,owner:B}\n{store,id:S,owner:C}\n"
                + "{Say,{p},\"\",{store(add,{p},S,speaker)}}\n}", "round.dgdl");
        Dialogue d = Dialogue.start(p, List.of(new Participant("a", "A"), new Participant("b", "B"),
                new Participant("c", "C")));
        for (String who : List.of("a", "b", "c", "a")) {
            assertThat(d.speakers()).containsExactly(who);
            accepted(d.perform(who, "Say", Map.of("p", who + d.history().size()), null));
        }
        assertThat(store(d, "S.A")).containsExactly("a0", "a3");
        assertThat(store(d, "S.B")).containsExactly("b1");
        assertThat(store(d, "S.C")).containsExactly("c2");
    }

    @Test
    void liberalOrderingLetsAnyoneMoveAndPermitAddsWithoutRestricting() {
        Protocol p = ProtocolParser.parse("Open{\n{turns,magnitude:single,ordering:liberal}\n{player,id:A}\n"
                + "{player,id:B}\n{store,id:Pool,owner:shared}\n"
                + "{Propose,{p},\"I propose\",{store(add,{p},Pool) & move(permit, next, Accept, {p})}}\n"
                + "{Accept,{p},\"I accept\",{if {inspect(in,{p},Pool)} then {status(complete,Open)}}}\n}",
                "open.dgdl");
        assertThat(p.store("Pool").orElseThrow().owners()).containsExactly("A", "B");
        Dialogue d = Dialogue.start(p, List.of(new Participant("a", "A"), new Participant("b", "B")));
        assertThat(d.legalMoveIds("a")).containsExactly("Propose", "Accept");
        assertThat(d.legalMoveIds("b")).containsExactly("Propose", "Accept");
        accepted(d.perform("a", "Propose", Map.of("p", "lunch"), null));
        // a permit adds a bound Accept beside every move; a may even move again
        assertThat(d.legalMoves("b")).extracting(m -> m.moveId() + " " + m.reply().get("p"))
                .containsExactly("Accept lunch", "Propose $p", "Accept $p");
        accepted(d.perform("a", "Accept", Map.of("p", "dinner"), null));
        assertThat(d.status()).isEqualTo(DialogueStatus.ACTIVE);
        accepted(d.perform("b", "Accept", Map.of("p", "lunch"), null));
        assertThat(d.status()).isEqualTo(DialogueStatus.COMPLETE);
    }
}
