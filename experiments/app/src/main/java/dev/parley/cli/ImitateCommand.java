package dev.parley.cli;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.parley.cfr.CfrVariant;
import dev.parley.dialogue.Domain;
import dev.parley.domain.DialogueDomains;
import dev.parley.imitation.DatasetFile;
import dev.parley.imitation.ImitationJson;
import dev.parley.imitation.ImitationStudy;
import dev.parley.imitation.MiniLmFeaturizer;
import dev.parley.imitation.Mlp;
import dev.parley.imitation.ModelFile;
import dev.parley.imitation.SolvedGame;
import dev.parley.imitation.Trainer;
import dev.parley.nfg.MetaSolver;
import dev.parley.nfg.MetaSolverException;
import dev.parley.nfg.MetaSolvers;
import dev.parley.registry.UnknownNameException;
import dev.parley.solver.Solvers;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** {@code parley imitate}: imitate CFR policies and play the imitation in a held-out domain (paper App. E). */
@Command(name = "imitate", mixinStandardHelpOptions = true,
        footerHeading = ReportOptions.FILES,
        footer = {"  report.json: the report",
            "  dataset.jsonl: text, features and CFR policy per information state",
            "    (--dataset-in reads it back)"},
        description = "Imitation of CFR policies and transfer to a held-out domain: a dataset of information states"
                + " (MiniLM embeddings of the dialogue in words) and CFR policies from the training domains, a 2x256"
                + " network fitted with Adam and early stopping, its cross-entropy and KL to the held-out domain's CFR"
                + " policy beside the uniform and nearest-neighbour policies, and DIM's share of the held-out"
                + " meta-game against the instruction strategies.")
final class ImitateCommand implements Callable<Integer> {

    @Option(names = "--heldout", defaultValue = "scheduling", paramLabel = "DOMAIN", converter = DomainConverter.class,
            description = "The domain held out (default ${DEFAULT-VALUE}).")
    Domain heldout;

    @Option(names = "--split", defaultValue = "domains", paramLabel = "WHAT",
            description = "What is held out: domains (train on other domains, test on --heldout; the default) or"
                    + " scenarios (train on K scenarios of --heldout, test on K other scenarios of the same domain:"
                    + " tells \"cannot learn\" from \"does not transfer\").")
    String split;

    @Option(names = "--train", split = ",", paramLabel = "DOMAIN", converter = DomainConverter.class,
            description = "Training domains, comma-separated. Default: every other domain with the held-out"
                    + " domain's instruction names (fruit trading and scheduling share calm, assertive, submissive,"
                    + " any; debate's styles are its own).")
    List<Domain> train;

    @Mixin
    DialogueGameOptions dealt = new DialogueGameOptions(8, 3);

    @Option(names = "--solver", defaultValue = "cfr", paramLabel = "SOLVER",
            description = "The CFR variant imitated: cfr, cfr+, dcfr or lcfr (default ${DEFAULT-VALUE}).")
    String solver;

    @Mixin
    IterationsOption solving = new IterationsOption();

    @Mixin
    SeedsOption runs = new SeedsOption();

    @Mixin
    ImitationTrainingOptions training = new ImitationTrainingOptions();

    @Option(names = "--model-out", paramLabel = "FILE", description = "Save the trained network (first seed's).")
    Path modelOut;

    @Option(names = "--model-in", paramLabel = "FILE", description = "Load a network instead of training one.")
    Path modelIn;

    @Option(names = "--dataset-in", paramLabel = "FILE",
            description = "Train on a dataset an earlier run wrote (--out DIR writes DIR/dataset.jsonl) instead of "
                    + "solving the training domains.")
    Path datasetIn;

    @Mixin
    ReportOptions output = new ReportOptions();

    @Override
    public Integer call() {
        Domain held = heldout;
        ImitationStudy.Split what = split();
        List<Domain> trainDomains = trainingDomains(what, held);
        CfrVariant variant = Solvers.requireCfr(solver);
        int seeds = runs.check();
        dealt.check();
        Bounds.atLeast(solving.iterations, 1, "--iterations");
        int[] hiddenSizes = training.check();
        output.check();
        OutputPaths.checkFile("--model-out", modelOut);
        MetaSolver meta = MetaSolvers.require(training.metaSolver);
        Mlp loaded = modelIn == null ? null : readModel(held);
        List<SolvedGame.InfoState> dataset = null;
        if (datasetIn != null) {
            dataset = readDataset();
            // the report names the domains the states came from, each known to the registry
            try {
                trainDomains = dataset.stream().map(SolvedGame.InfoState::domain).distinct()
                        .map(DialogueDomains::require).toList();
            } catch (UnknownNameException e) {
                throw e.in("--dataset-in " + datasetIn);
            }
        }
        List<ImitationStudy.Run> done = new ArrayList<>();
        try (Progress bar = Progress.start("imitation (information states embedded)", -1)) {
            MiniLmFeaturizer featurizer = new MiniLmFeaturizer();
            for (int i = 0; i < seeds; i++) {
                ImitationStudy.Config config = config(trainDomains, held, what, variant, hiddenSizes,
                        dealt.seed() + i);
                try {
                    done.add(ImitationStudy.run(config, featurizer, meta, loaded, dataset, n -> bar.step()));
                } catch (MetaSolverException e) {
                    throw e.in(held.name() + ": meta-solver " + training.metaSolver);
                } catch (IllegalArgumentException e) {
                    throw new UserInputException(e.getMessage());
                }
            }
        }
        ObjectNode report = ImitationJson.report(held.name(), trainDomains.stream().map(Domain::name).toList(),
                split, done);
        output.out().print(output.on() ? Json.write(report) + "\n" : table(report));
        writeModel(done.get(0), held);
        output.writeFiles("report", dir -> ImitationJson.writeAll(report, done.get(0), dir));
        return 0;
    }

    private ImitationStudy.Split split() {
        return switch (split) {
            case "domains" -> ImitationStudy.Split.DOMAINS;
            case "scenarios" -> ImitationStudy.Split.SCENARIOS;
            default -> throw new UserInputException("--split must be domains or scenarios, got '" + split + "'");
        };
    }

    /**
     * --train, or by default every other domain with the held-out one's instructions; split by scenario, the held-out
     * domain itself.
     */
    private List<Domain> trainingDomains(ImitationStudy.Split what, Domain held) {
        if (what == ImitationStudy.Split.SCENARIOS) {
            if (train != null) {
                throw new UserInputException("--split scenarios trains on --heldout " + held.name()
                        + " itself; drop --train");
            }
            return List.of(held);
        }
        if (train != null) {
            if (train.isEmpty()) {
                throw new UserInputException("--train needs at least one domain");
            }
            return List.copyOf(train);
        }
        List<Domain> alike = new ArrayList<>();
        for (Domain d : DialogueDomains.all()) {
            if (!d.name().equals(held.name()) && names(d).equals(names(held))) {
                alike.add(d);
            }
        }
        if (alike.isEmpty()) {
            throw new UserInputException("no other domain shares " + held.name() + "'s instructions "
                    + names(held) + "; name training domains with --train");
        }
        return alike;
    }

    /** The --model-in network, refused unless it was trained for the held-out domain's instructions and features. */
    private Mlp readModel(Domain held) {
        UserInputException.requireFile("--model-in", modelIn);
        ModelFile.Saved saved;
        try {
            saved = ModelFile.read(modelIn);
        } catch (IllegalArgumentException e) {
            throw new UserInputException(e.getMessage());
        }
        if (!saved.labels().equals(names(held)) || !saved.featurizer().equals(MiniLmFeaturizer.NAME)) {
            throw new UserInputException("--model-in " + modelIn + ": a model of " + saved.labels() + " from "
                    + saved.featurizer() + " features, but " + held.name() + " needs " + names(held) + " from "
                    + MiniLmFeaturizer.NAME);
        }
        return saved.network();
    }

    private List<SolvedGame.InfoState> readDataset() {
        UserInputException.requireFile("--dataset-in", datasetIn);
        List<SolvedGame.InfoState> dataset;
        try {
            dataset = DatasetFile.read(datasetIn);
        } catch (IllegalArgumentException e) {
            throw new UserInputException(e.getMessage());
        }
        if (dataset.isEmpty()) {
            throw new UserInputException("--dataset-in " + datasetIn + ": no information states in it");
        }
        return dataset;
    }

    private ImitationStudy.Config config(List<Domain> trainDomains, Domain held, ImitationStudy.Split what,
                                         CfrVariant variant, int[] hiddenSizes, long seed) {
        try {
            return new ImitationStudy.Config(trainDomains, held, what, dealt.scenarios, dealt.maxReplies(),
                    variant, solving.iterations, 0.1, hiddenSizes,
                    new Trainer.Config(1e-3, 128, training.epochs, training.patience, seed), seed);
        } catch (IllegalArgumentException e) {
            throw new UserInputException(e.getMessage());
        }
    }

    /**
     * The first seed's network, to --model-out when asked (a run that loaded its network with --model-in trains
     * none).
     */
    private void writeModel(ImitationStudy.Run first, Domain held) {
        if (modelOut == null || first.training() == null) {
            return;
        }
        try {
            ModelFile.write(modelOut, new ModelFile.Saved(first.training().network(), names(held),
                    MiniLmFeaturizer.NAME));
        } catch (IOException e) {
            throw new UserInputException("cannot write the model to " + modelOut + ": "
                    + UserInputException.reason(e));
        }
        output.err().println("wrote " + modelOut);
    }

    private static List<String> names(Domain d) {
        return d.instructions().stream().map(i -> i.name()).toList();
    }

    static String table(ObjectNode r) {
        StringBuilder sb = new StringBuilder();
        sb.append("imitation of CFR policies: trained on ").append(r.path("train_domains")).append(", held out ")
                .append(r.path("split").asText().equals("scenarios") ? "other scenarios of " : "")
                .append(r.path("heldout_domain").asText()).append(", ");
        int seeds = r.path("seeds").asInt();
        // one seed has no spread to show: its figures print alone, as parley experiment prints them
        sb.append(seeds == 1 ? "1 seed\n\n" : seeds + " seeds; 95% t intervals over seeds\n\n");
        Table t = seeds == 1 ? new Table("figure", "value") : new Table("figure", "mean", "95% interval");
        for (String f : ImitationJson.FIGURES) {
            String mean = String.format(Locale.ROOT, "%.4f", r.path(f).asDouble());
            if (seeds == 1) {
                t.row(f, mean);
                continue;
            }
            ArrayNode ci = (ArrayNode) r.path(f + "_ci95");
            t.row(f, mean, String.format(Locale.ROOT, "[%.4f, %.4f]", ci.get(0).asDouble(), ci.get(1).asDouble()));
        }
        sb.append(t.render());
        sb.append("\nheld-out meta-game (first seed), ").append(r.path("meta_solver").asText()).append(": ");
        ObjectNode first = (ObjectNode) r.path("per_seed").get(0);
        List<String> parts = new ArrayList<>();
        first.path("meta_game").path("profile").forEach(row -> {
            List<String> cells = new ArrayList<>();
            row.fields().forEachRemaining(e -> cells.add(e.getKey() + " " + String.format(Locale.ROOT, "%.3f",
                    e.getValue().asDouble())));
            parts.add(String.join(", ", cells));
        });
        sb.append(String.join(" | ", parts)).append('\n');
        return sb.toString();
    }
}
