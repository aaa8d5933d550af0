package dev.parley.cli;

import dev.parley.dialogue.Domain;
import dev.parley.domain.DialogueDomains;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/** {@code parley study}: the paper's measurement studies (reward-model fidelity, steering accuracy). */
@Command(name = "study", mixinStandardHelpOptions = true,
        description = "The paper's studies: how faithful an LLM judge is (reward) and whether generated words follow"
                + " the instruction (steering).",
        subcommands = {StudyRewardCommand.class, StudySteeringCommand.class})
final class StudyCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        spec.commandLine().getErr().println("parley: study needs a study name: reward or steering (try: parley study"
                + " --help)");
        return Parley.EXIT_USAGE;
    }

    /** The domain of that name, or one line naming the known ones. */
    static Domain domain(String name) {
        return DialogueDomains.find(name).orElseThrow(() -> new UserInputException("unknown domain '" + name
                + "'; expected one of " + DialogueDomains.names()));
    }

    static void checkOut(Path out) {
        if (out != null && Files.exists(out) && !Files.isDirectory(out)) {
            throw new UserInputException("--out " + out + " is a file, not a directory");
        }
    }

    static void atLeast(int value, int min, String option) {
        if (value < min) {
            throw new UserInputException(option + " must be at least " + min + ", got " + value);
        }
    }

    static String pm(double mean, double low, double high) {
        if (Double.isNaN(mean)) {
            return "n/a";
        }
        if (Double.isNaN(low)) {
            return String.format(java.util.Locale.ROOT, "%.3f", mean);
        }
        return String.format(java.util.Locale.ROOT, "%.3f [%.3f, %.3f]", mean, low, high);
    }
}
