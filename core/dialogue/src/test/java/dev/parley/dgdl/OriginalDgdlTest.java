package dev.parley.dgdl;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.parley.engine.Dialogue;
import dev.parley.engine.DialogueException;
import dev.parley.engine.Participant;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Wells and Reed's original DGDL, on games written for Parley in it (the corpus of siwells/DGDL is GPL-3.0 and is
 * not copied here; docs/argumentation.md records, game by game, what Parley makes of it).
 */
class OriginalDgdlTest {

    private static String resource(String name) throws IOException {
        try (InputStream in = OriginalDgdlTest.class.getResourceAsStream("/fixtures/dgdl/original/" + name)) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    private static Protocol parse(String name) throws IOException {
        return ProtocolParser.parse(resource(name), name);
    }

    private static List<String> moves(Protocol p) {
        return p.interactions().stream().map(Protocol.Interaction::id).toList();
    }

    @Test
    void theSmallestGameReadsWithItsPlayersStoresAndMove() throws IOException {
        Protocol p = parse("assertion.dgdl");
        assertThat(p.dialect()).isEqualTo(Dialect.ORIGINAL);
        assertThat(p.id()).isEqualTo("Assertion");
        assertThat(p.turnTaking()).isEqualTo(Protocol.TurnTaking.STRICT);
        assertThat(p.magnitude()).contains("single");
        assertThat(p.minParticipants()).isEqualTo(2);
        assertThat(p.maxParticipants()).contains(2);
        assertThat(p.players()).extracting(Protocol.Player::id).containsExactly("Ann", "Bob");
        // one store id declared once per owner is one store per owner; structure and visibility default to a
        // public set when left out
        assertThat(p.stores()).extracting(Protocol.Store::id).containsExactly("Commitments.Ann", "Commitments.Bob");
        assertThat(p.stores()).allSatisfy(s -> assertThat(s.structure()).isEqualTo(Protocol.Structure.SET));
        assertThat(p.store("Commitments.Bob").orElseThrow().owners()).containsExactly("Bob");
        Protocol.Interaction assertMove = p.interactions().get(0);
        assertThat(assertMove.id()).isEqualTo("Assert");
        assertThat(assertMove.content()).containsExactly("p");
        // the original's opener introduces the content: the content follows it
        assertThat(assertMove.opener()).contains("I claim that $p");
        // everything it uses has a counterpart: nothing to warn about, and it plays
        assertThat(ProtocolChecker.check(p)).isEmpty();
        assertThat(OriginalDgdlReader.unplayable(p)).isEmpty();
        // the turn order and the permissive opening the original leaves implicit are rules Parley adds, by name
        assertThat(p.rules()).extracting(Protocol.Rule::id).containsExactly(OriginalDgdlReader.FIRST_SPEAKER_RULE,
                OriginalDgdlReader.OPENING_RULE, OriginalDgdlReader.TURN_RULE);
    }

    @Test
    void mackenziesDcReadsAndNamesWhatTheEngineLacks() throws IOException {
        Protocol p = parse("dc.dgdl");
        assertThat(moves(p)).containsExactly("Statement", "Withdrawal", "Question", "Challenge", "Grounds", "Resolve");
        assertThat(p.rules()).extracting(Protocol.Rule::id, Protocol.Rule::scope)
                .containsExactly(org.assertj.core.groups.Tuple.tuple(OriginalDgdlReader.OPENING_RULE,
                        Protocol.Scope.INITIAL), org.assertj.core.groups.Tuple.tuple("Open", Protocol.Scope.INITIAL),
                        org.assertj.core.groups.Tuple.tuple(OriginalDgdlReader.TURN_RULE, Protocol.Scope.MOVEWISE));
        // its bodies name per-owner stores by speaker and listener, so they are expanded per mover and each player
        // holds a role named after it
        assertThat(p.roles()).containsExactly("speaker", "listener", "White", "Black");
        assertThat(p.player("Black").orElseThrow().roles()).containsExactly("listener", "Black");
        assertThat(p.interaction("Resolve").orElseThrow().content()).containsExactly("p", "q");
        List<Diagnostic> found = ProtocolChecker.check(p);
        assertThat(found).noneMatch(d -> d.severity() == Diagnostic.Severity.ERROR);
        // mandates and their alternatives translate; a locution stored as content does not, and is named once,
        // where it is first used, with why
        assertThat(found).filteredOn(d -> d.message().startsWith("not implemented")).singleElement().satisfies(d -> {
            assertThat(d.message()).isEqualTo("not implemented: locutions and arguments as content (<Move, {p}>,"
                    + " <p, {q}>) (a store holds text, and the engine has no term that builds a locution or an"
                    + " argument)");
            assertThat(d.position()).isEqualTo(new SourcePosition(36, 24));
        });
    }

    @Test
    void aSystemOfGamesReadsItsFirstGameAndSaysSo() throws IOException {
        Protocol p = parse("system.dgdl");
        assertThat(p.id()).isEqualTo("Opening");
        assertThat(p.turnTaking()).isEqualTo(Protocol.TurnTaking.LIBERAL);
        assertThat(p.maxParticipants()).isEmpty();
        assertThat(p.players()).extracting(Protocol.Player::id).containsExactly("Chair", "$Member$");
        assertThat(p.players().get(0).roles()).containsExactly("speaker", "moderator");
        assertThat(moves(p)).containsExactly("Propose", "Agree");
        assertThat(ProtocolChecker.check(p)).extracting(Diagnostic::message).contains(
                "not implemented: a system of 2 games (Talk) (a Parley protocol is one game; the first, Opening,"
                        + " is read)",
                "not implemented: players named at run time ($Member$) (a dialogue starts with its players named)");
    }

    @Test
    void whatHasNoCounterpartIsRefusedWhenPlayedWithItsPositionAndWhy() throws IOException {
        Protocol p = parse("dc.dgdl");
        assertThatThrownBy(() -> Dialogue.start(p, List.of(new Participant("w", "White"), new Participant("b",
                "Black")))).isInstanceOf(DialogueException.class)
                .hasMessage("dc.dgdl:36:24: Parley cannot play DC: not implemented: locutions and arguments as"
                        + " content (<Move, {p}>, <p, {q}>) (a store holds text, and the engine has no term that"
                        + " builds a locution or an argument)");
        String head = "G{\n{turns,magnitude:single,ordering:strict}\n{player,id:A}\n{player,id:B}\n";
        String[][] cases = {
            {"G{\n{turns,magnitude:multiple,ordering:strict}\n{player,id:A}\n{Say,{p},{}}\n}",
                "2:18: Parley cannot play G: not implemented: turns of magnitude multiple (the engine passes the"
                    + " floor after every move)"},
            {head + "{Say,{p},{move(mandate, future, Say, {p})}}\n}",
                "5:11: Parley cannot play G: not implemented: move(mandate, future, ...) (the engine mandates or"
                    + " permits the next move only)"},
            {head + "{store,id:CS,owner:A}\n{Say,{p},{if {size(CS, A, empty)} then {store(add,{p},CS)}}}\n}",
                "6:15: Parley cannot play G: not implemented: the condition size(...) (the engine has no such"
                    + " condition)"},
            {head + "{Say,{p},{status(complete,G) || status(terminate,G)}}\n}",
                "5:11: Parley cannot play G: not implemented: alternative effects joined by || other than"
                    + " moves mandated or permitted (the engine runs all of a move's effects; it has nobody to choose among"
                    + " them)"},
            {head + "{Say,{p},{move(mandate, next, Shout, {p})}}\n}",
                "5:31: Parley cannot play G: not implemented: move(mandate, next, Shout) of a move the game does not"
                    + " declare (its moves are Say)"},
        };
        for (String[] c : cases) {
            Protocol g = ProtocolParser.parse(c[0], "g.dgdl");
            assertThatThrownBy(() -> Dialogue.start(g, List.of(new Participant("a", "A"), new Participant("b", "B"))))
                    .as(c[0]).isInstanceOf(DialogueException.class).hasMessage("g.dgdl:" + c[1]);
        }
    }

    /** Each mistake below is one the original dialect's published games make; each is refused where it is. */
    @Test
    void badGamesAreRefusedAtTheirPosition() {
        String head = "G{\n{turns,magnitude:single,ordering:strict}\n{player,id:A}\n";
        String[][] cases = {
            // a move whose content is not followed by a comma
            {head + "{Ask, {p} {store(add,{p},CS,speaker)}}\n}", "4:11: expected '}' but found '{'"},
            // a call that is never closed
            {head + "{Ask, {p}, {move(mandate, next, Ask, {!p} }}\n}", "4:43: expected one of ',', ')' but found '}'"},
            // an empty argument
            {head + "{Ask, {p}, {move(,next,Ask)}}\n}", "4:18: expected one of '{', 'if', '!', ')', '<', '$', a name, a number, a quoted string but found ','"},
            // a key without a value
            {head + "{store, id:CS, owner:, structure:set, visibility:public}\n}", "4:22: expected one of '{', '$', a name, a number, a quoted string but found ','"},
            // one parenthesis too many
            {head + "{Ask, {p}, {store(add,{p},CS,speaker))}}\n}", "4:38: expected '}' but found ')'"},
            // two arguments with no comma between them
            {head + "{Ask, {p}, {magnitude(CS listener, greater)}}\n}", "4:26: expected one of ',', ')' but found 'listener'"},
            {"G{\n{turns,magnitude:single,ordering:sideways}\n}", "2:34: ordering is strict or liberal, not sideways"},
            {"G{\n{turns,magnitude:single}\n}", "2:1: {turns, ...} needs ordering:"},
            {head + "{store, id:CS, structure:set}\n}", "4:1: {store, ...} needs owner:"},
            {head + "{store, id:CS, owner:A, colour:red}\n}", "4:25: {store, ...} has no key colour; its keys are id, owner, structure, visibility"},
            {head + "{Ask, {p}, \"Is it\"}\n}", "4:12: a move is {Ask, {content}, \"opener\", {body}}"},
            {head + "{Ask, {p}, {p}}\n}", "4:13: expected an effect such as store(add, {p}, CS, speaker)"},
            {head + "{store,id:CS,owner:A}\n{Ask, {p}, {store(add,{p},CS,A,B,C)}}\n}",
                "5:13: expected store(add|remove|empty, {content}, Store, Owner)"},
            {head + "{Ask, {p}, {status(done)}}\n}", "4:20: a status is active, inactive, complete, incomplete or"
                + " terminate, not done"},
            {head + "{R, scope:sometimes, {status(active,G)}}\n}", "4:11: a rule's scope is initial, turnwise or"
                + " movewise, not sometimes"},
            {head + "{players,min:two,max:2}\n}", "4:14: min is a number, found two"},
            {head + "{store,id:CS,owner:A}\n{store,id:CS,owner:A}\n}", "5:1: store CS of A is declared twice"},
            {head + "{Ask, {p}, {if {} then {status(active,G)}}}\n}", "4:16: an empty condition {}"},
        };
        for (String[] c : cases) {
            assertThatThrownBy(() -> ProtocolParser.parse(c[0], "bad.dgdl")).as(c[0])
                    .isInstanceOf(DgdlException.class).hasMessageStartingWith("bad.dgdl:" + c[1]);
        }
    }

    /**
     * The labelled form that siwells/DGDL's Python tool reads, in a game written for Parley in it: its composition and
     * moves read as the bracketed form's; its bodies' calls are the tool's own and are named, not run.
     */
    @Test
    void theLabelledFormReadsItsCompositionAndMovesAndNamesItsCalls() {
        String game = "system:{id:demo,game:{id:Chat,composition:{turns:{magnitude:single,ordering:liberal},"
                + "players:{min:2,max:2},player:{id:Ann,roles:{chair}},player:{id:Bob},"
                + "store:{id:Notes,owner:{Ann,Bob},structure:queue,visibility:public},roles:{chair}},"
                + "rules:{rule:{id:Start,scope:initial,body:{open{Ann}}}},"
                + "moves:{move:{id:Say,content:{p},opener:\"I say\",body:{ if heard{p} then note{p}}},"
                + "move:{id:Stop,content:{},body:{close{}}}}}}";
        Protocol p = ProtocolParser.parse(game, "chat.dgdl");
        assertThat(p.dialect()).isEqualTo(Dialect.ORIGINAL);
        assertThat(p.id()).isEqualTo("Chat");
        assertThat(p.turnTaking()).isEqualTo(Protocol.TurnTaking.LIBERAL);
        assertThat(p.players()).extracting(Protocol.Player::id).containsExactly("Ann", "Bob");
        assertThat(p.roles()).containsExactly("chair");
        assertThat(p.stores()).singleElement().satisfies(s -> {
            assertThat(s.owners()).containsExactly("Ann", "Bob");
            assertThat(s.structure()).isEqualTo(Protocol.Structure.QUEUE);
        });
        assertThat(moves(p)).containsExactly("Say", "Stop");
        assertThat(p.interaction("Say").orElseThrow().opener()).contains("I say");
        assertThat(p.rules()).extracting(Protocol.Rule::id).containsExactly("Start");
        assertThat(OriginalDgdlReader.unplayable(p)).hasValueSatisfying(d -> {
            assertThat(d.position()).isEqualTo(new SourcePosition(1, 278));
            assertThat(d.message()).isEqualTo("not implemented: the call open{...} of the labelled form (it names no"
                    + " effect or condition of the published language)");
        });
        assertThatThrownBy(() -> Dialogue.start(p, List.of(new Participant("a", "Ann"), new Participant("b", "Bob"))))
                .isInstanceOf(DialogueException.class).hasMessageStartingWith("chat.dgdl:1:278: Parley cannot play"
                        + " Chat: not implemented: the call open{...}");
        // a misspelt top label, a missing id, an unknown label: each refused where it is
        String[][] bad = {
            {"ssystem:{id:s,game:{id:G}}", "1:1: expected system:{...} (the labelled form of the original DGDL),"
                + " found ssystem:"},
            {"system:{id:s}", "1:8: a system has at least one game:{...}"},
            {"system:{id:s,game:{composition:{}}}", "1:19: game:{...} needs id:"},
            {"system:{id:s,game:{id:G,colour:red}}", "1:25: no label colour here; the labels are composition, id,"
                + " moves, rules"},
            {"system:{id:s,game:{id:G,moves:{move:{id:M,opener:hello}}}}", "1:43: an opener is quoted text, found"
                + " hello"},
            {"system:{id:s,game:{id:G}", "1:25: expected"},
        };
        for (String[] c : bad) {
            assertThatThrownBy(() -> ProtocolParser.parse(c[0], "bad.dgdl")).as(c[0])
                    .isInstanceOf(DgdlException.class).hasMessageStartingWith("bad.dgdl:" + c[1]);
        }
    }

    @Test
    void theOtherDialectsAreStillTheirs() {
        assertThat(ProtocolParser.parse("game(id:G){ interaction(id:M){ } }", "x").dialect()).isEqualTo(Dialect.DGEP2);
        assertThatThrownBy(() -> ProtocolParser.parse("system(id:s1)", "x.dgdl"))
                .isInstanceOf(DgdlSyntaxException.class).hasMessage("x.dgdl:1:7: expected '{' after system (a game in"
                        + " the original DGDL is Name{...} or system:{...}; DGEP 2's is game(id:Name){...}, DGDL+'s"
                        + " System{Name{...}}) but found '('");
        assertThatThrownBy(() -> ProtocolParser.parse("[", "x.dgdl")).isInstanceOf(DgdlSyntaxException.class)
                .hasMessageStartingWith("x.dgdl:1:1: expected one of 'game', 'System'");
    }
}
