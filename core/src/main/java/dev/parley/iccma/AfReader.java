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
 * file and line.
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
                    throw bad(lineNo, "a second header line; the header \"p af N\" comes once, first");
                }
                String[] f = t.split("\\s+");
                if (f.length != 3 || !f[0].equals("p") || !f[1].equals("af")) {
                    throw bad(lineNo, "expected the header \"p af N\", found \"" + t + "\"");
                }
                n = parseNumber(f[2], lineNo, "the number of arguments", 0, Integer.MAX_VALUE - 1);
                continue;
            }
            if (n < 0) {
                throw bad(lineNo, "expected the header \"p af N\" before the first attack, found \"" + t + "\"");
            }
            int space = firstSpace(t);
            if (space < 0 || firstSpace(t.substring(space).strip()) >= 0) {
                throw bad(lineNo, "expected an attack \"i j\" (two argument numbers), found \"" + t + "\"");
            }
            int a = parseNumber(t.substring(0, space), lineNo, "an argument number 1.." + n, 1, n);
            int b = parseNumber(t.substring(space).strip(), lineNo, "an argument number 1.." + n, 1, n);
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

    private int parseNumber(String s, int line, String what, int min, int max) {
        long v = 0;
        if (s.isEmpty() || s.length() > 10) {
            throw bad(line, "expected " + what + ", found \"" + s + "\"");
        }
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c < '0' || c > '9') {
                throw bad(line, "expected " + what + ", found \"" + s + "\"");
            }
            v = v * 10 + (c - '0');
        }
        if (v < min || v > max) {
            throw bad(line, "expected " + what + ", found " + s);
        }
        return (int) v;
    }

    /** Argument names in order of declaration, with the line of each name's first use before it was declared. */
    private final class Names {
        final List<String> names = new ArrayList<>();
        final Map<String, Integer> index = new HashMap<>();
        final Map<String, Integer> usedBeforeDeclared = new HashMap<>();

        void declare(String name, int line, boolean duplicateIsError) {
            Integer had = index.get(name);
            if (had != null) {
                if (duplicateIsError && !usedBeforeDeclared.containsKey(name)) {
                    throw bad(line, "argument " + name + " is declared twice");
                }
                usedBeforeDeclared.remove(name);
                return;
            }
            index.put(name, names.size());
            names.add(name);
        }

        int use(String name, int line) {
            Integer i = index.get(name);
            if (i == null) {
                i = names.size();
                index.put(name, i);
                names.add(name);
                usedBeforeDeclared.put(name, line);
            }
            return i;
        }

        ArgumentationFramework build(String declaration) {
            if (!usedBeforeDeclared.isEmpty()) {
                Map.Entry<String, Integer> first = usedBeforeDeclared.entrySet().stream()
                        .min(Map.Entry.comparingByValue()).orElseThrow();
                throw bad(first.getValue(), "an attack names " + first.getKey() + ", which is never declared ("
                        + declaration + ")");
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
                    throw bad(lineNo, "expected arg(NAME). or att(NAME,NAME). , found \"" + t.substring(at).strip()
                            + "\"");
                }
                boolean isArg = m.group(1).equals("arg");
                if (isArg && m.group(3) != null) {
                    throw bad(lineNo, "arg takes one argument name, found \"" + m.group().strip() + "\"");
                }
                if (!isArg && m.group(3) == null) {
                    throw bad(lineNo, "att takes two argument names, found \"" + m.group().strip() + "\"");
                }
                if (isArg) {
                    names.declare(m.group(2), lineNo, false);
                } else {
                    gathered.add(names.use(m.group(2), lineNo), names.use(m.group(3), lineNo));
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
                names.declare(f[0], lineNo, true);
            } else {
                String[] f = t.split("\\s+");
                if (f.length < 2) {
                    throw bad(lineNo, "expected an attack \"a b\" after the # line, found \"" + t + "\"");
                }
                if (f[0].equals("#")) {
                    throw bad(lineNo, "a second # line; TGF has one, between the arguments and the attacks");
                }
                gathered.add(names.use(f[0], lineNo), names.use(f[1], lineNo));
            }
        }
        return names.build("on a line before the # line");
    }
}
