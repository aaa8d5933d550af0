package dev.parley.mccfr;

import dev.parley.game.Game;
import dev.parley.game.GameRequirements;
import dev.parley.game.GameTree;
import dev.parley.game.IterativeSolver;
import dev.parley.game.State;
import dev.parley.game.TabularPolicy;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
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

    /**
     * On a game too large to compile, resumable: every iteration draws from its own stream, derived from
     * {@code seed} and the iteration's number, so a run {@linkplain #save saved} and {@linkplain #resume resumed}
     * continues exactly as the uninterrupted run would (the default solvers keep one stream for the whole run).
     */
    public static MccfrSolver resumableOnGame(Game game, Sampling sampling, long seed) {
        GameRequirements.requireSequential(sampling.title(), game.name(), game.type());
        Engine<State> e = new Engine<>(new Access.Direct(game), game.numPlayers(), sampling, seed, DEFAULT_EPSILON);
        e.perIterationStreams = true;
        return new MccfrSolver(e);
    }

    /**
     * A sampled best response of {@code responder} against {@code fixed}: outcome sampling in which only the
     * responder's regrets are updated and every other player plays {@code fixed} (uniform where it has no row).
     * The responder's {@link #currentPolicy} approaches a best response; its value against {@code fixed} is a lower
     * bound on the best response's.
     */
    public static MccfrSolver bestResponse(Game game, int responder, dev.parley.game.Policy fixed, long seed) {
        GameRequirements.requireSequential(Sampling.OUTCOME.title(), game.name(), game.type());
        if (responder < 0 || responder >= game.numPlayers()) {
            throw new IllegalArgumentException("no player " + responder);
        }
        Engine<State> e = new Engine<>(new Access.Direct(game), game.numPlayers(), Sampling.OUTCOME, seed,
                DEFAULT_EPSILON);
        e.responder = responder;
        e.fixed = Objects.requireNonNull(fixed, "fixed");
        e.perIterationStreams = true;
        return new MccfrSolver(e);
    }

    /** The same, on a compiled tree. */
    public static MccfrSolver bestResponse(GameTree tree, int responder, dev.parley.game.Policy fixed, long seed) {
        GameRequirements.requireSequentialPerfectRecall(Sampling.OUTCOME.title(), tree);
        if (responder < 0 || responder >= tree.numPlayers()) {
            throw new IllegalArgumentException("no player " + responder);
        }
        Engine<Access.Tree.Node> e = new Engine<>(new Access.Tree(tree), tree.numPlayers(), Sampling.OUTCOME, seed,
                DEFAULT_EPSILON);
        e.responder = responder;
        e.fixed = Objects.requireNonNull(fixed, "fixed");
        e.perIterationStreams = true;
        return new MccfrSolver(e);
    }

    /** Infosets met so far on a game (-1 on a compiled tree, where they are all known). */
    public int infosetsSeen() {
        return engine.access instanceof Access.Direct d ? d.infosets().size() : -1;
    }

    /**
     * Writes the solver's state (sampling, seed, iterations, every infoset met with its regrets and average
     * weights) to {@code out}: enough for {@link #resume} to continue the run. Only for resumable solvers on a game.
     */
    public void save(java.io.OutputStream out) throws java.io.IOException {
        if (!(engine.access instanceof Access.Direct d) || !engine.perIterationStreams || engine.responder >= 0) {
            throw new IllegalStateException("only a resumable solver on a game can be saved");
        }
        java.io.DataOutputStream o = new java.io.DataOutputStream(new java.io.BufferedOutputStream(
                new java.util.zip.GZIPOutputStream(out)));
        o.writeUTF(SNAPSHOT_MAGIC);
        o.writeUTF(d.game().name());
        o.writeUTF(engine.sampling.name());
        o.writeLong(engine.seed);
        o.writeInt(engine.iteration);
        List<Map.Entry<String, Access.Direct.Infoset>> sets = d.infosets();
        o.writeInt(sets.size());
        for (Map.Entry<String, Access.Direct.Infoset> e : sets) {
            Access.Direct.Infoset is = e.getValue();
            byte[] key = e.getKey().getBytes(java.nio.charset.StandardCharsets.UTF_8);
            o.writeInt(key.length);
            o.write(key);
            o.writeInt(is.player());
            o.writeInt(is.actions().length);
            for (int a = 0; a < is.actions().length; a++) {
                o.writeInt(is.actions()[a]);
                byte[] label = is.labels()[a].getBytes(java.nio.charset.StandardCharsets.UTF_8);
                o.writeInt(label.length);
                o.write(label);
                o.writeDouble(engine.regret[is.slot() + a]);
                o.writeDouble(engine.cumulative[is.slot() + a]);
            }
        }
        o.close();
    }

    /**
     * A resumable solver on {@code game} restored from what {@link #save} wrote.
     *
     * @throws java.io.IOException on a stream that is not a saved solver, or one saved for another game
     */
    public static MccfrSolver resume(Game game, java.io.InputStream in) throws java.io.IOException {
        java.io.DataInputStream i;
        try {
            i = new java.io.DataInputStream(new java.io.BufferedInputStream(new java.util.zip.GZIPInputStream(in)));
            if (!SNAPSHOT_MAGIC.equals(i.readUTF())) {
                throw new java.io.IOException("not a saved Parley MCCFR solver");
            }
        } catch (java.util.zip.ZipException | java.io.EOFException | java.io.UTFDataFormatException e) {
            throw new java.io.IOException("not a saved Parley MCCFR solver");
        }
        String name = i.readUTF();
        if (!name.equals(game.name())) {
            throw new java.io.IOException("the saved solver is for game " + name + ", not " + game.name());
        }
        Sampling sampling;
        try {
            sampling = Sampling.valueOf(i.readUTF());
        } catch (IllegalArgumentException e) {
            throw new java.io.IOException("unknown sampling in the saved solver");
        }
        long seed = i.readLong();
        MccfrSolver solver = resumableOnGame(game, sampling, seed);
        Engine<?> e = solver.engine;
        Access.Direct d = (Access.Direct) e.access;
        e.iteration = i.readInt();
        int n = i.readInt();
        for (int k = 0; k < n; k++) {
            String key = new String(i.readNBytes(i.readInt()), java.nio.charset.StandardCharsets.UTF_8);
            int player = i.readInt();
            int m = i.readInt();
            int[] actions = new int[m];
            String[] labels = new String[m];
            double[] regrets = new double[m];
            double[] weights = new double[m];
            for (int a = 0; a < m; a++) {
                actions[a] = i.readInt();
                labels[a] = new String(i.readNBytes(i.readInt()), java.nio.charset.StandardCharsets.UTF_8);
                regrets[a] = i.readDouble();
                weights[a] = i.readDouble();
            }
            int slot = d.numSlots();
            d.restore(key, player, actions, labels);
            e.ensure(slot + m);
            System.arraycopy(regrets, 0, e.regret, slot, m);
            System.arraycopy(weights, 0, e.cumulative, slot, m);
        }
        return solver;
    }

    private static final String SNAPSHOT_MAGIC = "parley-mccfr-1";

    /** The seed the solver was made with. */
    public long seed() {
        return engine.seed;
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

    /**
     * The current policy (regret matching on the accumulated regrets) over every infoset met so far. For a sampled
     * best response it is the sharper candidate: the average still carries the early, exploring iterations.
     */
    public TabularPolicy currentPolicy() {
        double[] current = new double[engine.regret.length];
        engine.currentInto(current);
        return engine.access.policy(current);
    }

    /** The average policy over every infoset met so far (uniform where nothing was accumulated). */
    public TabularPolicy averagePolicy() {
        return engine.access.policy(engine.cumulative);
    }

    private static final class Engine<S> {
        final Access<S> access;
        final int numPlayers;
        final Sampling sampling;
        SplittableRandom random;
        final long seed;
        final double epsilon;
        /** Reseed per iteration from (seed, iteration): resumable runs. */
        boolean perIterationStreams;
        /** With a responder, only its regrets are updated; the others play {@code fixed}. */
        int responder = -1;
        dev.parley.game.Policy fixed;
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
            this.seed = seed;
            this.epsilon = epsilon;
            int slots = Math.max(16, access.numSlots());
            this.regret = new double[slots];
            this.cumulative = new double[slots];
        }

        void iterate() {
            iteration++;
            if (perIterationStreams) {
                random = new SplittableRandom(seed * 0x9E3779B97F4A7C15L + iteration);
            }
            for (int p = 0; p < numPlayers; p++) {
                if (responder >= 0 && p != responder) {
                    continue;
                }
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
            ensure(slot + k);
            return slot;
        }

        void ensure(int slots) {
            if (slots > regret.length) {
                int size = Math.max(slots, regret.length * 2);
                regret = Arrays.copyOf(regret, size);
                cumulative = Arrays.copyOf(cumulative, size);
            }
        }

        /**
         * Positive regrets per slot into {@code out}; a row of {@link Access#policy} then normalises them (uniform
         * where none is positive), which is regret matching.
         */
        void currentInto(double[] out) {
            for (int i = 0; i < out.length; i++) {
                out[i] = Math.max(0, regret[i]);
            }
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
            int policy = push(k);
            int slot = -1;
            if (responder >= 0 && pl != p) {
                // the fixed player: its policy is given, nothing of it is learnt
                double[] given = access.fixedPolicy(s, fixed);
                System.arraycopy(given, 0, scratch, policy, k);
            } else {
                slot = slotOf(s, k);
                regretMatching(slot, k, policy);
            }
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
