package dev.parley.cli;

import dev.parley.cli.StudyCommand.ReportFile;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.parley.dialogue.Domain;
import dev.parley.dialogue.RewardModel;
import dev.parley.domain.campsite.Campsite;
import dev.parley.experiment.Judge;
import dev.parley.llm.LlmException;
import dev.parley.study.HumanRewardStudy;
import dev.parley.study.StudyJson;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;

/** {@code parley study human-reward}: a reward model's points against the points people actually scored. */
@Command(name = "human-reward", mixinStandardHelpOptions = true,
        footerHeading = ReportOptions.FILES,
        footer = {"  report.json, report.csv: the report",
            "  cases.csv: a row per recorded negotiation",
            "  answers.jsonl: the judge's answer for each negotiation"},
        description = "Reward-model fidelity on real outcomes (CaSiNo): the judge reads each recorded negotiation of"
                + " valid and of the held-out test split with both campers' priorities and predicts each camper's"
                + " points; correlation, mean absolute error and agreement on who did better against the recorded"
                + " points, and the correlation of the recorded points with the recorded satisfaction. A small model"
                + " on a CPU takes seconds a dialogue: --sample N judges N of each split.")
final class StudyHumanRewardCommand implements Callable<Integer> {

    @Mixin
    HumanSampleOptions people = new HumanSampleOptions();

    @Mixin
    JudgeOptions judging = new JudgeOptions();

    @Mixin
    ReportOptions output = new ReportOptions();

    @Mixin
    LlmOptions llmOptions;

    @Override
    public Integer call() {
        Judge judge = judging.judge(llmOptions);
        output.check();
        HumanCorpus.Sample drawn = people.draw();
        HumanRewardStudy.Report r;
        try (LlmOptions.Session session = llmOptions.open()) {
            Domain d = Campsite.domain();
            RewardModel model = session.reward(d, judge, people.seed());
            try (Progress bar = Progress.start("judging " + d.name(), drawn.size())) {
                r = HumanRewardStudy.run(model.backend(), HumanRewardStudy.of(model), drawn.valid(), drawn.test(),
                        bar::step);
            } catch (LlmException e) {
                throw e.in("language model").in(d.name());
            }
        }
        HumanRewardStudy.Report done = r;
        ObjectNode o = json(r);
        StudyCommand.emit(output, o, () -> table(done),
                new ReportFile("report.csv", () -> csv(done)),
                new ReportFile("cases.csv", () -> cases(done)),
                new ReportFile("answers.jsonl", () -> answers(done)));
        return 0;
    }

    private static List<HumanRewardStudy.Figures> splits(HumanRewardStudy.Report r) {
        return r.test() == null ? List.of(r.valid()) : List.of(r.valid(), r.test());
    }

    static ObjectNode json(HumanRewardStudy.Report r) {
        ObjectNode o = Json.MAPPER.createObjectNode();
        o.put("study", "human-reward").put("domain", "campsite").put("corpus", "CaSiNo (Chawla et al. 2021)")
                .put("judge", r.judge());
        for (HumanRewardStudy.Figures f : splits(r)) {
            ObjectNode x = o.putObject(f.split());
            x.put("dialogues", f.dialogues()).put("correlation", f.correlation())
                    .put("mean_absolute_error", f.meanAbsoluteError()).put("judge_failures", f.judgeFailures());
            StudyJson.proportion(x, "who_did_better", f.whoDidBetter());
            x.put("points_satisfaction_correlation", f.pointsSatisfactionCorrelation());
        }
        return o;
    }

    static String table(HumanRewardStudy.Report r) {
        StringBuilder sb = new StringBuilder("reward-model fidelity on real outcomes: campsite (CaSiNo), judge "
                + r.judge() + "\n");
        Table t = new Table("split", "dialogues", "correlation", "MAE (points)", "who did better (95% Wilson)",
                "points ~ satisfaction", "judge failures");
        for (HumanRewardStudy.Figures f : splits(r)) {
            t.row(f.split(), f.dialogues(), String.format(Locale.ROOT, "%.3f", f.correlation()),
                    String.format(Locale.ROOT, "%.3f", f.meanAbsoluteError()),
                    StudyCommand.pm(f.whoDidBetter().share(), f.whoDidBetter().low(), f.whoDidBetter().high()),
                    String.format(Locale.ROOT, "%.3f", f.pointsSatisfactionCorrelation()), f.judgeFailures());
        }
        return sb.append(t.render()).toString();
    }

    static String csv(HumanRewardStudy.Report r) {
        StringBuilder sb = new StringBuilder("split,judge,dialogues,correlation,mae,who_did_better,"
                + "who_did_better_low,who_did_better_high,points_satisfaction_correlation,judge_failures\n");
        for (HumanRewardStudy.Figures f : splits(r)) {
            sb.append(String.format(Locale.ROOT, "%s,%s,%d,%.6f,%.6f,%.6f,%.6f,%.6f,%.6f,%d%n", f.split(), r.judge(),
                    f.dialogues(), f.correlation(), f.meanAbsoluteError(), f.whoDidBetter().share(),
                    f.whoDidBetter().low(), f.whoDidBetter().high(), f.pointsSatisfactionCorrelation(),
                    f.judgeFailures()));
        }
        return sb.toString();
    }

    static String cases(HumanRewardStudy.Report r) {
        StringBuilder sb = new StringBuilder("split,dialogue_id,predicted_first,predicted_second,recorded_first,"
                + "recorded_second,satisfaction_first,satisfaction_second\n");
        for (HumanRewardStudy.Figures f : splits(r)) {
            for (HumanRewardStudy.Case c : f.cases()) {
                sb.append(String.format(Locale.ROOT, "%s,%d,%s,%s,%d,%d,%d,%d%n", f.split(), c.dialogueId(),
                        num(c.predicted()[0]), num(c.predicted()[1]), c.recorded()[0], c.recorded()[1],
                        c.satisfaction()[0], c.satisfaction()[1]));
            }
        }
        return sb.toString();
    }

    /** Every judged dialogue with the judge's raw answers, one JSON object a line (empty answers for exact). */
    static String answers(HumanRewardStudy.Report r) {
        StringBuilder sb = new StringBuilder();
        for (HumanRewardStudy.Figures f : splits(r)) {
            for (HumanRewardStudy.Case c : f.cases()) {
                ObjectNode o = Json.MAPPER.createObjectNode();
                o.put("split", f.split()).put("dialogue_id", c.dialogueId());
                o.putArray("predicted").add(c.predicted()[0]).add(c.predicted()[1]);
                o.putArray("recorded").add(c.recorded()[0]).add(c.recorded()[1]);
                o.put("judge_failures", c.judgeFailures());
                c.rawAnswers().forEach(o.putArray("raw_answers")::add);
                sb.append(o).append('\n');
            }
        }
        return sb.toString();
    }

    private static String num(double v) {
        return v == Math.rint(v) ? Long.toString((long) v) : Double.toString(v);
    }
}
