package dev.parley.dgdl;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.parley.engine.Dialogue;
import dev.parley.engine.Participant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Deep nesting is refused in one located line (never a StackOverflowError); nesting within the bound runs. */
public class DeepNestingTest {

    /** A two-player protocol whose Say interaction nests {@code depth} conditionals, the innermost adding p. */
    public static String nested(int depth) {
        StringBuilder body = new StringBuilder();
        for (int i = 0; i < depth; i++) {
            body.append("if(inrole(Speaker, A)){ ");
        }
        body.append("store(add, {p}, CS);");
        for (int i = 0; i < depth; i++) {
            body.append(" }");
        }
        return """
                game(id:Deep){
                  roles(A, B)
                  participants(min:2, max:2)
                  player(id:A, roles:{A}, min:1, max:1)
                  player(id:B, roles:{B}, min:1, max:1)
                  store(id:CS, owner:{A, B}, structure:set, visibility:public)
                  turntaking(liberal)
                  backtracking(off)
                  rule(id:Open, scope:initial){ move(add, next, Say, $B, A); }
                  interaction(id:Say, content:{p}, opener:"$p"){
                    %s
                  }
                }
                """.formatted(body);
    }

    @Test
    void twoThousandLevelsAreRefusedAtTheBracketThatGoesTooDeep() {
        assertThatThrownBy(() -> ProtocolParser.load(nested(2_000), "deep.dgdl"))
                .isInstanceOf(DgdlSyntaxException.class)
                .hasMessageStartingWith("deep.dgdl:11:")
                .hasMessageContaining("nest more than " + ProtocolParser.MAX_NESTING + " levels deep");
    }

    @Test
    void nestingUpToTheBoundParsesChecksAndRuns() {
        // The game's and the interaction's braces count too, and each level opens two parentheses on the way.
        Protocol p = ProtocolParser.load(nested(ProtocolParser.MAX_NESTING - 4), "deep.dgdl");
        Dialogue d = Dialogue.start(p, List.of(new Participant("A", "A"), new Participant("B", "B")));
        assertThat(d.perform("A", "Say", Map.of("p", "deep"), null).accepted()).isTrue();
        assertThat(d.stores().get(0).contents()).containsExactly("deep");
    }

    @Test
    void aNumberTooLargeForAnIntIsASyntaxErrorNotAnInternalError() {
        String text = nested(1).replace("min:2, max:2", "min:2, max:99999999999999999999");
        assertThatThrownBy(() -> ProtocolParser.load(text, "big.dgdl"))
                .isInstanceOf(DgdlSyntaxException.class)
                .hasMessageStartingWith("big.dgdl:3:")
                .hasMessageContaining("too large");
    }
}
