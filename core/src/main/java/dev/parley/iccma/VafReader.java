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
 * {@link AfFormatException} naming the file and line: an undeclared argument, an argument with no value or two, a
 * preference between values no argument promotes, or cyclic preferences.
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

    public static ValueBasedFile read(Reader reader, String source) throws IOException {
        BufferedReader in = reader instanceof BufferedReader b ? b : new BufferedReader(reader);
        Map<String, Integer> declared = new LinkedHashMap<>();
        List<String[]> attacks = new ArrayList<>();
        List<Integer> attackLines = new ArrayList<>();
        Map<String, String> values = new LinkedHashMap<>();
        List<String[]> prefs = new ArrayList<>();
        List<Integer> prefLines = new ArrayList<>();
        int lineNo = 0;
        for (String line = in.readLine(); line != null; line = in.readLine()) {
            lineNo++;
            int comment = line.indexOf('%');
            String t = (comment >= 0 ? line.substring(0, comment) : line).strip();
            Matcher m = FACT.matcher(t);
            int at = 0;
            while (at < t.length()) {
                if (!m.find(at) || m.start() != at) {
                    throw new AfFormatException(source, lineNo, "expected arg(A). att(A,B). val(A,VALUE). or"
                            + " valpref(V1,V2). , found \"" + t.substring(at).strip() + "\"");
                }
                String kind = m.group(1);
                boolean unary = kind.equals("arg");
                if (unary != (m.group(3) == null)) {
                    throw new AfFormatException(source, lineNo, kind + " takes " + (unary ? "one name" : "two names")
                            + ", found \"" + m.group().strip() + "\"");
                }
                switch (kind) {
                    case "arg" -> {
                        if (declared.putIfAbsent(m.group(2), lineNo) != null) {
                            throw new AfFormatException(source, lineNo, "argument " + m.group(2)
                                    + " is declared twice");
                        }
                    }
                    case "att" -> {
                        attacks.add(new String[] {m.group(2), m.group(3)});
                        attackLines.add(lineNo);
                    }
                    case "val" -> {
                        if (!declared.containsKey(m.group(2))) {
                            throw new AfFormatException(source, lineNo, "val gives a value to " + m.group(2)
                                    + ", which is not declared by an earlier arg(" + m.group(2) + ").");
                        }
                        String had = values.putIfAbsent(m.group(2), m.group(3));
                        if (had != null) {
                            throw new AfFormatException(source, lineNo, "argument " + m.group(2)
                                    + " already promotes " + had + "; an argument promotes one value");
                        }
                    }
                    default -> {
                        prefs.add(new String[] {m.group(2), m.group(3)});
                        prefLines.add(lineNo);
                    }
                }
                at = m.end();
            }
        }
        for (int i = 0; i < attacks.size(); i++) {
            for (String a : attacks.get(i)) {
                if (!declared.containsKey(a)) {
                    throw new AfFormatException(source, attackLines.get(i), "an attack names " + a
                            + ", which is never declared by arg(" + a + ").");
                }
            }
            if (attacks.get(i)[0].equals(attacks.get(i)[1])) {
                // Bench-Capon's attack relation is irreflexive: no audience could make a self-attack fail
                throw new AfFormatException(source, attackLines.get(i), "argument " + attacks.get(i)[0]
                        + " attacks itself; a value-based framework's attacks are irreflexive");
            }
        }
        for (Map.Entry<String, Integer> d : declared.entrySet()) {
            if (!values.containsKey(d.getKey())) {
                throw new AfFormatException(source, d.getValue(), "argument " + d.getKey()
                        + " has no value; add val(" + d.getKey() + ",VALUE).");
            }
        }
        Audience.Builder audience = Audience.builder();
        for (int i = 0; i < prefs.size(); i++) {
            for (String v : prefs.get(i)) {
                if (!values.containsValue(v)) {
                    throw new AfFormatException(source, prefLines.get(i), "valpref names " + v
                            + ", which no argument promotes");
                }
            }
            audience.prefer(prefs.get(i)[0], prefs.get(i)[1]);
        }
        Audience preferences;
        try {
            preferences = prefs.isEmpty() ? Audience.none() : audience.build();
        } catch (IllegalArgumentException e) {
            throw new AfFormatException(source, prefLines.get(prefLines.size() - 1), e.getMessage());
        }
        ArgumentationFramework.Builder af = ArgumentationFramework.builder();
        declared.keySet().forEach(af::argument);
        attacks.forEach(a -> af.attack(a[0], a[1]));
        return new ValueBasedFile(ValueBasedFramework.of(af.build(), values), preferences);
    }
}
