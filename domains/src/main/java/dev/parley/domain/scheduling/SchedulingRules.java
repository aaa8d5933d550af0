package dev.parley.domain.scheduling;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.parley.dialogue.ContentRules;
import dev.parley.dialogue.MoveContext;
import dev.parley.domain.support.ObjectSchema;
import dev.parley.domain.support.SchemaMemo;
import java.util.Map;
import java.util.Optional;

/**
 * Meeting scheduling's typed content: a day is one of the seven full English day names; a rejection names the day
 * and a reason ({@code busy} or {@code prefer-other}). Feasible: accept and reject name the day the other proposed
 * last (a proposal may name any day: a colleague may propose a day it is away, and pays for it).
 */
public final class SchedulingRules implements ContentRules {

    /** Each schema built once per move: it depends on nothing else ({@link SchemaMemo}). */
    private final SchemaMemo memo = new SchemaMemo();

    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

    @Override
    public ObjectNode schema(String moveId, MoveContext context) {
        return memo.get(moveId, () -> build(moveId, context));
    }

    private static ObjectNode build(String moveId, MoveContext context) {
        ObjectSchema schema = ObjectSchema.object();
        if (moveId.equals(MeetingScheduling.PROPOSE) || moveId.equals(MeetingScheduling.ACCEPT)
                || moveId.equals(MeetingScheduling.REJECT)) {
            ObjectNode day = NODES.objectNode().put("type", "string");
            Days.FULL.forEach(day.putArray("enum")::add);
            schema.require(MeetingScheduling.DAY, day);
        }
        if (moveId.equals(MeetingScheduling.REJECT)) {
            ObjectNode reason = NODES.objectNode().put("type", "string");
            reason.putArray("enum").add(MeetingScheduling.BUSY).add(MeetingScheduling.PREFER_OTHER);
            schema.require(MeetingScheduling.REASON, reason);
        }
        return schema.closed();
    }

    @Override
    public Optional<String> infeasible(String moveId, Map<String, Object> content, MoveContext context) {
        if (!moveId.equals(MeetingScheduling.ACCEPT) && !moveId.equals(MeetingScheduling.REJECT)) {
            return Optional.empty();
        }
        int table = SchedulingPlanner.dayOnTable(context.speaker(), context.transcript());
        if (table < 0) {
            return Optional.of("no day of the other's is on the table to " + moveId);
        }
        int named = Days.index(String.valueOf(content.get(MeetingScheduling.DAY)));
        if (named != table) {
            return Optional.of("the day on the table is " + Days.FULL.get(table) + ", not "
                    + content.get(MeetingScheduling.DAY));
        }
        return Optional.empty();
    }
}
