package dev.parley.dgdl;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/** Each construct DGEP 2's parser cannot read is named at its position; a protocol without them is portable. */
class PortabilityTest {

    private static final String PORTABLE = """
            game(id:Port){
              roles(A, B)
              participants(min:2, max:2)
              player(id:A, roles:{A}, min:1, max:1)
              player(id:B, roles:{B}, min:1, max:1)
              store(id:CS, owner:{A, B}, structure:set, visibility:public)
              turntaking(strict)
              backtracking(off)
              rule(id:Open, scope:initial){ assign(A, speaker); move(add, next, Say, $B, A); }
              interaction(id:Say, content:{p}, opener:"$p"){
                store(add, {p}, CS);
                if(inspect(in, {p}, CS)){ assign(B, speaker); }
              }
            }
            """;

    @Test
    void aPortableProtocolHasNothingToReport() {
        assertThat(Portability.check(PORTABLE, "port.dgdl")).isEmpty();
    }

    @Test
    void everyConstructIsNamedWithItsLine() {
        String text = PORTABLE
                .replace("store(id:CS,", "store(id:C_S,").replace(", CS)", ", C_S)")
                .replace("content:{p}, opener:\"$p\"", "content:{plan}, opener:\"$plan\"")
                .replace("store(add, {p}, C_S);\n    if(inspect(in, {p}, C_S)){ assign(B, speaker); }",
                        "if(inspect(in, {$Saved$}, C_S)){ assign(B, speaker); }\n    store(add, {plan}, C_S);")
                .replace("move(add, next, Say, $B, A)", "move(add, next, Say, $Speaker, A)");
        List<String> found = Portability.check(text, "port.dgdl").stream()
                .map(d -> d.position().line() + " " + d.message()).toList();
        assertThat(found).containsExactly(
                "6 not portable to DGEP 2: the name 'C_S' contains '_' (DGEP 2 reads letters and digits)",
                "9 not portable to DGEP 2: $Speaker as the addressee of a pushed move",
                "10 not portable to DGEP 2: the content variable 'plan' has more than one letter (DGEP 2 reads"
                        + " single-letter variables)",
                "11 not portable to DGEP 2: a conditional followed by other effects in the same body (DGEP 2"
                        + " reads a conditional only as a body's last statement)",
                "11 not portable to DGEP 2: the runtime variable $Saved$ inside inspect");
    }
}
