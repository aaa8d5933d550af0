package dev.parley.cli;

import dev.parley.dialogue.ActionSpace;
import dev.parley.dialogue.Domain;
import dev.parley.dialogue.Observation;
import dev.parley.domain.support.Nlg;
import dev.parley.experiment.CostCurve;
import dev.parley.experiment.CostCurveWriter;
import dev.parley.experiment.Experiment;
import dev.parley.experiment.ExperimentConfig;
import dev.parley.experiment.Judge;
import dev.parley.experiment.ReportWriter;
import dev.parley.experiment.SampledExperiment;
import dev.parley.experiment.SampledReportWriter;
import dev.parley.experiment.SeededCurve;
import dev.parley.experiment.SeededReport;
import dev.parley.experiment.SeededSampledReport;
import dev.parley.solver.SolverKind;
import dev.parley.solver.Solvers;
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
        footerHeading = ReportOptions.FILES,
        footer = {"  report.txt, report.json: the report as a table and as JSON",
            "  report.csv: exact runs, a row per domain and profile",
            "  dialogues.jsonl: exact runs, the --dialogues most probable dialogues",
            "  nash_conv.png, gain_vs_nash_conv.png, instruction_mass.png: exact runs",
            "  curve.txt, curve.json, curve.png: with --curve, the cost curve alone"},
        description = "Build a domain's dialogue game, solve it with CFR and report NashConv, CFR gain and the "
                + "payoff table (equilibrium vs baseline), as text, JSON, CSV and PNG charts.")
final class ExperimentCommand implements Callable<Integer> {

    @Option(names = "--domain", required = true, paramLabel = "DOMAIN", completionCandidates = DomainNames.class,
            converter = DomainConverter.OrAll.class, description = "${COMPLETION-CANDIDATES}, or all.")
    DomainConverter.Choice domain;

    @Mixin
    DialogueGameOptions dealt = new DialogueGameOptions(4, 3);

    @Option(names = "--solver", defaultValue = "cfr", paramLabel = "SOLVER", completionCandidates = SolverNames.class,
            description = "cfr, cfr+, dcfr or lcfr on the expanded tree (default ${DEFAULT-VALUE}); cfr-vector or"
                    + " cfr+-vector walking its public tree; or mccfr-os / mccfr-es: Monte-Carlo CFR on the lazily"
                    + " generated game, nothing expanded, estimated figures.")
    String solver;

    @Mixin
    IterationsOption solving = new IterationsOption();

    @Mixin
    SeedsOption runs = new SeedsOption();

    @Mixin
    ActionsOption choosing = new ActionsOption();

    @Mixin
    ObserveOption observing = new ObserveOption();

    @Mixin
    SeedsPerMessageOption perMessage = new SeedsPerMessageOption();

    @Mixin
    JudgeOptions judgeOptions;

    @Option(names = "--dialogues", defaultValue = "10", paramLabel = "N",
            description = "Most probable dialogues of each profile kept in dialogues.jsonl (default ${DEFAULT-VALUE}).")
    int dialogues;

    @Option(names = "--show", defaultValue = "0", paramLabel = "N",
            description = "Print the N most probable dialogues of each profile after the table.")
    int show;

    @Mixin
    ReportOptions output = new ReportOptions();

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
                    + " --out. With --seeds, the calls to the target and their ratios get intervals too.")
    boolean curve;

    @Mixin
    SamplingOptions sampler;

    @Mixin
    LlmOptions llmOptions;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        if (llmOptions.offline()) {
            Nlg.loadLexiconInBackground();
        }
        List<ExperimentConfig> configs = configs();
        // the mode's options are checked before the backend opens
        SolverKind kind = configs.get(0).solver();
        SampledExperiment.Options options = kind.sampled()
                ? sampler.options(kind, solving.iterations,
                        spec.commandLine().getParseResult().hasMatchedOption("--iterations"), checkpointEvery, state,
                        resume, llmOptions.offline()) : null;
        List<Experiment.Result> results = new ArrayList<>();
        try (LlmOptions.Session session = llmOptions.open()) {
            for (ExperimentConfig c : configs) {
                try (Progress progress = Progress.forPhases(c.domain().name())) {
                    results.add(SeededRuns.run(session, c, runs.seeds, mode(options, progress)));
                }
            }
        }
        write(results);
        return 0;
    }

    /** Which experiment the options ask for: sampled (a sampled solver), the cost curve, or the exact run. */
    private Experiment.Mode mode(SampledExperiment.Options options, Progress progress) {
        PrintWriter err = spec.commandLine().getErr();
        if (options != null) {
            return new Experiment.Sampled(options, line -> {
                err.println(line);
                err.flush();
            });
        }
        if (curve) {
            return new Experiment.Curve(new CostCurve.Limits(sampler.budgetSeconds > 0 ? sampler.budgetSeconds : 120,
                    sampler.budgetCalls, Integer.MAX_VALUE), sampler.limit(llmOptions.offline()));
        }
        return new Experiment.Exact(sampler.limit(llmOptions.offline()), progress);
    }

    /** Every option checked, before any work: one configuration per domain. */
    private List<ExperimentConfig> configs() {
        // any registered solver, as in solve and sweep: the sampling ones run on the lazy game, the rest on the tree
        SolverKind kind = Solvers.require(solver);
        if (curve && kind.sampled()) {
            throw new UserInputException("--curve runs mccfr-os and mccfr-es itself; --solver picks its"
                    + " full-expansion solver (" + String.join(", ", Solvers.names().stream()
                            .filter(n -> !Solvers.require(n).sampled()).toList()) + ")");
        }
        if (!kind.sampled() && !curve && (sampler.budgetCalls != 0 || checkpointEvery != 0 || state != null
                || resume != null)) {
            throw new UserInputException("--budget-calls, --checkpoint-every, --state and --resume need --solver"
                    + " " + SolverNames.sampled());
        }
        if (kind.sampled() && kind.saving().isEmpty() && (state != null || resume != null)) {
            throw new UserInputException("--state and --resume need a solver whose runs can be saved ("
                    + String.join(", ", Solvers.sampledNames().stream()
                            .filter(n -> Solvers.require(n).saving().isPresent()).toList()) + "), not " + solver);
        }
        sampler.check();
        Bounds.atLeast(checkpointEvery, 0, "--checkpoint-every");
        if ((state != null || resume != null) && runs.seeds != 1) {
            throw new UserInputException("--state and --resume hold one run's solver; use them with --seeds 1");
        }
        if (resume != null) {
            UserInputException.requireFile("--resume", resume);
            try {
                SampledExperiment.checkSaved(resume);
            } catch (IOException e) {
                throw new UserInputException("--resume " + e.getMessage());
            }
        }
        OutputPaths.checkFile("--state", state);
        if (curve && !output.toDir()) {
            throw new UserInputException("--curve needs --out DIR for curve.json and curve.png");
        }
        ActionSpace space = choosing.space();
        Observation observation = observing.observation();
        Judge theJudge = judgeOptions.judge(llmOptions);
        runs.check();
        Bounds.atLeast(show, 0, "--show");
        output.check();
        List<Domain> domains = domain.domains();
        List<ExperimentConfig> configs = new ArrayList<>();
        for (Domain d : domains) {
            configs.add(new ExperimentConfig(d, dealt.scenarios, dealt.maxReplies(), kind, solving.iterations,
                    dealt.seed(), llmOptions.offline() ? 1 : llmOptions.concurrency, 50, space, observation,
                    perMessage.seedsPerMessage, Math.max(dialogues, show), theJudge));
        }
        if ((state != null || resume != null) && domains.size() > 1) {
            throw new UserInputException("--state and --resume hold one domain's solver; name one --domain");
        }
        return configs;
    }

    /** Prints the results (the table or JSON) and writes the report's files to --out. */
    private void write(List<Experiment.Result> results) {
        PrintWriter stdout = output.out();
        if (results.get(0) instanceof Experiment.ExactResult) {
            List<SeededReport> reports = results.stream().map(r -> ((Experiment.ExactResult) r).report()).toList();
            stdout.print(output.on() ? ReportWriter.jsonText(reports) + "\n" : ReportWriter.table(reports));
            if (show > 0 && !output.on()) {
                stdout.print(ReportWriter.dialoguesText(reports.stream().map(SeededReport::first).toList(), show));
            }
            output.writeFiles("report", dir -> ReportWriter.writeAll(reports, dir));
        } else if (results.get(0) instanceof Experiment.SampledResult) {
            List<SeededSampledReport> reports = results.stream()
                    .map(r -> ((Experiment.SampledResult) r).report()).toList();
            stdout.print(output.on() ? SampledReportWriter.jsonText(reports) + "\n"
                    : SampledReportWriter.table(reports));
            output.writeFiles("report", dir -> SampledReportWriter.writeAll(reports, dir));
        } else {
            List<SeededCurve> curves = results.stream().map(r -> ((Experiment.CurveResult) r).curve()).toList();
            stdout.print(output.on() ? CostCurveWriter.jsonText(curves) + "\n" : CostCurveWriter.table(curves));
            output.writeFiles("curve", dir -> CostCurveWriter.writeAll(curves, dir));
        }
    }
}
