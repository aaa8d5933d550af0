package dev.parley.cli;

import dev.parley.io.InputFiles;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The small part of TOML that Parley's config file needs: {@code key = "string"} (or {@code 'literal'}) lines at the
 * top level, blank lines and {@code #} comments. Anything else, an unknown key or a key given twice is an error
 * naming {@code file:line:column}, so a typo never silently falls back to a default.
 */
final class ConfigFile {

    private ConfigFile() {
    }

    /** The file's settings, or none when it does not exist. */
    static Map<String, String> read(Path file, Set<String> keys) {
        if (!Files.exists(file)) {
            return Map.of();
        }
        List<String> lines = InputFiles.readText(file).lines().toList();
        Map<String, String> out = new LinkedHashMap<>();
        for (int i = 0; i < lines.size(); i++) {
            String raw = lines.get(i);
            String line = raw.strip();
            if (line.isEmpty() || line.startsWith("#")) {
                continue;
            }
            Place at = new Place(file, i + 1, raw.length() - raw.stripLeading().length());
            if (line.startsWith("[")) {
                throw at.bad(0, "tables are not supported; write the keys at the top level");
            }
            int eq = line.indexOf('=');
            if (eq < 0) {
                throw at.bad(0, "expected key = \"value\"");
            }
            String key = line.substring(0, eq).strip();
            if (!keys.contains(key)) {
                throw at.bad(0, "unknown key '" + key + "' (keys: " + String.join(", ", keys.stream().sorted().toList())
                        + ")");
            }
            if (out.containsKey(key)) {
                throw at.bad(0, key + " is set twice");
            }
            String after = line.substring(eq + 1);
            int value = eq + 1 + after.length() - after.stripLeading().length();
            out.put(key, string(after.strip(), at, value));
        }
        return out;
    }

    /** A line of the file: {@code bad(k, ...)} refuses it at character {@code k} of the stripped line. */
    private record Place(Path file, int line, int lead) {
        UserInputException bad(int k, String what) {
            return new UserInputException(file + ":" + line + ":" + (lead + k + 1) + ": " + what);
        }
    }

    /**
     * A basic ("...", with escapes) or literal ('...') string, optionally followed by a comment; {@code s} starts at
     * character {@code from} of the stripped line.
     */
    private static String string(String s, Place at, int from) {
        if (s.isEmpty() || (s.charAt(0) != '"' && s.charAt(0) != '\'')) {
            throw at.bad(from, "expected a quoted string, e.g. \"http://localhost:8000/v1\"");
        }
        char quote = s.charAt(0);
        StringBuilder v = new StringBuilder();
        int i = 1;
        for (; i < s.length() && s.charAt(i) != quote; i++) {
            char c = s.charAt(i);
            if (c == '\\' && quote == '"') {
                if (++i == s.length()) {
                    break;
                }
                int escape = i - 1;
                v.append(switch (s.charAt(i)) {
                    case '"' -> '"';
                    case '\\' -> '\\';
                    case 'n' -> '\n';
                    case 't' -> '\t';
                    default -> throw at.bad(from + escape, "unknown escape \\" + s.charAt(i));
                });
            } else {
                v.append(c);
            }
        }
        if (i >= s.length()) {
            throw at.bad(from, "unterminated string");
        }
        String tail = s.substring(i + 1);
        String rest = tail.strip();
        if (!rest.isEmpty() && !rest.startsWith("#")) {
            throw at.bad(from + i + 1 + tail.length() - tail.stripLeading().length(),
                    "unexpected '" + rest + "' after the value");
        }
        return v.toString();
    }
}
