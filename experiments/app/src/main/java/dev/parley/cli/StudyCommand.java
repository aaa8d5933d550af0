package dev.parley.cli;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.parley.study.StudyJson;
import dev.parley.dialogue.Domain;
import dev.parley.llm.LlmException;
import dev.parley.dialogue.MoveGenerator;
import dev.parley.dialogue.OfflineMoveGenerator;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;
import java.util.function.Function;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/**
 * {@code parley study}: the paper's measurement studies (reward-model fidelity, steering accuracy) and the same
 * questions asked of people's negotiations (the human-* studies on the CaSiNo corpus).
 */
@Command(name = "study", mixinStandardHelpOptions = true,
        description = "The paper's studies: how faithful an LLM judge is (reward) and whether generated words follow"
                + " the instruction (steering); and on people's negotiations (human-steering, human-reward,"
                + " human-solver, human-imitation).",
        subcommands = {StudyRewardCommand.class, StudySteeringCommand.class, StudyHumanSteeringCommand.class,
            StudyHumanRewardCommand.class, StudyHumanSolverCommand.class, StudyHumanImitationCommand.class})
final class StudyCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        spec.commandLine().getErr().println("parley: study needs a study name: "
                + String.join(", ", spec.subcommands().keySet()) + " (try: parley study --help)");
        return Parley.EXIT_USAGE;
    }

    /** {@code --hidden}'s layer sizes, each positive, as the imitation network takes them. */
    static int[] layerSizes(List<Integer> hidden) {
        if (hidden.isEmpty() || hidden.stream().anyMatch(h -> h < 1)) {
            throw new UserInputException("--hidden must list positive layer sizes, got " + hidden);
        }
        return hidden.stream().mapToInt(Integer::intValue).toArray();
    }

    /** {@code --generator} names offline or llm, or is left out ({@code null}) where the command has a default. */
    static void checkGenerator(String generator) {
        if (generator != null && !generator.equals("offline") && !generator.equals("llm")) {
            throw new UserInputException("--generator must be offline or llm, not '" + generator + "'");
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

    /**
     * The generator {@code --generator} names: {@code offline} the domain's planner and realiser, {@code llm} the
     * session's model (refused offline), {@code null} whatever the session offers.
     */
    static MoveGenerator moves(String generator, LlmOptions.Session session, Domain d) {
        if ("llm".equals(generator) && session.offline()) {
            throw new UserInputException("--generator llm needs a language model (--llm openai ...)");
        }
        return "offline".equals(generator) ? new OfflineMoveGenerator(d.content()) : session.moves(d);
    }

    /**
     * Runs a study under a progress bar of {@code steps}: a setting the study refuses is bad input, and so is a model
     * failure, named with the domain.
     */
    static <R> R run(String task, long steps, Domain d, Function<Progress, R> study) {
        try (Progress bar = Progress.start(task, steps)) {
            return study.apply(bar);
        } catch (IllegalArgumentException e) {
            throw new UserInputException(e.getMessage());
        } catch (LlmException e) {
            throw e.in("language model").in(d.name());
        }
    }

    /** A file a study on people writes beside report.json, its text made only when it is written. */
    record ReportFile(String name, Supplier<String> text) {
    }

    /**
     * Prints a study's report, as JSON with {@code --json} and else as its table, then writes report.json and
     * {@code files} into {@code --out} when it is given.
     */
    static void emit(ReportOptions output, ObjectNode report, Supplier<String> table, ReportFile... files) {
        String json = StudyJson.text(report) + "\n";
        emit(output, output.on() ? json : table.get(), dir -> {
            List<Path> written = new ArrayList<>();
            written.add(StudyJson.write(dir, "report.json", json));
            for (ReportFile f : files) {
                written.add(StudyJson.write(dir, f.name(), f.text().get()));
            }
            return written;
        });
    }

    /** Prints the report (JSON or table), then writes its files into {@code --out} when it is given. */
    static void emit(ReportOptions output, String printed, ReportOptions.DirWriter files) {
        output.out().print(printed);
        output.writeFiles("study", files);
    }
}
