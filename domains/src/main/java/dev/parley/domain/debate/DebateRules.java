package dev.parley.domain.debate;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.parley.dialogue.ContentRules;
import dev.parley.dialogue.Message;
import dev.parley.dialogue.MoveContext;
import dev.parley.domain.support.ObjectSchema;
import dev.parley.domain.support.SchemaMemo;
import java.util.Map;
import java.util.Optional;

/**
 * Debate's typed content: every move carries an {@code argument}, a claim with an optional premise; an argue or
 * rebut move may name the bank argument it makes ({@code ref}, one of the speaker's side's unused ones) and a
 * rebuttal the argument it attacks ({@code target}, one the other side has made). The offline judge weighs only
 * bank arguments; an LLM judge reads the words.
 */
public final class DebateRules implements ContentRules {

    /** Each schema built once per move, topic and side, which alone it depends on ({@link SchemaMemo}). */
    private final SchemaMemo memo = new SchemaMemo();

    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

    @Override
    public ObjectNode schema(String moveId, MoveContext context) {
        String key = moveId + ' ' + context.scenario().topic() + ' ' + Side.ofStance(context.me().stance());
        return memo.get(key, () -> build(moveId, context));
    }

    private static ObjectNode build(String moveId, MoveContext context) {
        ObjectSchema argument = ObjectSchema.object().require(Debate.CLAIM_KEY, NODES.objectNode()
                .put("type", "string").put("minLength", 3).put("description", "the point asserted, as a clause"));
        ObjectNode props = argument.properties();
        boolean arguing = moveId.equals(Debate.ARGUE) || moveId.equals(Debate.REBUT) || moveId.equals(Debate.CLOSE);
        if (arguing) {
            props.putObject(Debate.PREMISE).put("type", "string").put("minLength", 3)
                    .put("description", "the reason or evidence given for the claim");
        }
        Side side = Side.ofStance(context.me().stance());
        ArgumentBank.topic(context.scenario().topic()).ifPresent(topic -> {
            if (moveId.equals(Debate.ARGUE)) {
                ArrayNode refs = props.putObject(Debate.REF).put("type", "string").putArray("enum");
                topic.arguments().stream().filter(a -> a.side() == side).forEach(a -> refs.add(a.id()));
            } else if (moveId.equals(Debate.REBUT)) {
                ArrayNode refs = props.putObject(Debate.REF).put("type", "string").putArray("enum");
                topic.rebuttals().stream().filter(r -> r.side() == side).forEach(r -> refs.add(r.id()));
                ArrayNode targets = props.putObject(Debate.TARGET).put("type", "string").putArray("enum");
                topic.arguments().stream().filter(a -> a.side() != side).forEach(a -> targets.add(a.id()));
            }
        });
        return ObjectSchema.object().require(Debate.ARGUMENT, argument.closed()).closed();
    }

    @Override
    public Optional<String> infeasible(String moveId, Map<String, Object> content, MoveContext context) {
        Message said = new Message(context.speaker(), moveId, content, "");
        String ref = Debate.member(said, Debate.REF);
        if (ref.isEmpty()) {
            return Optional.empty();
        }
        if (DebatePlanner.used(context.transcript(), ref)) {
            return Optional.of("the argument " + ref + " has already been made");
        }
        if (moveId.equals(Debate.REBUT)) {
            String target = Debate.member(said, Debate.TARGET);
            Optional<ArgumentBank.Rebuttal> r = ArgumentBank.rebuttal(ref);
            if (r.isPresent() && !r.get().attacks().equals(target)) {
                return Optional.of("the rebuttal " + ref + " answers " + r.get().attacks() + ", not "
                        + (target.isEmpty() ? "nothing" : target));
            }
            boolean made = context.transcript().stream().anyMatch(m -> m.speaker() != context.speaker()
                    && m.moveId().equals(Debate.ARGUE) && Debate.member(m, Debate.REF).equals(target));
            if (!made) {
                return Optional.of("the other side has not made the argument " + target + " that the rebuttal"
                        + " answers");
            }
        }
        return Optional.empty();
    }
}
