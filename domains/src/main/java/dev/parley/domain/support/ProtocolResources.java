package dev.parley.domain.support;

import dev.parley.dgdl.Protocol;
import dev.parley.dgdl.ProtocolParser;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;

/** Loads the bundled DGDL protocols from {@code src/main/resources/protocols/}. */
public final class ProtocolResources {

    private ProtocolResources() {
    }

    /** The text of a bundled protocol, e.g. {@code fruit-trading.dgdl}. */
    public static String text(String fileName) {
        String path = "/protocols/" + fileName;
        try (InputStream in = ProtocolResources.class.getResourceAsStream(path)) {
            if (in == null) {
                throw new IllegalStateException("bundled protocol " + path + " is missing from the class path");
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read bundled protocol " + path, e);
        }
    }

    /** Parses and checks a bundled protocol (errors carry the file name, line and column). */
    public static Protocol load(String fileName) {
        return ProtocolParser.load(text(fileName), "protocols/" + fileName);
    }
}
