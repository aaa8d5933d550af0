package dev.parley.domain.file;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.parley.dialogue.ContentRules;
import dev.parley.dialogue.Contents;
import dev.parley.dialogue.Message;
import dev.parley.dialogue.MoveContext;
import dev.parley.domain.support.ObjectSchema;
import dev.parley.domain.support.SchemaMemo;
import java.util.Map;
import java.util.Optional;

/**
 * A file domain's content rules: each move's schema from the file's finite types (a basket narrowed by its
 * {@code x-max} to what the speaker holds, a quoted variable fixed to the value answered), and feasibility as the
 * file's conditions, checked in order, the first that fails giving its message.
 */
final class FileRules implements ContentRules {

    private static final com.fasterxml.jackson.databind.ObjectMapper JSON =
            new com.fasterxml.jackson.databind.ObjectMapper();

    private final FileGame game;
    private final SchemaMemo memo = new SchemaMemo();

    FileRules(FileGame game) {
        this.game = game;
    }

    @Override
    public ObjectNode schema(String moveId, MoveContext context) {
        FileGame.MoveSpec move = game.moves().get(moveId);
        if (move == null) {
            return ObjectSchema.object().closed();
        }
        Message last = context.last();
        boolean answering = last != null && last.speaker() != context.speaker();
        StringBuilder key = new StringBuilder(moveId).append('|').append(context.me().canonical());
        move.content().values().forEach(v -> v.quote().ifPresent(q -> key.append('|').append(
                answering ? Contents.canonical(last.get(q)) : "-")));
        return memo.get(key.toString(), () -> build(move, context, answering ? last : null));
    }

    private ObjectNode build(FileGame.MoveSpec move, MoveContext context, Message answered) {
        Bounds bounds = new Bounds(game, context.me(), context.speaker());
        ObjectSchema schema = ObjectSchema.object();
        move.content().forEach((name, v) -> {
            if (v.quote().isPresent()) {
                ObjectNode s = v.type().schema(b -> null);
                Object said = answered == null ? null : answered.get(v.quote().get());
                if (said != null) {
                    s.set("const", JSON.valueToTree(said));
                }
                schema.require(name, s);
            } else {
                schema.require(name, v.type().schema(bounds::of));
            }
        });
        return schema.closed();
    }

    @Override
    public Optional<String> infeasible(String moveId, Map<String, Object> content, MoveContext context) {
        FileGame.MoveSpec move = game.moves().get(moveId);
        if (move == null) {
            return Optional.empty();
        }
        Map<String, Object> said = Vars.content(move, content);
        SpeakerScope vars = new SpeakerScope(game, Vars.own(game, context.me(), context.speaker()), context,
                dev.parley.dialogue.Instruction.ANY);
        for (FileGame.VarSpec v : move.content().values()) {
            if (v.quote().isPresent() && !said.get("content." + v.name()).equals(vars.get("answered."
                    + v.quote().get()))) {
                return Optional.of("the " + v.name() + " " + Contents.canonical(content.get(v.name()))
                        + " is not the " + v.quote().get() + " of the message answered");
            }
        }
        Optional<String> over = new Bounds(game, context.me(), context.speaker()).exceeded(move, said);
        if (over.isPresent()) {
            return over;
        }
        dev.cel.runtime.CelVariableResolver resolver = name -> {
            Object v = said.get(name);
            return v != null ? Optional.of(v) : vars.find(name);
        };
        for (FileGame.Check c : move.feasible()) {
            if (!c.expr().test(resolver)) {
                return Optional.of(c.message());
            }
        }
        return Optional.empty();
    }
}
