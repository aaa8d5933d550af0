package dev.parley.domain.file;

import dev.parley.dialogue.DialogueGame;
import dev.parley.dialogue.Domain;
import dev.parley.dialogue.Scenario;
import dev.parley.game.State;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;

/**
 * The dry run of {@code parley domain check}: seeded random dialogues of a file domain offline, with what they
 * meet. The tree's size is estimated as Knuth (1975) estimates a tree's: along a random path, the product of the
 * branching factors is an unbiased estimate of the number of leaves, and their running sum of the number of nodes.
 */
public final class FileDomainCheck {

    /**
     * What the dry run found.
     *
     * @param dialogues       the dialogues played
     * @param scenarios       the scenarios they were drawn over
     * @param maxMessages     the length limit they ran to
     * @param estimatedNodes  the estimated number of nodes of the whole offline tree
     * @param estimatedLeaves the estimated number of its terminals
     * @param minPayoff       per role, the least payoff met
     * @param maxPayoff       per role, the greatest payoff met
     * @param agreements      the dialogues that ended in an agreement
     * @param emptyMoves      the moves with no content for a player in a scenario, in words
     */
    public record Report(int dialogues, int scenarios, int maxMessages, double estimatedNodes, double estimatedLeaves,
                         double[] minPayoff, double[] maxPayoff, int agreements, List<String> emptyMoves) {
        public Report {
            minPayoff = minPayoff.clone();
            maxPayoff = maxPayoff.clone();
            emptyMoves = List.copyOf(emptyMoves);
        }
    }

    private FileDomainCheck() {
    }

    /** Plays {@code dialogues} seeded random dialogues over {@code scenarios} scenarios, offline. */
    public static Report dryRun(FileDomain file, int dialogues, int scenarios, long seed) {
        Domain domain = file.domain();
        List<Scenario> list = domain.scenarios(scenarios, seed);
        List<String> empty = emptyMoves(domain, list);
        DialogueGame g = DialogueGame.offline(domain, list, DialogueGame.Settings.of(file.maxMessages(), 1));
        int n = g.numPlayers();
        double[] lo = new double[n];
        double[] hi = new double[n];
        Arrays.fill(lo, Double.POSITIVE_INFINITY);
        Arrays.fill(hi, Double.NEGATIVE_INFINITY);
        SplittableRandom random = new SplittableRandom(seed);
        double nodes = 0;
        double leaves = 0;
        int agreements = 0;
        FileScorer scorer = (FileScorer) domain.scorer();
        for (int i = 0; i < dialogues; i++) {
            State s = g.initialState();
            double width = 1;
            double path = 1;
            while (!s.isTerminal()) {
                int[] a = s.legalActions();
                width *= a.length;
                path += width;
                s = s.child(a[random.nextInt(a.length)]);
            }
            nodes += path;
            leaves += width;
            double[] r = s.returns();
            for (int p = 0; p < n; p++) {
                lo[p] = Math.min(lo[p], r[p]);
                hi[p] = Math.max(hi[p], r[p]);
            }
            if ((Boolean) scorer.outcome(g.transcript(s)).get("agreed")) {
                agreements++;
            }
        }
        return new Report(dialogues, list.size(), file.maxMessages(), nodes / dialogues, leaves / dialogues, lo, hi,
                agreements, empty);
    }

    private static List<String> emptyMoves(Domain domain, List<Scenario> scenarios) {
        List<String> out = new ArrayList<>();
        if (!(domain.planner() instanceof FilePlanner planner)) {
            return out;
        }
        FileGame game = planner.game();
        for (Scenario s : scenarios) {
            for (int p = 0; p < s.players().size(); p++) {
                for (FileGame.MoveSpec m : game.moves().values()) {
                    boolean enumerated = m.content().values().stream().anyMatch(v -> v.quote().isEmpty());
                    if (enumerated && planner.staticContents(m.id(), s.player(p), p) == 0) {
                        out.add("the move '" + m.id() + "' has no feasible content for " + game.roles().get(p)
                                + " in scenario " + s.id());
                    }
                }
            }
        }
        return out;
    }
}
