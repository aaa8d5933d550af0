package dev.parley.cli;

import static dev.parley.cli.CliRun.parley;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.parley.aif.AifGraph;
import dev.parley.aif.AifJson;
import dev.parley.aif.AifNodeType;
import dev.parley.dgdl.ProtocolParser;
import dev.parley.engine.Dialogue;
import java.io.BufferedReader;
import java.io.PrintWriter;
import java.io.StringReader;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ProtocolCommandTest {

    /** A script for testgame.dgdl whose second step is out of turn. */
    static final String SECOND_STEP_REJECTED = """
            [ {"speaker": "Test2", "move": "TestMove", "target": "Test", "reply": {"p": "Hi!"}},
              {"speaker": "Test2", "move": "TestMove", "target": "Test", "reply": {"p": "again"}},
              {"speaker": "Test", "move": "TestMove", "reply": {"p": "Hi!"}} ]
            """;

    /** A public DGDL fixture (core's test resources; source and licence beside them). */
    static Path fixture(String name) {
        return dev.parley.dgdl.Fixtures.dgdl(name);
    }

    @Test
    void checkSummarisesTheDgep2Fixture() {
        CliRun r = parley("protocol", "check", fixture("testgame.dgdl").toString());
        assertThat(r.code()).as(r.err()).isZero();
        assertThat(r.out()).contains("protocol TestGame (DGEP 2)").contains("roles: Role, Role2")
                .contains("participants: min 2, max undefined").contains("turn taking: strict, backtracking: on")
                .contains("TestStore").contains("TestMove").contains("\"Test, $p\"")
                .contains("warning: addressee of TestMove 'TestUser' is not a declared player or role")
                .doesNotContain("Target");
    }

    @Test
    void checkListsAnOriginalDgdlGamesMovesAndWhatIsNotImplementedAndPlayRefusesAtIt(@TempDir Path dir)
            throws Exception {
        Path dc = fixture("original/dc.dgdl");
        CliRun r = parley("protocol", "check", dc.toString());
        assertThat(r.code()).as(r.err()).isZero();
        String lacking = "not implemented: locutions and arguments as content (<Move, {p}>, <p, {q}>) (a store holds"
                + " text, and the engine has no term that builds a locution or an argument)";
        assertThat(r.out()).contains("protocol DC (original DGDL) from " + dc + ": OK")
                .contains("participants: min 2, max 2").contains("turn taking: strict")
                .contains("Statement").contains("Withdrawal").contains("Question").contains("Challenge")
                .contains("Grounds").contains("Resolve").contains("\"Is it the case that $p\"")
                .contains("CS.White").contains("CS.Black")
                .contains(dc + ":36:24: warning: " + lacking);
        assertThat(r.out().lines().filter(l -> l.contains("not implemented"))).hasSize(1);
        Path script = dir.resolve("none.json");
        Files.writeString(script, "[]");
        CliRun play = parley("protocol", "play", dc.toString(), "--script", script.toString());
        assertThat(play.code()).isEqualTo(2);
        assertThat(play.out()).isEmpty();
        assertThat(play.err().strip()).doesNotContain("\n").endsWith(dc + ":36:24: Parley cannot play DC: " + lacking);
        assertThat(parley("protocol", "check", "--json", dc.toString()).out()).contains("\"dialect\" : \"original\"");
    }

    @Test
    void anOriginalDgdlGamePlaysFromAScript(@TempDir Path dir) throws Exception {
        Path inquiry = fixture("original/inquiry.dgdl");
        Path script = dir.resolve("moves.json");
        Files.writeString(script, """
                [{"speaker": "Asker", "move": "Question", "reply": {"p": "it rains"}},
                 {"speaker": "Teller", "move": "Answer", "reply": {"p": "!it rains"}},
                 {"speaker": "Asker", "move": "Challenge", "reply": {"p": "!it rains"}},
                 {"speaker": "Teller", "move": "Ground", "reply": {"q": "the roads are dry"}},
                 {"speaker": "Asker", "move": "Concede", "reply": {"p": "!it rains"}}]
                """);
        CliRun r = parley("protocol", "play", inquiry.toString(), "--script", script.toString(), "--json");
        JsonNode j = r.successJson();
        assertThat(j.at("/initial/legal_moves/Asker")).hasSize(7);
        assertThat(j.at("/initial/legal_moves/Teller")).isEmpty();
        assertThat(j.at("/steps/0/legal_moves/Teller").toString()).isEqualTo("[\"Answer\",\"Pass\"]");
        assertThat(j.at("/steps/2/legal_moves/Teller").toString()).isEqualTo("[\"Ground\",\"Retract\"]");
        assertThat(j.at("/steps/3/stores/CS.Teller").toString()).isEqualTo("[\"!it rains\",\"the roads are dry\"]");
        assertThat(j.at("/steps/4/stores/CS.Asker").toString()).isEqualTo("[\"!it rains\"]");
        // a concession ends the dialogue (status(complete, ..)): the play reports it as ended
        assertThat(j.get("status").asText()).isEqualTo("terminated");
        // a reply the question did not allow stops the script at that step
        Files.writeString(script, """
                [{"speaker": "Asker", "move": "Question", "reply": {"p": "it rains"}},
                 {"speaker": "Teller", "move": "Challenge", "reply": {"p": "it rains"}}]
                """);
        CliRun bad = parley("protocol", "play", inquiry.toString(), "--script", script.toString());
        assertThat(bad.code()).isEqualTo(2);
        assertThat(bad.err()).contains("step 2 (Teller Challenge) was rejected: Challenge is not a legal move for"
                + " Teller now (legal: [Answer, Pass])");
    }

    @Test
    void showMovesListsEveryDialectsMovesAndTheLegalMovesAtTheStart() throws Exception {
        // the same shape for the three dialects: the move table, then each participant's legal moves
        CliRun dgep = parley("protocol", "show", "--moves", "ppd");
        assertThat(dgep.code()).as(dgep.err()).isZero();
        assertThat(dgep.out()).contains("(DGEP 2)").contains("legal at the start:").contains("participant");
        CliRun plus = parley("protocol", "show", "--moves", fixture("agenttest.dgdl").toString());
        assertThat(plus.code()).as(plus.err()).isZero();
        assertThat(plus.out()).contains("(DGDL+)").contains("FirstMove").contains("legal at the start:");
        Path inquiry = fixture("original/inquiry.dgdl");
        CliRun orig = parley("protocol", "show", "--moves", inquiry.toString());
        assertThat(orig.code()).as(orig.err()).isZero();
        assertThat(orig.out()).contains("protocol Inquiry (original DGDL) from " + inquiry)
                .contains("\"Is it the case that $p\"").contains("legal at the start:");
        assertThat(orig.out().lines().filter(l -> l.startsWith("Asker")).findFirst().orElseThrow())
                .contains("Question, Answer, Challenge, Ground, Retract, Pass, Concede");
        assertThat(orig.out().lines().filter(l -> l.startsWith("Teller")).findFirst().orElseThrow()).endsWith("-");
        JsonNode j = Json.MAPPER.readTree(parley("protocol", "show", "--moves", "--json", inquiry.toString()).out());
        assertThat(j.get("dialect").asText()).isEqualTo("original");
        assertThat(j.get("moves")).hasSize(7);
        assertThat(j.at("/legal_at_start/Asker")).hasSize(7);
        assertThat(j.get("not_playable").isNull()).isTrue();
        // a game the engine cannot play still lists its moves, and says in one line why none is legal
        Path dc = fixture("original/dc.dgdl");
        CliRun refused = parley("protocol", "show", "--moves", dc.toString());
        assertThat(refused.code()).as(refused.err()).isZero();
        assertThat(refused.out()).contains("Resolve").contains("legal at the start: none: " + dc
                + ":36:24: Parley cannot play DC: not implemented: locutions and arguments as content");
        // without --moves, show prints a bundled protocol's source and refuses a file in one line
        assertThat(parley("protocol", "show", "ppd").out()).contains("game(");
        CliRun file = parley("protocol", "show", inquiry.toString());
        assertThat(file.code()).isEqualTo(2);
        assertThat(file.err().strip()).doesNotContain("\n").contains("a file's moves are listed with --moves");
    }

    @Test
    void checkJsonForTheDgdlPlusFixture() throws Exception {
        CliRun r = parley("protocol", "check", "--json", fixture("agenttest.dgdl").toString());
        JsonNode j = r.successJson();
        assertThat(j.get("id").asText()).isEqualTo("GoalSetting");
        assertThat(j.get("dialect").asText()).isEqualTo("dgdl+");
        assertThat(j.get("players")).hasSize(6);
        assertThat(j.at("/participants/max").asInt()).isEqualTo(6);
        assertThat(j.at("/moves/0/id").asText()).isEqualTo("FirstMove");
    }

    @Test
    void aSyntaxErrorIsOneLineWithFileLineColumnAndExit2(@TempDir Path dir) throws Exception {
        Path bad = dir.resolve("bad.dgdl");
        Files.writeString(bad, "game(id:G){\n  player(id:A\n}\n");
        CliRun r = parley("protocol", "check", bad.toString());
        assertThat(r.code()).isEqualTo(2);
        assertThat(r.out()).isEmpty();
        assertThat(r.err()).isEqualTo(bad + ":3:1: expected one of ')', ',' but found '}'" + System.lineSeparator());
    }

    @Test
    void aReferenceThatCannotRunIsAnErrorWithExit2(@TempDir Path dir) throws Exception {
        Path bad = dir.resolve("nomove.dgdl");
        Files.writeString(bad, "game(id:G){ player(id:A)\n rule(id:R, scope:initial){ move(add, next, Nope, A); } }");
        CliRun r = parley("protocol", "play", bad.toString(), "--script", bad.toString());
        assertThat(r.code()).isEqualTo(2);
        assertThat(r.err().strip()).isEqualTo(bad + ":2:29: move Nope does not exist (no interaction has that id)");
        assertThat(parley("protocol", "check", dir.resolve("missing.dgdl").toString()).err())
                .contains("missing.dgdl: no such file");
    }

    @Test
    void playsTheDgep2FixtureFromAScriptWithTheJsonContract(@TempDir Path dir) throws Exception {
        Path script = Files.writeString(dir.resolve("moves.json"), SECOND_STEP_REJECTED);
        Path aif = dir.resolve("out.aif.json");
        CliRun r = parley("protocol", "play", fixture("testgame.dgdl").toString(), "--script", script.toString(),
                "--json", "--aif-out", aif.toString(), "--allow-rejections");
        JsonNode j = r.successJson();
        assertThat(j.at("/initial/legal_moves/Test2").toString()).isEqualTo("[\"TestMove\"]");
        assertThat(j.at("/initial/legal_moves/Test").toString()).isEqualTo("[]");
        assertThat(j.at("/initial/legal_moves/Test#2").toString()).isEqualTo("[]");
        assertThat(j.at("/initial/stores/TestStore").toString()).isEqualTo("[\"test\"]");
        JsonNode steps = j.get("steps");
        assertThat(steps).hasSize(3);
        assertThat(steps.get(0).get("accepted").asBoolean()).isTrue();
        assertThat(steps.get(0).get("error").isNull()).isTrue();
        assertThat(steps.get(0).at("/legal_moves/Test").toString()).isEqualTo("[\"TestMove\"]");
        assertThat(steps.get(0).at("/legal_moves/Test2").toString()).isEqualTo("[]");
        assertThat(steps.get(1).get("accepted").asBoolean()).isFalse();
        assertThat(steps.get(1).get("error").asText()).isEqualTo("it is not Test2's turn: the speaker is Test");
        assertThat(steps.get(2).get("accepted").asBoolean()).isTrue();
        assertThat(steps.get(2).get("speaker").asText()).isEqualTo("Test");
        assertThat(steps.get(2).get("move").asText()).isEqualTo("TestMove");
        assertThat(steps.get(2).at("/legal_moves/Test2").toString()).isEqualTo("[\"TestMove\"]");
        assertThat(j.get("status").asText()).isEqualTo("active");
        AifGraph g = AifJson.read(aif);
        assertThat(g.nodes(AifNodeType.L)).hasSize(2);
        assertThat(g.nodes(AifNodeType.TA)).hasSize(1);
        assertThat(g.nodes(AifNodeType.I)).singleElement().satisfies(n -> assertThat(n.text()).isEqualTo("Hi!"));
    }

    @Test
    void playsTheDgdlPlusFixtureAsText(@TempDir Path dir) throws Exception {
        Path script = dir.resolve("moves.json");
        Files.writeString(script, """
                [ {"speaker": "AgentOne", "move": "FirstMove"},
                  {"speaker": "User", "move": "FirstMove", "target": "AgentTwo"},
                  {"speaker": "Nobody", "move": "FirstMove"} ]
                """);
        CliRun r = parley("protocol", "play", fixture("agenttest.dgdl").toString(), "--script", script.toString(),
                "--allow-rejections");
        assertThat(r.code()).as(r.err()).isZero();
        assertThat(r.out()).contains("1. AgentOne -> User: FirstMove \"This is a dialogue move\"")
                .contains("2. rejected User FirstMove: FirstMove: the target must be User, not AgentTwo")
                .contains("3. rejected Nobody FirstMove: unknown participant Nobody")
                .contains("AgentFive: FirstMove{}").contains("status: active (active)");
    }

    @Test
    void externalConditionsCanBeSetFromTheCommandLine(@TempDir Path dir) throws Exception {
        Path script = dir.resolve("moves.json");
        Files.writeString(script, "[]");
        CliRun r = parley("protocol", "play", fixture("testgame.dgdl").toString(), "--script", script.toString(),
                "--json", "--external", "MyTestURI=false");
        JsonNode j = Json.MAPPER.readTree(r.out());
        assertThat(j.at("/initial/legal_moves/Test2").toString()).isEqualTo("[]");
        assertThat(j.at("/initial/stores/TestStore").toString()).isEqualTo("[]");
        assertThat(parley("protocol", "play", fixture("testgame.dgdl").toString(), "--script", script.toString(),
                "--external-default", "maybe").err().strip())
                .isEqualTo("parley: --external-default: expected true or false, not 'maybe'");
    }

    @Test
    void badScriptsAreOneLineErrors(@TempDir Path dir) throws Exception {
        Path script = dir.resolve("moves.json");
        Files.writeString(script, "[{\"speaker\": \"Test2\"}]");
        CliRun r = parley("protocol", "play", fixture("testgame.dgdl").toString(), "--script", script.toString());
        assertThat(r.code()).isEqualTo(2);
        assertThat(r.err().strip()).isEqualTo("parley: " + script + ": step 1: missing \"move\"");
        Files.writeString(script, "[{\"speaker\": \"Test2\",");
        r = parley("protocol", "play", fixture("testgame.dgdl").toString(), "--script", script.toString());
        assertThat(r.code()).isEqualTo(2);
        assertThat(r.err()).startsWith("parley: " + script + ":1:").contains(": malformed JSON: ");
        assertThat(r.err().lines()).hasSize(1);
    }

    @Test
    void bundledProtocolsAreListedAndPlayableByName(@TempDir Path dir) throws Exception {
        CliRun list = parley("protocol", "list", "--json");
        assertThat(list.code()).isZero();
        assertThat(Json.MAPPER.readTree(list.out()).get("dgdl").toString())
                .contains("\"campsite\",\"crg\",\"dc\",\"deal-or-no-deal\",\"debate\",\"debate-game\",\"deliberation\",").contains("\"negotiation\",\"ppd\"");
        assertThat(parley("protocol", "list").out()).containsPattern("negotiation +Negotiation +Negotiation: bilateral");
        Path script = dir.resolve("moves.json");
        Files.writeString(script, """
                [ {"speaker": "Initiator", "move": "Propose", "reply": {"give": "1 apple", "get": "2 bananas"}},
                  {"speaker": "Responder", "move": "Accept"} ]
                """);
        CliRun r = parley("protocol", "play", "negotiation", "--script", script.toString(), "--json");
        JsonNode j = r.successJson();
        assertThat(j.at("/steps/0/legal_moves/Responder").toString())
                .isEqualTo("[\"Accept\",\"Reject\",\"Counter\",\"Withdraw\"]");
        assertThat(j.at("/steps/1/stores/Agreement").toString()).isEqualTo("[\"1 apple\",\"2 bananas\"]");
        assertThat(j.get("status").asText()).isEqualTo("terminated");
    }

    @Test
    void interactivePlayReadsChoicesTargetsAndContent() {
        Dialogue d = Dialogue.start(ProtocolParser.load(fixture("testgame.dgdl")),
                ProtocolCommand.participants(ProtocolParser.load(fixture("testgame.dgdl"))));
        StringWriter out = new StringWriter();
        new InteractivePlay(d, new BufferedReader(new StringReader("1\nTest#2\nhello there\nx\n1\nq\n")),
                new PrintWriter(out)).run();
        assertThat(out.toString()).contains("1) Test2: TestMove {p=$p} -> one of [Test, Test#2]  \"Test, $p\"")
                .contains("Test2: \"Test, hello there\"").contains("not a number: x")
                .contains("Test#2: \"Test, hello there\"");
        assertThat(d.history()).hasSize(2);
        assertThat(List.of(d.history().get(1).speaker(), d.history().get(1).target()))
                .containsExactly("Test#2", "Test2");
    }

    @Test
    void aRejectedStepStopsTheScriptWithExit2(@TempDir Path dir) throws Exception {
        Path script = Files.writeString(dir.resolve("moves.json"), SECOND_STEP_REJECTED);
        String game = fixture("testgame.dgdl").toString();
        CliRun text = parley("protocol", "play", game, "--script", script.toString());
        assertThat(text.code()).isEqualTo(2);
        assertThat(text.out()).contains("1. Test2 -> Test: TestMove \"Test, Hi!\"")
                .contains("2. rejected Test2 TestMove: it is not Test2's turn: the speaker is Test")
                .doesNotContain("3. ").contains("status: active");
        assertThat(text.err()).isEqualTo("parley: step 2 (Test2 TestMove) was rejected: it is not Test2's turn: the"
                + " speaker is Test (--allow-rejections goes on after rejected steps)\n");
        CliRun json = parley("protocol", "play", game, "--script", script.toString(), "--json");
        assertThat(json.code()).isEqualTo(2);
        assertThat(Json.MAPPER.readTree(json.out()).get("steps")).hasSize(2);
        assertThat(json.err().lines()).hasSize(1);
    }

    @Test
    void showPrintsABundledProtocolsSource() throws Exception {
        CliRun r = parley("protocol", "show", "negotiation");
        assertThat(r.code()).as(r.err()).isZero();
        assertThat(r.out()).startsWith("/*\n * Negotiation: bilateral negotiation").contains("game(id:Negotiation){")
                .endsWith("}\n");
        // what show prints is a protocol file: it checks as one
        Path copy = Files.createTempFile("negotiation", ".dgdl");
        Files.writeString(copy, r.out());
        assertThat(parley("protocol", "check", copy.toString()).out()).contains("protocol Negotiation (DGEP 2)")
                .doesNotContain("warning");
        Files.delete(copy);
        CliRun unknown = parley("protocol", "show", "nope");
        assertThat(unknown.code()).isEqualTo(2);
        assertThat(unknown.err()).startsWith("parley: no bundled protocol 'nope' (bundled protocols: campsite, crg, dc, ")
                .hasLineCount(1);
    }

    @Test
    void checkPrintsEverySemanticError(@TempDir Path dir) throws Exception {
        Path bad = dir.resolve("two.dgdl");
        Files.writeString(bad, "game(id:G){ player(id:A)\n rule(id:R, scope:initial){ move(add, next, Nope, A);\n"
                + " store(add, {\"x\"}, Missing); } }");
        CliRun r = parley("protocol", "check", bad.toString());
        assertThat(r.code()).isEqualTo(2);
        assertThat(r.out()).isEmpty();
        assertThat(r.err()).isEqualTo(bad + ":2:29: move Nope does not exist (no interaction has that id)\n"
                + bad + ":3:2: store Missing does not exist\n");
    }

    @Test
    void portableNamesEachConstructDgep2CannotRead() {
        CliRun h = parley("protocol", "check", "--portable", "h");
        assertThat(h.code()).isEqualTo(2);
        assertThat(h.out()).contains("h.dgdl:10:11: warning: not portable to DGEP 2: the name 'A' (DGEP 2 reads a"
                        + " capital letter and one or more letters or digits)")
                .contains("$Speaker as the addressee of a pushed move")
                .contains("protocol H: 24 constructs DGEP 2 cannot read");
        CliRun fixture = parley("protocol", "check", "--portable", fixture("testgame.dgdl").toString());
        assertThat(fixture.out()).as(fixture.out() + fixture.err()).contains("portable to DGEP 2");
        assertThat(fixture.code()).isZero();
    }

    /**
     * Parley's own constructs, as docs/protocols.md lists them: after the rewrite of the bundled protocols these are the
     * only constructs DGEP 2 cannot read that are left in them (each kind by its message, with its words).
     */
    private static final java.util.Map<String, String> OWN = java.util.Map.of(
            "the content variable '[a-z]+' has more than one letter.*", "content variables of more than one letter",
            "the name '[^']+' \\(DGEP 2 reads a capital letter.*", "names that are not a capital letter",
            "the negated content !.*", "negated content",
            "the string \"[^\"]*\" in a move's content.*", "strings in a move's content",
            "a conditional (followed by other effects in the same body|inside a conditional).*",
            "a conditional before other effects, or inside another conditional",
            "the runtime variable \\$[A-Za-z]+\\$ inside inspect", "a runtime variable inside `inspect`",
            "the content variable [a-z]+ inside event.*", "a content variable inside `event`",
            "\\$Speaker as the addressee of a pushed move \\(DGEP 2 reads it.*", "`$Speaker` as the addressee");

    @Test
    void portableOverEveryBundledProtocolLeavesOnlyParleysOwnConstructs() throws Exception {
        String readme = Files.readString(Path.of("../..", "docs", "protocols.md"));
        String section = readme.substring(readme.indexOf("**Portability to DGEP 2.**"));
        section = section.substring(0, section.indexOf("\n\n"));
        java.util.Set<String> kinds = new java.util.TreeSet<>();
        List<String> names = dev.parley.domain.protocols.ProtocolLibrary.names();
        assertThat(names).hasSize(12);
        for (String name : names) {
            CliRun r = parley("protocol", "check", "--portable", name, "--json");
            JsonNode root = dev.parley.cli.Json.MAPPER.readTree(r.out());
            assertThat(r.code()).as(name).isEqualTo(root.get("portable").asBoolean() ? 0 : 2);
            for (JsonNode d : root.get("not_portable")) {
                String message = d.get("message").asText();
                String kind = OWN.keySet().stream().filter(message::matches).findFirst().orElse(null);
                assertThat(kind).as(name + ":" + d.get("line") + ": " + message + " is not one of Parley's own")
                        .isNotNull();
                kinds.add(kind);
            }
        }
        // every documented construct is still used somewhere (the list is not stale), and docs/protocols.md names it
        assertThat(kinds).containsExactlyInAnyOrderElementsOf(OWN.keySet());
        for (String words : OWN.values()) {
            assertThat(section).as("docs/protocols.md portability paragraph").contains(words);
        }
        CliRun ppd = parley("protocol", "check", "--portable", "ppd");
        assertThat(ppd.out()).isEqualTo("protocol PPD: portable to DGEP 2\n");
        assertThat(ppd.code()).isZero();
    }
}
