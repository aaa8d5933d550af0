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
 * naming {@code file:line}, so a typo never silently falls back to a default.
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
            String where = file + ":" + (i + 1) + ": ";
            String line = lines.get(i).strip();
            if (line.isEmpty() || line.startsWith("#")) {
                continue;
            }
            if (line.startsWith("[")) {
                throw new UserInputException(where + "tables are not supported; write the keys at the top level");
            }
            int eq = line.indexOf('=');
            if (eq < 0) {
                throw new UserInputException(where + "expected key = \"value\"");
            }
            String key = line.substring(0, eq).strip();
            if (!keys.contains(key)) {
                throw new UserInputException(where + "unknown key '" + key + "' (keys: "
                        + String.join(", ", keys.stream().sorted().toList()) + ")");
            }
            if (out.containsKey(key)) {
                throw new UserInputException(where + key + " is set twice");
            }
            out.put(key, string(line.substring(eq + 1).strip(), where));
        }
        return out;
    }

    /** A basic ("...", with escapes) or literal ('...') string, optionally followed by a comment. */
    private static String string(String s, String where) {
        if (s.isEmpty() || (s.charAt(0) != '"' && s.charAt(0) != '\'')) {
            throw new UserInputException(where + "expected a quoted string, e.g. \"http://localhost:8000/v1\"");
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
                v.append(switch (s.charAt(i)) {
                    case '"' -> '"';
                    case '\\' -> '\\';
                    case 'n' -> '\n';
                    case 't' -> '\t';
                    default -> throw new UserInputException(where + "unknown escape \\" + s.charAt(i));
                });
            } else {
                v.append(c);
            }
        }
        if (i >= s.length()) {
            throw new UserInputException(where + "unterminated string");
        }
        String rest = s.substring(i + 1).strip();
        if (!rest.isEmpty() && !rest.startsWith("#")) {
            throw new UserInputException(where + "unexpected '" + rest + "' after the value");
        }
        return v.toString();
    }
}
