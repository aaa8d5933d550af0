package dev.parley.cli;

import dev.parley.cli.StudyCommand.ReportFile;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.parley.agent.MiniLmWordingMatcher;
import dev.parley.study.HumanSteeringStudy;
import dev.parley.study.StudyJson;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;

/** {@code parley study human-steering}: Parley's reading of people's words against the annotators' strategies. */
@Command(name = "human-steering", mixinStandardHelpOptions = true,
        footerHeading = ReportOptions.FILES,
        footer = {"  report.json, report.csv: the report",
            "  items.csv: a row per annotated utterance"},
        description = "Steering accuracy on human words (CaSiNo): which strategy group Parley's tracker reads in each"
                + " annotated utterance of valid and of the held-out test split, against the annotators' labels;"
                + " accuracy, macro-F1, the majority class and the confusion matrix, beside a majority baseline and a"
                + " MiniLM nearest-neighbour over the train annotations.")
final class StudyHumanSteeringCommand implements Callable<Integer> {

    @Mixin
    HumanCorpusOptions people = new HumanCorpusOptions();

    @Mixin
    ReportOptions output = new ReportOptions();

    @Override
    public Integer call() {
        output.check();
        HumanCorpus corpus = people.load(false);
        MiniLmWordingMatcher minilm = new MiniLmWordingMatcher();
        HumanSteeringStudy.Report r = HumanSteeringStudy.run(corpus.train(), corpus.valid(), corpus.test(),
                minilm::embed);
        ObjectNode o = json(r);
        StudyCommand.emit(output, o, () -> table(r),
                new ReportFile("report.csv", () -> csv(r)),
                new ReportFile("items.csv", () -> items(r)));
        return 0;
    }

    static ObjectNode json(HumanSteeringStudy.Report r) {
        ObjectNode o = Json.MAPPER.createObjectNode();
        o.put("study", "human-steering").put("domain", "campsite").put("corpus", "CaSiNo (Chawla et al. 2021)")
                .put("embedding", "all-minilm-l6-v2").put("majority_class", r.majorityClass())
                .put("train_utterances", r.trainUtterances());
        r.classes().forEach(o.putArray("classes")::add);
        o.put("moves", "read exactly from the corpus: deal actions from task_data, every other utterance is say");
        for (HumanSteeringStudy.SplitReport s : List.of(r.valid(), r.test())) {
            ObjectNode x = o.putObject(s.split());
            x.put("dialogues", s.dialogues()).put("utterances", s.items().size());
            fill(x, s.tracker());
            x.put("majority", s.majority().accuracy() == null ? Double.NaN : s.majority().accuracy().share());
            ObjectNode b = x.putObject("baselines");
            fill(b.putObject("majority"), s.majority());
            fill(b.putObject("minilm_nearest_neighbour"), s.neighbour());
        }
        return o;
    }

    private static void fill(ObjectNode x, HumanSteeringStudy.Scores s) {
        if (s.accuracy() != null) {
            StudyJson.proportion(x, "accuracy", s.accuracy());
        }
        x.put("macro_f1", s.macroF1());
        x.set("confusion", Json.tree(s.confusion()));
    }

    static String table(HumanSteeringStudy.Report r) {
        StringBuilder sb = new StringBuilder("steering accuracy on human words: campsite (CaSiNo), strategy groups, "
                + "embedding all-minilm-l6-v2\n");
        Table t = new Table("split", "utterances", "reader", "accuracy (95% Wilson)", "macro-F1");
        for (HumanSteeringStudy.SplitReport s : List.of(r.valid(), r.test())) {
            row(t, s, "tracker", s.tracker());
            row(t, s, "minilm nearest neighbour", s.neighbour());
            row(t, s, "majority (" + r.majorityClass() + ")", s.majority());
        }
        sb.append(t.render());
        sb.append("\nconfusion of the tracker on test (rows annotated, columns read): ").append(r.classes())
                .append('\n');
        for (int i = 0; i < r.classes().size(); i++) {
            sb.append(String.format(Locale.ROOT, "  %-22s %s%n", r.classes().get(i),
                    java.util.Arrays.toString(r.test().tracker().confusion()[i])));
        }
        return sb.toString();
    }

    private static void row(Table t, HumanSteeringStudy.SplitReport s, String reader, HumanSteeringStudy.Scores x) {
        t.row(s.split(), s.items().size(), reader, x.accuracy() == null ? "n/a"
                : StudyCommand.pm(x.accuracy().share(), x.accuracy().low(), x.accuracy().high()),
                String.format(Locale.ROOT, "%.3f", x.macroF1()));
    }

    static String csv(HumanSteeringStudy.Report r) {
        StringBuilder sb = new StringBuilder("split,reader,utterances,accuracy,accuracy_low,accuracy_high,macro_f1\n");
        for (HumanSteeringStudy.SplitReport s : List.of(r.valid(), r.test())) {
            for (var e : List.of(java.util.Map.entry("tracker", s.tracker()),
                    java.util.Map.entry("minilm_nearest_neighbour", s.neighbour()),
                    java.util.Map.entry("majority", s.majority()))) {
                var a = e.getValue().accuracy();
                sb.append(String.format(Locale.ROOT, "%s,%s,%d,%.6f,%.6f,%.6f,%.6f%n", s.split(), e.getKey(),
                        s.items().size(), a.share(), a.low(), a.high(), e.getValue().macroF1()));
            }
        }
        return sb.toString();
    }

    static String items(HumanSteeringStudy.Report r) {
        StringBuilder sb = new StringBuilder("split,dialogue_id,turn,gold,tracker,distance,neighbour\n");
        for (HumanSteeringStudy.SplitReport s : List.of(r.valid(), r.test())) {
            for (HumanSteeringStudy.Item it : s.items()) {
                sb.append(String.format(Locale.ROOT, "%s,%d,%d,%s,%s,%.4f,%s%n", s.split(), it.dialogueId(),
                        it.turn(), String.join("|", it.gold()), it.tracker(), it.distance(), it.neighbour()));
            }
        }
        return sb.toString();
    }
}
