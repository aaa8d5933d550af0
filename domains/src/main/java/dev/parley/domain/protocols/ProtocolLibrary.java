package dev.parley.domain.protocols;

import dev.parley.dgdl.Protocol;
import dev.parley.dgdl.ProtocolParser;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.JarURLConnection;
import java.net.URISyntaxException;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Enumeration;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.TreeSet;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import java.util.stream.Stream;

/**
 * The bundled DGDL protocols ({@code src/main/resources/protocols/NAME.dgdl}), listed and loaded by name, as
 * DGEP's {@code /available} lists its games. Every {@code .dgdl} file there is listed, whoever added it; its
 * description is the first sentence of its leading comment.
 */
public final class ProtocolLibrary {

    /** A bundled protocol: its name (file name without {@code .dgdl}), and what it is. */
    public record Entry(String name, String description) {
    }

    private static final String DIR = "protocols/";
    private static volatile List<Entry> entries;

    private ProtocolLibrary() {
    }

    public static List<Entry> entries() {
        List<Entry> e = entries;
        if (e == null) {
            List<Entry> found = new ArrayList<>();
            for (String name : discover()) {
                found.add(new Entry(name, describe(text(name).orElseThrow())));
            }
            e = List.copyOf(found);
            entries = e;
        }
        return e;
    }

    public static List<String> names() {
        return entries().stream().map(Entry::name).toList();
    }

    /** The DGDL text of a bundled protocol, by name (case-insensitive). */
    public static Optional<String> text(String name) {
        String n = name.toLowerCase(Locale.ROOT);
        if (!n.matches("[a-z0-9_-]+")) {
            return Optional.empty();
        }
        try (InputStream in = ProtocolLibrary.class.getResourceAsStream("/" + DIR + n + ".dgdl")) {
            return in == null ? Optional.empty() : Optional.of(new String(in.readAllBytes(), StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Parses and checks a bundled protocol; an unknown name is an {@link IllegalArgumentException}. */
    public static Protocol load(String name) {
        String text = text(name).orElseThrow(() -> new IllegalArgumentException(
                "no bundled protocol " + name + " (available: " + String.join(", ", names()) + ")"));
        return ProtocolParser.load(text, DIR + name.toLowerCase(Locale.ROOT) + ".dgdl");
    }

    /** The names of the .dgdl resources, from the classes directory or the jar this class was loaded from. */
    private static List<String> discover() {
        URL anchor = ProtocolLibrary.class.getResource("/" + DIR + "ppd.dgdl");
        if (anchor == null) {
            throw new IllegalStateException("the bundled protocols are missing from the class path");
        }
        TreeSet<String> names = new TreeSet<>();
        try {
            if (anchor.getProtocol().equals("jar")) {
                JarURLConnection c = (JarURLConnection) anchor.openConnection();
                c.setUseCaches(false);
                try (JarFile jar = c.getJarFile()) {
                    for (Enumeration<JarEntry> en = jar.entries(); en.hasMoreElements(); ) {
                        String n = en.nextElement().getName();
                        if (n.startsWith(DIR) && n.endsWith(".dgdl") && n.indexOf('/', DIR.length()) < 0) {
                            names.add(n.substring(DIR.length(), n.length() - ".dgdl".length()));
                        }
                    }
                }
            } else {
                try (Stream<Path> files = Files.list(Path.of(anchor.toURI()).getParent())) {
                    files.map(f -> f.getFileName().toString()).filter(f -> f.endsWith(".dgdl"))
                            .forEach(f -> names.add(f.substring(0, f.length() - ".dgdl".length())));
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
        return List.copyOf(names);
    }

    /** The first sentence of the file's first block comment (a "Description:" label dropped); empty if none. */
    static String describe(String text) {
        int start = text.indexOf("/*");
        if (start < 0) {
            return "";
        }
        String t = text.substring(start);
        int end = t.indexOf("*/");
        StringBuilder sb = new StringBuilder();
        for (String line : t.substring(2, end < 0 ? t.length() : end).split("\n")) {
            String l = line.strip();
            if (l.startsWith("*")) {
                l = l.substring(1).strip();
            }
            if (!l.isEmpty()) {
                sb.append(sb.length() == 0 ? "" : " ").append(l);
            }
        }
        String all = sb.toString();
        if (all.startsWith("Description:")) {
            all = all.substring("Description:".length()).strip();
        }
        // a sentence ends at ". " before a capital, unless the word before is an abbreviation (et al., ch.)
        for (int i = all.indexOf(". "); i >= 0; i = all.indexOf(". ", i + 1)) {
            int w = all.lastIndexOf(' ', i) + 1;
            if (i + 2 < all.length() && Character.isUpperCase(all.charAt(i + 2)) && i - w > 3) {
                return all.substring(0, i + 1);
            }
        }
        return all;
    }
}
