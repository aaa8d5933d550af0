package dev.parley.dgdl;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/** Each construct DGEP 2's parser cannot read is named at its position; a protocol without them is portable. */
class PortabilityTest {

    /** Checked with DGEP 2's own grammar (marksnaith/dgdl-parser, grammar/dgdl.g4 at 37c8055): no error. */
    private static final String PORTABLE = """
            game(id:Port){
              roles(Al, Bo)
              participants(min:2, max:2)
              player(id:Al, roles:{Al}, min:1, max:1)
              player(id:Bo, roles:{Bo}, min:1, max:1)
              store(id:CS, owner:{Al, Bo}, structure:set, visibility:public)
              turntaking(strict)
              backtracking(off)
              rule(id:Open, scope:initial){ assign(Al, speaker); move(add, next, Say, $Bo, Al); }
              interaction(id:Say, content:{p}, opener:"$p"){
                store(add, {p}, CS);
                if(inspect(in, {p}, CS)){ assign(Bo, speaker); }
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
                .replace("store(add, {p}, C_S);\n    if(inspect(in, {p}, C_S)){ assign(Bo, speaker); }",
                        "if(inspect(in, {$Saved$}, C_S)){ assign(Bo, speaker); }\n    store(add, {plan}, C_S);")
                .replace("move(add, next, Say, $Bo, Al)", "move(add, next, Say, $Speaker, Al)");
        List<String> found = Portability.check(text, "port.dgdl").stream()
                .map(d -> d.position().line() + " " + d.message()).toList();
        assertThat(found).containsExactly(
                "6 not portable to DGEP 2: the name 'C_S' contains '_' (DGEP 2 reads letters and digits)",
                "9 not portable to DGEP 2: $Speaker as the addressee of a pushed move (DGEP 2 reads it, but looks for a"
                        + " player or role called Speaker)",
                "10 not portable to DGEP 2: the content variable 'plan' has more than one letter (DGEP 2 reads"
                        + " single-letter variables)",
                "11 not portable to DGEP 2: a conditional followed by other effects in the same body (DGEP 2"
                        + " reads a conditional only as a body's last statement)",
                "11 not portable to DGEP 2: the runtime variable $Saved$ inside inspect");
    }

    /** Constructs DGEP 2's grammar (marksnaith/dgdl-parser, grammar/dgdl.g4) refuses, beyond the first five. */
    @Test
    void whatDgep2sGrammarAlsoRefusesIsNamed() {
        String text = """
                game(id:Port){
                  roles(A, Bee)
                  participants(min:2, max:2)
                  player(id:Aa, roles:{A}, max:1, min:1)
                  store(id:CS, owner:{Aa}, structure:set, visibility:public)
                  interaction(id:say, opener:"x \\"y\\"", content:{p}){
                    store(add, {!p}, CS);
                    move(add, next, say, $Aa, {p, $Saved$}, Aa);
                    move(add, next, say, $Aa, {"lit"}, Aa);
                    if(event(last, say, {p}) & inrole(Aa, A)) then { if(inrole(Aa, A)){ status(complete, Port); } }
                    elseif(inrole(Aa, A)) then { status(complete, Port); }
                  }
                  rule(id:Late, scope:movewise){ }
                }
                """;
        List<String> found = Portability.check(text, "port.dgdl").stream()
                .map(d -> d.position().line() + " " + d.message().substring("not portable to DGEP 2: ".length()))
                .toList();
        assertThat(found).containsExactlyInAnyOrder(
                "2 the name 'A' (DGEP 2 reads a capital letter and one or more letters or digits)",
                "4 'min' out of order (DGEP 2 reads a player's roles, min and max once each, in that order)",
                "6 the name 'say' (DGEP 2 reads a capital letter and one or more letters or digits)",
                "6 a backslash in the string \"x \\\"y\\\"\" (DGEP 2's strings hold no backslash or quote)",
                "6 'content' out of order (DGEP 2 reads an interaction's addressee, content and opener in that order)",
                "7 the negated content !p (DGEP 2's content holds variables and strings)",
                "8 the runtime variable $Saved$ after the first place of a move's content (DGEP 2's grammar reads"
                        + " one only first)",
                "9 the string \"lit\" in a move's content (DGEP 2 reads content and runtime variables there)",
                "10 'if (..) then' (DGEP 2 reads 'if (..) {..}')",
                "10 conditions joined by '&' (DGEP 2 reads '&&')",
                "10 the content variable p inside event (DGEP 2 reads runtime variables and strings there)",
                "10 a conditional inside a conditional (DGEP 2's branches hold effects only)",
                "11 'elseif' written otherwise than 'elseif CONDITION then {..}' (DGEP 2's form)",
                "13 'rule' after 'interaction' (DGEP 2 reads roles, participants, players, stores, turn taking,"
                        + " backtracking, extURIs, rules, then interactions, in that order)",
                "13 an empty body (DGEP 2 needs at least one effect)");
    }

    @Test
    void theDgdlPlusDialectIsNamedOnce() {
        String plus = "System{S{ players{min:2, max:2} player{id:Aa} interaction{Say, {p}, \"$p\", {}} }}";
        assertThat(Portability.check(plus, "plus.dgdl")).extracting(Diagnostic::message)
                .containsExactly("not portable to DGEP 2: the DGDL+ dialect of DGEP 1 (DGEP 2 reads game(id:..){..}"
                        + " only)");
    }
}
