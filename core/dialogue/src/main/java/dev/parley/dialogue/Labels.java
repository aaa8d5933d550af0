package dev.parley.dialogue;

import java.util.Arrays;
import java.util.Locale;
import java.util.function.Function;

/** Reads an enum constant from its command-line label. */
final class Labels {

    private Labels() {
    }

    /** @throws IllegalArgumentException naming the accepted labels */
    static <E extends Enum<E>> E parse(E[] values, Function<E, String> label, String text, String what) {
        String t = text.strip().toLowerCase(Locale.ROOT);
        for (E e : values) {
            if (label.apply(e).equals(t)) {
                return e;
            }
        }
        throw new IllegalArgumentException("unknown " + what + " '" + text + "' (expected one of "
                + Arrays.stream(values).map(label).toList() + ")");
    }
}
