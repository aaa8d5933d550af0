package dev.parley.dialogue;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.Map;
import java.util.Optional;

/**
 * A domain's typed content and what may be said: the JSON Schema of each move's content (what a language model is
 * asked to answer with, and what every answer is validated against) and the feasibility check against the speaker's
 * private information and the public state (a trader cannot give fruit it does not hold; an accept names the offer
 * on the table). Thread-safe.
 */
public interface ContentRules {

    /**
     * The JSON Schema (draft 2020-12) of the move's content: an object with one required property per content
     * variable of the protocol interaction, no others. It may depend on the context (the days still open, the
     * arguments not yet used), never on another player's private information. The node may be shared between calls
     * (a domain may memoise it, as it is asked for at every node of a game tree): read it, never change it, and
     * {@code deepCopy()} it to change it.
     */
    ObjectNode schema(String moveId, MoveContext context);

    /**
     * Why {@code content} cannot be said by this speaker now; empty when it can. Reads only the speaker's own private
     * information and the public transcript. The content is valid against {@link #schema}, or (when a person's move
     * is refused by a schema that lists only the feasible values) of the schema's shape with other values; content
     * too malformed to read throws {@link IllegalArgumentException}, and the schema's reason is given instead.
     */
    Optional<String> infeasible(String moveId, Map<String, Object> content, MoveContext context);
}
