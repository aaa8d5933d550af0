package dev.parley.cli;

import dev.parley.dialogue.Domain;
import dev.parley.dialogue.MoveGenerator;
import dev.parley.dialogue.RewardModel;
import dev.parley.llm.LlmException;
import dev.parley.study.Outcome;
import dev.parley.study.RewardStudy;
import dev.parley.study.StudyJson;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code parley study reward}: an LLM judge against the domain's exact scorer (paper §4, App. C.1). */
@Command(name = "reward", mixinStandardHelpOptions = true,
        description = "Reward-model fidelity: N random dialogues of each outcome (valid, rejected, incomplete), each"
                + " scored by the judge and by the exact scorer; normalised absolute error, sign mismatch, agreement"
                + " and rank correlation with 95% intervals, per outcome and overall; the worst cases with their"
                + " transcripts.")
final class StudyRewardCommand implements Callable<Integer> {

    @Option(names = "--domain", required = true, paramLabel = "DOMAIN",
            description = "fruit-trading, scheduling or debate.")
    String domain;

    @Option(names = "--samples", defaultValue = "20", paramLabel = "N",
            description = "Dialogues of each outcome kind (default ${DEFAULT-VALUE}; the paper used 1000).")
    int samples;

    @Option(names = "--max-replies", defaultValue = "4", paramLabel = "R",
            description = "Longest dialogue in messages; an incomplete dialogue has this many (default"
                    + " ${DEFAULT-VALUE}).")
    int maxReplies;

    @Option(names = "--scenarios", defaultValue = "20", paramLabel = "K",
            description = "Scenarios the dialogues are dealt from (default ${DEFAULT-VALUE}).")
    int scenarios;

    @Option(names = "--seed", defaultValue = "1", paramLabel = "S", description = "Seed of scenarios and play.")
    long seed;

    @Option(names = "--judge", paramLabel = "exact|llm",
            description = "The judge under study: llm (the configured model; the default with a model) or exact (the"
                    + " domain's scorer; the default offline, where every error is 0 by construction).")
    String judge;

    @Option(names = "--judge-summary", description = "The LLM judge summarises the outcome first.")
    boolean judgeSummary;

    @Option(names = "--generator", defaultValue = "offline", paramLabel = "offline|llm",
            description = "What writes the dialogues the judge reads: offline (the planner and realiser; default) or"
                    + " llm (the configured model).")
    String generator;

    @Option(names = "--worst", defaultValue = "5", paramLabel = "K",
            description = "Worst cases kept with their transcripts (default ${DEFAULT-VALUE}).")
    int worst;

    @Option(names = "--out", paramLabel = "DIR", description = "Write report.json and cases.jsonl here.")
    Path out;

    @Option(names = "--json", description = "Print the JSON report instead of the table.")
    boolean json;

    @Mixin
    LlmOptions llmOptions;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        Domain d = StudyCommand.domain(domain);
        StudyCommand.atLeast(samples, 1, "--samples");
        StudyCommand.atLeast(maxReplies, 1, "--max-replies");
        StudyCommand.atLeast(scenarios, 1, "--scenarios");
        StudyCommand.atLeast(worst, 0, "--worst");
        StudyCommand.checkOut(out);
        if (judge != null && !judge.equals("exact") && !judge.equals("llm")) {
            throw new UserInputException("--judge must be exact or llm, not '" + judge + "'");
        }
        if (!generator.equals("offline") && !generator.equals("llm")) {
            throw new UserInputException("--generator must be offline or llm, not '" + generator + "'");
        }
        RewardStudy.Config config = RewardStudy.Config.of(samples, maxReplies, scenarios, seed);
        config = new RewardStudy.Config(config.samples(), config.maxReplies(), config.scenarios(), config.seed(),
                worst, config.maxDialogues());
        RewardStudy.Report report;
        try (LlmOptions.Session session = llmOptions.open()) {
            MoveGenerator moves = StudyCommand.moves(generator, session, d);
            RewardModel j = session.reward(d, judge, seed, judgeSummary);
            try (Progress bar = Progress.start("judging " + d.name(), 3L * samples)) {
                report = RewardStudy.run(d, moves, j, config, session.executor(), n -> bar.step());
            } catch (IllegalArgumentException e) {
                throw new UserInputException(e.getMessage());
            } catch (LlmException e) {
                throw new UserInputException(d.name() + ": language model: " + e.getMessage());
            }
        }
        RewardStudy.Report done = report;
        StudyCommand.emit(spec, json ? StudyJson.text(StudyJson.reward(report)) + "\n" : table(report), out,
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
