package dev.parley.dgdl;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Static checks of a {@link Protocol}. What is likely a mistake but DGEP tolerates (an undeclared role or
 * addressee, an interaction nothing makes available, a runtime name such as {@code Speaker} in an initial rule,
 * where no move has given it a value) is a {@link Diagnostic.Severity#WARNING}; a reference that cannot run (a move,
 * store, external URI or content variable that does not exist, a duplicate id, impossible bounds) is an
 * {@link Diagnostic.Severity#ERROR}. The standard idiom of naming {@code Speaker}, {@code Listener} or
 * {@code Target} in an interaction is not reported: the engine resolves those names when the move is made.
 */
public final class ProtocolChecker {

    /** Names the engine resolves when a move is made rather than from the declarations. */
    public static final Set<String> RUNTIME_NAMES = Set.of("Target", "Speaker", "Listener");
    /** Roles every dialogue has, whether declared or not. */
    public static final Set<String> BUILT_IN_ROLES = Set.of("speaker", "listener");

    private final Protocol protocol;
    private final List<Diagnostic> out = new ArrayList<>();
    private final Set<String> known = new HashSet<>();
    /** Whether the statements being checked belong to an initial rule, where no move has been made yet. */
    private boolean initialRule;

    private ProtocolChecker(Protocol protocol) {
        this.protocol = protocol;
    }

    /** All findings, in file order within each kind. */
    public static List<Diagnostic> check(Protocol protocol) {
        ProtocolChecker c = new ProtocolChecker(protocol);
        c.run();
        if (protocol.dialect() == Dialect.ORIGINAL) {
            c.out.addAll(OriginalDgdlReader.notes(protocol));
        }
        // a body the original dialect's translation copies once per mover would report its findings once a copy
        return List.copyOf(new java.util.LinkedHashSet<>(c.out));
    }

    private void run() {
        known.addAll(protocol.roles());
        known.addAll(BUILT_IN_ROLES);
        protocol.players().forEach(p -> known.add(p.id()));

        duplicates();
        bounds();
        for (Protocol.Player p : protocol.players()) {
            for (String r : p.roles()) {
                if (!known.contains(r) && !protocol.roles().contains(r)) {
                    warn(p.position(), "player " + p.id() + " has role '" + r + "', which is not declared in roles");
                }
            }
        }
        for (Protocol.Store s : protocol.stores()) {
            for (String o : s.owners()) {
                user(o, s.position(), "owner of store " + s.id());
            }
            for (Term t : s.initialContent()) {
                if (!(t instanceof Term.Literal)) {
                    error(t.position(), "initial content of store " + s.id() + " must be quoted text, not " + t);
                }
            }
        }
        for (Protocol.Rule r : protocol.rules()) {
            initialRule = r.scope() == Protocol.Scope.INITIAL;
            statements(r.body(), null, r.scope());
        }
        initialRule = false;
        Set<String> reachable = new HashSet<>();
        collectMoveTargets(reachable);
        for (Protocol.Interaction i : protocol.interactions()) {
            i.addressee().ifPresent(a -> user(a, i.position(), "addressee of " + i.id()));
            statements(i.body(), i, null);
            // the original dialect permits a move unless another is mandated: reachability is DGEP's notion
            if (!reachable.contains(i.id()) && protocol.dialect() != Dialect.ORIGINAL) {
                warn(i.position(), "interaction " + i.id() + " is never made available by any move(add, ...) effect");
            }
        }
        if (protocol.rules().stream().noneMatch(r -> r.scope() == Protocol.Scope.INITIAL)
                && protocol.dialect() != Dialect.ORIGINAL) {
            warn(new SourcePosition(1, 1), "no initial rule: no move is legal when the dialogue starts");
        }
        if (protocol.players().isEmpty()) {
            error(new SourcePosition(1, 1), "no player is declared: nobody can join the dialogue");
        }
    }

    private void duplicates() {
        Set<String> seen = new HashSet<>();
        for (Protocol.Interaction i : protocol.interactions()) {
            if (!seen.add(i.id())) {
                error(i.position(), "interaction " + i.id() + " is declared twice");
            }
        }
        seen.clear();
        for (Protocol.Player p : protocol.players()) {
            if (!seen.add(p.id())) {
                error(p.position(), "player " + p.id() + " is declared twice");
            }
        }
        seen.clear();
        for (Protocol.Store s : protocol.stores()) {
            if (!seen.add(s.id())) {
                error(s.position(), "store " + s.id() + " is declared twice");
            }
        }
        seen.clear();
        for (Protocol.Interaction i : protocol.interactions()) {
            Set<String> vars = new HashSet<>();
            for (String v : i.content()) {
                if (!vars.add(v)) {
                    error(i.position(), "interaction " + i.id() + " declares content variable " + v + " twice");
                }
            }
        }
    }

    private void bounds() {
        SourcePosition top = new SourcePosition(1, 1);
        protocol.maxParticipants().ifPresent(max -> {
            if (max < protocol.minParticipants()) {
                error(top, "participants: min " + protocol.minParticipants() + " is larger than max " + max);
            }
        });
        for (Protocol.Player p : protocol.players()) {
            p.max().ifPresent(max -> {
                if (max < p.min()) {
                    error(p.position(), "player " + p.id() + ": min " + p.min() + " is larger than max " + max);
                }
            });
        }
    }

    private void collectMoveTargets(Set<String> into) {
        List<List<Statement>> bodies = new ArrayList<>();
        protocol.rules().forEach(r -> bodies.add(r.body()));
        protocol.interactions().forEach(i -> bodies.add(i.body()));
        for (List<Statement> b : bodies) {
            collect(b, into);
        }
    }

    private static void collect(List<Statement> body, Set<String> into) {
        for (Statement s : body) {
            if (s instanceof Effect.Move m && m.action() == Effect.MoveAction.ADD) {
                into.add(m.moveId());
            } else if (s instanceof Conditional c) {
                c.branches().forEach(b -> collect(b.body(), into));
                collect(c.otherwise(), into);
            }
        }
    }

    private void statements(List<Statement> body, Protocol.Interaction in, Protocol.Scope scope) {
        for (Statement s : body) {
            if (s instanceof Conditional c) {
                for (Conditional.Branch b : c.branches()) {
                    for (Condition cond : b.conditions()) {
                        requirement(cond.requirement(), in, scope);
                    }
                    statements(b.body(), in, scope);
                }
                statements(c.otherwise(), in, scope);
            } else {
                effect((Effect) s, in, scope);
            }
        }
    }

    private void effect(Effect e, Protocol.Interaction in, Protocol.Scope scope) {
        if (e instanceof Effect.Move m) {
            Protocol.Interaction target = protocol.interactionsById().get(m.moveId());
            if (target == null) {
                error(m.position(), "move " + m.moveId() + " does not exist (no interaction has that id)");
            } else if (m.content().size() > target.content().size()) {
                warn(m.position(), "move " + m.moveId() + " is given " + m.content().size()
                        + " content term(s) but declares " + target.content().size() + "; the extra ones are ignored");
            }
            if (m.addressee() != null) {
                user(m.addressee(), m.position(), "addressee");
            }
            if (m.user() != null) {
                user(m.user(), m.position(), "user");
            }
            terms(m.content(), in, scope, m.position(), false);
        } else if (e instanceof Effect.Store s) {
            store(s.storeId(), s.position());
            terms(s.content(), in, scope, s.position(), s.action() != Effect.StoreAction.EMPTY);
        } else if (e instanceof Effect.SetStatus st) {
            if (!st.game().equals(protocol.id())) {
                warn(st.position(), "status(" + st.status().name().toLowerCase(java.util.Locale.ROOT) + ", "
                        + st.game() + ") names a game other than " + protocol.id() + "; it applies to this dialogue");
            }
        } else if (e instanceof Effect.Assign a) {
            user(a.user(), a.position(), "user");
            role(a.role(), a.position());
        } else if (e instanceof Effect.Unassign u) {
            user(u.user(), u.position(), "user");
            role(u.role(), u.position());
        } else if (e instanceof Effect.Save sv) {
            terms(sv.content(), in, scope, sv.position(), true);
        }
    }

    private void requirement(Requirement r, Protocol.Interaction in, Protocol.Scope scope) {
        if (r instanceof Requirement.Event ev) {
            if (!protocol.interactionsById().containsKey(ev.moveId())) {
                error(ev.position(), "event refers to move " + ev.moveId() + ", which does not exist");
            }
            if (ev.user() != null) {
                user(ev.user(), ev.position(), "user");
            }
            terms(ev.content(), in, scope, ev.position(), false);
        } else if (r instanceof Requirement.InRole ir) {
            user(ir.user(), ir.position(), "user");
            role(ir.role(), ir.position());
        } else if (r instanceof Requirement.Inspect is) {
            store(is.storeId(), is.position());
            if (is.user() != null) {
                user(is.user(), is.position(), "user");
            }
            terms(is.content(), in, scope, is.position(), false);
        } else if (r instanceof Requirement.UriTest u) {
            if (protocol.extUri(u.extUriId()).isEmpty()) {
                error(u.position(), "uriTest refers to " + u.extUriId() + ", which is not declared with extURI");
            }
        }
    }

    private void terms(List<Term> terms, Protocol.Interaction in, Protocol.Scope scope, SourcePosition at,
                       boolean needsValue) {
        for (Term t : terms) {
            if (t instanceof Term.Variable v) {
                if (in != null && !in.content().contains(v.name())) {
                    if (needsValue) {
                        error(t.position(), "content variable " + v.name() + " is not declared by interaction "
                                + in.id() + " (content " + in.content() + ")");
                    } else {
                        warn(t.position(), "content variable " + v.name() + " is not declared by interaction "
                                + in.id() + "; it stays open");
                    }
                } else if (in == null && scope == Protocol.Scope.INITIAL && needsValue) {
                    error(t.position(), "content variable " + v.name()
                            + " has no value in an initial rule (no move has been made)");
                }
            }
        }
    }

    private void store(String id, SourcePosition at) {
        if (protocol.store(id).isEmpty()) {
            error(at, "store " + id + " does not exist");
        }
    }

    private void user(String name, SourcePosition at, String what) {
        if (RUNTIME_NAMES.contains(name)) {
            if (initialRule) {
                warn(at, what + " '" + name + "' has no value in an initial rule: no move has been made yet");
            }
        } else if (!known.contains(name)) {
            warn(at, what + " '" + name + "' is not a declared player or role");
        }
    }

    private void role(String role, SourcePosition at) {
        if (!known.contains(role)) {
            warn(at, "role '" + role + "' is not declared");
        }
    }

    private void warn(SourcePosition at, String message) {
        out.add(new Diagnostic(Diagnostic.Severity.WARNING, protocol.source(), at, message));
    }

    private void error(SourcePosition at, String message) {
        out.add(new Diagnostic(Diagnostic.Severity.ERROR, protocol.source(), at, message));
    }
}
