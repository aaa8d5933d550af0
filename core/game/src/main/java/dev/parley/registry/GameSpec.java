package dev.parley.registry;

import dev.parley.error.InputException;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.stream.Collectors;

/**
 * A game named with its parameters, written as OpenSpiel's {@code LoadGame} reads it:
 * {@code fruit_trading(scenarios=4,max_replies=3,actions=instruction)}, or just {@code kuhn_poker}. Values are text;
 * the game that takes them decides what they mean. Parameters keep the order they were written in.
 */
public record GameSpec(String name, Map<String, String> parameters) {

    public GameSpec {
        Objects.requireNonNull(name, "name");
        parameters = Collections.unmodifiableMap(new LinkedHashMap<>(parameters));
    }

    /** Whether {@code text} carries parameters ({@code name(...)}), as opposed to a bare name or a file. */
    public static boolean hasParameters(String text) {
        return text.indexOf('(') > 0;
    }

    /**
     * Reads {@code name} or {@code name(k=v,...)}; blanks around names, keys and values are ignored.
     *
     * @throws InputException naming the column of the first thing that is not as expected
     */
    public static GameSpec parse(String text) {
        String t = text.strip();
        int open = t.indexOf('(');
        if (open < 0) {
            checkName(text, t, 0);
            return new GameSpec(t, Map.of());
        }
        String name = t.substring(0, open).strip();
        checkName(text, name, 0);
        if (!t.endsWith(")")) {
            throw error(text, t.length() + 1, "expected ')' at the end");
        }
        String inner = t.substring(open + 1, t.length() - 1);
        Map<String, String> params = new LinkedHashMap<>();
        if (!inner.isBlank()) {
            int at = open + 2; // 1-based column of inner's first character
            for (String part : inner.split(",", -1)) {
                int eq = part.indexOf('=');
                if (eq < 0) {
                    throw error(text, at, "expected key=value, found '" + part.strip() + "'");
                }
                String key = part.substring(0, eq).strip();
                String value = part.substring(eq + 1).strip();
                if (key.isEmpty() || !key.matches("[A-Za-z_][A-Za-z0-9_]*")) {
                    throw error(text, at, "expected a parameter name before '=', found '" + key + "'");
                }
                if (value.isEmpty()) {
                    throw error(text, at + eq + 1, "parameter " + key + " has no value");
                }
                if (value.contains("(") || value.contains(")")) {
                    throw error(text, at + eq + 1, "parameter " + key + ": a value cannot hold parentheses");
                }
                if (params.put(key, value) != null) {
                    throw error(text, at, "parameter " + key + " is given twice");
                }
                at += part.length() + 1;
            }
        }
        return new GameSpec(name, params);
    }

    private static void checkName(String text, String name, int column) {
        if (name.isEmpty()) {
            throw error(text, column + 1, "expected a game name at the start");
        }
        if (!name.matches("[A-Za-z0-9_][A-Za-z0-9_.-]*")) {
            throw error(text, column + 1, "expected a game name, found '" + name + "'");
        }
    }

    private static InputException error(String text, int column, String what) {
        return new InputException("game '" + text + "', column " + column + ": " + what, text, 1, column, null);
    }

    /** The spec as {@link #parse} reads it: {@code name} or {@code name(k=v,...)}. */
    @Override
    public String toString() {
        if (parameters.isEmpty()) {
            return name;
        }
        return name + parameters.entrySet().stream().map(e -> e.getKey() + "=" + e.getValue())
                .collect(Collectors.joining(",", "(", ")"));
    }
}
