package dev.parley.engine;

import static org.assertj.core.api.Assertions.assertThat;

import dev.parley.dgdl.Protocol;
import dev.parley.dgdl.ProtocolParser;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Three semantics where Parley now follows both DGEP implementations: content binds by position, a move played
 * from the future list stays there (until move(delete, future, ...)), and under strict turn taking nobody moves when
 * nobody holds the floor.
 */
class DgepSemanticsTest {

    private static Dialogue start(String text) {
        Protocol p = ProtocolParser.load(text, "t.dgdl");
        return Dialogue.start(p, List.of(new Participant("A", "A"), new Participant("B", "B")));
    }

    private static final String HEAD = """
            game(id:T){
              roles(RA, RB)
              participants(min:2, max:2)
              player(id:A, roles:{RA}, min:1, max:1)
              player(id:B, roles:{RB}, min:1, max:1)
            """;

    @Test
    void pushedContentBindsByPositionSoASideSwapCanBeWritten() {
        Dialogue d = start(HEAD + """
                  turntaking(liberal)
                  backtracking(off)
                  rule(id:Open, scope:initial){ move(add, next, Offer, $B, A); }
                  interaction(id:Offer, addressee:B, content:{g, h}, opener:"I give $g for $h"){
                    move(add, next, Accept, $A, {h, g}, B);
                  }
                  interaction(id:Accept, content:{g, h}, opener:"I give $g for $h"){ }
                }
                """);
        assertThat(d.perform("A", "Offer", Map.of("g", "apples", "h", "kiwis"), null).accepted()).isTrue();
        LegalMove accept = d.legalMoves("B").get(0);
        // By name, {h, g} would mean {g, h}: B would "give apples for kiwis", A's own side of the deal.
        assertThat(accept.reply()).containsExactly(Map.entry("g", "kiwis"), Map.entry("h", "apples"));
        assertThat(accept.opener()).isEqualTo("I give kiwis for apples");
    }

    private static final String FUTURE = HEAD + """
              turntaking(liberal)
              backtracking(on)
              rule(id:Open, scope:initial){ move(add, future, Ping, A); }
              interaction(id:Ping, opener:"ping"){ %s }
            }
            """;

    @Test
    void aMovePlayedFromTheFutureListStaysThere() {
        Dialogue d = start(FUTURE.formatted(""));
        assertThat(d.legalMoveIds("A")).containsExactly("Ping");
        assertThat(d.perform("A", "Ping", Map.of(), null).accepted()).isTrue();
        assertThat(d.futureMoves("A")).extracting(MoveTemplate::moveId).containsExactly("Ping");
        assertThat(d.legalMoveIds("A")).containsExactly("Ping");
    }

    @Test
    void anExplicitDeleteRemovesAFutureMove() {
        Dialogue d = start(FUTURE.formatted("move(delete, future, Ping, Speaker);"));
        assertThat(d.perform("A", "Ping", Map.of(), null).accepted()).isTrue();
        assertThat(d.futureMoves("A")).isEmpty();
        assertThat(d.legalMoveIds("A")).isEmpty();
    }

    @Test
    void strictTurnsWithNobodyHoldingTheFloorLetNobodyMove() {
        Dialogue d = start(HEAD + """
                  turntaking(strict)
                  backtracking(off)
                  rule(id:Open, scope:initial){ move(add, next, Say, A); move(add, next, Say, B); }
                  interaction(id:Say, opener:"hello"){ }
                }
                """);
        assertThat(d.speakers()).isEmpty();
        assertThat(d.legalMoveIds("A")).isEmpty();
        assertThat(d.legalMoveIds("B")).isEmpty();
        MoveOutcome o = d.perform("A", "Say", Map.of(), null);
        assertThat(o.accepted()).isFalse();
        assertThat(o.reason()).isEqualTo("it is not A's turn: nobody holds the role speaker");
    }

    @Test
    void anUnknownTargetIsNotEchoedBack() {
        Dialogue d = start(HEAD + """
                  turntaking(liberal)
                  backtracking(off)
                  rule(id:Open, scope:initial){ move(add, next, Say, A); }
                  interaction(id:Say, addressee:Listener, opener:"hello"){ }
                }
                """);
        MoveOutcome o = d.perform("A", "Say", Map.of(), "s3cr3t-token-the-client-sent");
        assertThat(o.accepted()).isFalse();
        assertThat(o.reason()).isEqualTo("Say: unknown target; the target must be one of [A, B]")
                .doesNotContain("s3cr3t");
    }
}
