package dev.parley.domain.support;

import dev.parley.dialogue.Instruction;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** The instructions the words tests run through: every tone a domain's words may be asked for. */
public final class EveryTone {

    private EveryTone() {
    }

    /** The paper's tones, the baseline and the whole tone lexicon, once each. */
    public static List<Instruction> instructions() {
        Map<String, Instruction> all = new LinkedHashMap<>();
        for (Instruction i : Temperaments.paperTones()) {
            all.put(i.name(), i);
        }
        for (Instruction i : Temperaments.lexiconInstructions()) {
            all.put(i.name(), i);
        }
        return List.copyOf(all.values());
    }
}
