package dev.parley.engine;

import dev.parley.aif.AifGraph;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A move a participant may make now, as DGEP lists it: the reply to fill in ({@code "$p"} marks a variable the
 * speaker chooses), the opener with the bound variables substituted, the target when it is fixed, and the AIF the
 * move would add.
 *
 * @param targets every participant the move may be addressed to (empty: any)
 */
public record LegalMove(String moveId, String opener, Map<String, String> reply, String target, List<String> targets,
                        AifGraph aif) {

    public LegalMove {
        reply = Collections.unmodifiableMap(new LinkedHashMap<>(reply));
        targets = List.copyOf(targets);
    }
}
