package dev.parley.testing;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Assumptions;

/**
 * The convention for tests that need something beyond the JDK and Maven (a browser, a model file, a tool): where it
 * is missing the test is skipped with a message saying how to get it; with {@code -Dparley.require.<tag>=true}
 * (what CI sets once it has installed the resource) the same absence fails the test instead, so that a CI run can
 * never pass by skipping. {@code tag} is the test's JUnit tag: browser, process, postgres, model, minilm, python.
 */
public final class Require {

    private Require() {
    }

    /** The system property that makes {@code tag}'s resources required. */
    public static String property(String tag) {
        return "parley.require." + tag;
    }

    /** Whether this run requires {@code tag}'s resources. */
    public static boolean required(String tag) {
        return Boolean.getBoolean(property(tag));
    }

    /**
     * Returns when {@code present}; otherwise skips the calling test with {@code howToGet} (or fails it, when
     * {@link #required} is set).
     *
     * @param howToGet what the reader should do, e.g. "run scripts/models.sh"
     */
    public static void resource(String tag, boolean present, String howToGet) {
        if (present) {
            return;
        }
        String why = tag + " resource missing: " + howToGet;
        if (required(tag)) {
            throw new AssertionError(why + " (required by -D" + property(tag) + "=true)");
        }
        Assumptions.abort(why);
    }

    /**
     * The python of OpenSpiel's virtual environment ({@code scripts/openspiel-venv.sh} installs it under
     * {@code $PARLEY_CACHE}, by default {@code ~/.cache/parley}), for the tests tagged {@code python}; skips or fails
     * the calling test as {@link #resource} does when it is missing.
     */
    public static Path openSpielPython() {
        String cache = System.getenv("PARLEY_CACHE");
        Path root = cache != null ? Path.of(cache) : Path.of(System.getProperty("user.home"), ".cache", "parley");
        Path python = root.resolve("venv/open_spiel/bin/python");
        resource("python", Files.isExecutable(python),
                "OpenSpiel's wheel is not installed at " + python + "; run scripts/openspiel-venv.sh");
        return python;
    }
}
