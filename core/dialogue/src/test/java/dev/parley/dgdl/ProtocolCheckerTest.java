package dev.parley.dgdl;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;

class ProtocolCheckerTest {

    private static List<Diagnostic> check(String text) {
        return ProtocolChecker.check(ProtocolParser.parse(text, "c.dgdl"));
    }

    private static List<String> of(List<Diagnostic> ds, Diagnostic.Severity s) {
        return ds.stream().filter(d -> d.severity() == s).map(d -> d.position() + " " + d.message()).toList();
    }

    @Test
    void fixtureWarningsAreTheToleratedReferencesWithPositions() {
        List<Diagnostic> ds = ProtocolChecker.check(ProtocolParser.parse(Fixtures.dgdl("testgame.dgdl")));
        assertThat(of(ds, Diagnostic.Severity.ERROR)).isEmpty();
        assertThat(of(ds, Diagnostic.Severity.WARNING)).containsExactlyInAnyOrder(
                "10:5 player Test2 has role 'TestRole', which is not declared in roles",
                "10:5 player Test2 has role 'TestRole2', which is not declared in roles",
                "27:5 addressee of TestMove 'TestUser' is not a declared player or role");
    }

    @Test
    void referencesThatCannotRunAreErrors() {
        List<Diagnostic> ds = check("""
                game(id:G){
                  player(id:A, min:3, max:1)
                  store(id:S, owner:A, structure:set, visibility:public)
                  rule(id:R, scope:initial){ move(add, next, Nope, $A, A); store(add, {"x"}, Missing); }
                  interaction(id:M, content:{p}){
                    if(uriTest(NoSuchUri) && event(last, Ghost)){ store(add, {q}, S); }
                  }
                  interaction(id:M){ }
                }
                """);
        assertThat(of(ds, Diagnostic.Severity.ERROR)).containsExactlyInAnyOrder(
                "8:3 interaction M is declared twice",
                "2:3 player A: min 3 is larger than max 1",
                "4:30 move Nope does not exist (no interaction has that id)",
                "4:60 store Missing does not exist",
                "6:8 uriTest refers to NoSuchUri, which is not declared with extURI",
                "6:30 event refers to move Ghost, which does not exist",
                "6:63 content variable q is not declared by interaction M (content [p])");
        assertThat(of(ds, Diagnostic.Severity.WARNING)).contains(
                "5:3 interaction M is never made available by any move(add, ...) effect");
    }

    @Test
    void loadRejectsAProtocolWithErrorsNamingTheFirst() {
        assertThatThrownBy(() -> ProtocolParser.load(
                "game(id:G){ player(id:A) rule(id:R, scope:initial){ move(add, next, Nope, $A, A); } }", "e.dgdl"))
                .isInstanceOfSatisfying(DgdlCheckException.class, e -> {
                    assertThat(e.line()).isEqualTo(1);
                    assertThat(e.column()).isEqualTo(53);
                    assertThat(e.errors()).hasSize(1);
                    assertThat(e.getMessage()).isEqualTo(
                            "e.dgdl:1:53: move Nope does not exist (no interaction has that id)");
                });
    }

    @Test
    void contentVariablesInAnInitialRuleHaveNoValue() {
        List<Diagnostic> ds = check("""
                game(id:G){ player(id:A) store(id:S, owner:A, structure:set, visibility:public)
                  rule(id:R, scope:initial){ store(add, {p}, S); } }
                """);
        assertThat(of(ds, Diagnostic.Severity.ERROR))
                .containsExactly("2:42 content variable p has no value in an initial rule (no move has been made)");
    }

    @Test
    void runtimeNamesAreReportedOnlyWhereTheyHaveNoValue() {
        List<Diagnostic> ds = check("""
                game(id:G){ roles(R) player(id:A, roles:{R}) player(id:B)
                  rule(id:Open, scope:initial){ assign(Speaker, speaker); move(add, next, M, $B, A); }
                  interaction(id:M, addressee:Listener){ assign(Listener, speaker); move(add, next, M, $Speaker, Target); }
                  interaction(id:N, addressee:Ghost){ assign(B, Judge); }
                }
                """);
        assertThat(of(ds, Diagnostic.Severity.WARNING)).containsExactly(
                "2:33 user 'Speaker' has no value in an initial rule: no move has been made yet",
                "4:3 addressee of N 'Ghost' is not a declared player or role",
                "4:39 role 'Judge' is not declared",
                "4:3 interaction N is never made available by any move(add, ...) effect");
    }
}
