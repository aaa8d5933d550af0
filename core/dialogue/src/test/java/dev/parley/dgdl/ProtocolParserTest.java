package dev.parley.dgdl;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class ProtocolParserTest {

    @Test
    void parsesTheDgep2Fixture() {
        Protocol p = ProtocolParser.load(Fixtures.dgdl("testgame.dgdl"));
        assertThat(p.dialect()).isEqualTo(Dialect.DGEP2);
        assertThat(p.id()).isEqualTo("TestGame");
        assertThat(p.roles()).containsExactly("Role", "Role2");
        assertThat(p.minParticipants()).isEqualTo(2);
        assertThat(p.maxParticipants()).isEmpty();
        assertThat(p.players()).extracting(Protocol.Player::id).containsExactly("Test", "Test2");
        assertThat(p.players().get(0).min()).isEqualTo(2);
        assertThat(p.players().get(0).max()).contains(2);
        assertThat(p.players().get(1).roles()).containsExactly("TestRole", "TestRole2");
        assertThat(p.stores()).singleElement().satisfies(s -> {
            assertThat(s.id()).isEqualTo("TestStore");
            assertThat(s.owners()).containsExactly("Test");
            assertThat(s.structure()).isEqualTo(Protocol.Structure.SET);
            assertThat(s.visibility()).isEqualTo(Protocol.Visibility.PUBLIC);
        });
        assertThat(p.turnTaking()).isEqualTo(Protocol.TurnTaking.STRICT);
        assertThat(p.backtracking()).isTrue();
        assertThat(p.extUris()).singleElement().satisfies(u -> {
            assertThat(u.id()).isEqualTo("MyTestURI");
            assertThat(u.uri()).isEqualTo("http://cicero.arg.tech/~mark/dgep/test.php");
        });

        Protocol.Rule rule = p.rules().get(0);
        assertThat(rule.scope()).isEqualTo(Protocol.Scope.INITIAL);
        Conditional cond = (Conditional) rule.body().get(0);
        assertThat(cond.branches().get(0).conditions()).singleElement()
                .isEqualTo(new Condition(false, new Requirement.UriTest("MyTestURI", new SourcePosition(20, 12))));
        List<Statement> effects = cond.branches().get(0).body();
        assertThat(effects.get(0)).isEqualTo(new Effect.Assign("Test2", "speaker", new SourcePosition(21, 11)));
        Effect.Move move = (Effect.Move) effects.get(1);
        assertThat(move.moveId()).isEqualTo("TestMove");
        assertThat(move.addressee()).isEqualTo("Test");
        assertThat(move.user()).isEqualTo("Test2");
        assertThat(move.content()).containsExactly(new Term.Variable("p", false, new SourcePosition(22, 45)));
        Effect.Store store = (Effect.Store) effects.get(2);
        assertThat(store.content()).containsExactly(new Term.Literal("test", new SourcePosition(23, 23)));

        Protocol.Interaction i = p.interaction("TestMove").orElseThrow();
        assertThat(i.addressee()).contains("TestUser");
        assertThat(i.content()).containsExactly("p");
        assertThat(i.opener()).contains("Test, $p");
    }

    @Test
    void parsesTheDgdlPlusFixtureOntoTheSameModel() {
        Protocol p = ProtocolParser.load(Fixtures.dgdl("agenttest.dgdl"));
        assertThat(p.dialect()).isEqualTo(Dialect.DGDL_PLUS);
        assertThat(p.id()).isEqualTo("GoalSetting");
        assertThat(p.turnTaking()).isEqualTo(Protocol.TurnTaking.LIBERAL);
        assertThat(p.magnitude()).contains("multiple");
        assertThat(p.roles()).containsExactly("Person", "Agent");
        assertThat(p.minParticipants()).isEqualTo(2);
        assertThat(p.maxParticipants()).contains(6);
        assertThat(p.players()).extracting(Protocol.Player::id)
                .containsExactly("AgentOne", "AgentTwo", "AgentThree", "AgentFour", "AgentFive", "User");
        assertThat(p.players()).allSatisfy(pl -> {
            assertThat(pl.min()).isEqualTo(1);
            assertThat(pl.max()).contains(1);
            assertThat(pl.roles()).containsExactly("Person", "Agent");
        });
        assertThat(p.backtracking()).isTrue();
        assertThat(p.rules()).singleElement().satisfies(r -> {
            assertThat(r.id()).isEqualTo("StartingRule");
            assertThat(r.scope()).isEqualTo(Protocol.Scope.INITIAL);
            assertThat(r.body()).singleElement().isEqualTo(new Effect.Move(Effect.MoveAction.ADD,
                    Effect.MoveList.NEXT, "FirstMove", "User", List.of(), "Agent", new SourcePosition(18, 9)));
        });
        Protocol.Interaction i = p.interaction("FirstMove").orElseThrow();
        assertThat(i.addressee()).contains("User");
        assertThat(i.content()).isEmpty();
        assertThat(i.opener()).contains("This is a dialogue move");
    }

    @Test
    void dgdlPlusJoinsEffectsWithAmpersandAndAcceptsConditionals() {
        String text = """
                System{Demo{
                  turns{magnitude:single, ordering:strict}
                  roles{Speaker1}
                  players{min:2, max:2}
                  player{id:A, roles{Speaker1}, max:1, min:1}
                  player{id:B, max:1, min:1}
                  store{id:CS, owner:{A, B}, structure:stack, visibility:private}
                  backtrack{off}
                  rule{id:Start, scope:initial, { assign(A, speaker) & move(add, next, Say, $B, A) }}
                  interaction{Say, $B, {p}, "I say $p", {
                      store(add, {p}, CS) & if(!inspect(in, {"x"}, CS)) then { status(terminate, Demo) }
                  }}
                }}
                """;
        Protocol p = ProtocolParser.load(text, "demo.dgdl");
        assertThat(p.turnTaking()).isEqualTo(Protocol.TurnTaking.STRICT);
        assertThat(p.backtracking()).isFalse();
        assertThat(p.stores().get(0).structure()).isEqualTo(Protocol.Structure.STACK);
        assertThat(p.stores().get(0).visibility()).isEqualTo(Protocol.Visibility.PRIVATE);
        assertThat(p.rules().get(0).body()).hasSize(2);
        List<Statement> body = p.interaction("Say").orElseThrow().body();
        assertThat(body).hasSize(2);
        Conditional c = (Conditional) body.get(1);
        assertThat(c.branches().get(0).conditions().get(0).negated()).isTrue();
        assertThat(c.branches().get(0).body().get(0))
                .isEqualTo(new Effect.SetStatus(Effect.Status.TERMINATE, "Demo", new SourcePosition(11, 64)));
    }

    @Test
    void parsesElseIfElseNegationAndRuntimeVariables() {
        String text = """
                game(id:G){
                  player(id:A) player(id:B)
                  store(id:S, owner:{A,B}, structure:queue, visibility:public, {"seed"})
                  rule(id:R, scope:initial){ move(add, next, M, $B, A); }
                  interaction(id:M, addressee:B, content:{p, q}, opener:"say \\"$p\\" because $q"){
                    if(event(past, M, {p}, A) && !inrole(A, speaker)){
                      save({p}, $Kept$);
                    } elseif inspect(top, {"seed"}, S, A, initial) then {
                      move(delete, future, M, $A, {!p, $Kept$, "lit"}, B);
                    } else {
                      unassign(A, speaker);
                      store(empty, {}, S);
                    }
                  }
                }
                """;
        Protocol p = ProtocolParser.load(text, "g.dgdl");
        Protocol.Interaction m = p.interaction("M").orElseThrow();
        assertThat(m.opener()).contains("say \"$p\" because $q");
        Conditional c = (Conditional) m.body().get(0);
        assertThat(c.branches()).hasSize(2);
        assertThat(c.branches().get(0).conditions()).hasSize(2);
        assertThat(c.branches().get(0).conditions().get(1).negated()).isTrue();
        Requirement.Inspect inspect = (Requirement.Inspect) c.branches().get(1).conditions().get(0).requirement();
        assertThat(inspect.where()).isEqualTo(Requirement.InspectPosition.TOP);
        assertThat(inspect.user()).isEqualTo("A");
        assertThat(inspect.time()).isEqualTo(Requirement.StoreTime.INITIAL);
        Effect.Move del = (Effect.Move) c.branches().get(1).body().get(0);
        assertThat(del.action()).isEqualTo(Effect.MoveAction.DELETE);
        assertThat(del.list()).isEqualTo(Effect.MoveList.FUTURE);
        assertThat(del.content()).extracting(Object::toString).containsExactly("!p", "$Kept$", "\"lit\"");
        assertThat(c.otherwise()).hasSize(2);
        assertThat(p.stores().get(0).initialContent()).extracting(Object::toString).containsExactly("\"seed\"");
        assertThat(p.maxParticipants()).isEqualTo(Optional.empty());
    }

    @Test
    void syntaxErrorsGiveFileLineColumnAndWhatWasExpected() {
        String text = "game(id:G){\n  player(id:A)\n  rule(id:R, scope:sometimes){ }\n}\n";
        assertThatThrownBy(() -> ProtocolParser.parse(text, "bad.dgdl"))
                .isInstanceOfSatisfying(DgdlSyntaxException.class, e -> {
                    assertThat(e.file()).isEqualTo("bad.dgdl");
                    assertThat(e.line()).isEqualTo(3);
                    assertThat(e.column()).isEqualTo(20);
                    assertThat(e.found()).isEqualTo("'sometimes'");
                    assertThat(e.expected()).isEqualTo("one of 'initial', 'turnwise', 'movewise'");
                    assertThat(e.getMessage()).startsWith("bad.dgdl:3:20: expected one of 'initial'");
                });
    }

    @Test
    void aMissingSemicolonIsReportedWhereTheNextEffectStarts() {
        String text = "game(id:G){ player(id:A)\n rule(id:R, scope:initial){\n  assign(A, speaker)\n  assign(A, x);\n }\n}";
        assertThatThrownBy(() -> ProtocolParser.parse(text, "semi.dgdl"))
                .isInstanceOfSatisfying(DgdlSyntaxException.class, e -> {
                    assertThat(e.line()).isEqualTo(4);
                    assertThat(e.column()).isEqualTo(3);
                    assertThat(e.expected()).isEqualTo("';'");
                });
    }

    @Test
    void truncatedFileExpectsMoreAtEndOfFile() {
        assertThatThrownBy(() -> ProtocolParser.parse("game(id:G){ player(id:A)", "cut.dgdl"))
                .isInstanceOfSatisfying(DgdlSyntaxException.class, e -> {
                    assertThat(e.found()).isEqualTo("<end of file>");
                    assertThat(e.line()).isEqualTo(1);
                    assertThat(e.expected()).contains("'}'");
                });
    }

    @Test
    void literalInAnInteractionsDeclaredContentIsRejected() {
        assertThatThrownBy(() -> ProtocolParser.parse(
                "game(id:G){ player(id:A) interaction(id:M, content:{\"x\"}){ } }", "lit.dgdl"))
                .isInstanceOf(DgdlSyntaxException.class)
                .hasMessageStartingWith("lit.dgdl:1:53: expected a content variable");
    }

    @Test
    void anUnreadableFileIsBadInputInTheWordsOfEveryReader(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir)
            throws java.io.IOException {
        assertThatThrownBy(() -> ProtocolParser.parse(java.nio.file.Path.of("/nonexistent/x.dgdl")))
                .isInstanceOf(dev.parley.error.InputException.class)
                .hasMessage("/nonexistent/x.dgdl: no such file");
        java.nio.file.Path latin1 = java.nio.file.Files.write(dir.resolve("l.dgdl"),
                "game(id:G){\n  // caf\u00e9\n}".getBytes(java.nio.charset.StandardCharsets.ISO_8859_1));
        assertThatThrownBy(() -> ProtocolParser.parse(latin1))
                .hasMessage(latin1 + ":2:9: not UTF-8 text (byte 0xE9)");
    }
}
