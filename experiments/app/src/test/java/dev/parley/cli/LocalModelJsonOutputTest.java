package dev.parley.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.parley.llm.llamacpp.testing.TestModels;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code --json --llm local} in a fresh JVM, where java-llama.cpp's loader extracts its native library and would
 * print a notice on standard output: the whole of standard output must be the one JSON document. (In the test JVM
 * the library may already be loaded, so only a new process can see the notice.)
 */
@Tag("model")
@Tag("process")
class LocalModelJsonOutputTest {

    private static final ObjectMapper STRICT = new ObjectMapper()
            .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS);

    @TempDir
    Path home;

    @Test
    void standardOutputIsOnlyTheJsonAnswer() throws Exception {
        Path model = TestModels.smollm2();
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        String cp = System.getProperty("surefire.test.class.path", System.getProperty("java.class.path"));
        Path err = home.resolve("stderr.txt");
        ProcessBuilder pb = new ProcessBuilder(java, "-Duser.home=" + home, "-Djava.io.tmpdir=" + home,
                "-Dorg.slf4j.simpleLogger.log.dev.parley.llm.llamacpp.NativeLibrary=debug", "-cp", cp,
                "dev.parley.cli.Parley", "preface", "--dcrs", "../../examples/climate-argue.dcrs.json", "--llm",
                "local", "--model-file", model.toString(), "--cache-mode", "off", "--json", "--seed", "3",
                "--max-tokens", "48").redirectError(err.toFile());
        pb.environment().put("HOME", home.toString());
        pb.environment().remove("PARLEY_MODEL_FILE");
        Process p = pb.start();
        byte[] out = p.getInputStream().readAllBytes();
        assertThat(p.waitFor(5, TimeUnit.MINUTES)).isTrue();
        String stdout = new String(out, StandardCharsets.UTF_8);
        assertThat(p.exitValue()).as(Files.readString(err)).isZero();
        // the loader really printed its notice in this process, and it went to the log on standard error
        assertThat(Files.readString(err)).contains("java-llama.cpp: Extracted 'libjllama.so'");
        assertThat(stdout).doesNotContain("Extracted").startsWith("{");
        JsonNode answer = STRICT.readTree(stdout);
        assertThat(answer.path("backend").asText()).isEqualTo("local:SmolLM2-135M-Instruct.Q4_1.gguf");
        assertThat(answer.path("response").asText()).isNotBlank();
    }
}
