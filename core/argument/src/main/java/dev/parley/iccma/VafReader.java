package dev.parley.iccma;

import dev.parley.argument.ArgumentationFramework;
import dev.parley.argument.Audience;
import dev.parley.argument.ValueBasedFramework;
import dev.parley.io.InputFiles;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.Reader;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads a value-based framework written as apx facts plus two more: {@code val(ARG,VALUE).}, the value an argument
 * promotes, and {@code valpref(V1,V2).}, that V1 is preferred to V2 (an audience given in the file, possibly
 * partial). {@code %} starts a comment; several facts may share a line. The first problem ends the read with an
 * {@link AfFormatException} naming the file, line and column: an undeclared argument, an argument with no value or
 * two, a preference between values no argument promotes, or cyclic preferences.
 */
public final class VafReader {

    /** A framework with its values, and the preferences the file states (none: {@link Audience#none()}). */
    public record ValueBasedFile(ValueBasedFramework framework, Audience preferences) {
    }

    private static final Pattern FACT = Pattern.compile(
            "(arg|att|val|valpref)\\s*\\(\\s*([^,()\\s]+)\\s*(?:,\\s*([^,()\\s]+)\\s*)?\\)\\s*\\.\\s*");

    private VafReader() {
    }

    public static ValueBasedFile read(Path file) throws IOException {
        try (BufferedReader r = InputFiles.openText(file)) {
            return read(r, file.toString());
        }
    }

    /** Where a name stands in the file. */
    private record Place(int line, int column) {
    }

    private static AfFormatException at(String source, Place place, String detail) {
        return new AfFormatException(source, place.line(), place.column(), detail);
    }

    public static ValueBasedFile read(Reader reader, String source) throws IOException {
        BufferedReader in = reader instanceof BufferedReader b ? b : new BufferedReader(reader);
        Facts facts = new Facts(source);
        int lineNo = 0;
        for (String line = in.readLine(); line != null; line = in.readLine()) {
            facts.read(++lineNo, line);
        }
        return facts.file();
    }

    /** The facts read so far, each name with its place, and the checks that need the whole file. */
    private static final class Facts {
        private final String source;
        private final Map<String, Place> declared = new LinkedHashMap<>();
        private final List<String[]> attacks = new ArrayList<>();
        private final List<Place[]> attackPlaces = new ArrayList<>();
        private final Map<String, String> values = new LinkedHashMap<>();
        private final List<String[]> prefs = new ArrayList<>();
        private final List<Place[]> prefPlaces = new ArrayList<>();

        Facts(String source) {
            this.source = source;
        }

        /** The facts of one line; a malformed fact, a duplicate or a value before its argument ends the read. */
        void read(int lineNo, String line) {
            int comment = line.indexOf('%');
            String t = (comment >= 0 ? line.substring(0, comment) : line).strip();
            Matcher m = FACT.matcher(t);
            int at = 0;
            while (at < t.length()) {
                if (!m.find(at) || m.start() != at) {
                    throw new AfFormatException(source, lineNo, AfReader.column(line, at), "expected arg(A)."
                            + " att(A,B). val(A,VALUE). or valpref(V1,V2). , found \"" + t.substring(at).strip()
                            + "\"");
                }
                String kind = m.group(1);
                boolean unary = kind.equals("arg");
                Place first = new Place(lineNo, AfReader.column(line, m.start(2)));
                if (unary != (m.group(3) == null)) {
                    int wrong = unary ? m.start(3) : m.start(1);
                    throw new AfFormatException(source, lineNo, AfReader.column(line, wrong), kind + " takes "
                            + (unary ? "one name" : "two names") + ", found \"" + m.group().strip() + "\"");
                }
                Place[] both = unary ? null
                        : new Place[] {first, new Place(lineNo, AfReader.column(line, m.start(3)))};
                switch (kind) {
                    case "arg" -> {
                        if (declared.putIfAbsent(m.group(2), first) != null) {
                            throw at(source, first, "argument " + m.group(2) + " is declared twice");
                        }
                    }
                    case "att" -> {
                        attacks.add(new String[] {m.group(2), m.group(3)});
                        attackPlaces.add(both);
                    }
                    case "val" -> {
                        if (!declared.containsKey(m.group(2))) {
                            throw at(source, first, "val gives a value to " + m.group(2)
                                    + ", which is not declared by an earlier arg(" + m.group(2) + ").");
                        }
                        String had = values.putIfAbsent(m.group(2), m.group(3));
                        if (had != null) {
                            throw at(source, first, "argument " + m.group(2) + " already promotes " + had
                                    + "; an argument promotes one value");
                        }
                    }
                    default -> {
                        prefs.add(new String[] {m.group(2), m.group(3)});
                        prefPlaces.add(both);
                    }
                }
                at = m.end();
            }
        }

        /** Undeclared or self-attacking arguments, arguments without a value, and preferences are checked here. */
        ValueBasedFile file() {
            for (int i = 0; i < attacks.size(); i++) {
                for (int k = 0; k < 2; k++) {
                    String a = attacks.get(i)[k];
                    if (!declared.containsKey(a)) {
                        throw at(source, attackPlaces.get(i)[k], "an attack names " + a
                                + ", which is never declared by arg(" + a + ").");
                    }
                }
                if (attacks.get(i)[0].equals(attacks.get(i)[1])) {
                    // Bench-Capon's attack relation is irreflexive: no audience could make a self-attack fail
                    throw at(source, attackPlaces.get(i)[0], "argument " + attacks.get(i)[0]
                            + " attacks itself; a value-based framework's attacks are irreflexive");
                }
            }
            for (Map.Entry<String, Place> d : declared.entrySet()) {
                if (!values.containsKey(d.getKey())) {
                    throw at(source, d.getValue(), "argument " + d.getKey() + " has no value; add val(" + d.getKey()
                            + ",VALUE).");
                }
            }
            Audience.Builder audience = Audience.builder();
            for (int i = 0; i < prefs.size(); i++) {
                for (int k = 0; k < 2; k++) {
                    String v = prefs.get(i)[k];
                    if (!values.containsValue(v)) {
                        throw at(source, prefPlaces.get(i)[k], "valpref names " + v
                                + ", which no argument promotes");
                    }
                }
                audience.prefer(prefs.get(i)[0], prefs.get(i)[1]);
            }
            Audience preferences;
            try {
                preferences = prefs.isEmpty() ? Audience.none() : audience.build();
            } catch (IllegalArgumentException e) {
                // a cycle of preferences: the last valpref closes it
                Place last = prefPlaces.get(prefPlaces.size() - 1)[0];
                throw new AfFormatException(source, last.line(), e.getMessage());
            }
            ArgumentationFramework.Builder af = ArgumentationFramework.builder();
            declared.keySet().forEach(af::argument);
            attacks.forEach(a -> af.attack(a[0], a[1]));
            return new ValueBasedFile(ValueBasedFramework.of(af.build(), values), preferences);
        }
    }
}
