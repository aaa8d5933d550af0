package dev.parley.cli;

import dev.parley.cli.StudyCommand.ReportFile;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.parley.dialogue.ActionSpace;
import dev.parley.experiment.Estimate;
import dev.parley.imitation.MiniLmFeaturizer;
import dev.parley.nfg.MetaSolver;
import dev.parley.nfg.MetaSolvers;
import dev.parley.study.HumanImitationStudy;
import dev.parley.study.StudyJson;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** {@code parley study human-imitation}: behaviour cloning of CaSiNo's people, and the clone in the meta-game. */
@Command(name = "human-imitation", mixinStandardHelpOptions = true,
        footerHeading = ReportOptions.FILES,
        footer = {"  report.json, report.csv: the report"},
        description = "Imitation of people (CaSiNo): behaviour cloning of each person's move x strategy group at"
                + " each turn from the MiniLM embedding of what the person knew, with the imitation network;"
                + " trained on train, stopped early on valid; log-loss and accuracy on valid and the held-out test"
                + " split beside the uniform policy and the majority class. Then the meta-game on each split's"
                + " priority tables: the cloned people (HUMAN) and CFR's equilibrium (CFR) against the instruction"
                + " strategies (which always play the planner's own move); the solver's gain over playing like a"
                + " person and the NashConv of the clone.")
final class StudyHumanImitationCommand implements Callable<Integer> {

    @Mixin
    HumanCorpusOptions people = new HumanCorpusOptions();

    @Option(names = "--seeds", defaultValue = "5", paramLabel = "R",
            description = "Networks trained with seeds 1..R (weights, shuffling); t intervals over them (default"
                    + " ${DEFAULT-VALUE}).")
    int seeds;

    @Mixin
    ImitationTrainingOptions training = new ImitationTrainingOptions();

    @Option(names = "--train-dialogues", defaultValue = "0", paramLabel = "N",
            description = "Train on the first N annotated train dialogues (default: all 347; embedding each turn"
                    + " is the cost).")
    int trainDialogues;

    @Option(names = "--scenarios", defaultValue = "4", paramLabel = "K",
            description = "Dialogues of each split whose priority tables make its meta-game (default"
                    + " ${DEFAULT-VALUE}).")
    int scenarios;

    @Mixin
    MaxRepliesOption replies = new MaxRepliesOption(3);

    @Mixin
    ActionsOption choosing = new ActionsOption();

    @Mixin
    IterationsOption solving = new IterationsOption();

    @Mixin
    ValidOnlyOption split = new ValidOnlyOption();

    @Mixin
    ReportOptions output = new ReportOptions();

    @Override
    public Integer call() {
        Bounds.atLeast(seeds, 1, "--seeds");
        int[] hiddenSizes = training.check();
        Bounds.atLeast(scenarios, 1, "--scenarios");
        Bounds.atLeast(trainDialogues, 0, "--train-dialogues");
        replies.check();
        Bounds.atLeast(solving.iterations, 1, "--iterations");
        if (replies.maxReplies > HumanImitationStudy.WINDOW + 1) {
            throw new UserInputException("--max-replies must be at most " + (HumanImitationStudy.WINDOW + 1)
                    + " (a turn's text holds the last " + HumanImitationStudy.WINDOW + " messages), got "
                    + replies.maxReplies);
        }
        ActionSpace space = choosing.space();
        MetaSolver meta = MetaSolvers.require(training.metaSolver);
        output.check();
        HumanCorpus corpus = people.load(split.validOnly);
        HumanImitationStudy.Config config = new HumanImitationStudy.Config(scenarios, replies.maxReplies, solving.iterations,
                hiddenSizes, training.epochs, training.patience, seeds, space);
        HumanImitationStudy.Report r;
        try (Progress bar = Progress.start("embedding, training, solving", 0)) {
            List<dev.parley.domain.campsite.CasinoDialogue> train = corpus.train().stream()
                    .filter(dev.parley.domain.campsite.CasinoDialogue::annotated)
                    .limit(trainDialogues == 0 ? Long.MAX_VALUE : trainDialogues).toList();
            r = HumanImitationStudy.run(config, train, corpus.valid(), split.validOnly ? null : corpus.test(),
                    new MiniLmFeaturizer(), meta, n -> bar.step());
        }
        ObjectNode o = json(r, training.metaSolver);
        StudyCommand.emit(output, o, () -> table(r), new ReportFile("report.csv", () -> csv(r)));
        return 0;
    }

    private static List<HumanImitationStudy.Figures> splits(HumanImitationStudy.Report r) {
        return r.test() == null ? List.of(r.valid()) : List.of(r.valid(), r.test());
    }

    static ObjectNode json(HumanImitationStudy.Report r, String metaSolver) {
        ObjectNode o = Json.MAPPER.createObjectNode();
        HumanImitationStudy.Config c = r.config();
        o.put("study", "human-imitation").put("domain", "campsite").put("corpus", "CaSiNo (Chawla et al. 2021)")
                .put("featurizer", MiniLmFeaturizer.NAME).put("seeds", c.seeds()).put("epochs", c.maxEpochs())
                .put("patience", c.patience()).put("meta_solver", metaSolver).put("scenarios", c.scenarios())
                .put("max_replies", c.maxReplies()).put("actions", c.actions().label()).put("iterations", c.iterations())
                .put("train_dialogues", r.trainDialogues()).put("train_examples", r.trainExamples()).put("majority_label", r.majorityLabel());
        o.set("hidden", Json.tree(c.hidden()));
        ArrayNode labels = o.putArray("labels");
        r.labels().forEach(labels::add);
        for (HumanImitationStudy.Figures f : splits(r)) {
            ObjectNode x = o.putObject(f.split());
            x.put("examples", f.examples());
            StudyJson.estimate(x, "log_loss", f.logLoss());
            StudyJson.estimate(x, "accuracy", f.accuracy());
            x.putObject("uniform").put("log_loss", f.uniform().logLoss()).put("accuracy", f.uniform().accuracy());
            x.putObject("majority").put("log_loss", f.majority().logLoss()).put("accuracy",
                    f.majority().accuracy());
            x.putObject("train_prior").put("log_loss", f.prior().logLoss()).put("accuracy", f.prior().accuracy());
            ObjectNode m = x.putObject("meta_game");
            for (int p = 0; p < 2; p++) {
                ObjectNode q = m.putObject(p == 0 ? "first" : "second");
                StudyJson.estimate(q, "human_share", f.humanShare(p));
                StudyJson.estimate(q, "cfr_share", f.cfrShare(p));
                StudyJson.estimate(q, "solver_gain", f.solverGain(p));
                StudyJson.estimate(q, "human_vs_human", f.payoff(p, HumanImitationStudy.HUMAN,
                        HumanImitationStudy.HUMAN));
                StudyJson.estimate(q, "cfr_vs_human", f.payoff(p, HumanImitationStudy.CFR,
                        HumanImitationStudy.HUMAN));
                StudyJson.estimate(q, "cfr_vs_cfr", f.payoff(p, HumanImitationStudy.CFR, HumanImitationStudy.CFR));
            }
            StudyJson.estimate(m, "human_nash_conv", f.humanNashConv());
            m.put("cfr_nash_conv", f.seeds().get(0).metaGame().cfrNashConv());
            ArrayNode per = x.putArray("per_seed");
            for (HumanImitationStudy.SeedFigures s : f.seeds()) {
                ObjectNode e = per.addObject();
                e.put("seed", s.seed()).put("log_loss", s.imitation().logLoss()).put("accuracy", s.imitation().accuracy())
                        .put("epochs", s.epochs()).put("best_epoch", s.bestEpoch())
                        .put("human_nash_conv", s.metaGame().humanNashConv());
                ArrayNode names = e.putArray("strategies");
                s.metaGame().strategies().forEach(names::add);
                e.set("first_payoffs", Json.MAPPER.valueToTree(s.metaGame().rowPayoffs()));
                e.set("second_payoffs", Json.MAPPER.valueToTree(s.metaGame().columnPayoffs()));
                e.set("profile", Json.MAPPER.valueToTree(s.metaGame().solution().profile()));
                e.set("solver_gain", Json.MAPPER.valueToTree(s.metaGame().solverGain()));
            }
        }
        return o;
    }

    static String table(HumanImitationStudy.Report r) {
        HumanImitationStudy.Config c = r.config();
        StringBuilder sb = new StringBuilder(String.format(Locale.ROOT, "imitation of people: campsite (CaSiNo),"
                + " %d labels (move x strategy group), %d train turns of %d dialogues, majority %s; MiniLM features, network %s,"
                + " %s; meta-game on %d scenarios of each split, at most %d messages,"
                + " %s actions, CFR x %d%n", r.labels().size(), r.trainExamples(), r.trainDialogues(),
                r.majorityLabel(), java.util.Arrays.toString(c.hidden()),
                c.seeds() == 1 ? "1 seed" : c.seeds() + " seeds (95% t intervals)", c.scenarios(), c.maxReplies(),
                c.actions().label(), c.iterations()));
        Table t = new Table("split", "turns", "policy", "log-loss", "accuracy");
        for (HumanImitationStudy.Figures f : splits(r)) {
            Estimate ll = f.logLoss();
            Estimate acc = f.accuracy();
            t.row(f.split(), f.examples(), "clone", shown(ll, c), shown(acc, c));
            t.row(f.split(), f.examples(), "uniform", fmt(f.uniform().logLoss()), fmt(f.uniform().accuracy()));
            t.row(f.split(), f.examples(), "majority", fmt(f.majority().logLoss()), fmt(f.majority().accuracy()));
            t.row(f.split(), f.examples(), "train prior", fmt(f.prior().logLoss()), fmt(f.prior().accuracy()));
        }
        sb.append(t.render());
        Table m = new Table("split", "camper", "(HUMAN, HUMAN) pays", "HUMAN share", "CFR share",
                "solver gain vs HUMAN", "NashConv (HUMAN, HUMAN)");
        for (HumanImitationStudy.Figures f : splits(r)) {
            for (int p = 0; p < 2; p++) {
                Estimate hs = f.humanShare(p);
                Estimate cs = f.cfrShare(p);
                Estimate g = f.solverGain(p);
                Estimate nc = f.humanNashConv();
                Estimate hh = f.payoff(p, HumanImitationStudy.HUMAN, HumanImitationStudy.HUMAN);
                m.row(f.split(), p == 0 ? "first" : "second", shown(hh, c), shown(hs, c), shown(cs, c), shown(g, c),
                        p == 0 ? shown(nc, c) : "");
            }
        }
        return sb.append(m.render()).toString();
    }

    /** A figure over the seeds with its interval; with one seed, which has no spread to show, the figure alone. */
    private static String shown(Estimate e, HumanImitationStudy.Config c) {
        return c.seeds() > 1 ? StudyCommand.pm(e.mean(), e.low(), e.high())
                : StudyCommand.pm(e.mean(), Double.NaN, Double.NaN);
    }

    private static String fmt(double v) {
        return String.format(Locale.ROOT, "%.3f", v);
    }

    static String csv(HumanImitationStudy.Report r) {
        StringBuilder sb = new StringBuilder("split,seed,log_loss,accuracy,human_share_first,human_share_second,"
                + "cfr_share_first,cfr_share_second,solver_gain_first,solver_gain_second,human_nash_conv\n");
        for (HumanImitationStudy.Figures f : splits(r)) {
            for (HumanImitationStudy.SeedFigures s : f.seeds()) {
                HumanImitationStudy.MetaGame g = s.metaGame();
                sb.append(String.format(Locale.ROOT, "%s,%d,%.6f,%.6f,%.6f,%.6f,%.6f,%.6f,%.6f,%.6f,%.6f%n",
                        f.split(), s.seed(), s.imitation().logLoss(), s.imitation().accuracy(), g.humanShare()[0],
                        g.humanShare()[1], g.cfrShare()[0], g.cfrShare()[1], g.solverGain()[0], g.solverGain()[1],
                        g.humanNashConv()));
            }
        }
        return sb.toString();
    }
}
