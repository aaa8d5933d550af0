package dev.parley.dgdl;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.antlr.v4.runtime.CharStreams;
import org.antlr.v4.runtime.ParserRuleContext;
import org.antlr.v4.runtime.Token;

/**
 * Reads the labelled form of the original DGDL (grammar {@code DgdlLabelled.g4}), the form the Python tool of
 * siwells/DGDL reads: {@code system:{id:S, game:{id:G, composition:{..}, rules:{rule:{..}}, moves:{move:{..}}}}}. Its
 * composition, rules and moves map onto a {@link Protocol} of dialect {@link Dialect#ORIGINAL} as the bracketed form's
 * do. Its bodies name calls with braces ({@code if con1{p} then eff1{q}}), none of which is an effect or condition
 * of the published language, so they are noted and not translated: such a game parses and is checked, and the engine
 * refuses to play it at the first of them.
 */
final class LabelledDgdlReader {

    private final String source;
    private final List<Diagnostic> notes = new ArrayList<>();
    private final Set<String> noted = new LinkedHashSet<>();

    private LabelledDgdlReader(String source) {
        this.source = source;
    }

    /** Whether the text starts as the labelled form does: a name, then ':'. */
    static boolean looksLabelled(String text) {
        DgdlLabelledLexer lexer = new DgdlLabelledLexer(CharStreams.fromString(text));
        lexer.removeErrorListeners();
        Token first = lexer.nextToken();
        return first.getType() == DgdlLabelledLexer.NAME && lexer.nextToken().getText().equals(":");
    }

    record Reading(Protocol protocol, List<Diagnostic> notes) {
    }

    static Reading read(String text, String sourceName) {
        DgdlLabelledParser.FileContext tree = ProtocolParser.parseTree(
                new DgdlLabelledLexer(CharStreams.fromString(text, sourceName)), DgdlLabelledParser::new, DgdlLabelledParser::file, sourceName);
        LabelledDgdlReader r = new LabelledDgdlReader(sourceName);
        Protocol p = r.system(tree, text);
        return new Reading(p, List.copyOf(r.notes));
    }

    private Protocol system(DgdlLabelledParser.FileContext f, String text) {
        if (!f.NAME().getText().equals("system")) {
            throw bad(f, "expected system:{...} (the labelled form of the original DGDL), found "
                    + f.NAME().getText() + ":");
        }
        List<DgdlLabelledParser.ObjectContext> games = new ArrayList<>();
        for (DgdlLabelledParser.KeyedContext k : keyed(f.object(), Set.of("id", "game"))) {
            if (key(k).equals("game")) {
                games.add(object(k));
            }
        }
        if (games.isEmpty()) {
            throw bad(f.object(), "a system has at least one game:{...}");
        }
        if (games.size() > 1) {
            note(f, "a system of " + games.size() + " games", "a Parley protocol is one game; the first is read");
        }
        return game(games.get(0), text);
    }

    /** What a game's composition:{...} declares, gathered in the order the document gives it. */
    private static final class Composition {
        final List<String> roles = new ArrayList<>();
        final List<Protocol.Player> players = new ArrayList<>();
        final List<Protocol.Store> stores = new ArrayList<>();
        Protocol.TurnTaking turns = Protocol.TurnTaking.STRICT;
        Optional<String> magnitude = Optional.empty();
        int min = -1;
        Optional<Integer> max = Optional.empty();
    }

    private Protocol game(DgdlLabelledParser.ObjectContext g, String text) {
        String id = null;
        Composition comp = new Composition();
        List<Protocol.Rule> rules = new ArrayList<>();
        List<Protocol.Interaction> moves = new ArrayList<>();
        for (DgdlLabelledParser.KeyedContext k : keyed(g, Set.of("id", "composition", "rules", "moves"))) {
            switch (key(k)) {
                case "id" -> id = name(k);
                case "composition" -> composition(object(k), comp);
                case "rules" -> {
                    for (DgdlLabelledParser.KeyedContext r : keyed(object(k), Set.of("rule"))) {
                        rules.add(rule(r));
                    }
                }
                default -> {
                    for (DgdlLabelledParser.KeyedContext m : keyed(object(k), Set.of("move"))) {
                        moves.add(move(m));
                    }
                }
            }
        }
        if (id == null) {
            throw bad(g, "game:{...} needs id:");
        }
        int declared = comp.players.size();
        return new Protocol(id, Dialect.ORIGINAL, source, text, List.copyOf(new LinkedHashSet<>(comp.roles)),
                comp.min >= 0 ? comp.min : declared, comp.min >= 0 ? comp.max : Optional.of(declared), comp.players,
                comp.stores, comp.turns, comp.magnitude, false, List.of(), rules, moves);
    }

    private void composition(DgdlLabelledParser.ObjectContext o, Composition comp) {
        for (DgdlLabelledParser.KeyedContext c : keyed(o, Set.of("turns", "players", "player", "store", "roles"))) {
            switch (key(c)) {
                case "turns" -> turns(object(c), comp);
                case "players" -> {
                    for (DgdlLabelledParser.KeyedContext t : keyed(object(c), Set.of("min", "max"))) {
                        if (key(t).equals("min")) {
                            comp.min = number(t);
                        } else {
                            comp.max = t.value().getText().equals("undefined") ? Optional.empty()
                                    : Optional.of(number(t));
                        }
                    }
                }
                case "player" -> {
                    Protocol.Player player = player(c);
                    comp.roles.addAll(player.roles());
                    comp.players.add(player);
                }
                case "store" -> comp.stores.add(store(c));
                default -> comp.roles.addAll(names(c));
            }
        }
    }

    private void turns(DgdlLabelledParser.ObjectContext o, Composition comp) {
        for (DgdlLabelledParser.KeyedContext t : keyed(o, Set.of("magnitude", "ordering", "max"))) {
            switch (key(t)) {
                case "magnitude" -> {
                    comp.magnitude = Optional.of(name(t));
                    if (!name(t).equals("single")) {
                        note(t, "turns of magnitude " + name(t), "the engine passes the floor after every move");
                    }
                }
                case "ordering" -> comp.turns = switch (name(t)) {
                    case "strict" -> Protocol.TurnTaking.STRICT;
                    case "liberal" -> Protocol.TurnTaking.LIBERAL;
                    default -> throw bad(t, "ordering is strict or liberal, not " + name(t));
                };
                default -> note(t, "a maximum number of turns (" + t.value().getText() + ")",
                        "the engine counts no turns");
            }
        }
    }

    private Protocol.Player player(DgdlLabelledParser.KeyedContext c) {
        String pid = null;
        List<String> roles = new ArrayList<>();
        for (DgdlLabelledParser.KeyedContext t : keyed(object(c), Set.of("id", "roles"))) {
            if (key(t).equals("id")) {
                pid = name(t);
            } else {
                roles.addAll(names(t));
            }
        }
        if (pid == null) {
            throw bad(c, "player:{...} needs id:");
        }
        return new Protocol.Player(pid, roles, 1, Optional.of(1), pos(c));
    }

    private Protocol.Rule rule(DgdlLabelledParser.KeyedContext r) {
        String rid = null;
        Protocol.Scope scope = null;
        for (DgdlLabelledParser.KeyedContext t : keyed(object(r), Set.of("id", "scope", "body"))) {
            switch (key(t)) {
                case "id" -> rid = name(t);
                case "scope" -> scope = ProtocolParser.constant(Protocol.Scope.class, name(t), source, t,
                        "a rule's scope is initial, turnwise or movewise");
                default -> body(object(t));
            }
        }
        if (rid == null || scope == null) {
            throw bad(r, "rule:{...} needs id: and scope:");
        }
        return new Protocol.Rule(rid, scope, List.of(), pos(r));
    }

    private Protocol.Interaction move(DgdlLabelledParser.KeyedContext m) {
        String mid = null;
        List<String> content = List.of();
        Optional<String> opener = Optional.empty();
        for (DgdlLabelledParser.KeyedContext t : keyed(object(m), Set.of("id", "content", "opener", "body"))) {
            switch (key(t)) {
                case "id" -> mid = name(t);
                case "content" -> content = names(t);
                case "opener" -> {
                    String q = t.value().getText();
                    if (t.value().STRING() == null) {
                        throw bad(t, "an opener is quoted text, found " + q);
                    }
                    opener = Optional.of(q.substring(1, q.length() - 1));
                }
                default -> body(object(t));
            }
        }
        if (mid == null) {
            throw bad(m, "move:{...} needs id:");
        }
        return new Protocol.Interaction(mid, Optional.empty(), content, opener, List.of(), pos(m));
    }

    private Protocol.Store store(DgdlLabelledParser.KeyedContext c) {
        String sid = null;
        List<String> owners = List.of();
        Protocol.Structure structure = Protocol.Structure.SET;
        Protocol.Visibility visibility = Protocol.Visibility.PUBLIC;
        for (DgdlLabelledParser.KeyedContext t : keyed(object(c), Set.of("id", "owner", "structure", "visibility"))) {
            switch (key(t)) {
                case "id" -> sid = name(t);
                case "owner" -> owners = t.value().object() != null ? names(t) : List.of(name(t));
                case "structure" -> {
                    structure = ProtocolParser.constant(Protocol.Structure.class, name(t), source, t,
                            "a store's structure is set, queue or stack");
                }
                default -> {
                    visibility = ProtocolParser.constant(Protocol.Visibility.class, name(t), source, t,
                            "a store's visibility is public or private");
                }
            }
        }
        if (sid == null) {
            throw bad(c, "store:{...} needs id:");
        }
        return new Protocol.Store(sid, owners, structure, visibility, List.of(), pos(c));
    }

    /** A body's calls are this form's own ({@code con1{..}}, {@code eff1{..}}): each is named, none translated. */
    private void body(DgdlLabelledParser.ObjectContext body) {
        for (DgdlLabelledParser.EntryContext e : body.entry()) {
            List<DgdlLabelledParser.CallContext> calls = new ArrayList<>();
            if (e instanceof DgdlLabelledParser.ConditionalContext c) {
                c.calls().forEach(cs -> calls.addAll(cs.call()));
            } else if (e instanceof DgdlLabelledParser.CallEntryContext c) {
                calls.add(c.call());
            } else {
                throw bad(e, "expected an effect name{..} or if name{..} then name{..}, found " + e.getText());
            }
            for (DgdlLabelledParser.CallContext call : calls) {
                note(call, "the call " + call.NAME().getText() + "{...} of the labelled form",
                        "it names no effect or condition of the published language");
            }
        }
    }

    // ---- helpers ----

    private List<DgdlLabelledParser.KeyedContext> keyed(DgdlLabelledParser.ObjectContext o, Set<String> allowed) {
        List<DgdlLabelledParser.KeyedContext> out = new ArrayList<>();
        for (DgdlLabelledParser.EntryContext e : o.entry()) {
            if (!(e instanceof DgdlLabelledParser.KeyedContext k)) {
                throw bad(e, "expected label:value (labels: " + String.join(", ", new java.util.TreeSet<>(allowed))
                        + "), found " + e.getText());
            }
            if (!allowed.contains(key(k))) {
                throw bad(k, "no label " + key(k) + " here; the labels are " + String.join(", ",
                        new java.util.TreeSet<>(allowed)));
            }
            out.add(k);
        }
        return out;
    }

    private static String key(DgdlLabelledParser.KeyedContext k) {
        return k.NAME().getText();
    }

    private DgdlLabelledParser.ObjectContext object(DgdlLabelledParser.KeyedContext k) {
        if (k.value().object() == null) {
            throw bad(k.value(), key(k) + ": is followed by {...}, found " + k.value().getText());
        }
        return k.value().object();
    }

    private String name(DgdlLabelledParser.KeyedContext k) {
        if (k.value().NAME() == null) {
            throw bad(k.value(), key(k) + ": is a name, found " + k.value().getText());
        }
        return k.value().NAME().getText();
    }

    private int number(DgdlLabelledParser.KeyedContext k) {
        if (k.value().INT() == null) {
            throw bad(k.value(), key(k) + ": is a number, found " + k.value().getText());
        }
        try {
            return Integer.parseInt(k.value().getText());
        } catch (NumberFormatException e) {
            throw bad(k.value(), key(k) + ": is too large: " + k.value().getText());
        }
    }

    private List<String> names(DgdlLabelledParser.KeyedContext k) {
        List<String> out = new ArrayList<>();
        for (DgdlLabelledParser.EntryContext e : object(k).entry()) {
            if (!(e instanceof DgdlLabelledParser.BareContext b) || b.getStart().getText().equals("!")) {
                throw bad(e, "expected names separated by commas in " + key(k) + ":{...}, found " + e.getText());
            }
            out.add(b.NAME().getText());
        }
        return out;
    }

    private void note(ParserRuleContext at, String feature, String why) {
        if (noted.add(feature)) {
            notes.add(new Diagnostic(Diagnostic.Severity.WARNING, source, pos(at), "not implemented: " + feature + " ("
                    + why + ")"));
        }
    }

    private DgdlException bad(ParserRuleContext at, String message) {
        return new DgdlException(source, pos(at), message);
    }

    private static SourcePosition pos(ParserRuleContext at) {
        return new SourcePosition(at.getStart().getLine(), at.getStart().getCharPositionInLine() + 1);
    }
}
