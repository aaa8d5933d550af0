package dev.parley.cli;

import dev.parley.dialogue.Domain;
import dev.parley.dialogue.MoveGenerator;
import dev.parley.dialogue.RewardModel;
import dev.parley.experiment.Judge;
import dev.parley.study.Outcome;
import dev.parley.study.RewardStudy;
import dev.parley.study.StudyJson;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** {@code parley study reward}: an LLM judge against the domain's exact scorer (paper §4, App. C.1). */
@Command(name = "reward", mixinStandardHelpOptions = true,
        footerHeading = ReportOptions.FILES,
        footer = {"  report.json: the report",
            "  cases.jsonl: every scored case"},
        description = "Reward-model fidelity: N random dialogues of each outcome (valid, rejected, incomplete), each"
                + " scored by the judge and by the exact scorer; normalised absolute error, sign mismatch, agreement"
                + " and rank correlation with 95%% intervals, per outcome and overall; the worst cases with their"
                + " transcripts.")
final class StudyRewardCommand implements Callable<Integer> {

    @Mixin
    DomainOption target = new DomainOption();

    @Option(names = "--samples", defaultValue = "20", paramLabel = "N",
            description = "Dialogues of each outcome kind (default ${DEFAULT-VALUE}; the paper used 1000).")
    int samples;

    @Mixin
    DialogueGameOptions dealt = new DialogueGameOptions(20, 4);

    @Mixin
    JudgeOptions judging = new JudgeOptions();

    @Option(names = "--generator", defaultValue = "offline", paramLabel = "offline|llm",
            description = "What writes the dialogues the judge reads: offline (the planner and realiser; default) or"
                    + " llm (the configured model).")
    String generator;

    @Option(names = "--worst", defaultValue = "5", paramLabel = "K",
            description = "Worst cases kept with their transcripts (default ${DEFAULT-VALUE}).")
    int worst;

    @Mixin
    ReportOptions output = new ReportOptions();

    @Mixin
    LlmOptions llmOptions;

    @Override
    public Integer call() {
        Domain d = target.domain;
        Bounds.atLeast(samples, 1, "--samples");
        dealt.check();
        Bounds.atLeast(worst, 0, "--worst");
        output.check();
        Judge judge = judging.judge(llmOptions);
        if (judge instanceof Judge.Joint) {
            // the study compares each player's score with the exact one, which a joint judge gives only together
            throw new UserInputException("--judge must be exact or llm here, not " + judge.label());
        }
        StudyCommand.checkGenerator(generator);
        RewardStudy.Config defaults = RewardStudy.Config.of(samples, dealt.maxReplies(), dealt.scenarios, dealt.seed());
        RewardStudy.Config config = new RewardStudy.Config(defaults.samples(), defaults.maxReplies(),
                defaults.scenarios(), defaults.seed(), worst, defaults.maxDialogues());
        RewardStudy.Report report;
        try (LlmOptions.Session session = llmOptions.open()) {
            MoveGenerator moves = StudyCommand.moves(generator, session, d);
            RewardModel j = session.reward(d, judge, dealt.seed());
            report = StudyCommand.run("judging " + d.name(), 3L * samples, d,
                    bar -> RewardStudy.run(d, moves, j, config, session.executor(), n -> bar.step()));
        }
        RewardStudy.Report done = report;
        StudyCommand.emit(output, output.on() ? StudyJson.text(StudyJson.reward(report)) + "\n" : table(report),
                dir -> StudyJson.writeReward(done, dir));
        return 0;
    }

    static String table(RewardStudy.Report r) {
        StringBuilder sb = new StringBuilder();
        sb.append("reward-model fidelity: ").append(r.domain()).append(", judge ").append(r.judge())
                .append(r.judgeIsExact() ? " (the exact scorer: every error is 0 by construction)" : "")
                .append('\n');
        sb.append(r.samplesPerOutcome()).append(" dialogues of each outcome (of ").append(r.dialoguesTried())
                .append(" random ones, at most ").append(r.maxReplies()).append(" messages); one sample per player;"
                        + " 95% intervals\n\n");
        Table t = new Table("outcome", "samples", "normalised error", "sign mismatch", "agreement",
                "rank correlation", "judge failures");
        for (Outcome o : Outcome.values()) {
            row(t, o.label(), r.byOutcome().get(o));
        }
        row(t, "all", r.overall());
        sb.append(t.render());
        if (!r.worst().isEmpty()) {
            sb.append("\nworst cases:\n");
            for (RewardStudy.Case c : r.worst()) {
                sb.append(String.format(java.util.Locale.ROOT, "  %s dialogue %d, %s: judge %.2f, exact %.2f%n",
                        c.dialogue().outcome().label(), c.dialogue().index(),
                        c.dialogue().scenario().player(c.player()).role(), c.judge(), c.exact()));
            }
        }
        return sb.toString();
    }

    private static void row(Table t, String label, RewardStudy.Figures f) {
        t.row(label, f.n(), StudyCommand.pm(f.normalisedError().mean(), f.normalisedError().low(),
                        f.normalisedError().high()),
                StudyCommand.pm(f.signMismatch().share(), f.signMismatch().low(), f.signMismatch().high()),
                StudyCommand.pm(f.agreement().share(), f.agreement().low(), f.agreement().high()),
                StudyCommand.pm(f.rankCorrelation().rho(), f.rankCorrelation().low(), f.rankCorrelation().high()),
                f.judgeFailures());
    }
}
