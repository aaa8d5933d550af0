package dev.parley.mccfr;

import dev.parley.game.Game;
import dev.parley.game.GameRequirements;
import dev.parley.game.GameTree;
import dev.parley.game.IterativeSolver;
import dev.parley.game.State;
import dev.parley.game.TabularPolicy;
import java.util.Arrays;
import java.util.Objects;
import java.util.SplittableRandom;

/**
 * Monte-Carlo CFR (Lanctot et al. 2009) with OpenSpiel's conventions, seeded and reproducible:
 * <ul>
 *   <li>{@link Sampling#EXTERNAL}: for each player in turn, walk all of its actions, sample chance and the others
 *       from the current policy; the average policy is accumulated at the next player's nodes ("simple"
 *       averaging).</li>
 *   <li>{@link Sampling#OUTCOME}: for each player in turn, sample one terminal history, exploring the updating
 *       player's actions with probability {@code epsilon} (0.6 by default); importance-weighted regrets with a zero
 *       baseline, average accumulated at the updating player's nodes.</li>
 * </ul>
 * Runs on a compiled {@link GameTree} or directly on a {@link Game}. Not thread-safe.
 */
public final class MccfrSolver implements IterativeSolver {

    /** Which histories an iteration walks. Command-line names are in {@code dev.parley.solver.Solvers}. */
    public enum Sampling {
        EXTERNAL("external-sampling MCCFR", "mccfr-es"), OUTCOME("outcome-sampling MCCFR", "mccfr-os");

        private final String title;
        private final String cliName;

        Sampling(String title, String cliName) {
            this.title = title;
            this.cliName = cliName;
        }

        /** The sampling's name in the literature, for messages. */
        public String title() {
            return title;
        }

        /**
         * The command-line name.
         *
         * @deprecated the names are {@code dev.parley.solver.Solvers}'; kept for callers written before it
         */
        @Deprecated
        public String cliName() {
            return cliName;
        }
    }

    /** OpenSpiel's default exploration for outcome sampling. */
    public static final double DEFAULT_EPSILON = 0.6;

    private final Engine<?> engine;

    private MccfrSolver(Engine<?> engine) {
        this.engine = engine;
    }

    public static MccfrSolver onTree(GameTree tree, Sampling sampling, long seed) {
        GameRequirements.requireSequentialPerfectRecall(sampling.title(), tree);
        return new MccfrSolver(new Engine<>(new Access.Tree(tree), tree.numPlayers(), sampling, seed, DEFAULT_EPSILON));
    }

    /** On a game too large to compile; recall cannot be checked without the tree, only the move order. */
    public static MccfrSolver onGame(Game game, Sampling sampling, long seed) {
        GameRequirements.requireSequential(sampling.title(), game.name(), game.type());
        return new MccfrSolver(new Engine<>(new Access.Direct(game), game.numPlayers(), sampling, seed,
                DEFAULT_EPSILON));
    }

    /** Outcome sampling with a chosen exploration in (0, 1]. */
    public static MccfrSolver outcomeSampling(GameTree tree, long seed, double epsilon) {
        if (!(epsilon > 0 && epsilon <= 1)) {
            throw new IllegalArgumentException("epsilon must lie in (0, 1], got " + epsilon);
        }
        GameRequirements.requireSequentialPerfectRecall(Sampling.OUTCOME.title(), tree);
        return new MccfrSolver(new Engine<>(new Access.Tree(tree), tree.numPlayers(), Sampling.OUTCOME, seed,
                epsilon));
    }

    public void iterate() {
        engine.iterate();
    }

    public void run(int iterations) {
        for (int i = 0; i < iterations; i++) {
            engine.iterate();
        }
    }

    public int iterations() {
        return engine.iteration;
    }

    public Sampling sampling() {
        return engine.sampling;
    }

    /** The average policy over every infoset met so far (uniform where nothing was accumulated). */
    public TabularPolicy averagePolicy() {
        return engine.access.policy(engine.cumulative);
    }

    private static final class Engine<S> {
        final Access<S> access;
        final int numPlayers;
        final Sampling sampling;
        final SplittableRandom random;
        final double epsilon;
        double[] regret;
        double[] cumulative;
        /** Scratch for policies and child values, a stack along the sampled path. */
        double[] scratch = new double[256];
        int top;
        int iteration;

        Engine(Access<S> access, int numPlayers, Sampling sampling, long seed, double epsilon) {
            this.access = Objects.requireNonNull(access);
            this.numPlayers = numPlayers;
            this.sampling = sampling;
            this.random = new SplittableRandom(seed);
            this.epsilon = epsilon;
            int slots = Math.max(16, access.numSlots());
            this.regret = new double[slots];
            this.cumulative = new double[slots];
        }

        void iterate() {
            iteration++;
            for (int p = 0; p < numPlayers; p++) {
                top = 0;
                if (sampling == Sampling.EXTERNAL) {
                    external(access.root(), p);
                } else {
                    outcome(access.root(), p, 1.0, 1.0, 1.0);
                }
            }
        }

        private int slotOf(S s, int k) {
            int slot = access.slot(s);
            if (slot + k > regret.length) {
                int size = Math.max(slot + k, regret.length * 2);
                regret = Arrays.copyOf(regret, size);
                cumulative = Arrays.copyOf(cumulative, size);
            }
            return slot;
        }

        /** Reserves {@code k} doubles of scratch; returns their offset. */
        private int push(int k) {
            if (top + k > scratch.length) {
                scratch = Arrays.copyOf(scratch, Math.max(top + k, scratch.length * 2));
            }
            int base = top;
            top += k;
            return base;
        }

        /** Regret matching into scratch[base..base+k). */
        private void regretMatching(int slot, int k, int base) {
            double positive = 0;
            for (int a = 0; a < k; a++) {
                double r = regret[slot + a];
                if (r > 0) {
                    positive += r;
                }
            }
            for (int a = 0; a < k; a++) {
                double r = regret[slot + a];
                scratch[base + a] = positive > 0 ? (r > 0 ? r / positive : 0.0) : 1.0 / k;
            }
        }

        private int sampleChance(S s) {
            int k = access.numActions(s);
            double u = random.nextDouble();
            double c = 0;
            for (int a = 0; a < k - 1; a++) {
                c += access.chanceProbability(s, a);
                if (u < c) {
                    return a;
                }
            }
            return k - 1;
        }

        private int sample(int base, int k) {
            double u = random.nextDouble();
            double c = 0;
            for (int a = 0; a < k - 1; a++) {
                c += scratch[base + a];
                if (u < c) {
                    return a;
                }
            }
            return k - 1;
        }

        private double external(S s, int p) {
            int pl = access.player(s);
            if (pl == State.TERMINAL) {
                return access.utility(s, p);
            }
            if (pl == State.CHANCE) {
                return external(access.child(s, sampleChance(s)), p);
            }
            int k = access.numActions(s);
            int slot = slotOf(s, k);
            int policy = push(k);
            regretMatching(slot, k, policy);
            double value;
            if (pl != p) {
                int a = sample(policy, k);
                value = external(access.child(s, a), p);
            } else {
                int childValues = push(k);
                value = 0;
                for (int a = 0; a < k; a++) {
                    double v = external(access.child(s, a), p);
                    scratch[childValues + a] = v;
                    value += scratch[policy + a] * v;
                }
                for (int a = 0; a < k; a++) {
                    regret[slot + a] += scratch[childValues + a] - value;
                }
            }
            if (pl == (p + 1) % numPlayers) {
                for (int a = 0; a < k; a++) {
                    cumulative[slot + a] += scratch[policy + a];
                }
            }
            top = policy;
            return value;
        }

        private double outcome(S s, int p, double myReach, double oppReach, double sampleReach) {
            int pl = access.player(s);
            if (pl == State.TERMINAL) {
                return access.utility(s, p);
            }
            if (pl == State.CHANCE) {
                // Chance multiplies the opponents' reach and the sampling reach alike: it cancels.
                return outcome(access.child(s, sampleChance(s)), p, myReach, oppReach, sampleReach);
            }
            int k = access.numActions(s);
            int slot = slotOf(s, k);
            int policy = push(k);
            regretMatching(slot, k, policy);
            int samplePolicy = push(k);
            for (int a = 0; a < k; a++) {
                scratch[samplePolicy + a] = pl == p
                        ? epsilon / k + (1.0 - epsilon) * scratch[policy + a]
                        : scratch[policy + a];
            }
            int a = sample(samplePolicy, k);
            double pa = scratch[policy + a];
            double qa = scratch[samplePolicy + a];
            double childValue = pl == p
                    ? outcome(access.child(s, a), p, myReach * pa, oppReach, sampleReach * qa)
                    : outcome(access.child(s, a), p, myReach, oppReach * pa, sampleReach * qa);
            // Zero-baseline estimates: the sampled action's value importance-weighted, the others zero.
            double sampledValue = childValue / qa;
            double valueEstimate = pa * sampledValue;
            if (pl == p) {
                double w = oppReach / sampleReach;
                for (int b = 0; b < k; b++) {
                    double actionValue = b == a ? sampledValue : 0.0;
                    regret[slot + b] += (actionValue - valueEstimate) * w;
                }
                double avg = myReach / sampleReach;
                for (int b = 0; b < k; b++) {
                    cumulative[slot + b] += avg * scratch[policy + b];
                }
            }
            top = policy;
            return valueEstimate;
        }
    }
}
