package dev.parley.cli;

import dev.parley.cfr.CfrVariant;
import dev.parley.dialogue.Domain;
import dev.parley.domain.DialogueDomains;
import dev.parley.experiment.ExperimentConfig;
import dev.parley.experiment.ExperimentReport;
import dev.parley.experiment.ExperimentRunner;
import dev.parley.experiment.ReportWriter;
import dev.parley.game.GameModelException;
import dev.parley.llm.LlmException;
import dev.parley.llm.LlmRewardModel;
import dev.parley.llm.RewardModel;
import dev.parley.llm.RewardSpec;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code parley experiment}: the paper's Table 1 (NashConv, CFR gain, payoffs) for one domain or all. */
@Command(name = "experiment", mixinStandardHelpOptions = true,
        description = "Build a domain's dialogue game, solve it with CFR and report NashConv, CFR gain and the "
                + "payoff table (equilibrium vs baseline), as text, JSON, CSV and PNG charts.")
final class ExperimentCommand implements Callable<Integer> {

    @Option(names = "--domain", required = true, paramLabel = "DOMAIN",
            description = "fruit-trading, scheduling, debate, or all.")
    String domain;

    @Option(names = "--scenarios", defaultValue = "4", paramLabel = "K",
            description = "Scenarios dealt by chance (the first is the domain's default; default ${DEFAULT-VALUE}).")
    int scenarios;

    @Option(names = "--max-replies", defaultValue = "3", paramLabel = "R",
            description = "Longest dialogue, in messages (default ${DEFAULT-VALUE}).")
    int maxReplies;

    @Option(names = "--solver", defaultValue = "cfr", paramLabel = "SOLVER",
            description = "cfr, cfr+, dcfr or lcfr (default ${DEFAULT-VALUE}).")
    String solver;

    @Option(names = "--iterations", defaultValue = "200", paramLabel = "N",
            description = "Solver iterations (default ${DEFAULT-VALUE}).")
    int iterations;

    @Option(names = "--seed", defaultValue = "1", paramLabel = "S", description = "Seed for scenarios and judging.")
    long seed;

    @Option(names = "--out", paramLabel = "DIR",
            description = "Write report.txt, report.json, report.csv and PNG charts here.")
    Path out;

    @Option(names = "--json", description = "Print the JSON report instead of the table.")
    boolean json;

    @Mixin
    LlmOptions llmOptions;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        CfrVariant variant = CfrVariant.fromCliName(solver);
        if (variant == null) {
            throw new UserInputException("unknown solver '" + solver + "'; expected cfr, cfr+, dcfr or lcfr");
        }
        List<Domain> domains = new ArrayList<>();
        if (domain.equals("all")) {
            domains.addAll(DialogueDomains.all());
        } else {
            domains.add(DialogueDomains.find(domain).orElseThrow(() -> new UserInputException("unknown domain '"
                    + domain + "'; expected one of " + DialogueDomains.all().stream().map(Domain::name).toList()
                    + " or all")));
        }
        List<ExperimentReport> reports = new ArrayList<>();
        try (LlmOptions.Session session = llmOptions.open()) {
            for (Domain d : domains) {
                ExperimentConfig config;
                try {
                    config = new ExperimentConfig(d.name(), scenarios, maxReplies, variant, iterations, seed,
                            session.offline() ? 1 : llmOptions.concurrency, 50);
                } catch (IllegalArgumentException e) {
                    throw new UserInputException(e.getMessage());
                }
                RewardModel reward = session.offline() ? null : new LlmRewardModel(session.chat(), new RewardSpec(
                        d.prompts().background(), d.prompts().rewardQuery(), d.minPayoff(), d.maxPayoff()), seed);
                try (Progress progress = Progress.start("building " + d.name(), -1)) {
                    reports.add(ExperimentRunner.run(d, config, session.generator(), reward,
                            () -> session.offline() ? null : session.stats(), n -> progress.step()));
                } catch (GameModelException e) {
                    throw new UserInputException(d.name() + ": " + e.getMessage());
                } catch (LlmException e) {
                    throw new UserInputException(d.name() + ": language model: " + e.getMessage());
                }
            }
        }
        PrintWriter stdout = spec.commandLine().getOut();
        stdout.print(json ? ReportWriter.jsonText(reports) + "\n" : ReportWriter.table(reports));
        if (out != null) {
            try {
                for (Path p : ReportWriter.writeAll(reports, out)) {
                    spec.commandLine().getErr().println("wrote " + p);
                }
            } catch (IOException e) {
                throw new UserInputException("cannot write the report to " + out + ": " + e.getMessage());
            }
        }
        return 0;
    }
}
