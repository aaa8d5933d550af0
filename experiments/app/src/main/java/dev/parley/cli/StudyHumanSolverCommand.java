package dev.parley.cli;

import dev.parley.cli.StudyCommand.ReportFile;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.parley.experiment.Estimate;
import dev.parley.study.HumanSolverStudy;
import dev.parley.study.StudyJson;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;

/** {@code parley study human-solver}: the solved game's equilibrium payoffs against what the people got. */
@Command(name = "human-solver", mixinStandardHelpOptions = true,
        footerHeading = ReportOptions.FILES,
        footer = {"  report.json, report.csv: the report",
            "  cases.csv: a row per recorded negotiation"},
        description = "The solver against people's results (CaSiNo): for each recorded negotiation of valid and of"
                + " the held-out test split, the campsite game on that one scenario (the two people's priority"
                + " tables and reasons), built offline and solved by CFR; the equilibrium payoffs beside the points"
                + " the two people scored: each camper's gain (equilibrium minus recorded) per dialogue and on"
                + " average with 95%% t intervals, and the share of dialogues where the equilibrium pays more.")
final class StudyHumanSolverCommand implements Callable<Integer> {

    @Mixin
    HumanSampleOptions people = new HumanSampleOptions();

    @Mixin
    MaxRepliesOption replies = new MaxRepliesOption(3);

    @Mixin
    IterationsOption solving = new IterationsOption();

    @Mixin
    ReportOptions output = new ReportOptions();

    @Override
    public Integer call() {
        replies.check();
        Bounds.atLeast(solving.iterations, 1, "--iterations");
        output.check();
        HumanCorpus.Sample drawn = people.draw();
        HumanSolverStudy.Config config = new HumanSolverStudy.Config(replies.maxReplies, solving.iterations);
        HumanSolverStudy.Report r;
        try (Progress bar = Progress.start("solving scenarios", drawn.size())) {
            r = HumanSolverStudy.run(config, drawn.valid(), drawn.test(), bar::step);
        }
        ObjectNode o = json(r);
        StudyCommand.emit(output, o, () -> table(r),
                new ReportFile("report.csv", () -> csv(r)),
                new ReportFile("cases.csv", () -> cases(r)));
        return 0;
    }

    private static List<HumanSolverStudy.Figures> splits(HumanSolverStudy.Report r) {
        return r.test() == null ? List.of(r.valid()) : List.of(r.valid(), r.test());
    }

    private static final String[] CAMPERS = {"first", "second"};

    static ObjectNode json(HumanSolverStudy.Report r) {
        ObjectNode o = Json.MAPPER.createObjectNode();
        o.put("study", "human-solver").put("domain", "campsite").put("corpus", "CaSiNo (Chawla et al. 2021)")
                .put("solver", "cfr").put("iterations", r.config().iterations())
                .put("max_replies", r.config().maxReplies()).put("backend", "offline-realiser + exact:campsite");
        for (HumanSolverStudy.Figures f : splits(r)) {
            ObjectNode x = o.putObject(f.split());
            x.put("dialogues", f.dialogues()).put("mean_nash_conv", f.meanNashConv());
            for (int p = 0; p < 2; p++) {
                ObjectNode c = x.putObject(CAMPERS[p]);
                c.put("equilibrium", f.equilibrium()[p]).put("recorded", f.recorded()[p]);
                estimate(c, "gain", f.gain()[p]);
                StudyJson.proportion(c, "would_gain", f.wouldGain()[p]);
            }
            estimate(x, "joint_gain", f.joint());
        }
        return o;
    }

    private static void estimate(ObjectNode o, String field, Estimate e) {
        o.put(field, e.mean());
        ArrayNode ci = o.putArray(field + "_ci95");
        ci.add(e.low()).add(e.high());
    }

    static String table(HumanSolverStudy.Report r) {
        StringBuilder sb = new StringBuilder("the solver against people's results: campsite (CaSiNo), CFR x "
                + r.config().iterations() + " per scenario, at most " + r.config().maxReplies() + " messages,"
                + " offline realiser and exact scorer; gain = equilibrium payoff - recorded points, 95% t"
                + " intervals\n");
        Table t = new Table("split", "dialogues", "camper", "equilibrium", "recorded", "gain", "would gain",
                "NashConv");
        for (HumanSolverStudy.Figures f : splits(r)) {
            for (int p = 0; p < 2; p++) {
                Estimate g = f.gain()[p];
                t.row(f.split(), f.dialogues(), CAMPERS[p], String.format(Locale.ROOT, "%.2f", f.equilibrium()[p]),
                        String.format(Locale.ROOT, "%.2f", f.recorded()[p]),
                        StudyCommand.pm(g.mean(), g.low(), g.high()),
                        StudyCommand.pm(f.wouldGain()[p].share(), f.wouldGain()[p].low(), f.wouldGain()[p].high()),
                        String.format(Locale.ROOT, "%.3f", f.meanNashConv()));
            }
            Estimate j = f.joint();
            t.row(f.split(), f.dialogues(), "both", String.format(Locale.ROOT, "%.2f", f.equilibrium()[0]
                            + f.equilibrium()[1]), String.format(Locale.ROOT, "%.2f", f.recorded()[0] + f.recorded()[1]),
                    StudyCommand.pm(j.mean(), j.low(), j.high()), "", "");
        }
        return sb.append(t.render()).toString();
    }

    static String csv(HumanSolverStudy.Report r) {
        StringBuilder sb = new StringBuilder("split,camper,dialogues,equilibrium,recorded,gain,gain_low,gain_high,"
                + "would_gain,would_gain_low,would_gain_high,mean_nash_conv\n");
        for (HumanSolverStudy.Figures f : splits(r)) {
            for (int p = 0; p < 2; p++) {
                Estimate g = f.gain()[p];
                sb.append(String.format(Locale.ROOT, "%s,%s,%d,%.6f,%.6f,%.6f,%.6f,%.6f,%.6f,%.6f,%.6f,%.6f%n",
                        f.split(), CAMPERS[p], f.dialogues(), f.equilibrium()[p], f.recorded()[p], g.mean(), g.low(),
                        g.high(), f.wouldGain()[p].share(), f.wouldGain()[p].low(), f.wouldGain()[p].high(),
                        f.meanNashConv()));
            }
        }
        return sb.toString();
    }

    static String cases(HumanSolverStudy.Report r) {
        StringBuilder sb = new StringBuilder("split,dialogue_id,equilibrium_first,equilibrium_second,recorded_first,"
                + "recorded_second,gain_first,gain_second,nash_conv,nodes\n");
        for (HumanSolverStudy.Figures f : splits(r)) {
            for (HumanSolverStudy.Case c : f.cases()) {
                sb.append(String.format(Locale.ROOT, "%s,%d,%.6f,%.6f,%d,%d,%.6f,%.6f,%.6f,%d%n", f.split(),
                        c.dialogueId(), c.equilibrium()[0], c.equilibrium()[1], c.recorded()[0], c.recorded()[1],
                        c.gain(0), c.gain(1), c.nashConv(), c.nodes()));
            }
        }
        return sb.toString();
    }
}
