package dev.parley.engine;

import java.util.Map;

/**
 * The evaluation context of a body.
 *
 * @param lastIndex the history position {@code event(last, ..)} looks at ({@code -1}: none); an interaction looks at
 *                  the move before itself, a rule at the move just made
 */
record EvalContext(String speaker, String target, Map<String, String> reply, int lastIndex) {

    /** The context of the initial rules: no move is being made. */
    static final EvalContext INITIAL = new EvalContext(null, null, Map.of(), -1);
}
