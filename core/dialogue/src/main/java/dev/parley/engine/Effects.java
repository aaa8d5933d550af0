package dev.parley.engine;

import dev.parley.dgdl.Conditional;
import dev.parley.dgdl.Effect;
import dev.parley.dgdl.Protocol;
import dev.parley.dgdl.Statement;
import dev.parley.dgdl.Term;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/**
 * Runs DGDL bodies: conditionals choose a branch, effects change move lists, stores, roles, the status and the
 * runtime variables. Every change is journaled by the room it changes.
 */
final class Effects {

    private final Protocol protocol;
    private final Map<String, Protocol.Interaction> interactions;
    private final Rooms rooms;
    private final Conditions conditions;
    private final Consumer<DialogueStatus> status;

    /** @param status sets the dialogue's status, journaled */
    Effects(Protocol protocol, Map<String, Protocol.Interaction> interactions, Rooms rooms, Conditions conditions,
            Consumer<DialogueStatus> status) {
        this.protocol = protocol;
        this.interactions = interactions;
        this.rooms = rooms;
        this.conditions = conditions;
        this.status = status;
    }

    void run(List<Statement> body, EvalContext ctx) {
        for (Statement s : body) {
            if (s instanceof Conditional c) {
                List<Statement> chosen = c.otherwise();
                for (Conditional.Branch b : c.branches()) {
                    if (conditions.hold(b.conditions(), ctx)) {
                        chosen = b.body();
                        break;
                    }
                }
                run(chosen, ctx);
            } else {
                effect((Effect) s, ctx);
            }
        }
    }

    private void effect(Effect e, EvalContext ctx) {
        if (e instanceof Effect.Move m) {
            move(m, ctx);
        } else if (e instanceof Effect.Store s) {
            store(s, ctx);
        } else if (e instanceof Effect.SetStatus st) {
            status.accept(switch (st.status()) {
                case ACTIVE -> DialogueStatus.ACTIVE;
                case INACTIVE -> DialogueStatus.INACTIVE;
                case COMPLETE -> DialogueStatus.COMPLETE;
                case INCOMPLETE -> DialogueStatus.INCOMPLETE;
                case TERMINATE -> DialogueStatus.TERMINATED;
            });
        } else if (e instanceof Effect.Assign a) {
            Roles roles = rooms.roles();
            roles.assign(roles.denoted(a.user(), ctx, a.position()), a.role());
        } else if (e instanceof Effect.Unassign u) {
            for (String p : rooms.roles().denoted(u.user(), ctx, u.position())) {
                rooms.roles().remove(p, u.role());
            }
        } else if (e instanceof Effect.Save sv) {
            Variables v = rooms.variables();
            v.save(sv.variable(), String.join(", ", v.values(sv.content(), ctx, true)));
        }
    }

    private void move(Effect.Move m, EvalContext ctx) {
        Protocol.Interaction target = interactions.get(m.moveId());
        List<String> users = m.user() == null ? new ArrayList<>(rooms.roles().ids())
                : rooms.roles().denoted(m.user(), ctx, m.position());
        if (m.action() == Effect.MoveAction.DELETE) {
            for (String u : users) {
                rooms.moveLists().delete(m.list(), u, m.moveId());
            }
            return;
        }
        String addresseeName = m.addressee() != null ? m.addressee() : target.addressee().orElse(null);
        List<String> addressees = addresseeName == null ? List.of()
                : rooms.roles().denoted(addresseeName, ctx, m.position());
        MoveTemplate t = new MoveTemplate(m.moveId(), addressees, bindings(m, target, ctx));
        for (String u : users) {
            rooms.moveLists().add(m.list(), u, t);
        }
    }

    /**
     * Content passed to a pushed move binds the target's variables by position, as in DGEP 1 and 2: in
     * {@code move(add, next, Accept, {h, g})} the first term binds Accept's first variable whatever its name, so a
     * side swap can be written. A variable term passes its current value (the variable stays open when it has
     * none); a literal or a runtime variable passes its value.
     */
    private Map<String, String> bindings(Effect.Move m, Protocol.Interaction target, EvalContext ctx) {
        Map<String, String> b = new LinkedHashMap<>();
        List<String> vars = target.content();
        for (int i = 0; i < m.content().size(); i++) {
            Term term = m.content().get(i);
            String value;
            if (term instanceof Term.Variable v) {
                String current = ctx.reply().get(v.name());
                value = current == null ? null : v.negated() ? Variables.negate(current) : current;
            } else {
                // evaluated even past the target's variables: an unsaved runtime variable fails the move
                value = rooms.variables().value(term, ctx, true);
            }
            if (i < vars.size() && value != null) {
                b.put(vars.get(i), value);
            }
        }
        return b;
    }

    private void store(Effect.Store s, EvalContext ctx) {
        Protocol.Store store = protocol.store(s.storeId()).orElseThrow();
        switch (s.action()) {
            case EMPTY -> rooms.stores().empty(store);
            case ADD -> rooms.stores().add(store, rooms.variables().values(s.content(), ctx, true));
            case REMOVE -> rooms.stores().remove(store, rooms.variables().values(s.content(), ctx, true));
            default -> throw new IllegalStateException();
        }
    }
}
