package dev.parley.llm.llamacpp.testing;

import dev.parley.llm.llamacpp.ModelFiles;
import java.nio.file.Files;
import java.nio.file.Path;
import dev.parley.testing.Require;

/**
 * The small GGUF models of the {@code model} tests, as {@code scripts/models.sh} caches them. Missing, a test is
 * skipped with a message saying how to fetch them; under {@code -Dparley.require.model=true} (what CI passes once the
 * script succeeded) it fails instead.
 */
public final class TestModels {

    private TestModels() {
    }

    /** SmolLM2 135M Instruct, the instruction-tuned model the tests speak with. */
    public static Path smollm2() {
        return require(ModelFiles.SMOLLM2);
    }

    /** Gemma 3 270M (pretrained, not instruction-tuned). */
    public static Path gemma3() {
        return require(ModelFiles.GEMMA3);
    }

    private static Path require(String name) {
        Path p = ModelFiles.file(name);
        Require.resource("model", Files.isRegularFile(p), "no model file " + p + "; fetch the test models with"
                + " scripts/models.sh");
        return p;
    }
}
