package dev.parley.iccma;

import dev.parley.argument.ArgumentationFramework;
import dev.parley.argument.AttackList;
import dev.parley.io.InputFiles;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.Reader;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads an argumentation framework in any {@link AfFormat}, line by line: the text is never held whole, and attacks
 * are kept in an {@link AttackList} (8 bytes an attack), so a framework of millions of attacks reads in memory
 * proportional to its attacks. The first bad line ends the read with an {@link AfFormatException} naming the
 * file, line and column. Columns are worked out only once a line is refused, so reading a good file costs nothing
 * for them.
 */
public final class AfReader {

    private static final Pattern APX = Pattern.compile(
            "\\s*(arg|att)\\s*\\(\\s*([^,()\\s]+)\\s*(?:,\\s*([^,()\\s]+)\\s*)?\\)\\s*\\.");

    private final String source;
    private final AttackList gathered = new AttackList(1024);

    private AfReader(String source) {
        this.source = source;
    }

    public static ArgumentationFramework read(Path file, AfFormat format) throws IOException {
        try (BufferedReader r = InputFiles.openText(file)) {
            return read(r, file.toString(), format);
        }
    }

    /** Reads {@code reader} to its end; {@code source} names it in error messages. */
    public static ArgumentationFramework read(Reader reader, String source, AfFormat format) throws IOException {
        BufferedReader in = reader instanceof BufferedReader b ? b : new BufferedReader(reader);
        AfReader r = new AfReader(source);
        return switch (format) {
            case I23 -> r.i23(in);
            case APX -> r.apx(in);
            case TGF -> r.tgf(in);
        };
    }

    private AfFormatException bad(int line, String detail) {
        return new AfFormatException(source, line, detail);
    }

    private AfFormatException bad(int line, int column, String detail) {
        return new AfFormatException(source, line, column, detail);
    }

    /** The 1-based column of {@code t}'s character {@code at}, {@code t} being {@code line} stripped. */
    static int column(String line, int at) {
        int lead = 0;
        while (lead < line.length() && Character.isWhitespace(line.charAt(lead))) {
            lead++;
        }
        return lead + at + 1;
    }

    private ArgumentationFramework i23(BufferedReader in) throws IOException {
        int n = -1;
        int lineNo = 0;
        for (String line = in.readLine(); line != null; line = in.readLine()) {
            lineNo++;
            String t = line.strip();
            if (t.isEmpty() || t.startsWith("#")) {
                continue;
            }
            if (t.startsWith("p")) {
                if (n >= 0) {
                    throw bad(lineNo, column(line, 0), "a second header line; the header \"p af N\" comes once,"
                            + " first");
                }
                String[] f = t.split("\\s+");
                if (f.length != 3 || !f[0].equals("p") || !f[1].equals("af")) {
                    throw bad(lineNo, column(line, 0), "expected the header \"p af N\", found \"" + t + "\"");
                }
                n = parseNumber(f[2], lineNo, line, t.lastIndexOf(f[2]), "the number of arguments", 0,
                        Integer.MAX_VALUE - 1);
                continue;
            }
            if (n < 0) {
                throw bad(lineNo, column(line, 0), "expected the header \"p af N\" before the first attack, found \""
                        + t + "\"");
            }
            int space = firstSpace(t);
            if (space < 0 || firstSpace(t.substring(space).strip()) >= 0) {
                throw bad(lineNo, column(line, 0), "expected an attack \"i j\" (two argument numbers), found \""
                        + t + "\"");
            }
            String second = t.substring(space).strip();
            int a = parseNumber(t.substring(0, space), lineNo, line, 0, "an argument number 1.." + n, 1, n);
            int b = parseNumber(second, lineNo, line, t.length() - second.length(), "an argument number 1.." + n, 1,
                    n);
            gathered.add(a - 1, b - 1);
        }
        if (n < 0) {
            throw bad(Math.max(lineNo, 1), "no header \"p af N\": the file is empty or holds only comments");
        }
        return gathered.numbered(n);
    }

    private static int firstSpace(String t) {
        for (int i = 0; i < t.length(); i++) {
            if (Character.isWhitespace(t.charAt(i))) {
                return i;
            }
        }
        return -1;
    }

    /** @param text the whole line and {@code at} where {@code s} starts in it once stripped, for an error's column */
    private int parseNumber(String s, int line, String text, int at, String what, int min, int max) {
        long v = 0;
        if (s.isEmpty() || s.length() > 10) {
            throw bad(line, column(text, at), "expected " + what + ", found \"" + s + "\"");
        }
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c < '0' || c > '9') {
                throw bad(line, column(text, at), "expected " + what + ", found \"" + s + "\"");
            }
            v = v * 10 + (c - '0');
        }
        if (v < min || v > max) {
            throw bad(line, column(text, at), "expected " + what + ", found " + s);
        }
        return (int) v;
    }

    /** Where a name stands: its line, and its column once known. */
    private record Place(int line, int column) {
    }

    /** Argument names in order of declaration, with the place of each name's first use before it was declared. */
    private final class Names {
        final List<String> names = new ArrayList<>();
        final Map<String, Integer> index = new HashMap<>();
        final Map<String, Place> usedBeforeDeclared = new HashMap<>();

        /** @param text the whole line, and {@code at} where the name starts in it once stripped */
        void declare(String name, int line, boolean duplicateIsError, String text, int at) {
            Integer had = index.get(name);
            if (had != null) {
                if (duplicateIsError && !usedBeforeDeclared.containsKey(name)) {
                    throw bad(line, column(text, at), "argument " + name + " is declared twice");
                }
                usedBeforeDeclared.remove(name);
                return;
            }
            index.put(name, names.size());
            names.add(name);
        }

        int use(String name, int line, String text, int at) {
            Integer i = index.get(name);
            if (i == null) {
                i = names.size();
                index.put(name, i);
                names.add(name);
                usedBeforeDeclared.put(name, new Place(line, column(text, at)));
            }
            return i;
        }

        ArgumentationFramework build(String declaration) {
            if (!usedBeforeDeclared.isEmpty()) {
                Map.Entry<String, Place> first = usedBeforeDeclared.entrySet().stream()
                        .min(Map.Entry.comparingByValue(java.util.Comparator.comparingInt(Place::line)
                                .thenComparingInt(Place::column))).orElseThrow();
                throw bad(first.getValue().line(), first.getValue().column(), "an attack names " + first.getKey()
                        + ", which is never declared (" + declaration + ")");
            }
            return gathered.indexed(names);
        }
    }

    private ArgumentationFramework apx(BufferedReader in) throws IOException {
        Names names = new Names();
        int lineNo = 0;
        for (String line = in.readLine(); line != null; line = in.readLine()) {
            lineNo++;
            int comment = line.indexOf('%');
            String t = (comment >= 0 ? line.substring(0, comment) : line).strip();
            if (t.isEmpty()) {
                continue;
            }
            Matcher m = APX.matcher(t);
            int at = 0;
            while (at < t.length()) {
                if (!m.find(at) || m.start() != at) {
                    throw bad(lineNo, column(line, at), "expected arg(NAME). or att(NAME,NAME). , found \""
                            + t.substring(at).strip() + "\"");
                }
                boolean isArg = m.group(1).equals("arg");
                if (isArg && m.group(3) != null) {
                    throw bad(lineNo, column(line, m.start(3)), "arg takes one argument name, found \""
                            + m.group().strip() + "\"");
                }
                if (!isArg && m.group(3) == null) {
                    throw bad(lineNo, column(line, m.start(1)), "att takes two argument names, found \""
                            + m.group().strip() + "\"");
                }
                if (isArg) {
                    names.declare(m.group(2), lineNo, false, line, m.start(2));
                } else {
                    gathered.add(names.use(m.group(2), lineNo, line, m.start(2)),
                            names.use(m.group(3), lineNo, line, m.start(3)));
                }
                at = m.end();
                while (at < t.length() && Character.isWhitespace(t.charAt(at))) {
                    at++;
                }
            }
        }
        return names.build("by arg(NAME).");
    }

    private ArgumentationFramework tgf(BufferedReader in) throws IOException {
        Names names = new Names();
        boolean attacks = false;
        int lineNo = 0;
        for (String line = in.readLine(); line != null; line = in.readLine()) {
            lineNo++;
            String t = line.strip();
            if (t.isEmpty()) {
                continue;
            }
            if (!attacks) {
                if (t.equals("#")) {
                    attacks = true;
                    continue;
                }
                String[] f = t.split("\\s+", 2);
                // TGF allows "id label"; the id names the argument
                names.declare(f[0], lineNo, true, line, 0);
            } else {
                String[] f = t.split("\\s+");
                if (f.length < 2) {
                    throw bad(lineNo, column(line, 0), "expected an attack \"a b\" after the # line, found \"" + t
                            + "\"");
                }
                if (f[0].equals("#")) {
                    throw bad(lineNo, column(line, 0), "a second # line; TGF has one, between the arguments and the"
                            + " attacks");
                }
                gathered.add(names.use(f[0], lineNo, line, 0),
                        names.use(f[1], lineNo, line, t.indexOf(f[1], f[0].length())));
            }
        }
        return names.build("on a line before the # line");
    }
}
