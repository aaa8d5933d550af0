package dev.parley.study;

import dev.parley.error.Setting;
import dev.parley.error.InvalidSettingException;
import dev.parley.dialogue.DialogueGame;
import dev.parley.dialogue.Domain;
import dev.parley.dialogue.MoveGenerator;
import dev.parley.dialogue.RewardModel;
import dev.parley.llm.BoundedExecutor;
import dev.parley.llm.Payoffs;
import dev.parley.experiment.Estimate;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.IntConsumer;

/**
 * Reward-model fidelity (Gemp et al. 2024, §4 and App. C.1): random dialogues of each outcome kind (valid, rejected,
 * incomplete), each scored by the judge under study and by the domain's exact scorer; per kind and overall the
 * normalised absolute error |judge − exact| / range, the sign-mismatch rate, the agreement rate and the rank
 * correlation, with intervals. One sample is one player of one dialogue, as in the paper (two players, two samples).
 */
public final class RewardStudy {

    /** A judge within this share of the payoff range of the exact value agrees with it. */
    public static final double AGREEMENT_TOLERANCE = 0.01;

    /**
     * @param samples     dialogues of each outcome kind
     * @param maxReplies  the dialogues' length limit (an incomplete dialogue has this many messages)
     * @param scenarios   scenarios chance deals among (the domain's default and seeded draws)
     * @param seed        seed of the scenario draws and of the random play
     * @param worst       how many of the worst cases to keep with their transcripts
     * @param maxDialogues random dialogues to try before giving up on filling every kind
     */
    public record Config(int samples, int maxReplies, int scenarios, long seed, int worst, int maxDialogues) {
        public Config {
            InvalidSettingException.atLeast("samples", samples, 1);
            InvalidSettingException.atLeast("maxReplies", maxReplies, 1);
            InvalidSettingException.atLeast("scenarios", scenarios, 1);
            InvalidSettingException.atLeast("worst", worst, 0);
        }

        public static Config of(int samples, int maxReplies, int scenarios, long seed) {
            return new Config(samples, maxReplies, scenarios, seed, 5, Math.max(1000, samples * 3 * 200));
        }
    }

    /** One sample: one player of one dialogue, with both scores. */
    public record Case(DialogueSampler.Sampled dialogue, int player, double judge, double exact, double range,
                       List<String> rawAnswers, int dialogueFailures) {
        public double normalisedError() {
            return Math.abs(judge - exact) / range;
        }

        public boolean signMismatch() {
            return Math.signum(judge) != Math.signum(exact);
        }

        public boolean agrees() {
            return normalisedError() <= AGREEMENT_TOLERANCE;
        }
    }

    /** The figures of a set of cases; judge failures are players whose number the judge's answer did not give. */
    public record Figures(int n, Estimate normalisedError, Proportion signMismatch, Proportion agreement,
                          RankCorrelation rankCorrelation, int judgeFailures) { }

    /** What the study found. */
    public record Report(String domain, String judge, boolean judgeIsExact, int samplesPerOutcome, int maxReplies,
                         int dialoguesTried, Figures overall, Map<Outcome, Figures> byOutcome, List<Case> worst,
                         List<Case> cases) { }

    private RewardStudy() {
    }

    /**
     * {@code config.samples()} dialogues of each outcome kind, valid first, then rejected, then incomplete, each in
     * the order drawn.
     *
     * @throws IllegalArgumentException naming the kinds it could not fill within {@code config.maxDialogues()}
     */
    public static List<DialogueSampler.Sampled> dialogues(Domain domain, MoveGenerator generator, Config config) {
        DialogueGame game = new DialogueGame(domain, domain.scenarios(config.scenarios(), config.seed()), generator,
                RewardModel.exact(domain), DialogueGame.Settings.of(config.maxReplies(), 1));
        DialogueSampler sampler = new DialogueSampler(game, config.seed());
        Map<Outcome, List<DialogueSampler.Sampled>> by = new EnumMap<>(Outcome.class);
        for (Outcome o : Outcome.values()) {
            by.put(o, new ArrayList<>());
        }
        int tried = 0;
        while (by.values().stream().anyMatch(l -> l.size() < config.samples())) {
            if (tried >= config.maxDialogues()) {
                Map<String, Integer> found = new LinkedHashMap<>();
                by.forEach((o, l) -> found.put(o.label(), l.size()));
                throw new IllegalArgumentException(domain.name() + ": after " + tried + " random dialogues of at"
                        + " most " + config.maxReplies() + " messages the outcome kinds hold " + found + ", short of "
                        + config.samples() + " each; try another " + Setting.named("maxReplies"));
            }
            DialogueSampler.Sampled d = sampler.next(tried++);
            List<DialogueSampler.Sampled> bucket = by.get(d.outcome());
            if (bucket.size() < config.samples()) {
                bucket.add(d);
            }
        }
        List<DialogueSampler.Sampled> out = new ArrayList<>();
        by.values().forEach(out::addAll);
        return out;
    }

    /**
     * Scores every dialogue with both models and measures the judge.
     *
     * @param scored told each dialogue scored
     */
    public static Report run(Domain domain, MoveGenerator generator, RewardModel judge, Config config,
                             BoundedExecutor executor, IntConsumer scored) {
        List<DialogueSampler.Sampled> dialogues = dialogues(domain, generator, config);
        RewardModel exact = RewardModel.exact(domain);
        double range = domain.payoffRange().width();
        List<List<Case>> perDialogue = executor.map(dialogues, d -> {
            Payoffs j = judge.score(d.scenario(), d.transcript());
            Payoffs e = exact.score(d.scenario(), d.transcript());
            List<Case> cases = new ArrayList<>();
            for (int p = 0; p < d.scenario().players().size(); p++) {
                cases.add(new Case(d, p, domain.payoffRange().clip(j.of(p)), e.of(p), range,
                        rawFor(j.rawAnswers(), p, d.scenario().players().size()), p == 0 ? j.failures() : 0));
            }
            scored.accept(1);
            return cases;
        });
        List<Case> cases = new ArrayList<>();
        perDialogue.forEach(cases::addAll);
        Map<Outcome, Figures> byOutcome = new EnumMap<>(Outcome.class);
        for (Outcome o : Outcome.values()) {
            byOutcome.put(o, figures(cases.stream().filter(c -> c.dialogue().outcome() == o).toList()));
        }
        List<Case> worst = cases.stream().filter(c -> c.normalisedError() > 0)
                .sorted(Comparator.comparingDouble(Case::normalisedError).reversed()).limit(config.worst()).toList();
        boolean isExact = judge.backend().startsWith("exact:");
        int tried = dialogues.stream().mapToInt(DialogueSampler.Sampled::index).max().orElse(-1) + 1;
        return new Report(domain.name(), judge.backend(), isExact, config.samples(), config.maxReplies(), tried,
                figures(cases), byOutcome, worst, cases);
    }

    /** The raw answers of one player's judging: [scoring, extraction] after an optional summary. */
    private static List<String> rawFor(List<String> raw, int player, int players) {
        if (raw.isEmpty()) {
            return List.of();
        }
        int offset = raw.size() - 2 * players; // 1 when the judge summarised first
        int from = offset + 2 * player;
        if (from < 0 || from + 2 > raw.size()) {
            return raw;
        }
        List<String> out = new ArrayList<>();
        if (offset > 0) {
            out.add(raw.get(0));
        }
        out.addAll(raw.subList(from, from + 2));
        return out;
    }

    /** The figures of a set of cases (at least one). */
    public static Figures figures(List<Case> cases) {
        if (cases.isEmpty()) {
            throw new IllegalArgumentException("no cases to measure");
        }
        double[] errors = new double[cases.size()];
        double[] judge = new double[cases.size()];
        double[] exact = new double[cases.size()];
        long mismatches = 0;
        long agreements = 0;
        int judgeFailures = 0;
        for (int i = 0; i < cases.size(); i++) {
            Case c = cases.get(i);
            errors[i] = c.normalisedError();
            judge[i] = c.judge();
            exact[i] = c.exact();
            mismatches += c.signMismatch() ? 1 : 0;
            agreements += c.agrees() ? 1 : 0;
            judgeFailures += c.dialogueFailures();
        }
        return new Figures(cases.size(), Estimate.of(errors), Proportion.of(mismatches, cases.size()),
                Proportion.of(agreements, cases.size()), RankCorrelation.spearman(judge, exact), judgeFailures);
    }
}
