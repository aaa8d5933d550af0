package dev.parley.domain.file;

import dev.cel.runtime.CelVariableResolver;
import dev.parley.dialogue.Instruction;
import dev.parley.dialogue.Message;
import dev.parley.dialogue.MoveContext;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * What a speaker's expressions read at one node, computed when first read: its own variables (shared by every node
 * of that player, see {@link #own}), then the instruction and the public history. An expression that never reads
 * {@code history} never pays for it.
 */
final class SpeakerScope implements CelVariableResolver {

    private final FileGame game;
    private final MoveContext context;
    private final Instruction instruction;
    private final Map<String, Object> own;
    private final Map<String, Object> computed = new HashMap<>();

    SpeakerScope(FileGame game, Map<String, Object> own, MoveContext context, Instruction instruction) {
        this.game = game;
        this.own = own;
        this.context = context;
        this.instruction = instruction;
    }

    @Override
    public Optional<Object> find(String name) {
        return Optional.ofNullable(get(name));
    }

    /** The value of a variable of the speaker's scope, or null when the scope has none of that name. */
    Object get(String name) {
        Object v = own.get(name);
        if (v != null) {
            return v;
        }
        v = computed.get(name);
        if (v == null) {
            v = compute(name);
            if (v != null) {
                computed.put(name, v);
            }
        }
        return v;
    }

    private Object compute(String name) {
        List<Message> t = context.transcript();
        Message last = context.last();
        boolean answering = last != null && last.speaker() != context.speaker();
        switch (name) {
            case "turn":
                return (long) t.size();
            case "my_turns": {
                long mine = 0;
                for (Message m : t) {
                    if (m.speaker() == context.speaker()) {
                        mine++;
                    }
                }
                return mine;
            }
            case "instruction":
                return instruction.name();
            case "answering":
                return answering;
            case "answered_move":
                return answering ? last.moveId() : "";
            case "history":
                return Vars.history(t);
            default:
                break;
        }
        if (name.startsWith("tone.")) {
            return game.instruction(instruction).numbers().get(name.substring("tone.".length()));
        }
        if (name.startsWith("answered.")) {
            String n = name.substring("answered.".length());
            ContentType type = game.answeredVars().get(n);
            if (type == null) {
                return null;
            }
            return answering && last.content().containsKey(n) ? type.cel(last.get(n)) : type.zero();
        }
        return null;
    }
}
