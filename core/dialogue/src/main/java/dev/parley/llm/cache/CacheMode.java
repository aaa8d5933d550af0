package dev.parley.llm.cache;

import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;

/** How the call cache is used. */
public enum CacheMode {
    /** Serve hits, call the model on a miss and store the answer (the default). */
    READ_WRITE,
    /** Serve hits, call the model on a miss, store nothing (a shared cache that must not change). */
    READ_ONLY,
    /** Always call the model; the cache is not opened. */
    OFF,
    /** Serve hits only; a miss is an error naming the prompt (re-run a finished experiment without a model). */
    REPLAY;

    /** The command-line spelling: read-write, read-only, off, replay. */
    public String label() {
        return name().toLowerCase(Locale.ROOT).replace('_', '-');
    }

    public static CacheMode parse(String text) {
        for (CacheMode m : values()) {
            if (m.label().equalsIgnoreCase(text.trim()) || m.name().equalsIgnoreCase(text.trim())) {
                return m;
            }
        }
        throw new IllegalArgumentException("cache mode must be one of "
                + Arrays.stream(values()).map(CacheMode::label).collect(Collectors.joining(", ")) + ", not '"
                + text + "'");
    }
}
