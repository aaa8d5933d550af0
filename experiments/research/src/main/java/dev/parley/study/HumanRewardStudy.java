package dev.parley.study;

import dev.parley.dialogue.Message;
import dev.parley.dialogue.RewardModel;
import dev.parley.dialogue.Scenario;
import dev.parley.domain.campsite.Campsite;
import dev.parley.domain.campsite.CasinoDialogue;
import dev.parley.domain.campsite.CasinoReplay;
import dev.parley.domain.campsite.Items;
import dev.parley.llm.Payoffs;
import java.util.ArrayList;
import java.util.List;
import org.apache.commons.math3.stat.correlation.PearsonsCorrelation;

/**
 * Reward-model fidelity on real outcomes: a reward model reads each recorded campsite negotiation (the people's
 * own words, the deal actions with their {@code task_data}) with both campers' priorities and predicts each
 * camper's points; the predictions are compared with the recorded {@code points_scored}: Pearson correlation, mean
 * absolute error, and agreement on who did better (first camper ahead, second ahead, or level). Beside it, a fact of
 * the data: the correlation of the recorded points with the recorded satisfaction (1-5) over all participants.
 */
public final class HumanRewardStudy {

    /**
     * One dialogue: the model's points and the recorded ones, first speaker first; the campers whose points the
     * judge gave no number for (scored as the clipped 0), and the judge's raw answers (empty for the exact scorer).
     */
    public record Case(int dialogueId, double[] predicted, int[] recorded, int[] satisfaction, int judgeFailures,
                       List<String> rawAnswers) { }

    /** @param judgeFailures campers of the split whose points the judge gave no number for */
    public record Figures(String split, int dialogues, double correlation, double meanAbsoluteError,
                          Proportion whoDidBetter, double pointsSatisfactionCorrelation, int judgeFailures,
                          List<Case> cases) { }

    /** A judge: a scenario and its transcript to each camper's points, first speaker first. */
    @FunctionalInterface
    public interface Judge {
        Payoffs score(Scenario scenario, List<Message> transcript);
    }

    public record Report(String judge, Figures valid, Figures test) { }

    private HumanRewardStudy() {
    }

    /**
     * @param judge the reward model: a scenario and its transcript to one payoff per camper
     */
    public static Report run(String judgeName, Judge judge, List<CasinoDialogue> valid, List<CasinoDialogue> test) {
        return run(judgeName, judge, valid, test, () -> { });
    }

    /**
     * @param test  the held-out split, or null when the run reports valid only (settings are fixed on valid)
     * @param step  called after each judged dialogue (a progress bar)
     */
    public static Report run(String judgeName, Judge judge, List<CasinoDialogue> valid, List<CasinoDialogue> test,
                             Runnable step) {
        return new Report(judgeName, figures("valid", valid, judge, step),
                test == null ? null : figures("test", test, judge, step));
    }

    /** The exact scorer as a judge. */
    public static Judge exact() {
        return of(RewardModel.exact(Campsite.domain()));
    }

    /**
     * A reward model as a judge of the people's transcripts. The corpus records a deal action only as its name
     * ({@code Submit-Deal}); the people saw the deal on their screens, so the judge reads it too: each submit is
     * worded with the packages each camper gets, read from its {@code task_data}.
     */
    public static Judge of(RewardModel model) {
        return (s, t) -> model.score(s, readable(s, t));
    }

    /** The transcript with every submitted deal written out, camper by camper; other turns as recorded. */
    public static List<Message> readable(Scenario scenario, List<Message> transcript) {
        List<Message> out = new ArrayList<>(transcript.size());
        for (Message m : transcript) {
            Object deal = m.content().get(Campsite.DEAL);
            if (!Campsite.SUBMIT.equals(m.moveId()) || deal == null) {
                out.add(m);
                continue;
            }
            String submitter = scenario.player(m.speaker()).role();
            String other = scenario.player(1 - m.speaker()).role();
            out.add(new Message(m.speaker(), m.moveId(), m.content(), m.text() + " (" + submitter + " gets "
                    + packages(Items.mine(deal)) + "; " + other + " gets " + packages(Items.yours(deal)) + ")"));
        }
        return out;
    }

    private static String packages(int[] share) {
        List<String> parts = new ArrayList<>();
        for (int i = 0; i < Items.COUNT; i++) {
            parts.add(share[i] + " " + Items.NAMES.get(i));
        }
        return String.join(", ", parts);
    }

    /**
     * The dialogues a run judges: all of them, or {@code sample} of them drawn without replacement by {@code seed}
     * (in corpus order), so that a slow judge can be measured on part of a split and the draw repeated.
     */
    public static List<CasinoDialogue> sample(List<CasinoDialogue> dialogues, int sample, long seed) {
        if (sample <= 0 || sample >= dialogues.size()) {
            return dialogues;
        }
        List<Integer> order = new ArrayList<>();
        for (int i = 0; i < dialogues.size(); i++) {
            order.add(i);
        }
        java.util.Collections.shuffle(order, new java.util.Random(seed));
        List<Integer> chosen = new ArrayList<>(order.subList(0, sample));
        java.util.Collections.sort(chosen);
        List<CasinoDialogue> out = new ArrayList<>();
        for (int i : chosen) {
            out.add(dialogues.get(i));
        }
        return out;
    }

    private static Figures figures(String split, List<CasinoDialogue> dialogues, Judge judge, Runnable step) {
        List<Case> cases = new ArrayList<>();
        for (CasinoDialogue d : dialogues) {
            CasinoReplay.Result r = CasinoReplay.replay(d);
            if (r.problem().isPresent()) {
                throw new IllegalArgumentException("dialogue " + d.id() + " cannot be replayed: " + r.problem().get());
            }
            String first = d.firstSpeaker();
            int[] sat = {d.campers().get(first).satisfaction(), d.campers().get(d.other(first)).satisfaction()};
            Payoffs p = judge.score(r.scenario(), r.transcript());
            cases.add(new Case(d.id(), new double[] {p.of(0), p.of(1)}, r.recorded(), sat, p.failures(),
                    p.rawAnswers()));
            step.run();
        }
        int n = cases.size();
        double[] predicted = new double[2 * n];
        double[] recorded = new double[2 * n];
        double[] satisfaction = new double[2 * n];
        double abs = 0;
        long agree = 0;
        int failures = 0;
        for (int i = 0; i < n; i++) {
            Case c = cases.get(i);
            failures += c.judgeFailures();
            for (int p = 0; p < 2; p++) {
                predicted[2 * i + p] = c.predicted()[p];
                recorded[2 * i + p] = c.recorded()[p];
                satisfaction[2 * i + p] = c.satisfaction()[p];
                abs += Math.abs(c.predicted()[p] - c.recorded()[p]);
            }
            if (Math.signum(c.predicted()[0] - c.predicted()[1]) == Math.signum(c.recorded()[0] - c.recorded()[1])) {
                agree++;
            }
        }
        return new Figures(split, n, pearson(predicted, recorded), abs / (2.0 * n), Proportion.of(agree, n),
                pearson(recorded, satisfaction), failures, cases);
    }

    static double pearson(double[] a, double[] b) {
        if (a.length < 2) {
            return Double.NaN;
        }
        return new PearsonsCorrelation().correlation(a, b);
    }
}
