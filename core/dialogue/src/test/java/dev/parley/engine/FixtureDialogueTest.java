package dev.parley.engine;

import static org.assertj.core.api.Assertions.assertThat;

import dev.parley.dgdl.Fixtures;
import dev.parley.dgdl.Protocol;
import dev.parley.dgdl.ProtocolParser;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The two public fixtures run under the engine. */
class FixtureDialogueTest {

    private static final List<Participant> TESTGAME_PARTICIPANTS = List.of(
            new Participant("Test", "Test"), new Participant("Test#2", "Test"), new Participant("Test2", "Test2"));

    @Test
    void testgamePingPongsTestMoveWithTheContentCarriedOver() {
        Protocol p = ProtocolParser.load(Fixtures.dgdl("testgame.dgdl"));
        Dialogue d = Dialogue.start(p, TESTGAME_PARTICIPANTS, FixedExternalConditionResolver.always(true));
        assertThat(d.speakers()).containsExactly("Test2");
        assertThat(d.stores()).singleElement().satisfies(s -> assertThat(s.contents()).containsExactly("test"));
        assertThat(d.legalMoveIds("Test2")).containsExactly("TestMove");
        assertThat(d.legalMoveIds("Test")).isEmpty();
        LegalMove first = d.legalMoves("Test2").get(0);
        assertThat(first.reply()).containsExactly(Map.entry("p", "$p"));
        assertThat(first.opener()).isEqualTo("Test, $p");
        assertThat(first.targets()).containsExactly("Test", "Test#2");
        assertThat(first.target()).isNull();

        assertThat(d.perform("Test2", "TestMove", Map.of("p", "Hi!"), null).reason())
                .isEqualTo("TestMove: choose a target among [Test, Test#2]");
        MoveOutcome o = d.perform("Test2", "TestMove", Map.of("p", "Hi!"), "Test");
        assertThat(o.accepted()).isTrue();
        assertThat(o.move().orElseThrow().text()).isEqualTo("Test, Hi!");
        // assign(Target, speaker); move(add, next, TestMove, $Test2, {p}, Target)
        assertThat(d.speakers()).containsExactly("Test");
        assertThat(d.legalMoveIds("Test2")).isEmpty();
        assertThat(d.legalMoveIds("Test#2")).isEmpty();
        LegalMove back = d.legalMoves("Test").get(0);
        assertThat(back.reply()).containsExactly(Map.entry("p", "Hi!"));
        assertThat(back.target()).isEqualTo("Test2");
        assertThat(d.perform("Test", "TestMove", Map.of(), null).accepted()).isTrue();
        assertThat(d.speakers()).containsExactly("Test2");
        assertThat(d.legalMoves("Test2").get(0).reply()).containsExactly(Map.entry("p", "Hi!"));
        assertThat(d.history()).extracting(PerformedMove::speaker).containsExactly("Test2", "Test");
    }

    @Test
    void testgameWithTheExternalConditionFalseOffersNothing() {
        Protocol p = ProtocolParser.load(Fixtures.dgdl("testgame.dgdl"));
        Dialogue d = Dialogue.start(p, TESTGAME_PARTICIPANTS, FixedExternalConditionResolver.always(false));
        for (Participant q : d.participants()) {
            assertThat(d.legalMoveIds(q.id())).isEmpty();
        }
        assertThat(d.stores().get(0).contents()).isEmpty();
    }

    @Test
    void agenttestOffersFirstMoveToEveryAgentUnderLiberalTurnTaking() {
        Protocol p = ProtocolParser.load(Fixtures.dgdl("agenttest.dgdl"));
        List<Participant> ps = p.players().stream().map(pl -> new Participant(pl.id(), pl.id())).toList();
        Dialogue d = Dialogue.start(p, ps);
        for (Participant q : ps) {
            assertThat(d.legalMoveIds(q.id())).containsExactly("FirstMove");
            assertThat(d.legalMoves(q.id()).get(0).target()).isEqualTo("User");
            assertThat(d.legalMoves(q.id()).get(0).opener()).isEqualTo("This is a dialogue move");
        }
        for (int i = 0; i < 3; i++) {
            MoveOutcome o = d.perform(ps.get(i).id(), "FirstMove", Map.of(), null);
            assertThat(o.accepted()).isTrue();
            assertThat(o.move().orElseThrow().target()).isEqualTo("User");
        }
        for (Participant q : ps) {
            assertThat(d.legalMoveIds(q.id())).containsExactly("FirstMove");
        }
        assertThat(d.history()).hasSize(3);
    }
}
