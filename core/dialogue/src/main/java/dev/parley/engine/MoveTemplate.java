package dev.parley.engine;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A move an effect put on a participant's {@code next} or {@code future} list.
 *
 * @param moveId     the interaction
 * @param addressees the participants the move may be addressed to (empty: the protocol named nobody the engine
 *                   knows, so any participant may be the target)
 * @param bindings   content variables the protocol already fixed (unbound variables are absent)
 */
public record MoveTemplate(String moveId, List<String> addressees, Map<String, String> bindings) {

    public MoveTemplate {
        addressees = List.copyOf(addressees);
        bindings = Collections.unmodifiableMap(new LinkedHashMap<>(bindings));
    }
}
