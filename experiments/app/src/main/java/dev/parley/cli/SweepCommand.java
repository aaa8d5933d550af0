package dev.parley.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.parley.dialogue.ActionSpace;
import dev.parley.dialogue.Domain;
import dev.parley.dialogue.Observation;
import dev.parley.experiment.Experiment;
import dev.parley.experiment.ExperimentConfig;
import dev.parley.experiment.Judge;
import dev.parley.experiment.ReportWriter;
import dev.parley.experiment.SampledExperiment;
import dev.parley.experiment.SampledReportWriter;
import dev.parley.experiment.SweepCharts;
import dev.parley.experiment.SweepStore;
import dev.parley.experiment.TreeSizeEstimate;
import dev.parley.solver.SolverKind;
import dev.parley.solver.Solvers;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParseResult;
import picocli.CommandLine.Spec;

/**
 * {@code parley sweep}: the experiment over a grid of domains, lengths, solvers, action spaces, observation modes
 * and iteration counts, each cell over R seeds; resumable from what it has written.
 */
@Command(name = "sweep", mixinStandardHelpOptions = true,
        description = "Run parley experiment over a grid (comma-separated lists; lengths and iterations also as"
                + " ranges A..B), each cell over --seeds R seeds, writing sweep.json, sweep.csv and charts to --out."
                + " Cells already in sweep.json are not run again.")
final class SweepCommand implements Callable<Integer> {

    @Option(names = "--domain", required = true, split = ",", paramLabel = "DOMAIN",
            completionCandidates = DomainNames.class, converter = DomainConverter.OrAll.class,
            description = "${COMPLETION-CANDIDATES} (a list), or all.")
    List<DomainConverter.Choice> domains;

    @Option(names = "--max-replies", defaultValue = "3", split = ",", paramLabel = "LENGTH",
            description = "Dialogue lengths, e.g. 2,3,4,5 or 2..5 (default ${DEFAULT-VALUE}).")
    List<String> maxReplies;

    @Option(names = "--solver", defaultValue = "cfr", split = ",", paramLabel = "SOLVER",
            completionCandidates = SolverNames.class,
            description = "cfr, cfr+, dcfr, lcfr on the expanded tree, cfr-vector, cfr+-vector on its public tree,"
                    + " mccfr-os, mccfr-es on the lazy game (estimated figures); a list, they may mix (default"
                    + " ${DEFAULT-VALUE}).")
    List<String> solvers;

    @Option(names = "--actions", defaultValue = "move-x-instruction", split = ",", paramLabel = "SPACE",
            description = "move-x-instruction, instruction (a list; default ${DEFAULT-VALUE}).")
    List<String> actions;

    @Option(names = "--observe", defaultValue = "words", split = ",", paramLabel = "MODE",
            description = "words, moves (a list; default ${DEFAULT-VALUE}).")
    List<String> observe;

    @Option(names = "--iterations", defaultValue = "200", split = ",", paramLabel = "COUNT",
            description = "Solver iterations (a list or range; default ${DEFAULT-VALUE}).")
    List<String> iterations;

    @Mixin
    SeedsOption runs = new SeedsOption();

    @Mixin
    SeedOption seedOption = new SeedOption(1);

    @Option(names = "--scenarios", defaultValue = "4", paramLabel = "K",
            description = "Scenarios dealt by chance (default ${DEFAULT-VALUE}).")
    int scenarios;

    @Mixin
    SeedsPerMessageOption perMessage = new SeedsPerMessageOption();

    @Mixin
    JudgeOptions judgeOptions;

    @Option(names = "--out", required = true, paramLabel = "DIR",
            description = "Where sweep.json, sweep.csv and the charts go; a sweep resumes from them.")
    Path out;

    @Mixin
    JsonOption json;

    @Mixin
    SamplingOptions sampler;

    @Mixin
    LlmOptions llmOptions;

    @Spec
    CommandSpec spec;

    /**
     * One cell of the grid, checked: its experiment configuration, its params as sweep.json records them, and for
     * a sampling solver its options (null for an expanded-tree solver).
     */
    record Cell(Domain domain, ExperimentConfig config, ObjectNode params, SampledExperiment.Options sampled) { }

    @Override
    public Integer call() {
        List<Cell> grid = grid();
        OutputPaths.checkDirectory("--out", out);
        SweepStore store;
        try {
            store = SweepStore.open(out);
        } catch (IOException e) {
            throw new UserInputException("cannot read the sweep in " + out + ": " + e.getMessage());
        }
        List<Cell> todo = grid.stream().filter(c -> !store.has(c.params())).toList();
        if (todo.size() < grid.size()) {
            spec.commandLine().getErr().println("resuming: " + (grid.size() - todo.size()) + " of " + grid.size()
                    + " cells already in " + out.resolve("sweep.json"));
        }
        try (LlmOptions.Session session = llmOptions.open();
             Progress bar = Progress.start("sweep (cells)", todo.size())) {
            for (Cell c : todo) {
                ObjectNode summary = c.sampled() == null
                        ? ReportWriter.json(((Experiment.ExactResult) SeededRuns.run(session, c.config(), runs.seeds,
                                new Experiment.Exact(sampler.limit(llmOptions.offline()), Experiment.Progress.NONE))).report())
                        : SampledReportWriter.json(((Experiment.SampledResult) SeededRuns.run(session, c.config(),
                                runs.seeds, new Experiment.Sampled(c.sampled(), line -> { }))).report());
                try {
                    store.add(c.params(), summary);
                } catch (IOException e) {
                    throw new UserInputException("cannot write the sweep to " + out + ": " + e.getMessage());
                }
                bar.step();
            }
        }
        List<ObjectNode> cells = store.cells().stream().filter(c -> grid.stream()
                .anyMatch(g -> g.params().equals(c.get("params")))).toList();
        try {
            if (!cells.isEmpty()) {
                for (Path p : SweepCharts.writeAll(cells, out)) {
                    spec.commandLine().getErr().println("wrote " + p);
                }
            }
        } catch (IOException e) {
            throw new UserInputException("cannot write the charts to " + out + ": " + e.getMessage());
        }
        spec.commandLine().getOut().print(json.on() ? Json.write(Json.MAPPER.valueToTree(cells)) + "\n" : SweepTable.render(cells));
        return 0;
    }

    /**
     * Every cell, checked before any work: a bad value or combination is one line and exit 2, and so is an
     * expanded-tree cell whose tree is estimated over {@code --max-nodes} (not discovered mid-grid).
     */
    List<Cell> grid() {
        runs.check();
        sampler.check();
        List<Domain> ds = new ArrayList<>();
        for (DomainConverter.Choice choice : domains) {
            for (Domain d : choice.domains()) {
                if (!ds.contains(d)) {
                    ds.add(d);
                }
            }
        }
        List<SolverKind> vs = new ArrayList<>();
        for (String s : distinct(solvers, "--solver")) {
            vs.add(Solvers.require(s));
        }
        boolean anySampled = vs.stream().anyMatch(SolverKind::sampled);
        ParseResult parsed = spec.commandLine().getParseResult();
        List<String> samplingOnly = java.util.stream.Stream.of("--budget-calls", "--budget-seconds", "--playouts",
                "--response-iterations").filter(parsed::hasMatchedOption).toList();
        if (!anySampled && !samplingOnly.isEmpty()) {
            throw new UserInputException(String.join(", ", samplingOnly) + " need a sampling solver in --solver"
                    + " (" + SolverNames.sampled() + ")");
        }
        List<ActionSpace> spaces = new ArrayList<>();
        for (String a : distinct(actions, "--actions")) {
            spaces.add(UserInputException.parsed("--actions", () -> ActionSpace.parse(a)));
        }
        List<Observation> modes = new ArrayList<>();
        for (String o : distinct(observe, "--observe")) {
            modes.add(UserInputException.parsed("--observe", () -> Observation.parse(o)));
        }
        List<Integer> lengths = integers(maxReplies, "--max-replies");
        List<Integer> counts = integers(iterations, "--iterations");
        Judge theJudge = judgeOptions.judge(llmOptions);
        List<Cell> grid = new ArrayList<>();
        for (Domain d : ds) {
            for (ActionSpace a : spaces) {
                for (Observation o : modes) {
                    for (int n : counts) {
                        for (int len : lengths) {
                            for (SolverKind v : vs) {
                                grid.add(cell(d, a, o, n, len, v, theJudge));
                            }
                        }
                    }
                }
            }
        }
        refuseTooLarge(grid);
        return grid;
    }

    /**
     * The size guard over the whole grid, before the first cell: one estimate per distinct tree, at every seedOption.seed (each
     * seedOption.seed draws its own scenarios, so its own tree), so no cell is refused mid-grid.
     */
    private void refuseTooLarge(List<Cell> grid) {
        long limit = sampler.limit(llmOptions.offline());
        java.util.Map<String, TreeSizeEstimate> sizes = new java.util.HashMap<>();
        for (Cell c : grid) {
            if (c.sampled() != null) {
                continue;
            }
            for (int r = 0; r < runs.seeds; r++) {
                ExperimentConfig k = c.config().withSeed(c.config().seed() + r);
                String tree = k.domain().name() + "|" + k.scenarios() + "|" + k.maxReplies() + "|" + k.actions() + "|"
                        + k.observe() + "|" + k.seedsPerMessage() + "|" + k.seed();
                TreeSizeEstimate size = sizes.computeIfAbsent(tree, x -> TreeSizeEstimate.against(k,
                        limit, k.seed()));
                String refusal = size.refusal(c.domain().name(), limit);
                if (refusal != null) {
                    JsonNode p = c.params();
                    throw new UserInputException("cell (" + p.get("domain").asText() + ", max replies "
                            + p.get("max_replies").asInt() + ", " + p.get("solver").asText() + ", "
                            + p.get("actions").asText() + ", " + p.get("observe").asText()
                            + (runs.seeds > 1 ? ", seed " + k.seed() : "") + "): " + refusal);
                }
            }
        }
    }

    private Cell cell(Domain d, ActionSpace a, Observation o, int n, int len, SolverKind kind, Judge theJudge) {
        SampledExperiment.Options sampled = null;
        boolean explicitIterations = spec.commandLine().getParseResult().hasMatchedOption("--iterations");
        // ten curve points: a sweep charts the final figures, not the run's curve
        ExperimentConfig config = new ExperimentConfig(d, scenarios, len, kind, n, seedOption.seed,
                llmOptions.offline() ? 1 : llmOptions.concurrency, 10, a, o, perMessage.seedsPerMessage, 0, theJudge);
        if (kind.sampled()) {
            sampled = sampler.options(kind, n, explicitIterations, 0, null, null, llmOptions.offline());
        }
        ObjectNode p = Json.MAPPER.createObjectNode();
        p.put("domain", d.name()).put("max_replies", len).put("solver", kind.name()).put("actions", a.label())
                .put("observe", o.label());
        if (sampled != null && sampled.maxIterations() == Long.MAX_VALUE) {
            p.putNull("iterations");
        } else {
            p.put("iterations", n);
        }
        p.put("seeds", runs.seeds).put("seed", seedOption.seed)
                .put("scenarios", scenarios).put("seeds_per_message", perMessage.seedsPerMessage)
                .put("llm", llmOptions.offline() ? "offline" : llmOptions.model)
                .put("judge", theJudge.label());
        if (sampled != null) {
            // a sampled cell's figures depend on these too, so they are part of its identity (and of resuming)
            p.put("budget_calls", sampler.budgetCalls).put("budget_seconds", sampler.budgetSeconds)
                    .put("playouts", sampler.playouts).put("response_iterations", sampler.responseIterations);
        }
        return new Cell(d, config, SweepStore.normal(p), sampled);
    }

    private static List<String> distinct(List<String> values, String option) {
        LinkedHashSet<String> out = new LinkedHashSet<>();
        for (String v : values == null ? List.<String>of() : values) {
            if (!v.isBlank()) {
                out.add(v.strip());
            }
        }
        if (out.isEmpty()) {
            throw new UserInputException(option + " needs at least one value");
        }
        return List.copyOf(out);
    }

    /** A list of positive integers, each item a number or a range {@code A..B}. */
    static List<Integer> integers(List<String> values, String option) {
        LinkedHashSet<Integer> out = new LinkedHashSet<>();
        for (String v : distinct(values, option)) {
            try {
                String[] range = v.split("\\.\\.", -1);
                int lo = Integer.parseInt(range[0].strip());
                int hi = range.length == 2 ? Integer.parseInt(range[1].strip()) : lo;
                if (range.length > 2) {
                    throw new NumberFormatException();
                }
                if (hi < lo) {
                    throw new UserInputException(option + ": the range " + v + " runs backwards; write " + hi + ".."
                            + lo);
                }
                for (int i = lo; i <= hi; i++) {
                    if (i < 1) {
                        throw new UserInputException(option + " values must be at least 1, got " + i);
                    }
                    out.add(i);
                }
            } catch (NumberFormatException e) {
                throw new UserInputException(option + ": '" + v + "' is not a number or a range A..B");
            }
        }
        return List.copyOf(out);
    }
}
