package dev.parley.engine;

import com.fasterxml.jackson.databind.JsonNode;
import dev.parley.dgdl.Condition;
import dev.parley.dgdl.Protocol;
import dev.parley.dgdl.Requirement;
import java.util.List;
import java.util.function.Supplier;

/** Decides DGDL conditions: events in the history, roles, store inspections and external conditions. */
final class Conditions {

    private final Protocol protocol;
    private final Rooms rooms;
    private final ExternalConditionResolver resolver;
    private final Supplier<JsonNode> externalView;

    /** @param externalView the state shown to external conditions, built only when one asks */
    Conditions(Protocol protocol, Rooms rooms, ExternalConditionResolver resolver, Supplier<JsonNode> externalView) {
        this.protocol = protocol;
        this.rooms = rooms;
        this.resolver = resolver;
        this.externalView = externalView;
    }

    boolean hold(List<Condition> conditions, EvalContext ctx) {
        for (Condition c : conditions) {
            if (test(c.requirement(), ctx) == c.negated()) {
                return false;
            }
        }
        return true;
    }

    private boolean test(Requirement r, EvalContext ctx) {
        if (r instanceof Requirement.Event ev) {
            if (ctx.lastIndex() < 0) {
                return false;
            }
            List<String> speakers = ev.user() == null ? null
                    : rooms.roles().denoted(ev.user(), ctx, ev.position());
            List<String> vals = rooms.variables().values(ev.content(), ctx, false);
            if (ev.time() == Requirement.EventTime.LAST) {
                return History.matches(rooms.history().get(ctx.lastIndex()), ev.moveId(), speakers, vals);
            }
            return rooms.history().anyMatch(ev.moveId(), speakers, vals, ctx.lastIndex());
        }
        if (r instanceof Requirement.InRole ir) {
            for (String p : rooms.roles().denoted(ir.user(), ctx, ir.position())) {
                if (rooms.roles().holds(p, ir.role())) {
                    return true;
                }
            }
            return false;
        }
        if (r instanceof Requirement.Inspect is) {
            return inspect(is, ctx);
        }
        Requirement.UriTest u = (Requirement.UriTest) r;
        Protocol.ExtUri ext = protocol.extUri(u.extUriId()).orElseThrow();
        try {
            return resolver.test(ext.id(), ext.uri(), externalView);
        } catch (ExternalConditionException e) {
            throw new EffectFailure(u.position(), e.getMessage());
        }
    }

    private boolean inspect(Requirement.Inspect is, EvalContext ctx) {
        Protocol.Store store = protocol.store(is.storeId()).orElseThrow();
        if (is.user() != null) {
            boolean owned = false;
            for (String p : rooms.roles().denoted(is.user(), ctx, is.position())) {
                owned |= rooms.roles().owns(p, store);
            }
            if (!owned) {
                return false;
            }
        }
        List<String> vals = rooms.variables().values(is.content(), ctx, true);
        if (is.time() == Requirement.StoreTime.PAST) {
            return rooms.stores().everHeld(store.id(), vals);
        }
        List<String> content = is.time() == Requirement.StoreTime.INITIAL
                ? rooms.stores().initialContents(store.id()) : rooms.stores().contents(store.id());
        if (is.where() == Requirement.InspectPosition.IN) {
            return content.containsAll(vals);
        }
        // the top of a stack (and of a set) is its newest element, of a queue its oldest
        boolean queue = store.structure() == Protocol.Structure.QUEUE;
        int n = is.where() == Requirement.InspectPosition.TOP ? Math.min(1, vals.size()) : vals.size();
        if (n == 0 || n > content.size()) {
            return false;
        }
        for (int k = 0; k < n; k++) {
            String atK = queue ? content.get(k) : content.get(content.size() - 1 - k);
            if (!atK.equals(vals.get(k))) {
                return false;
            }
        }
        return true;
    }
}
