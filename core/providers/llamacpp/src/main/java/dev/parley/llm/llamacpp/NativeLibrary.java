package dev.parley.llm.llamacpp;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Loads java-llama.cpp's native library without its notice on standard output. Its loader (4.1.0) extracts the
 * library from the jar and prints "Extracted 'libjllama.so' to ..." with {@code System.out}, which would be the
 * first line of a command's {@code --json} output. Standard output is caught only while the library class
 * initialises, and what was printed goes to the log at debug level.
 */
final class NativeLibrary {

    private static final Logger LOG = LoggerFactory.getLogger(NativeLibrary.class);

    private NativeLibrary() {
    }

    /**
     * Runs {@code firstUse}, which must be the first touch of {@code de.kherud.llama.LlamaModel} (its class
     * initialiser loads the library), with standard output caught. Another thread printing in that instant would be
     * caught too: the model loads before a command writes its answer.
     */
    static synchronized void load(Runnable firstUse) {
        PrintStream out = System.out;
        ByteArrayOutputStream caught = new ByteArrayOutputStream();
        System.setOut(new PrintStream(caught, true, StandardCharsets.UTF_8));
        try {
            firstUse.run();
        } finally {
            System.out.flush();
            System.setOut(out);
            caught.toString(StandardCharsets.UTF_8).lines().filter(l -> !l.isBlank())
                    .forEach(l -> LOG.debug("java-llama.cpp: {}", l));
        }
    }
}
