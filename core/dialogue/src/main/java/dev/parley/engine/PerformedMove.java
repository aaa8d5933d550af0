package dev.parley.engine;

import dev.parley.aif.AifGraph;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * One entry of a dialogue's history.
 *
 * @param index   0-based position in the history
 * @param text    the locution: the opener with every variable substituted
 * @param aif     the JSON-AIF this move added (L, YA, I, TA, RA/CA nodes)
 */
public record PerformedMove(int index, String speaker, String moveId, String target, Map<String, String> reply,
                            String text, AifGraph aif) {

    public PerformedMove {
        reply = Collections.unmodifiableMap(new LinkedHashMap<>(reply));
    }
}
