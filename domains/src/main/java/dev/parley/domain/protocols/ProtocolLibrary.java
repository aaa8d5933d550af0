package dev.parley.domain.protocols;

import dev.parley.dgdl.Protocol;
import dev.parley.dgdl.ProtocolParser;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * The bundled DGDL protocols (DGEP 2 dialect, {@code src/main/resources/protocols/NAME.dgdl}), listed and loaded by
 * name, as DGEP's {@code /available} lists its games.
 */
public final class ProtocolLibrary {

    /** A bundled protocol: its name (file name without {@code .dgdl}), and what it is. */
    public record Entry(String name, String description) {
    }

    private static final List<Entry> ENTRIES = List.of(
            new Entry("crg", "critical reasoning game with openers (assert, agree/disagree because, ask evidence)"),
            new Entry("dc", "Mackenzie's DC (statement, withdrawal, question, challenge, grounds)"),
            new Entry("debate", "debate between Pro and Con (claim, argue, rebut, concede, close)"),
            new Entry("deliberation", "deliberation over a plan with layered critical questions"),
            new Entry("h", "Hamblin-style H (statement, no commitment, question, why, grounds)"),
            new Entry("negotiation", "bilateral negotiation (propose, counter, accept, reject, withdraw)"),
            new Entry("ppd", "PPD0-like persuasion (claim, why, argue, concede, retract)"));

    private ProtocolLibrary() {
    }

    public static List<Entry> entries() {
        return ENTRIES;
    }

    public static List<String> names() {
        return ENTRIES.stream().map(Entry::name).toList();
    }

    /** The DGDL text of a bundled protocol, by name (case-insensitive). */
    public static Optional<String> text(String name) {
        String n = name.toLowerCase(Locale.ROOT);
        if (!names().contains(n)) {
            return Optional.empty();
        }
        try (InputStream in = ProtocolLibrary.class.getResourceAsStream("/protocols/" + n + ".dgdl")) {
            if (in == null) {
                throw new IllegalStateException("bundled protocol " + n + " is missing from the jar");
            }
            return Optional.of(new String(in.readAllBytes(), StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Parses and checks a bundled protocol; an unknown name is an {@link IllegalArgumentException}. */
    public static Protocol load(String name) {
        String text = text(name).orElseThrow(() -> new IllegalArgumentException(
                "no bundled protocol " + name + " (available: " + String.join(", ", names()) + ")"));
        return ProtocolParser.load(text, "protocols/" + name.toLowerCase(Locale.ROOT) + ".dgdl");
    }
}
