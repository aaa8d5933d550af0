package dev.parley.cli;

import static dev.parley.cli.CliRun.parley;
import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Options that mean one thing in several commands are one mixin: one declaration, one check, one help text
 * ({@code --seeds} of experiment, imitate and sweep; {@code --observe} of experiment and steer; {@code --actions} of
 * experiment and study human-imitation; {@code --max-replies} of every command that builds a dialogue game;
 * {@code --sample} of the studies that draw people's dialogues).
 */
class SharedOptionsTest {

    private static final String STATE = ReadmeCommandsTest.ROOT.resolve("examples/state.json").toString();

    /** Every run exits 2 with {@code message} as its one line. */
    private static void refusedAlike(String message, String[]... runs) {
        for (String[] args : runs) {
            CliRun r = parley(args);
            assertThat(r.code()).as(String.join(" ", args)).isEqualTo(2);
            assertThat(r.err()).as(String.join(" ", args)).isEqualTo("parley: " + message + "\n");
        }
    }

    @Test
    void noSeedIsRefusedTheSameWayEverywhere(@TempDir Path dir) {
        refusedAlike("--seeds must be at least 1, got 0",
                new String[] {"experiment", "--domain", "fruit-trading", "--seeds", "0"},
                new String[] {"imitate", "--seeds", "0"},
                new String[] {"sweep", "--domain", "fruit-trading", "--seeds", "0", "--out",
                    dir.resolve("sweep").toString()});
    }

    @Test
    void theHelpSaysTheSameInEachCommand() {
        String first = null;
        for (String command : new String[] {"experiment", "imitate", "sweep"}) {
            String help = parley(command, "--help").out();
            String seeds = help.substring(help.indexOf("      --seeds=R"));
            // the same words, wrapped at each command's own column
            seeds = seeds.substring(0, seeds.indexOf("\n      -", 1)).replaceAll("\\s+", " ");
            assertThat(seeds).as(command).contains("S, S+1, ..., S+R-1").contains("95% t interval");
            if (first == null) {
                first = seeds;
            }
            assertThat(seeds).as(command).isEqualTo(first);
        }
    }

    @Test
    void anUnknownObservationIsRefusedTheSameWayEverywhere() {
        refusedAlike("--observe: unknown observation 'thoughts' (expected one of [words, moves])",
                new String[] {"experiment", "--domain", "fruit-trading", "--observe", "thoughts"},
                new String[] {"steer", "--domain", "fruit-trading", "--state", STATE, "--observe", "thoughts"});
    }

    @Test
    void anUnknownActionSpaceIsRefusedTheSameWayEverywhere() {
        refusedAlike("--actions: unknown action space 'moves' (expected one of [move-x-instruction, instruction])",
                new String[] {"experiment", "--domain", "fruit-trading", "--actions", "moves"},
                new String[] {"study", "human-imitation", "--domain", "campsite", "--valid-only", "--actions",
                    "moves"});
    }

    @Test
    void anUnknownSolverIsRefusedTheSameWayWhereverEverySolverRuns(@TempDir Path dir) {
        refusedAlike("unknown solver 'magic'; expected one of cfr, cfr+, dcfr, lcfr, cfr-vector, cfr+-vector,"
                        + " mccfr-es, mccfr-os",
                new String[] {"solve", "--game", "kuhn_poker", "--iterations", "1", "--solver", "magic"},
                new String[] {"experiment", "--domain", "fruit-trading", "--solver", "magic"},
                new String[] {"sweep", "--domain", "fruit-trading", "--solver", "magic", "--out",
                    dir.resolve("sweep").toString()});
    }

    /**
     * An unknown domain is refused while the options are parsed, in the registry's words, by every command that
     * takes one (those that also take {@code all} say so).
     */
    @Test
    void anUnknownDomainIsRefusedInTheRegistrysWordsEverywhere(@TempDir Path dir) {
        String known = "unknown dialogue domain 'chess'; expected one of fruit-trading, scheduling, debate, campsite,"
                + " deal-or-no-deal";
        String[][] runs = {
            {"experiment", "--domain", "chess"},
            {"sweep", "--domain", "chess", "--out", dir.resolve("sweep").toString()},
            {"psro", "--domain", "chess", "--iterations", "1"},
            {"steer", "--domain", "chess", "--state", STATE},
            {"study", "reward", "--domain", "chess"},
            {"study", "steering", "--domain", "chess"},
            {"study", "human-solver", "--domain", "chess", "--valid-only"},
        };
        for (String[] args : runs) {
            CliRun r = parley(args);
            boolean orAll = args[0].equals("experiment") || args[0].equals("sweep");
            String command = args[0].equals("study") ? "study " + args[1] : args[0];
            assertThat(r.code()).as(String.join(" ", args)).isEqualTo(2);
            assertThat(r.err()).as(String.join(" ", args)).isEqualTo("parley: Invalid value for option '--domain'"
                    + (args[0].equals("sweep") ? " (DOMAIN)" : "") + ": " + known + (orAll ? ", or all" : "")
                    + " (try: parley " + command + " --help)\n");
        }
    }

    @Test
    void noIterationIsRefusedTheSameWayEverywhere(@TempDir Path dir) {
        refusedAlike("--iterations must be at least 1, got 0",
                new String[] {"solve", "--game", "kuhn_poker", "--solver", "cfr", "--iterations", "0"},
                new String[] {"psro", "--game", "kuhn_poker", "--meta-solver", "nash", "--iterations", "0"},
                new String[] {"psro", "--domain", "debate", "--iterations", "0"},
                new String[] {"experiment", "--domain", "debate", "--iterations", "0"},
                new String[] {"imitate", "--iterations", "0"},
                new String[] {"steer", "demo", "--domain", "debate", "--iterations", "0"},
                new String[] {"study", "human-solver", "--domain", "campsite", "--valid-only", "--iterations", "0"});
    }

    /**
     * Each number out of its range is refused alone, by its option's name and the value given, before any work; a
     * command used to lump several ("--dialogues and --moves must be between 1 and 10000; --threads and --deadline
     * positive").
     */
    @Test
    void everyNumberOutOfRangeNamesItsOptionAloneWithTheValueGiven(@TempDir Path dir) {
        String db = dir.resolve("never.db").toString();
        String[][] cases = {
            {"--port must be between 0 and 65535, got 99999", "serve", "--db", db, "--port", "99999"},
            {"--threads must be at least 1, got 0", "serve", "--db", db, "--port", "0", "--threads", "0"},
            {"--idle-timeout must be at least 1, got 0", "serve", "--db", db, "--port", "0", "--idle-timeout", "0"},
            {"--snapshot-every must be at least 1, got 0", "serve", "--db", db, "--port", "0", "--snapshot-every",
                "0"},
            {"--moves must be between 1 and 10000, got 0", "serve-bench", "--moves", "0"},
            {"--deadline must be at least 1, got 0", "serve-bench", "--deadline", "0"},
            {"--long must be between 400 and 100000, got 10", "serve-bench", "--long", "10"},
            {"--servers must be between 1 and 8, got 9", "serve-bench", "--servers", "9"},
            {"--timeout must be above 0, got 0", "experiment", "--domain", "debate", "--timeout", "0"},
            {"--max-tokens must be at least 1, got 0", "experiment", "--domain", "debate", "--max-tokens", "0"},
            {"--retries must be at least 0, got -1", "experiment", "--domain", "debate", "--retries", "-1"},
            {"--llm-slots must be at least 1, got 0", "experiment", "--domain", "debate", "--llm-slots", "0"},
            {"--top-p must be in (0, 1], got 1.5", "experiment", "--domain", "debate", "--top-p", "1.5"},
            {"--budget-seconds must be at least 0, got NaN", "experiment", "--domain", "debate", "--solver",
                "mccfr-os", "--budget-seconds", "NaN"},
            {"--checkpoint-every must be at least 0, got -1", "experiment", "--domain", "debate", "--solver",
                "mccfr-os", "--checkpoint-every", "-1"},
            {"--scenario must be between 0 and 1, got 9", "steer", "demo", "--domain", "debate", "--scenario", "9"},
        };
        for (String[] c : cases) {
            refusedAlike(c[0], java.util.Arrays.copyOfRange(c, 1, c.length));
        }
        assertThat(java.nio.file.Files.exists(Path.of(db))).as("serve refused before opening its store").isFalse();
    }

    @Test
    void noMessageIsRefusedTheSameWayEverywhere() {
        refusedAlike("--max-replies must be at least 1, got 0",
                new String[] {"experiment", "--domain", "fruit-trading", "--max-replies", "0"},
                new String[] {"study", "human-solver", "--domain", "campsite", "--valid-only", "--max-replies", "0"},
                new String[] {"study", "human-imitation", "--domain", "campsite", "--valid-only", "--max-replies",
                    "0"},
                new String[] {"study", "reward", "--domain", "fruit-trading", "--max-replies", "0"});
    }

    @Test
    void aNegativeSampleIsRefusedTheSameWayInBothHumanStudies() {
        refusedAlike("--sample must be at least 0, got -1",
                new String[] {"study", "human-reward", "--domain", "campsite", "--valid-only", "--sample", "-1"},
                new String[] {"study", "human-solver", "--domain", "campsite", "--valid-only", "--sample", "-1"});
    }
}
