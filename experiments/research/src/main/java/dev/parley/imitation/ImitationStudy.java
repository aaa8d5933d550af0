package dev.parley.imitation;

import dev.parley.cfr.CfrVariant;
import dev.parley.dialogue.Domain;
import dev.parley.dialogue.Scenario;
import dev.parley.error.InputException;
import dev.parley.error.InvalidSettingException;
import dev.parley.error.Setting;
import dev.parley.eval.Exploitability;
import dev.parley.game.GameTree;
import dev.parley.game.NormalFormGame;
import dev.parley.nfg.MetaSolution;
import dev.parley.nfg.MetaSolver;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import java.util.function.Function;
import java.util.function.IntConsumer;

/**
 * Imitation of CFR policies and transfer to a held-out domain (Gemp et al. 2024, §4 and App. E). The CFR policies
 * of the training domains' games are the dataset (information state in words, embedded by MiniLM → CFR policy over
 * the instructions); a 2×256 network is fitted with Adam and early stopping on a validation split of it; on the
 * held-out domain's game it is measured against that game's own CFR policy (cross-entropy and KL, beside the
 * uniform policy and the nearest training neighbour's policy), and then joins the held-out meta-game: each
 * instruction played throughout ("always calm", ...) and the imitation policy {@code DIM}, every pairing's
 * expected payoffs computed exactly on the game tree, solved by a meta-solver; {@code dim_share} is DIM's weight.
 */
public final class ImitationStudy {

    /** The label of the imitation policy in the meta-game (the paper's DIM). */
    public static final String DIM = "DIM";
    /** The nearest neighbour's policy is mixed with this share of the uniform one, so that its KL is finite. */
    public static final double NEIGHBOUR_SMOOTHING = 0.01;

    /**
     * @param train      the training domains (their instruction names must equal the held-out domain's)
     * @param heldout    the domain held out
     * @param scenarios  scenarios per game
     * @param maxReplies the dialogues' length limit
     * @param solver     the CFR variant whose policies are imitated
     * @param iterations CFR iterations
     * @param validation the share of the training information states kept for early stopping
     * @param hidden     hidden layer sizes
     * @param trainer    optimiser settings
     * @param seed       seed of the scenario draws, the split and the weights
     */
    public record Config(List<Domain> train, Domain heldout, Split split, int scenarios, int maxReplies,
                         CfrVariant solver, int iterations, double validation, int[] hidden, Trainer.Config trainer,
                         long seed) {
        public Config {
            train = List.copyOf(train);
            if (train.isEmpty()) {
                throw new IllegalArgumentException("imitation needs at least one training domain");
            }
            if (split == Split.SCENARIOS) {
                if (train.size() != 1 || !train.get(0).name().equals(heldout.name())) {
                    throw new InvalidSettingException("train", train.stream().map(d -> d.name()).toList(),
                            "must be the held-out domain " + heldout.name() + " alone (or left out) under "
                            + Setting.named("split") + " scenarios");
                }
            } else if (train.stream().anyMatch(d -> d.name().equals(heldout.name()))) {
                throw new IllegalArgumentException("the held-out domain " + heldout.name()
                        + " cannot also be a training domain");
            }
            List<String> names = heldout.instructions().stream().map(i -> i.name()).toList();
            for (Domain d : train) {
                List<String> other = d.instructions().stream().map(i -> i.name()).toList();
                if (!other.equals(names)) {
                    throw new IllegalArgumentException("training domain " + d.name() + " has instructions " + other
                            + " but the held-out " + heldout.name() + " has " + names
                            + ": a policy over one set means nothing over the other");
                }
            }
            if (!(validation > 0 && validation < 1)) {
                throw new IllegalArgumentException("the validation share must be between 0 and 1, got "
                        + validation);
            }
            InvalidSettingException.atLeast("scenarios", scenarios, 1);
            InvalidSettingException.atLeast("maxReplies", maxReplies, 1);
            InvalidSettingException.atLeast("iterations", iterations, 1);
            hidden = hidden.clone();
        }
    }

    /**
     * What is held out: a whole domain (train on others, test on it), or scenarios of one domain (train on some of
     * its scenarios, test on others of the same domain: tells "cannot learn" from "does not transfer").
     */
    public enum Split {
        DOMAINS, SCENARIOS
    }

    /**
     * The scenarios of the training and the held-out game under a scenario split: {@code 2 * count} draws, the first
     * half to train on (the domain's default scenario among them), the second half held out less any scenario whose
     * private information equals a training one's (so that no held-out deal was seen in training).
     */
    public static List<List<Scenario>> scenarioSplit(Domain domain, int count, long seed) {
        List<Scenario> all = domain.scenarios(2 * count, seed);
        List<Scenario> train = List.copyOf(all.subList(0, count));
        List<Scenario> test = new ArrayList<>();
        for (Scenario s : all.subList(count, all.size())) {
            if (train.stream().noneMatch(t -> t.players().equals(s.players()))
                    && test.stream().noneMatch(t -> t.players().equals(s.players()))) {
                test.add(s);
            }
        }
        if (test.isEmpty()) {
            throw new InputException(domain.name() + ": every held-out scenario draw repeats a training"
                    + " scenario; use more " + Setting.named("scenarios"));
        }
        return List.of(train, List.copyOf(test));
    }

    /** Per information-state values and their means. */
    public record Fit(double[] crossEntropy, double[] kl) { }

    /** The held-out meta-game and its solution. */
    public record MetaGame(List<String> strategies, double[][] rowPayoffs, double[][] columnPayoffs,
                           MetaSolution solution, double[] dimShareByPlayer, double dimShare) { }

    /** One run of the study. */
    public record Run(long seed, int trainStates, int validationStates, int heldoutStates, Trainer.Result training,
                      double trainCrossEntropy, Fit trainFit, double[] trainUniformKl, Fit heldout,
                      double[] uniformKl, double[] neighbourKl, MetaGame metaGame, MetaGame cfrCheck,
                      List<SolvedGame.InfoState> dataset) { }

    private ImitationStudy() {
    }

    /** Builds the games, fits (or, with {@code model} given, only evaluates) and measures. */
    public static Run run(Config config, Featurizer featurizer, MetaSolver metaSolver, Mlp model,
                          IntConsumer progress) {
        return run(config, featurizer, metaSolver, model, null, progress);
    }

    /**
     * As {@link #run(Config, Featurizer, MetaSolver, Mlp, IntConsumer)}, training on {@code dataset} (one written by
     * an earlier run) instead of solving the training domains; {@code null} solves them.
     *
     * @throws IllegalArgumentException when the dataset's features or instructions do not fit the held-out game
     */
    public static Run run(Config config, Featurizer featurizer, MetaSolver metaSolver, Mlp model,
                          List<SolvedGame.InfoState> dataset, IntConsumer progress) {
        List<List<Scenario>> split = config.split() == Split.SCENARIOS
                ? scenarioSplit(config.heldout(), config.scenarios(), config.seed()) : null;
        List<SolvedGame.InfoState> pool = dataset != null ? List.copyOf(dataset)
                : trainingPool(config, featurizer, split, progress);
        List<Scenario> heldScenarios = split != null ? split.get(1)
                : config.heldout().scenarios(config.scenarios(), config.seed());
        SolvedGame held = SolvedGame.solve(config.heldout(), heldScenarios, config.maxReplies(), config.solver(),
                config.iterations(), featurizer, progress);
        if (dataset != null) {
            checkDataset(dataset, held, config);
        }
        List<SolvedGame.InfoState> shuffled = shuffled(pool, config.seed());
        int nv = Math.max(1, (int) Math.round(shuffled.size() * config.validation()));
        if (shuffled.size() - nv < 1) {
            throw new InputException("too few training information states (" + shuffled.size()
                    + ") to split; use more " + Setting.named("scenarios"));
        }
        List<SolvedGame.InfoState> validation = shuffled.subList(0, nv);
        List<SolvedGame.InfoState> train = shuffled.subList(nv, shuffled.size());
        Trainer.Result training = null;
        Mlp net = model;
        if (net == null) {
            training = Trainer.train(examples(train), examples(validation), config.hidden(), config.trainer(),
                    e -> { });
            net = training.network();
        } else if (net.inputs() != train.get(0).features().length || net.outputs() != held.labels().size()) {
            throw new IllegalArgumentException("the loaded model takes " + net.inputs() + " features to "
                    + net.outputs() + " instructions; this dataset has " + train.get(0).features().length + " and "
                    + held.labels().size());
        }
        Fit trainFit = fit(net, train);
        List<SolvedGame.InfoState> test = held.dataset();
        Fit heldFit = fit(net, test);
        Baselines b = baselines(train, test, held.labels().size());
        MetaGame meta = metaGame(held, net, metaSolver);
        // the check of the meta-game: the held-out game's own CFR policy in DIM's place
        MetaGame cfrCheck = metaGame(held, SolvedGame.InfoState::target, metaSolver);
        return new Run(config.seed(), train.size(), validation.size(), test.size(), training,
                mean(trainFit.crossEntropy()), trainFit, b.trainUniformKl(), heldFit, b.uniformKl(), b.neighbourKl(),
                meta, cfrCheck, pool);
    }

    /** The training domains' information states, each domain solved on its scenarios (or the split's first part). */
    private static List<SolvedGame.InfoState> trainingPool(Config config, Featurizer featurizer,
                                                           List<List<Scenario>> split, IntConsumer progress) {
        List<SolvedGame.InfoState> pool = new ArrayList<>();
        for (Domain d : config.train()) {
            List<Scenario> scenarios = split != null ? split.get(0) : d.scenarios(config.scenarios(), config.seed());
            pool.addAll(SolvedGame.solve(d, scenarios, config.maxReplies(), config.solver(), config.iterations(),
                    featurizer, progress).dataset());
        }
        return pool;
    }

    /** A dataset read from a file must fit the held-out game: as many features and instructions. */
    private static void checkDataset(List<SolvedGame.InfoState> dataset, SolvedGame held, Config config) {
        int features = held.dataset().isEmpty() ? -1 : held.dataset().get(0).features().length;
        for (SolvedGame.InfoState s : dataset) {
            if (s.target().length != held.labels().size() || (features >= 0 && s.features().length != features)) {
                throw new IllegalArgumentException("the dataset's states have " + s.features().length
                        + " features and " + s.target().length + " instructions; " + config.heldout().name()
                        + " needs " + features + " and " + held.labels().size());
            }
        }
    }

    /** A seeded shuffle (Fisher-Yates); the study keeps its first share for validation. */
    private static List<SolvedGame.InfoState> shuffled(List<SolvedGame.InfoState> pool, long seed) {
        List<SolvedGame.InfoState> shuffled = new ArrayList<>(pool);
        SplittableRandom random = new SplittableRandom(seed);
        for (int i = shuffled.size() - 1; i > 0; i--) {
            int j = random.nextInt(i + 1);
            SolvedGame.InfoState t = shuffled.get(i);
            shuffled.set(i, shuffled.get(j));
            shuffled.set(j, t);
        }
        return shuffled;
    }

    /** The KL of the uniform policy on the training and held-out states, and of the smoothed nearest neighbour. */
    private record Baselines(double[] trainUniformKl, double[] uniformKl, double[] neighbourKl) {
    }

    private static Baselines baselines(List<SolvedGame.InfoState> train, List<SolvedGame.InfoState> test, int k) {
        // every instruction is legal at every information state of the instruction action space (SolvedGame
        // checks it), so the uniform policy over the legal actions is uniform over the labels
        double[] uniform = new double[k];
        Arrays.fill(uniform, 1.0 / k);
        double[] trainUniformKl = new double[train.size()];
        for (int i = 0; i < train.size(); i++) {
            trainUniformKl[i] = kl(train.get(i).target(), uniform);
        }
        double[] uniformKl = new double[test.size()];
        double[] neighbourKl = new double[test.size()];
        for (int i = 0; i < test.size(); i++) {
            SolvedGame.InfoState s = test.get(i);
            uniformKl[i] = kl(s.target(), uniform);
            double[] nn = nearest(s.features(), train).target();
            double[] smooth = new double[k];
            for (int a = 0; a < k; a++) {
                smooth[a] = (1 - NEIGHBOUR_SMOOTHING) * nn[a] + NEIGHBOUR_SMOOTHING / k;
            }
            neighbourKl[i] = kl(s.target(), smooth);
        }
        return new Baselines(trainUniformKl, uniformKl, neighbourKl);
    }

    static Trainer.Examples examples(List<SolvedGame.InfoState> states) {
        return Trainer.Examples.of(states.stream().map(SolvedGame.InfoState::features).toList(),
                states.stream().map(SolvedGame.InfoState::target).toList());
    }

    /** Cross-entropy and KL of the network's policy against the target, per information state. */
    public static Fit fit(Mlp net, List<SolvedGame.InfoState> states) {
        double[] ce = new double[states.size()];
        double[] kl = new double[states.size()];
        for (int i = 0; i < states.size(); i++) {
            double[] q = net.predict(states.get(i).features());
            double[] p = states.get(i).target();
            ce[i] = crossEntropy(p, q);
            kl[i] = kl(p, q);
        }
        return new Fit(ce, kl);
    }

    static double crossEntropy(double[] p, double[] q) {
        double s = 0;
        for (int a = 0; a < p.length; a++) {
            if (p[a] > 0) {
                s -= p[a] * Math.log(Math.max(q[a], 1e-300));
            }
        }
        return s;
    }

    /** KL(p ‖ q) = Σ p log(p / q), in nats. */
    public static double kl(double[] p, double[] q) {
        double s = 0;
        for (int a = 0; a < p.length; a++) {
            if (p[a] > 0) {
                s += p[a] * Math.log(p[a] / Math.max(q[a], 1e-300));
            }
        }
        return Math.max(0, s);
    }

    static SolvedGame.InfoState nearest(double[] f, List<SolvedGame.InfoState> pool) {
        SolvedGame.InfoState best = null;
        double bestSim = Double.NEGATIVE_INFINITY;
        for (SolvedGame.InfoState s : pool) {
            double sim = cosine(f, s.features());
            if (sim > bestSim) {
                bestSim = sim;
                best = s;
            }
        }
        return best;
    }

    static double cosine(double[] x, double[] y) {
        double dot = 0;
        double nx = 0;
        double ny = 0;
        for (int i = 0; i < x.length; i++) {
            dot += x[i] * y[i];
            nx += x[i] * x[i];
            ny += y[i] * y[i];
        }
        return nx == 0 || ny == 0 ? 0 : dot / Math.sqrt(nx * ny);
    }

    /**
     * The held-out meta-game: each player's strategies are every instruction played at all its infosets, then DIM
     * (the network's policy at each infoset); payoffs are exact expected values on the tree.
     */
    public static MetaGame metaGame(SolvedGame held, Mlp net, MetaSolver solver) {
        return metaGame(held, st -> net.predict(st.features()), solver);
    }

    /**
     * The held-out meta-game with {@code dim} as DIM's policy at each information state (the sanity checks put an
     * instruction strategy or the held-out CFR policy there).
     */
    public static MetaGame metaGame(SolvedGame held, Function<SolvedGame.InfoState, double[]> dim,
                                    MetaSolver solver) {
        GameTree tree = held.tree();
        if (tree.numPlayers() != 2) {
            throw new IllegalArgumentException("the held-out meta-game needs a two-player game");
        }
        int k = held.labels().size();
        List<String> strategies = new ArrayList<>(held.labels());
        strategies.add(DIM);
        int n = strategies.size();
        double[][] policies = new double[n][];
        for (int s = 0; s < n; s++) {
            double[] slots = new double[tree.numSlots()];
            for (SolvedGame.InfoState st : held.states()) {
                double[] d;
                if (s < k) {
                    d = new double[k];
                    d[s] = 1;
                } else {
                    d = dim.apply(st);
                }
                held.fill(slots, st.infoset(), d);
            }
            policies[s] = slots;
        }
        double[][] a = new double[n][n];
        double[][] b = new double[n][n];
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < n; j++) {
                double[] slots = new double[tree.numSlots()];
                for (int is = 0; is < tree.numInfosets(); is++) {
                    double[] from = tree.infosetPlayer(is) == 0 ? policies[i] : policies[j];
                    for (int sl = tree.slotStart(is); sl < tree.slotStart(is) + tree.actionCount(is); sl++) {
                        slots[sl] = from[sl];
                    }
                }
                double[] v = Exploitability.expectedValues(tree, slots);
                a[i][j] = v[0];
                b[i][j] = v[1];
            }
        }
        NormalFormGame nfg = NormalFormGame.bimatrix(held.domain().name() + " held-out meta-game", a, b);
        nfg = new NormalFormGame(nfg.title(), held.domain().protocolPlayers(), List.of(strategies, strategies),
                nfg.payoffs());
        MetaSolution sol = solver.solve(nfg);
        double[][] profile = sol.profile();
        double[] byPlayer = {profile[0][n - 1], profile[1][n - 1]};
        return new MetaGame(strategies, a, b, sol, byPlayer, (byPlayer[0] + byPlayer[1]) / 2);
    }

    static double mean(double[] v) {
        double s = 0;
        for (double x : v) {
            s += x;
        }
        return v.length == 0 ? Double.NaN : s / v.length;
    }
}
