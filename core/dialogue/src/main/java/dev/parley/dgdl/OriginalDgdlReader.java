package dev.parley.dgdl;

import static dev.parley.dgdl.OriginalSyntax.name;
import static dev.parley.dgdl.OriginalSyntax.pos;

import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.antlr.v4.runtime.CharStreams;
import org.antlr.v4.runtime.Token;

/**
 * Reads Wells and Reed's original DGDL (grammar {@code DgdlOriginal.g4}) into a {@link Protocol} of dialect
 * {@link Dialect#ORIGINAL} that the engine plays. The original's meaning is translated onto the engine's model:
 *
 * <ul>
 *   <li>A store id declared once per owner ({@code {store, id:CS, owner:White}}, {@code {store, id:CS, owner:Black}})
 *       becomes one store per owner, {@code CS.White} and {@code CS.Black}; one declaration with several owners, or
 *       {@code owner:shared} (every player), is one store {@code CS}. A body that names a per-owner store through
 *       {@code speaker} or {@code listener} is expanded once per player as the mover, guarded by the role each player
 *       holds under its own id, so each copy names its stores outright.</li>
 *   <li>Moves are permissive, as in the original: after a move that mandates nothing, every move is legal next. A
 *       move's {@code move(mandate, next, M, {..})} makes the mandated moves the only legal next ones; alternatives
 *       {@code {..} || {..}} of mandates are all offered and the next speaker picks one; {@code move(permit, next, M)}
 *       adds M without restricting. The opening moves are the initial rules' mandates, or every move.</li>
 *   <li>{@code ordering:strict} alternates the floor: the first player speaks first (unless an initial rule or a
 *       player's roles give the floor) and after each move the next player in declaration order takes it, unless the
 *       game's own moves assign {@code speaker}. {@code ordering:liberal} lets anyone move.</li>
 *   <li>{@code if {..} then {..} elseif .. else {..}} guards effects, as it does in DGDL+ and DGEP 2 (the move stays
 *       legal when its condition fails); conditions joined by {@code ||} become one branch each.</li>
 * </ul>
 *
 * A construct with no counterpart in the engine is noted ({@link #notes}: once each, where first used, with why);
 * {@link #unplayable} gives the first, and the engine refuses to start such a game with it.
 *
 * <p>This class translates the composition, the rules and the moves' bodies; {@link OriginalSyntax} reads values out
 * of the parse tree and keeps the notes, and {@link ImplicitRules} adds what the original leaves unsaid.
 */
public final class OriginalDgdlReader {

    /** The ids of the rules Parley adds to give the original's implicit turn and move order. */
    public static final String FIRST_SPEAKER_RULE = "parley:first-speaker";
    public static final String OPENING_RULE = "parley:opening";
    public static final String TURN_RULE = "parley:turns";

    /** The engine's names for the mover and everyone else during a move. */
    static final String SPEAKER = "Speaker";
    static final String LISTENER = "Listener";

    private final String source;
    private final String text;
    private final OriginalSyntax syntax;
    private String gameId = "";

    private final List<String> roles = new ArrayList<>();
    private int minParticipants = -1;
    private Optional<Integer> maxParticipants = Optional.empty();
    private final List<Protocol.Player> players = new ArrayList<>();
    private final Map<String, List<StoreDraft>> storeDecls = new LinkedHashMap<>();
    private Protocol.TurnTaking turnTaking = Protocol.TurnTaking.STRICT;
    private Optional<String> magnitude = Optional.empty();
    private final List<Protocol.Rule> rules = new ArrayList<>();
    private final List<Protocol.Interaction> interactions = new ArrayList<>();
    private final List<String> moveIds = new ArrayList<>();
    /** The translated move effects that came from a mandate (a permit translates to the same effect). */
    private final Set<Effect.Move> mandates = Collections.newSetFromMap(new IdentityHashMap<>());
    private final ImplicitRules implicit;
    /** Whether a body was expanded per mover, which needs each player to hold a role named after it. */
    private boolean perMover;

    /** One store declaration of the original. */
    private record StoreDraft(String id, List<String> owners, Protocol.Structure structure,
                              Protocol.Visibility visibility, SourcePosition position) {
    }

    /** Thrown while translating a body without a mover when it names a per-owner store by speaker or listener. */
    private static final class NeedsMover extends RuntimeException {
        private static final long serialVersionUID = 1L;

        NeedsMover() {
            super(null, null, false, false);
        }
    }

    private OriginalDgdlReader(String source, String text) {
        this.source = source;
        this.text = text;
        this.syntax = new OriginalSyntax(source);
        this.implicit = new ImplicitRules(moveIds, mandates, syntax);
    }

    /**
     * Whether {@code text} starts as an original DGDL game does: a name other than the other dialects' keywords
     * ({@code game}, {@code System}), then '{' (or ':' for the labelled form {@link LabelledDgdlReader} reads). A
     * name followed by anything else is refused here, at that token, naming the ways a DGDL file can begin.
     */
    static boolean looksOriginal(String text, String sourceName) {
        DgdlOriginalLexer lexer = new DgdlOriginalLexer(CharStreams.fromString(text));
        lexer.removeErrorListeners();
        Token first = lexer.nextToken();
        if (first.getType() != DgdlOriginalLexer.NAME || first.getText().equals("game")
                || first.getText().equals("System")) {
            return false;
        }
        Token second = lexer.nextToken();
        // Name{ is the published form; name: the labelled form of the repository's Python tool
        if (second.getText().equals("{") || second.getText().equals(":")) {
            return true;
        }
        String found = second.getType() == Token.EOF ? "<end of file>" : "'" + second.getText() + "'";
        throw new DgdlSyntaxException(sourceName, new SourcePosition(second.getLine(),
                second.getCharPositionInLine() + 1), found, "'{'", "expected '{' after " + first.getText()
                + " (a game in the original DGDL is Name{...} or system:{...}; DGEP 2's is game(id:Name){...}, DGDL+'s"
                + " System{Name{...}})"
                + " but found " + found);
    }

    /** Parses original DGDL text; a syntax error is a {@link DgdlSyntaxException} at its line and column. */
    public static Protocol parse(String text, String sourceName) {
        return read(text, sourceName).protocol;
    }

    /** The constructs of {@code protocol}'s text that Parley's engine does not implement, as warnings. */
    public static List<Diagnostic> notes(Protocol protocol) {
        return read(protocol.text(), protocol.source()).notes;
    }

    /**
     * Why the engine cannot play {@code protocol}, at the first construct it lacks; empty when it can (and for the
     * other dialects).
     */
    public static Optional<Diagnostic> unplayable(Protocol protocol) {
        if (protocol.dialect() != Dialect.ORIGINAL) {
            return Optional.empty();
        }
        return notes(protocol).stream().findFirst();
    }

    private record Reading(Protocol protocol, List<Diagnostic> notes) {
    }

    private static Reading read(String text, String sourceName) {
        if (LabelledDgdlReader.looksLabelled(text)) {
            LabelledDgdlReader.Reading labelled = LabelledDgdlReader.read(text, sourceName);
            return new Reading(labelled.protocol(), labelled.notes());
        }
        DgdlOriginalParser.FileContext tree = ProtocolParser.parseTree(
                new DgdlOriginalLexer(CharStreams.fromString(text, sourceName)), DgdlOriginalParser::new, DgdlOriginalParser::file, sourceName);
        OriginalDgdlReader r = new OriginalDgdlReader(sourceName, text);
        Protocol p = r.file(tree);
        List<Diagnostic> sorted = new ArrayList<>(r.syntax.notes());
        sorted.sort(java.util.Comparator.comparingInt((Diagnostic d) -> d.position().line())
                .thenComparingInt(d -> d.position().column()));
        return new Reading(p, List.copyOf(sorted));
    }

    private Protocol file(DgdlOriginalParser.FileContext ctx) {
        DgdlOriginalParser.GameContext game;
        String id;
        if (ctx instanceof DgdlOriginalParser.SystemFileContext s) {
            game = s.game(0);
            id = game.NAME().getText();
            if (s.game().size() > 1) {
                syntax.note(s, "a system of " + s.game().size() + " games (" + s.NAME().getText() + ")",
                        "a Parley protocol is one game; the first, " + id + ", is read");
            }
        } else {
            game = ((DgdlOriginalParser.GameFileContext) ctx).game();
            id = game.NAME().getText();
        }
        gameId = id;
        // composition first, wherever it is written: a body's translation needs the players, stores and move ids
        List<DgdlOriginalParser.GroupContext> bodies = new ArrayList<>();
        for (DgdlOriginalParser.GroupContext g : game.group()) {
            if (!declaration(g)) {
                bodies.add(g);
            }
        }
        List<String> playerIds = players.stream().map(Protocol.Player::id).toList();
        List<Protocol.Store> storeList = stores(playerIds);
        for (DgdlOriginalParser.GroupContext g : bodies) {
            ruleOrInteraction(g);
        }
        if (implicit.addTo(rules, interactions, players, turnTaking, pos(game))) {
            perMover = true;
        }
        List<Protocol.Player> playerList = players;
        List<String> roleList = new ArrayList<>(roles);
        if (perMover) {
            // each player holds a role named after it, so a body expanded per mover can tell who moves
            playerList = players.stream().map(pl -> new Protocol.Player(pl.id(), withRole(pl.roles(), pl.id()),
                    pl.min(), pl.max(), pl.position())).toList();
            roleList.addAll(playerIds);
        }
        int declaredPlayers = players.size();
        // without a {players, min, max} declaration the declared players are the participants
        int min = minParticipants >= 0 ? minParticipants : declaredPlayers;
        Optional<Integer> max = minParticipants >= 0 ? maxParticipants : Optional.of(declaredPlayers);
        return new Protocol(id, Dialect.ORIGINAL, source, text, List.copyOf(new LinkedHashSet<>(roleList)), min, max,
                playerList, storeList, turnTaking, magnitude, false, List.of(), rules, interactions);
    }

    private static List<String> withRole(List<String> roles, String role) {
        List<String> out = new ArrayList<>(roles);
        if (!out.contains(role)) {
            out.add(role);
        }
        return out;
    }

    /** The engine's stores: one per owner where an id is declared per owner, else one shared by its owners. */
    private List<Protocol.Store> stores(List<String> playerIds) {
        List<Protocol.Store> out = new ArrayList<>();
        for (List<StoreDraft> decls : storeDecls.values()) {
            if (decls.size() == 1) {
                StoreDraft d = decls.get(0);
                List<String> owners = d.owners().contains("shared") ? playerIds : d.owners();
                out.add(new Protocol.Store(d.id(), owners, d.structure(), d.visibility(), List.of(), d.position()));
            } else {
                for (StoreDraft d : decls) {
                    out.add(new Protocol.Store(d.id() + "." + d.owners().get(0), d.owners(), d.structure(),
                            d.visibility(), List.of(), d.position()));
                }
            }
        }
        return out;
    }

    /** A top-level {..} of a game: composition, a rule or an interaction, told apart by its items. */
    /** Reads a composition declaration; false for a rule or a move (read later), whose id is recorded. */
    private boolean declaration(DgdlOriginalParser.GroupContext g) {
        List<DgdlOriginalParser.UnitContext> items = syntax.items(g);
        if (items.isEmpty()) {
            throw syntax.bad(g, "an empty declaration {}");
        }
        DgdlOriginalParser.UnitContext head = items.get(0);
        if (head instanceof DgdlOriginalParser.PropertyContext p && name(p).equals("roles")) {
            roles.add(syntax.wordOf(p.value(), "a role"));
            for (DgdlOriginalParser.UnitContext u : items.subList(1, items.size())) {
                roles.add(syntax.word(u, "a role"));
            }
            return true;
        }
        String kind = syntax.word(head, "a declaration's name (turns, players, player, store, or a rule or move id)");
        Map<String, DgdlOriginalParser.ValueContext> props = new LinkedHashMap<>();
        switch (kind) {
            case "turns" -> {
                syntax.properties(items, props, List.of("magnitude", "ordering", "max", "maxturns"), g);
                DgdlOriginalParser.ValueContext m = props.get("magnitude");
                if (m != null) {
                    String v = syntax.plain(m, "single, multiple or a number");
                    if (!v.equals("single") && !v.equals("multiple") && !v.chars().allMatch(Character::isDigit)) {
                        throw syntax.bad(m, "magnitude is single, multiple or a number, not " + v);
                    }
                    magnitude = Optional.of(v);
                    if (!v.equals("single")) {
                        syntax.note(m, "turns of magnitude " + v, "the engine passes the floor after every move");
                    }
                }
                DgdlOriginalParser.ValueContext o = syntax.require(props, "ordering", g, "turns");
                String ordering = syntax.plain(o, "strict or liberal");
                turnTaking = switch (ordering) {
                    case "strict" -> Protocol.TurnTaking.STRICT;
                    case "liberal" -> Protocol.TurnTaking.LIBERAL;
                    default -> throw syntax.bad(o, "ordering is strict or liberal, not " + ordering);
                };
                DgdlOriginalParser.ValueContext max = props.getOrDefault("max", props.get("maxturns"));
                if (max != null) {
                    syntax.note(max, "a maximum number of turns (" + max.getText() + ")", "the engine counts no turns");
                }
            }
            case "players" -> {
                syntax.properties(items, props, List.of("min", "max"), g);
                minParticipants = syntax.number(syntax.require(props, "min", g, "players"), "min");
                DgdlOriginalParser.ValueContext max = syntax.require(props, "max", g, "players");
                maxParticipants = max.getText().equals("undefined") ? Optional.empty()
                        : Optional.of(syntax.number(max, "max"));
            }
            case "player" -> {
                syntax.properties(items, props, List.of("id", "role", "roles"), g);
                DgdlOriginalParser.ValueContext idValue = syntax.require(props, "id", g, "player");
                String pid = idValue.getText();
                if (pid.startsWith("$")) {
                    syntax.note(idValue, "players named at run time (" + pid + ")",
                            "a dialogue starts with its players named");
                } else if (idValue.NAME() == null) {
                    throw syntax.bad(idValue, "a player's id is a name or a $RunTime$ variable, not " + pid);
                }
                List<String> pr = new ArrayList<>();
                for (String key : List.of("role", "roles")) {
                    DgdlOriginalParser.ValueContext v = props.get(key);
                    if (v != null) {
                        pr.addAll(v.group() != null ? syntax.words(v.group(), "a role")
                                : List.of(syntax.plain(v, "a role")));
                    }
                }
                roles.addAll(pr);
                players.add(new Protocol.Player(pid, pr, 1, Optional.of(1), pos(g)));
            }
            case "store" -> store(g, items, props);
            default -> {
                boolean rule = items.size() >= 2 && items.get(1) instanceof DgdlOriginalParser.PropertyContext p
                        && name(p).equals("scope");
                if (!rule) {
                    moveIds.add(kind);
                }
                return false;
            }
        }
        return true;
    }

    private void store(DgdlOriginalParser.GroupContext g, List<DgdlOriginalParser.UnitContext> items,
                       Map<String, DgdlOriginalParser.ValueContext> props) {
        syntax.properties(items, props, List.of("id", "owner", "structure", "visibility"), g);
        String sid = syntax.plain(syntax.require(props, "id", g, "store"), "a store id");
        DgdlOriginalParser.ValueContext ov = syntax.require(props, "owner", g, "store");
        List<String> owners = ov.group() != null ? syntax.words(ov.group(), "an owner")
                : List.of(syntax.plain(ov, "an owner"));
        Protocol.Structure structure = syntax.optionalConstant(props, "structure", Protocol.Structure.SET,
                "set, queue or stack", "a store's structure is set, queue or stack");
        Protocol.Visibility visibility = syntax.optionalConstant(props, "visibility", Protocol.Visibility.PUBLIC,
                "public or private", "a store's visibility is public or private");
        List<StoreDraft> had = storeDecls.computeIfAbsent(sid, k -> new ArrayList<>());
        for (StoreDraft h : had) {
            for (String o : owners) {
                if (h.owners().contains(o)) {
                    throw syntax.bad(g, "store " + sid + " of " + o + " is declared twice");
                }
            }
        }
        had.add(new StoreDraft(sid, List.copyOf(owners), structure, visibility, pos(g)));
        if (had.size() > 1 && had.stream().anyMatch(h -> h.owners().size() != 1 || h.owners().contains("shared"))) {
            throw syntax.bad(g, "store " + sid + " is declared more than once, so once per owner: each declaration"
                    + " has one owner");
        }
    }

    // ---- rules and moves ----

    private void ruleOrInteraction(DgdlOriginalParser.GroupContext g) {
        List<DgdlOriginalParser.UnitContext> items = syntax.items(g);
        String id = syntax.word(items.get(0), "a rule or move id");
        if (items.size() >= 2 && items.get(1) instanceof DgdlOriginalParser.PropertyContext p
                && name(p).equals("scope")) {
            String s = syntax.plain(p.value(), "initial, turnwise or movewise");
            Protocol.Scope scope = ProtocolParser.constant(Protocol.Scope.class, s, source, p.value(),
                    "a rule's scope is initial, turnwise or movewise");
            if (items.size() != 3 || !(items.get(2) instanceof DgdlOriginalParser.NestedContext body)) {
                throw syntax.bad(g, "a rule is {" + id + ", scope:" + s + ", {body}}");
            }
            List<Statement> translated = body(body.group(), scope != Protocol.Scope.INITIAL, false);
            if (scope != Protocol.Scope.INITIAL && implicit.mayMandate(translated)) {
                syntax.note(body, "move(mandate, ...) in a " + s + " rule",
                        "the moves legal next are the last move's to mandate");
            }
            rules.add(new Protocol.Rule(id, scope, translated, pos(g)));
            return;
        }
        // {MoveID, {content}, "opener", {body}}: content and opener are optional
        int at = 1;
        List<String> content = List.of();
        if (items.size() > at + 1 && items.get(at) instanceof DgdlOriginalParser.NestedContext c) {
            content = syntax.words(c.group(), "a content variable");
            at++;
        }
        Optional<String> opener = Optional.empty();
        if (items.size() > at + 1 && items.get(at) instanceof DgdlOriginalParser.TextContext t) {
            String q = t.STRING().getText();
            String words = q.substring(1, q.length() - 1);
            // the original's opener introduces the content ("I assert that" p): the engine's fills $variables
            if (!words.isBlank() && !words.contains("$") && !content.isEmpty()) {
                words = words + " " + String.join(", ", content.stream().map(v -> "$" + v).toList());
            }
            opener = Optional.of(words);
            at++;
        }
        if (items.size() != at + 1 || !(items.get(at) instanceof DgdlOriginalParser.NestedContext body)) {
            DgdlOriginalParser.UnitContext wrong = items.size() > at ? items.get(at) : items.get(items.size() - 1);
            throw syntax.bad(wrong, "a move is {" + id + ", {content}, \"opener\", {body}} (content and opener"
                    + " optional) and a rule {" + id + ", scope:initial|turnwise|movewise, {body}}; found "
                    + wrong.getText());
        }
        interactions.add(new Protocol.Interaction(id, Optional.empty(), content, opener,
                body(body.group(), true, true), pos(g)));
    }

    /**
     * Translates a body. When it names a per-owner store through speaker or listener it is translated once per
     * player as the mover, each copy guarded by {@code inrole(Speaker, Player)}. A move's body then gets the
     * permissive default: every move is legal next on each path that mandates nothing.
     */
    private List<Statement> body(DgdlOriginalParser.GroupContext g, boolean duringMove, boolean isMove) {
        if (g.expr() == null) {
            return isMove ? implicit.everyMove(pos(g)) : List.of();
        }
        try {
            List<Statement> out = effects(g.expr(), null);
            return isMove ? implicit.withDefaults(out) : out;
        } catch (NeedsMover e) {
            if (!duringMove) {
                syntax.note(g, "speaker or listener in an initial rule",
                        "no move has been made, so nobody is the speaker");
                return List.of();
            }
        }
        perMover = true;
        List<Conditional.Branch> branches = new ArrayList<>();
        for (Protocol.Player p : players) {
            List<Statement> copy = effects(g.expr(), p.id());
            branches.add(new Conditional.Branch(List.of(new Condition(false,
                    new Requirement.InRole(SPEAKER, p.id(), pos(g)))),
                    isMove ? implicit.withDefaults(copy) : copy));
        }
        return List.of(new Conditional(branches, List.of(), pos(g)));
    }

    /**
     * {@code e} as effects; alternatives joined by || must all be mandated or permitted moves: each is offered to the
     * next speaker, who picks one by making it.
     */
    private List<Statement> effects(DgdlOriginalParser.ExprContext e, String mover) {
        List<Statement> out = new ArrayList<>();
        for (DgdlOriginalParser.ConjContext c : e.conj()) {
            List<Statement> alternative = new ArrayList<>();
            for (DgdlOriginalParser.UnitContext u : c.unit()) {
                alternative.addAll(effect(u, mover));
            }
            if (e.conj().size() > 1 && !alternative.stream().allMatch(st -> st instanceof Effect.Move)) {
                syntax.note(c, "alternative effects joined by || other than moves mandated or permitted",
                        "the engine runs all of a move's effects; it has nobody to choose among them");
            }
            out.addAll(alternative);
        }
        return out;
    }

    private List<Statement> effect(DgdlOriginalParser.UnitContext u, String mover) {
        if (u instanceof DgdlOriginalParser.ConditionalContext c) {
            return List.of(conditional(c, mover));
        }
        if (u instanceof DgdlOriginalParser.NestedContext n) {
            if (n.group().expr() == null) {
                throw syntax.bad(n, "an empty {} in a body");
            }
            return effects(n.group().expr(), mover);
        }
        if (!(u instanceof DgdlOriginalParser.CallContext call)) {
            throw syntax.bad(u, "expected an effect such as store(add, {p}, CS, speaker), or if {..} then {..}, found "
                    + u.getText());
        }
        String fn = call.NAME().getText();
        if (call.getStart().getText().equals("!")) {
            throw syntax.bad(call, "a negated effect !" + fn + "(...)");
        }
        List<DgdlOriginalParser.UnitContext> args = call.unit();
        SourcePosition at = pos(call);
        switch (fn) {
            case "store" -> {
                arity(call, args, 3, 4, "store(add|remove|empty, {content}, Store, Owner)");
                String action = syntax.word(args.get(0), "add, remove or empty");
                Effect.StoreAction a;
                try {
                    a = Effect.StoreAction.valueOf(action.toUpperCase(Locale.ROOT));
                } catch (IllegalArgumentException ex) {
                    syntax.note(args.get(0), "store(" + action + ", ...)",
                            "a store's contents are added, removed or emptied");
                    return List.of();
                }
                List<Term> content = terms(args.get(1));
                List<Statement> out = new ArrayList<>();
                for (String sid : storeIds(args.get(2), args.size() > 3 ? args.get(3) : null, mover)) {
                    out.add(new Effect.Store(a, content, sid, at));
                }
                return out;
            }
            case "move" -> {
                arity(call, args, 3, 4, "move(mandate|permit, next, Move, {content})");
                String kind = syntax.word(args.get(0), "mandate or permit");
                String list = syntax.word(args.get(1), "next");
                if (!(kind.equals("mandate") || kind.equals("permit")) || !list.equals("next")) {
                    syntax.note(call, "move(" + kind + ", " + list + ", ...)",
                            "the engine mandates or permits the next move only");
                    return List.of();
                }
                String target = syntax.word(args.get(2), "a move id");
                if (!moveIds.contains(target)) {
                    syntax.note(args.get(2), "move(" + kind + ", next, " + target
                            + ") of a move the game does not declare",
                            "its moves are " + String.join(", ", new LinkedHashSet<>(moveIds)));
                    return List.of();
                }
                List<Term> content = args.size() > 3 ? terms(args.get(3)) : List.of();
                Effect.Move m = new Effect.Move(Effect.MoveAction.ADD, Effect.MoveList.NEXT, target, null, content,
                        null, at);
                if (kind.equals("mandate")) {
                    mandates.add(m);
                }
                return List.of(m);
            }
            case "assign" -> {
                arity(call, args, 2, 2, "assign(Player, role)");
                return List.of(new Effect.Assign(user(args.get(0)), syntax.word(args.get(1), "a role"), at));
            }
            case "status" -> {
                arity(call, args, 1, 2, "status(active|inactive|complete|incomplete|terminate, Game)");
                String s = syntax.word(args.get(0), "a status");
                Effect.Status st = ProtocolParser.constant(Effect.Status.class, s, source, args.get(0),
                        "a status is active, inactive, complete, incomplete or terminate");
                String game = args.size() > 1 ? syntax.word(args.get(1), "a game") : null;
                return List.of(new Effect.SetStatus(st, game == null ? gameId : game, at));
            }
            default -> {
                syntax.note(call, "the effect " + fn + "(...)", "the engine has no such effect");
                return List.of();
            }
        }
    }

    private Conditional conditional(DgdlOriginalParser.ConditionalContext c, String mover) {
        List<DgdlOriginalParser.GroupContext> parts = c.group();
        List<Conditional.Branch> branches = new ArrayList<>();
        int i = 0;
        for (; i + 1 < parts.size(); i += 2) {
            DgdlOriginalParser.GroupContext cond = parts.get(i);
            DgdlOriginalParser.GroupContext then = parts.get(i + 1);
            if (cond.expr() == null) {
                throw syntax.bad(cond, "an empty condition {}");
            }
            if (then.expr() == null) {
                throw syntax.bad(then, "an empty branch {}");
            }
            List<Statement> body = effects(then.expr(), mover);
            for (List<Condition> alternative : conditions(cond.expr(), mover)) {
                branches.add(new Conditional.Branch(alternative, body));
            }
        }
        List<Statement> otherwise = List.of();
        if (i < parts.size()) {
            if (parts.get(i).expr() == null) {
                throw syntax.bad(parts.get(i), "an empty branch {}");
            }
            otherwise = effects(parts.get(i).expr(), mover);
        }
        return new Conditional(branches, otherwise, pos(c));
    }

    /** Conditions in disjunctive normal form: each inner list is one alternative, its conditions all required. */
    private List<List<Condition>> conditions(DgdlOriginalParser.ExprContext e, String mover) {
        List<List<Condition>> out = new ArrayList<>();
        for (DgdlOriginalParser.ConjContext c : e.conj()) {
            List<List<Condition>> acc = List.of(List.of());
            for (DgdlOriginalParser.UnitContext u : c.unit()) {
                List<List<Condition>> next = new ArrayList<>();
                for (List<Condition> left : acc) {
                    for (List<Condition> right : condition(u, mover)) {
                        List<Condition> both = new ArrayList<>(left);
                        both.addAll(right);
                        next.add(both);
                    }
                }
                acc = next;
            }
            out.addAll(acc);
        }
        return out;
    }

    private List<List<Condition>> condition(DgdlOriginalParser.UnitContext u, String mover) {
        if (u instanceof DgdlOriginalParser.NestedContext n) {
            if (n.group().expr() == null) {
                throw syntax.bad(n, "an empty condition {}");
            }
            return conditions(n.group().expr(), mover);
        }
        if (u instanceof DgdlOriginalParser.ConditionalContext c) {
            throw syntax.bad(c, "an if inside a condition; conditions are calls such as inspect(in, {p}, CS, speaker)");
        }
        if (!(u instanceof DgdlOriginalParser.CallContext call)) {
            throw syntax.bad(u, "expected a condition such as inspect(in, {p}, CS, listener), found " + u.getText());
        }
        boolean negated = call.getStart().getText().equals("!");
        String fn = call.NAME().getText();
        List<DgdlOriginalParser.UnitContext> args = call.unit();
        SourcePosition at = pos(call);
        List<Requirement> all = new ArrayList<>();
        switch (fn) {
            case "inspect" -> {
                arity(call, args, 3, 5, "inspect(in|on|top, {content}, Store, Owner, initial|past|current)");
                DgdlOriginalParser.UnitContext w = args.get(0);
                if (w instanceof DgdlOriginalParser.WordContext ww && ww.getStart().getText().equals("!")) {
                    negated = !negated;
                }
                String where = w instanceof DgdlOriginalParser.WordContext ww ? ww.NAME().getText() : w.getText();
                Requirement.InspectPosition position = ProtocolParser.constant(Requirement.InspectPosition.class,
                        where, source, w, "inspect looks in, on or at the top of a store");
                List<Term> content = terms(args.get(1));
                DgdlOriginalParser.UnitContext owner = null;
                Requirement.StoreTime time = Requirement.StoreTime.CURRENT;
                for (DgdlOriginalParser.UnitContext rest : args.subList(3, args.size())) {
                    String r = rest.getText();
                    if (List.of("initial", "past", "current").contains(r)) {
                        time = Requirement.StoreTime.valueOf(r.toUpperCase(Locale.ROOT));
                    } else if (owner == null) {
                        owner = rest;
                    } else {
                        throw syntax.bad(rest,
                                "inspect's last arguments are an owner and a time (initial, past, current)");
                    }
                }
                for (String sid : storeIds(args.get(2), owner, mover)) {
                    all.add(new Requirement.Inspect(position, content, sid, null, time, at));
                }
            }
            case "event" -> {
                arity(call, args, 2, 4, "event(last|past, Move, {content}, Player)");
                String t = syntax.word(args.get(0), "last or past");
                Requirement.EventTime time = ProtocolParser.constant(Requirement.EventTime.class, t, source,
                        args.get(0), "an event is the last or a past one");
                String move = syntax.word(args.get(1), "a move id");
                if (!moveIds.contains(move)) {
                    syntax.note(args.get(1), "event(.., " + move + ", ..) of a move the game does not declare",
                            "its moves are " + String.join(", ", new LinkedHashSet<>(moveIds)));
                    return List.of(List.of());
                }
                List<Term> content = List.of();
                String who = null;
                for (DgdlOriginalParser.UnitContext rest : args.subList(2, args.size())) {
                    if (rest instanceof DgdlOriginalParser.NestedContext
                            || rest instanceof DgdlOriginalParser.PairContext) {
                        content = terms(rest);
                    } else {
                        who = user(rest);
                    }
                }
                all.add(new Requirement.Event(time, move, content, who, at));
            }
            case "inrole" -> {
                arity(call, args, 2, 2, "inrole(Player, role)");
                all.add(new Requirement.InRole(user(args.get(0)), syntax.word(args.get(1), "a role"), at));
            }
            default -> {
                syntax.note(call, "the condition " + fn + "(...)", "the engine has no such condition");
                return List.of(List.of());
            }
        }
        if (!negated) {
            return List.of(all.stream().map(r -> new Condition(false, r)).toList());
        }
        // not all of them: one alternative per requirement that fails
        return all.stream().map(r -> List.of(new Condition(true, r))).toList();
    }

    private void arity(DgdlOriginalParser.CallContext call, List<DgdlOriginalParser.UnitContext> args, int min,
                       int max, String form) {
        if (args.size() < min || args.size() > max) {
            throw syntax.bad(call, "expected " + form + ", found " + call.getText());
        }
    }

    /** A content argument: {p, !q, "text", $Var$} (or one bare name). */
    private List<Term> terms(DgdlOriginalParser.UnitContext u) {
        if (u instanceof DgdlOriginalParser.PairContext) {
            syntax.note(u, "locutions and arguments as content (<Move, {p}>, <p, {q}>)",
                    "a store holds text, and the engine has no term that builds a locution or an argument");
            return List.of();
        }
        List<DgdlOriginalParser.UnitContext> items;
        if (u instanceof DgdlOriginalParser.NestedContext n) {
            if (n.group().expr() == null) {
                return List.of();
            }
            if (n.group().expr().conj().size() > 1) {
                throw syntax.bad(n, "content is separated by commas, not ||");
            }
            items = n.group().expr().conj(0).unit();
        } else {
            items = List.of(u);
        }
        List<Term> out = new ArrayList<>();
        for (DgdlOriginalParser.UnitContext t : items) {
            SourcePosition at = pos(t);
            if (t instanceof DgdlOriginalParser.WordContext w) {
                out.add(new Term.Variable(w.NAME().getText(), w.getStart().getText().equals("!"), at));
            } else if (t instanceof DgdlOriginalParser.TextContext s) {
                String q = s.STRING().getText();
                out.add(new Term.Literal(q.substring(1, q.length() - 1), at));
            } else if (t instanceof DgdlOriginalParser.RuntimeContext r) {
                out.add(new Term.Runtime(r.NAME().getText(), at));
            } else if (t instanceof DgdlOriginalParser.PairContext) {
                terms(t);
            } else {
                throw syntax.bad(t, "content is variables, \"text\" or $Var$, found " + t.getText());
            }
        }
        return out;
    }

    /** A player named in a body: speaker and listener (any case) are the engine's Speaker and Listener. */
    private String user(DgdlOriginalParser.UnitContext u) {
        String w = syntax.word(u, "a player, speaker or listener");
        return switch (w.toLowerCase(Locale.ROOT)) {
            case "speaker" -> SPEAKER;
            case "listener" -> LISTENER;
            default -> w;
        };
    }

    /** The engine stores a (store, owner) reference names, given the mover (null while none is assumed). */
    private List<String> storeIds(DgdlOriginalParser.UnitContext storeArg, DgdlOriginalParser.UnitContext ownerArg,
                                  String mover) {
        String sid = syntax.word(storeArg, "a store id");
        List<StoreDraft> decls = storeDecls.get(sid);
        if (decls == null) {
            syntax.note(storeArg, "store " + sid + ", which the game does not declare",
                    "its stores are " + (storeDecls.isEmpty() ? "none" : String.join(", ", storeDecls.keySet())));
            return List.of();
        }
        if (decls.size() == 1) {
            return List.of(sid);
        }
        if (ownerArg == null) {
            throw syntax.bad(storeArg, "store " + sid + " is declared once per owner: name whose, as in store(add,"
                    + " {p}, " + sid + ", speaker)");
        }
        String owner = syntax.word(ownerArg, "an owner (a player, speaker or listener)");
        List<String> owners;
        switch (owner.toLowerCase(Locale.ROOT)) {
            case "speaker" -> {
                if (mover == null) {
                    throw new NeedsMover();
                }
                owners = List.of(mover);
            }
            case "listener" -> {
                if (mover == null) {
                    throw new NeedsMover();
                }
                owners = players.stream().map(Protocol.Player::id).filter(p -> !p.equals(mover)).toList();
            }
            default -> owners = List.of(owner);
        }
        List<String> out = new ArrayList<>();
        for (String o : owners) {
            if (decls.stream().noneMatch(d -> d.owners().contains(o))) {
                syntax.note(ownerArg, "store " + sid + " of " + o + ", which the game does not declare",
                        "its owners are " + String.join(", ", decls.stream().map(d -> d.owners().get(0)).toList()));
                continue;
            }
            out.add(sid + "." + o);
        }
        return out;
    }

}
