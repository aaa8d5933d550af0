package dev.parley.dialogue;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.parley.engine.LegalMove;
import dev.parley.preface.Dcrs;
import java.util.Objects;

/**
 * One move to be given content and words: where it is made, which legal move, under which instruction, the PrEFACE
 * request a language model is prompted with, and the schema its content must satisfy.
 *
 * @param context     the scenario, the speaker and the public transcript
 * @param move        the legal move (its id, its reply template with any values the protocol fixes, its opener)
 * @param instruction the solver's instruction ({@link Instruction#ANY} when unguided)
 * @param dcrs        the DCRS of the move (history, topic and stance, the speaker's knowledge, the guidance)
 * @param schema      the JSON Schema of the move's content ({@link ContentRules#schema}), kept as given and never
 *                    changed: the caller must not change it afterwards either (a domain's memoised schema is shared
 *                    by many requests, and copying it for each was a twelfth of an offline tree's build); the
 *                    accessor returns a copy
 */
public record MoveRequest(MoveContext context, LegalMove move, Instruction instruction, Dcrs dcrs,
                          ObjectNode schema) {
    public MoveRequest {
        Objects.requireNonNull(context, "context");
        Objects.requireNonNull(move, "move");
        Objects.requireNonNull(instruction, "instruction");
        Objects.requireNonNull(dcrs, "dcrs");
        Objects.requireNonNull(schema, "schema");
    }

    public String moveId() {
        return move.moveId();
    }

    @Override
    public ObjectNode schema() {
        return schema.deepCopy();
    }

    /**
     * The schema itself, not a copy, for this package's verifier, which only reads it: copying it for every check
     * was a tenth of an offline tree's build time.
     */
    ObjectNode schemaForReading() {
        return schema;
    }
}
