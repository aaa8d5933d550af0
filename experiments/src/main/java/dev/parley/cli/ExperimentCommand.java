package dev.parley.cli;

import dev.parley.cfr.CfrVariant;
import dev.parley.dialogue.ActionSpace;
import dev.parley.dialogue.Domain;
import dev.parley.dialogue.Observation;
import dev.parley.domain.DialogueDomains;
import dev.parley.experiment.CostCurve;
import dev.parley.experiment.CostCurveWriter;
import dev.parley.experiment.ExperimentConfig;
import dev.parley.experiment.SampledExperiment;
import dev.parley.experiment.SeededCurve;
import dev.parley.experiment.SeededSampledReport;
import dev.parley.experiment.ShiftedSeeds;
import dev.parley.experiment.SampledReportWriter;
import dev.parley.game.GameModelException;
import dev.parley.llm.LlmException;
import dev.parley.mccfr.MccfrSolver;
import dev.parley.experiment.SeededReport;
import dev.parley.experiment.ReportWriter;
import dev.parley.solver.SolverKind;
import dev.parley.solver.Solvers;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
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
            description = "cfr, cfr+, dcfr or lcfr on the expanded tree (default ${DEFAULT-VALUE}); or mccfr-os /"
                    + " mccfr-es: Monte-Carlo CFR on the lazily generated game, nothing expanded, estimated figures.")
    String solver;

    @Option(names = "--iterations", defaultValue = "200", paramLabel = "N",
            description = "Solver iterations (default ${DEFAULT-VALUE}).")
    int iterations;

    @Option(names = "--seed", defaultValue = "1", paramLabel = "S", description = "Seed for scenarios and judging.")
    long seed;

    @Option(names = "--seeds", defaultValue = "1", paramLabel = "R",
            description = "Independent runs with seeds S, S+1, ..., S+R-1 (scenario draws, judge, and with a model"
                    + " the sampling seeds; with mccfr-os/mccfr-es also the solver's and playouts' seeds); every figure"
                    + " becomes mean, standard error and 95% t interval over the seeds; with --curve the calls to the"
                    + " target and their ratios too (default ${DEFAULT-VALUE}).")
    int seeds;

    @Option(names = "--actions", defaultValue = "move-x-instruction", paramLabel = "SPACE",
            description = "What the solver chooses: move-x-instruction (a legal move crossed with an instruction;"
                    + " default) or instruction (the instruction only; the speaker picks its move, as in the paper).")
    String actions;

    @Option(names = "--observe", defaultValue = "words", paramLabel = "WHAT",
            description = "What information states hold of each message: words (default; the paper's game) or moves"
                    + " (the move and its verified content only: a smaller game whose policy fits any wording).")
    String observe;

    @Option(names = "--seeds-per-message", defaultValue = "1", paramLabel = "K",
            description = "Sampling seeds chance picks among after every decision (OpenSpiel's num_llm_seeds;"
                    + " default ${DEFAULT-VALUE}).")
    int seedsPerMessage;

    @Option(names = "--judge", paramLabel = "exact|llm|llm-joint",
            description = "Payoffs from the domain's exact scorer (reads the verified content) or an LLM judge"
                    + " (reads the words with every player's private information; llm asks score-then-extract per"
                    + " player, the players at once; llm-joint asks once for every payoff). Default: exact offline,"
                    + " llm with a model.")
    String judge;

    @Option(names = "--judge-summary",
            description = "With --judge llm: the judge first summarises the outcome (one call per dialogue), then"
                    + " scores each player from the words and the summary.")
    boolean judgeSummary;

    @Option(names = "--dialogues", defaultValue = "10", paramLabel = "N",
            description = "Most probable dialogues of each profile kept in dialogues.jsonl (default ${DEFAULT-VALUE}).")
    int dialogues;

    @Option(names = "--show", defaultValue = "0", paramLabel = "N",
            description = "Print the N most probable dialogues of each profile after the table.")
    int show;

    @Option(names = "--out", paramLabel = "DIR",
            description = "Write report.txt, report.json, report.csv, dialogues.jsonl and PNG charts here.")
    Path out;

    @Option(names = "--json", description = "Print the JSON report (a list, one object per domain) instead of the table.")
    boolean json;

    @Option(names = "--checkpoint-every", defaultValue = "0", paramLabel = "N",
            description = "mccfr-os/mccfr-es: every N model calls, estimate the figures so far, print them and save"
                    + " the solver to --state (0: only at the end).")
    long checkpointEvery;

    @Option(names = "--state", paramLabel = "FILE",
            description = "mccfr-os/mccfr-es: save the solver here at checkpoints and at the end.")
    Path state;

    @Option(names = "--resume", paramLabel = "FILE",
            description = "mccfr-os/mccfr-es: continue the solver saved in FILE (same domain and settings).")
    Path resume;

    @Option(names = "--curve",
            description = "The cost curve: exact NashConv against model calls for full-expansion CFR (--solver,"
                    + " --iterations) and for mccfr-os and mccfr-es on the lazy game; curve.json and curve.png in"
                    + " --out.")
    boolean curve;

    @Mixin
    SamplingOptions sampler;

    @Mixin
    LlmOptions llmOptions;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        // the sampling solvers run on the lazy game; every other name must be a full-tree CFR variant
        MccfrSolver.Sampling sampling = Solvers.find(solver).filter(k -> k instanceof SolverKind.Mccfr)
                .map(k -> ((SolverKind.Mccfr) k).sampling()).orElse(null);
        CfrVariant variant = sampling != null ? CfrVariant.CFR : Solvers.requireCfr(solver);
        if (curve && sampling != null) {
            throw new UserInputException("--curve runs mccfr-os and mccfr-es itself; --solver picks its"
                    + " full-expansion variant (cfr, cfr+, dcfr or lcfr)");
        }
        if (sampling == null && !curve && (sampler.budgetCalls != 0 || checkpointEvery != 0 || state != null
                || resume != null)) {
            throw new UserInputException("--budget-calls, --checkpoint-every, --state and --resume need --solver"
                    + " mccfr-os or mccfr-es");
        }
        sampler.check();
        if (checkpointEvery < 0) {
            throw new UserInputException("--checkpoint-every must not be negative");
        }
        if ((state != null || resume != null) && seeds != 1) {
            throw new UserInputException("--state and --resume hold one run's solver; use them with --seeds 1");
        }
        if (resume != null && !Files.isRegularFile(resume)) {
            throw new UserInputException("--resume " + resume + ": no such file");
        }
        if (curve && out == null) {
            throw new UserInputException("--curve needs --out DIR for curve.json and curve.png");
        }
        ActionSpace space = parse(() -> ActionSpace.parse(actions), "--actions");
        Observation observation = parse(() -> Observation.parse(observe), "--observe");
        if (judge != null && !java.util.List.of("exact", "llm", "llm-joint").contains(judge)) {
            throw new UserInputException("--judge must be exact, llm or llm-joint, not '" + judge + "'");
        }
        SeededRuns.checkSeeds(seeds);
        if (show < 0) {
            throw new UserInputException("--show must be at least 0, got " + show);
        }
        if (out != null && Files.exists(out) && !Files.isDirectory(out)) {
            throw new UserInputException("--out " + out + " is a file, not a directory");
        }
        List<Domain> domains = new ArrayList<>();
        if (domain.equals("all")) {
            domains.addAll(DialogueDomains.all());
        } else {
            domains.add(DialogueDomains.find(domain).orElseThrow(() -> new UserInputException("unknown domain '"
                    + domain + "'; expected one of " + DialogueDomains.all().stream().map(Domain::name).toList()
                    + " or all")));
        }
        List<ExperimentConfig> configs = new ArrayList<>();
        for (Domain d : domains) {
            try {
                configs.add(new ExperimentConfig(d.name(), scenarios, maxReplies, variant, iterations, seed,
                        llmOptions.offline() ? 1 : llmOptions.concurrency, 50, space, observation, seedsPerMessage,
                        Math.max(dialogues, show)));
            } catch (IllegalArgumentException e) {
                throw new UserInputException(e.getMessage());
            }
        }
        if ((state != null || resume != null) && domains.size() > 1) {
            throw new UserInputException("--state and --resume hold one domain's solver; name one --domain");
        }
        long limit = sampler.limit();
        if (sampling != null) {
            return sampled(domains, configs, sampling);
        }
        if (curve) {
            return curve(domains, configs, limit);
        }
        List<SeededReport> reports = new ArrayList<>();
        try (LlmOptions.Session session = llmOptions.open()) {
            for (int i = 0; i < domains.size(); i++) {
                Domain d = domains.get(i);
                try (Progress progress = Progress.forPhases(d.name())) {
                    reports.add(SeededRuns.run(session, d, configs.get(i), seeds, judge, judgeSummary, progress,
                            limit));
                }
            }
        }
        PrintWriter stdout = spec.commandLine().getOut();
        stdout.print(json ? ReportWriter.jsonText(reports) + "\n" : ReportWriter.table(reports));
        if (show > 0 && !json) {
            stdout.print(ReportWriter.dialoguesText(reports.stream().map(SeededReport::first).toList(), show));
        }
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

    /** {@code --solver mccfr-os|mccfr-es}: sampling on the lazy game, estimated figures. */
    private int sampled(List<Domain> domains, List<ExperimentConfig> configs, MccfrSolver.Sampling sampling) {
        SampledExperiment.Options options = sampler.options(sampling, iterations,
                spec.commandLine().getParseResult().hasMatchedOption("--iterations"), checkpointEvery, state, resume);
        PrintWriter err = spec.commandLine().getErr();
        List<SeededSampledReport> reports = new ArrayList<>();
        try (LlmOptions.Session session = llmOptions.open()) {
            for (int i = 0; i < domains.size(); i++) {
                reports.add(SeededRuns.sampled(session, domains.get(i), configs.get(i), options, seeds, judge,
                        judgeSummary, line -> {
                            err.println(line);
                            err.flush();
                        }));
            }
        }
        PrintWriter stdout = spec.commandLine().getOut();
        stdout.print(json ? SampledReportWriter.jsonText(reports) + "\n" : SampledReportWriter.table(reports));
        if (out != null) {
            try {
                for (Path p : SampledReportWriter.writeAll(reports, out)) {
                    err.println("wrote " + p);
                }
            } catch (IOException e) {
                throw new UserInputException("cannot write the report to " + out + ": " + e.getMessage());
            }
        }
        return 0;
    }

    /** {@code --curve}: NashConv against model calls, full expansion against sampling on the lazy game. */
    private int curve(List<Domain> domains, List<ExperimentConfig> configs, long limit) {
        CostCurve.Limits limits = new CostCurve.Limits(sampler.budgetSeconds > 0 ? sampler.budgetSeconds : 120,
                sampler.budgetCalls,
                Integer.MAX_VALUE);
        List<SeededCurve> results = new ArrayList<>();
        try (LlmOptions.Session session = llmOptions.open()) {
            for (int i = 0; i < domains.size(); i++) {
                Domain d = domains.get(i);
                List<Long> used = new ArrayList<>();
                List<CostCurve.Result> perSeed = new ArrayList<>();
                // each seed draws its own scenarios and seeds its own samplers (and, with a model, its sampling)
                for (int k = 0; k < seeds; k++) {
                    ExperimentConfig c = SeededRuns.withSeed(configs.get(i), configs.get(i).seed() + k);
                    final int run = k;
                    try {
                        perSeed.add(CostCurve.run(d, c, () -> session.offline() ? session.moves(d)
                                        : ShiftedSeeds.forRun(session.moves(d), run),
                                () -> session.reward(d, judge, c.seed(), judgeSummary), limits, limit,
                                session.offline() ? null : () -> session.stats().calls()));
                    } catch (GameModelException e) {
                        throw new UserInputException(d.name() + ": " + e.getMessage());
                    } catch (LlmException e) {
                        throw new UserInputException(d.name() + ": language model: " + e.getMessage());
                    }
                    used.add(c.seed());
                }
                results.add(new SeededCurve(used, perSeed));
            }
        }
        PrintWriter stdout = spec.commandLine().getOut();
        stdout.print(json ? CostCurveWriter.jsonText(results) + "\n" : CostCurveWriter.table(results));
        try {
            for (Path p : CostCurveWriter.writeAll(results, out)) {
                spec.commandLine().getErr().println("wrote " + p);
            }
        } catch (IOException e) {
            throw new UserInputException("cannot write the curve to " + out + ": " + e.getMessage());
        }
        return 0;
    }

    private static <T> T parse(java.util.function.Supplier<T> parser, String option) {
        try {
            return parser.get();
        } catch (IllegalArgumentException e) {
            throw new UserInputException(option + ": " + e.getMessage());
        }
    }
}
