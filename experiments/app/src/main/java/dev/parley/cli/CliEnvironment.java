package dev.parley.cli;

import java.nio.file.Path;
import java.util.Map;

/**
 * What the command line reads from outside its arguments: the environment variables and the home directory. Tests
 * hand {@link Parley#execute(java.io.PrintWriter, java.io.PrintWriter, CliEnvironment, String...)} their own, so
 * they never depend on, or change, the real environment.
 */
public record CliEnvironment(Map<String, String> variables, Path home) {

    public CliEnvironment {
        variables = Map.copyOf(variables);
    }

    /** The process's environment and {@code user.home}. */
    public static CliEnvironment system() {
        return new CliEnvironment(System.getenv(), Path.of(System.getProperty("user.home")));
    }

    /** A variable's value, or null when it is unset or blank. */
    String get(String name) {
        String v = variables.get(name);
        return v == null || v.isBlank() ? null : v;
    }

    /** {@code $XDG_CONFIG_HOME/parley/config.toml}, else {@code ~/.config/parley/config.toml}. */
    Path configFile() {
        String xdg = get("XDG_CONFIG_HOME");
        Path base = xdg != null ? Path.of(xdg) : home.resolve(".config");
        return base.resolve("parley").resolve("config.toml");
    }
}
