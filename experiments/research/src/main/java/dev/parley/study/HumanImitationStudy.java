package dev.parley.study;

import dev.parley.cfr.CfrVariant;
import dev.parley.dialogue.ActionCodec;
import dev.parley.dialogue.ActionSpace;
import dev.parley.dialogue.DialogueGame;
import dev.parley.dialogue.Domain;
import dev.parley.dialogue.Instruction;
import dev.parley.dialogue.Message;
import dev.parley.dialogue.Observation;
import dev.parley.dialogue.OfflineMoveGenerator;
import dev.parley.dialogue.RewardModel;
import dev.parley.dialogue.Scenario;
import dev.parley.domain.campsite.Campsite;
import dev.parley.domain.campsite.CampsiteScenarios;
import dev.parley.domain.campsite.CasinoDialogue;
import dev.parley.domain.campsite.CasinoReplay;
import dev.parley.domain.campsite.Strategies;
import dev.parley.eval.Exploitability;
import dev.parley.experiment.Estimate;
import dev.parley.game.GameTree;
import dev.parley.game.IterativeSolver;
import dev.parley.game.NormalFormGame;
import dev.parley.game.TreeBuilder;
import dev.parley.imitation.Featurizer;
import dev.parley.imitation.Mlp;
import dev.parley.imitation.SolvedGame;
import dev.parley.imitation.Trainer;
import dev.parley.nfg.MetaSolution;
import dev.parley.nfg.MetaSolver;
import dev.parley.solver.Solvers;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.function.IntConsumer;

/**
 * Imitation of people (CaSiNo): behaviour cloning of what each person did at each turn (the move crossed with the
 * strategy group the annotators gave it) from the MiniLM embedding of what that person knew (the dialogue so far and
 * its own priorities, {@link SolvedGame#text}), with the imitation network of {@code parley imitate}; trained on
 * train, stopped early on valid, measured on valid and on the held-out test split against the uniform policy and
 * the majority class. Then the meta-game: in the campsite game on the priority tables of a split's dialogues (built
 * offline in {@link Config#actions}, solved by CFR), the cloned people ({@link #HUMAN}, {@link #humanSlots}) and
 * CFR's equilibrium ({@link #CFR}) join each instruction played throughout ({@link Board#instructionSlots}); every
 * pairing's payoffs are exact on the tree.
 */
public final class HumanImitationStudy {

    /** The cloned people's policy in the meta-game. */
    public static final String HUMAN = "HUMAN";
    /** CFR's average policy in the meta-game. */
    public static final String CFR = "CFR";
    /** The moves a person's turn can be, in the order of the labels. */
    public static final List<String> MOVES = List.of(Campsite.SAY, Campsite.SUBMIT, Campsite.ACCEPT,
            Campsite.REJECT, Campsite.WALK_AWAY);
    /** The majority's and the prior's probabilities are smoothed by this count per label, so log-loss is finite. */
    static final double SMOOTHING = 1.0;
    /**
     * A turn's text holds the last this many messages: people's dialogues run to 20 messages and more, the sentence
     * model reads a bounded number of word pieces (and costs more the longer the text), and the meta-game's states
     * never hold more ({@link Config} refuses a longer game), so both sides are embedded from the same kind of text.
     */
    public static final int WINDOW = 4;

    /**
     * @param scenarios  dialogues of each split whose priority tables make that split's meta-game
     * @param maxReplies the meta-game's dialogue length
     * @param iterations CFR iterations on the meta-game's tree
     * @param hidden     the network's hidden layers
     * @param seeds      training seeds (weights and shuffling), 1..seeds
     * @param actions    the meta-game's action space: what HUMAN and CFR choose at a decision
     */
    public record Config(int scenarios, int maxReplies, int iterations, int[] hidden, int maxEpochs, int patience,
                         int seeds, ActionSpace actions) {
        public Config {
            java.util.Objects.requireNonNull(actions, "actions");
            if (maxReplies > WINDOW + 1) {
                throw new IllegalArgumentException("the meta-game's dialogues can be at most " + (WINDOW + 1)
                        + " messages long (a turn's text holds the last " + WINDOW + "), got " + maxReplies);
            }
        }
    }

    /** One turn of a person: what it knew, in words and features, and what it did (a distribution over labels). */
    public record Example(int dialogueId, int turn, String text, double[] features, double[] target) { }

    /** How well a policy predicts a split's turns: mean cross-entropy (nats) and accuracy (argmax among the gold). */
    public record Fit(double logLoss, double accuracy) { }

    /** The meta-game on one split's scenarios, for one trained network. */
    public record MetaGame(List<String> strategies, double[][] rowPayoffs, double[][] columnPayoffs,
                           MetaSolution solution, double[] humanShare, double[] cfrShare, double[] solverGain,
                           double humanNashConv, double cfrNashConv) { }

    /** One seed on one split. */
    public record SeedFigures(long seed, Fit imitation, MetaGame metaGame, int epochs, int bestEpoch) { }

    /** A split's figures over the seeds. */
    public record Figures(String split, int examples, Fit uniform, Fit majority, Fit prior,
                          List<SeedFigures> seeds) {
        public Estimate logLoss() {
            return Estimate.of(seeds.stream().mapToDouble(s -> s.imitation().logLoss()).toArray());
        }

        public Estimate accuracy() {
            return Estimate.of(seeds.stream().mapToDouble(s -> s.imitation().accuracy()).toArray());
        }

        public Estimate humanShare(int p) {
            return Estimate.of(seeds.stream().mapToDouble(s -> s.metaGame().humanShare()[p]).toArray());
        }

        public Estimate cfrShare(int p) {
            return Estimate.of(seeds.stream().mapToDouble(s -> s.metaGame().cfrShare()[p]).toArray());
        }

        public Estimate solverGain(int p) {
            return Estimate.of(seeds.stream().mapToDouble(s -> s.metaGame().solverGain()[p]).toArray());
        }

        /** What camper {@code p} gets when it plays {@code mine} and the other camper plays {@code theirs}. */
        public Estimate payoff(int p, String mine, String theirs) {
            return Estimate.of(seeds.stream().mapToDouble(s -> {
                MetaGame g = s.metaGame();
                int i = g.strategies().indexOf(mine);
                int j = g.strategies().indexOf(theirs);
                return p == 0 ? g.rowPayoffs()[i][j] : g.columnPayoffs()[j][i];
            }).toArray());
        }

        public Estimate humanNashConv() {
            return Estimate.of(seeds.stream().mapToDouble(s -> s.metaGame().humanNashConv()).toArray());
        }
    }

    /** The report: the labels, the majority class, and valid and (unless held back) test. */
    public record Report(Config config, List<String> labels, String majorityLabel, int trainDialogues,
                         int trainExamples,
                         Figures valid, Figures test) { }

    private HumanImitationStudy() {
    }

    /** The labels: each move crossed with each instruction (strategy group, {@code any} for non-strategic). */
    public static List<String> labels(Domain domain) {
        List<String> out = new ArrayList<>();
        for (String m : MOVES) {
            domain.instructions().forEach(i -> out.add(m + " x " + i.name()));
        }
        return List.copyOf(out);
    }

    /**
     * Every turn of every annotated dialogue as an example. An utterance's target spreads evenly over the groups of
     * its labels (an utterance with two strategies is half of each); a deal action, which the annotators did not
     * label, is its move with {@code any}; so is an annotated dialogue's utterance that carries no label.
     */
    public static List<Example> examples(Domain domain, List<CasinoDialogue> dialogues, Featurizer featurizer,
                                         IntConsumer embedded) {
        List<String> labels = labels(domain);
        List<String> groups = domain.instructions().stream().map(i -> i.name()).toList();
        String any = groups.get(groups.size() - 1);
        List<Example> out = new ArrayList<>();
        for (CasinoDialogue d : dialogues) {
            if (!d.annotated()) {
                continue;
            }
            CasinoReplay.Result replay = CasinoReplay.replay(d);
            if (replay.problem().isPresent()) {
                throw new IllegalStateException("dialogue " + d.id() + " does not replay: " + replay.problem().get());
            }
            Scenario scenario = replay.scenario();
            List<Message> transcript = replay.transcript();
            for (int t = 0; t < transcript.size(); t++) {
                Message m = transcript.get(t);
                List<String> turnGroups = d.turns().get(t).labels().stream().map(Strategies::group).distinct()
                        .toList();
                if (turnGroups.isEmpty()) {
                    turnGroups = List.of(any);
                }
                double[] target = new double[labels.size()];
                for (String g : turnGroups) {
                    target[labels.indexOf(m.moveId() + " x " + g)] += 1.0 / turnGroups.size();
                }
                String text = SolvedGame.text(scenario, m.speaker(), transcript.subList(Math.max(0, t - WINDOW), t));
                out.add(new Example(d.id(), t, text, null, target));
            }
        }
        // embedding is the cost here, and the featurizer is thread-safe
        double[][] features = out.parallelStream().map(e -> featurizer.features(e.text())).toArray(double[][]::new);
        List<Example> embeddedExamples = new ArrayList<>();
        for (int i = 0; i < out.size(); i++) {
            Example e = out.get(i);
            embeddedExamples.add(new Example(e.dialogueId(), e.turn(), e.text(), features[i], e.target()));
            embedded.accept(1);
        }
        return List.copyOf(embeddedExamples);
    }

    /** Cross-entropy and accuracy of {@code policy} on the examples. */
    public static Fit fit(List<Example> examples, Function<Example, double[]> policy) {
        double ce = 0;
        int correct = 0;
        for (Example e : examples) {
            double[] q = policy.apply(e);
            int best = 0;
            for (int k = 0; k < q.length; k++) {
                if (e.target()[k] > 0) {
                    ce -= e.target()[k] * Math.log(Math.max(q[k], 1e-300));
                }
                if (q[k] > q[best]) {
                    best = k;
                }
            }
            if (e.target()[best] > 0) {
                correct++;
            }
        }
        return new Fit(ce / examples.size(), (double) correct / examples.size());
    }

    /** Train's label frequencies, smoothed by {@link #SMOOTHING} a label. */
    static double[] prior(List<Example> train, int labels) {
        double[] p = new double[labels];
        java.util.Arrays.fill(p, SMOOTHING);
        for (Example e : train) {
            for (int k = 0; k < labels; k++) {
                p[k] += e.target()[k];
            }
        }
        double sum = java.util.Arrays.stream(p).sum();
        for (int k = 0; k < labels; k++) {
            p[k] /= sum;
        }
        return p;
    }

    /**
     * Runs the study. {@code test} null: valid only (the held-out split is not read).
     *
     * @param progress told each embedded text, trained seed and solved meta-game
     */
    public static Report run(Config config, List<CasinoDialogue> train, List<CasinoDialogue> valid,
                             List<CasinoDialogue> test, Featurizer featurizer, MetaSolver metaSolver,
                             IntConsumer progress) {
        Domain domain = Campsite.domain();
        List<String> labels = labels(domain);
        List<Example> trainSet = examples(domain, train, featurizer, progress);
        List<Example> validSet = examples(domain, valid, featurizer, progress);
        double[] prior = prior(trainSet, labels.size());
        int majority = 0;
        for (int k = 0; k < prior.length; k++) {
            if (prior[k] > prior[majority]) {
                majority = k;
            }
        }
        double[] oneHot = new double[labels.size()];
        oneHot[majority] = 1;
        // the majority class as a policy: its label with what smoothing leaves for the others, so log-loss is finite
        double[] majorityPolicy = new double[labels.size()];
        java.util.Arrays.fill(majorityPolicy, SMOOTHING / (trainSet.size() + SMOOTHING * labels.size()));
        majorityPolicy[majority] = 1 - SMOOTHING * (labels.size() - 1) / (trainSet.size() + SMOOTHING * labels.size());
        double[] uniform = new double[labels.size()];
        java.util.Arrays.fill(uniform, 1.0 / labels.size());

        Trainer.Examples trainX = Trainer.Examples.of(trainSet.stream().map(Example::features).toList(),
                trainSet.stream().map(Example::target).toList());
        Trainer.Examples validX = Trainer.Examples.of(validSet.stream().map(Example::features).toList(),
                validSet.stream().map(Example::target).toList());
        List<Trainer.Result> nets = new ArrayList<>();
        for (long seed = 1; seed <= config.seeds(); seed++) {
            Trainer.Config tc = new Trainer.Config(1e-3, 128, config.maxEpochs(), config.patience(), seed);
            nets.add(Trainer.train(trainX, validX, config.hidden(), tc, e -> { }));
            progress.accept(1);
        }
        Figures v = figures("valid", domain, valid, validSet, labels, uniform, majorityPolicy, prior, nets, config,
                featurizer, metaSolver, progress);
        Figures t = null;
        if (test != null) {
            List<Example> testSet = examples(domain, test, featurizer, progress);
            t = figures("test", domain, test, testSet, labels, uniform, majorityPolicy, prior, nets, config,
                    featurizer, metaSolver, progress);
        }
        int dialogues = (int) trainSet.stream().mapToInt(Example::dialogueId).distinct().count();
        return new Report(config, labels, labels.get(majority), dialogues, trainSet.size(), v, t);
    }

    private static Figures figures(String split, Domain domain, List<CasinoDialogue> dialogues, List<Example> set,
                                   List<String> labels, double[] uniform, double[] majority, double[] prior,
                                   List<Trainer.Result> nets, Config config, Featurizer featurizer,
                                   MetaSolver metaSolver, IntConsumer progress) {
        List<Scenario> scenarios = dialogues.stream().limit(config.scenarios()).map(CampsiteScenarios::of).toList();
        Board board = Board.solve(domain, scenarios, config.maxReplies(), config.actions(), config.iterations(),
                featurizer, progress);
        List<SeedFigures> seeds = new ArrayList<>();
        for (int s = 0; s < nets.size(); s++) {
            Mlp net = nets.get(s).network();
            Fit f = fit(set, e -> net.predict(e.features()));
            MetaGame mg = metaGame(board, labels, st -> net.predict(st.features()), metaSolver);
            seeds.add(new SeedFigures(s + 1, f, mg, nets.get(s).epochs(), nets.get(s).bestEpoch()));
            progress.accept(1);
        }
        return new Figures(split, set.size(), fit(set, e -> uniform), fit(set, e -> majority), fit(set, e -> prior),
                List.copyOf(seeds));
    }

    /**
     * One information state of the meta-game's tree: whose it is, what that player knows in words (the text the
     * network reads, {@link SolvedGame#text}) and its features, and, in the move x instruction space, the move the
     * speaker's planner picks by itself under each instruction ({@link DialogueGame#ownMove}; empty in the
     * instruction space, where the speaker always picks its own move).
     */
    public record InfoState(int infoset, int player, String text, double[] features, List<String> ownMoves) { }

    /**
     * The meta-game's board: the campsite game on a split's priority tables in one action space, built offline
     * (the planner and realiser speak, the exact scorer pays), compiled and solved by CFR; one {@link InfoState}
     * per decision infoset, in infoset order.
     */
    public record Board(DialogueGame game, GameTree tree, double[] cfr, List<InfoState> states) {

        /** @param embedded told each information state embedded */
        public static Board solve(Domain domain, List<Scenario> scenarios, int maxReplies, ActionSpace actions,
                                  int iterations, Featurizer featurizer, IntConsumer embedded) {
            DialogueGame game = new DialogueGame(domain, scenarios, new OfflineMoveGenerator(domain.content()),
                    RewardModel.exact(domain), new DialogueGame.Settings(maxReplies, 1, actions, Observation.WORDS));
            GameTree tree = new TreeBuilder(1, 2_000_000, n -> { }).build(game).tree();
            IterativeSolver solver = Solvers.of(CfrVariant.CFR).onTree(tree, 0);
            solver.run(iterations);
            double[] cfr = solver.averagePolicySlots(tree);
            List<Instruction> instructions = game.instructions();
            String[] texts = new String[tree.numInfosets()];
            List<List<String>> own = new ArrayList<>();
            for (int is = 0; is < tree.numInfosets(); is++) {
                own.add(null);
            }
            tree.forEachDecision(game, (node, state) -> {
                int is = tree.infoset(node);
                List<String> moves = actions == ActionSpace.INSTRUCTION ? List.of()
                        : instructions.stream().map(i -> game.ownMove(state, i)).toList();
                if (texts[is] == null) {
                    texts[is] = SolvedGame.text(game.scenario(state), tree.player(node), game.transcript(state));
                    own.set(is, moves);
                } else if (!own.get(is).equals(moves)) {
                    // the planner reads only what its speaker knows, so this never happens; if it did, "the
                    // planner's move" would not be a strategy
                    throw new IllegalStateException("the planner picks different moves at two nodes of infoset "
                            + is + ": " + own.get(is) + " and " + moves);
                }
            });
            // embedding is the cost here, and the featurizer is thread-safe
            double[][] features = java.util.Arrays.stream(texts).parallel().map(featurizer::features)
                    .toArray(double[][]::new);
            List<InfoState> states = new ArrayList<>();
            for (int is = 0; is < tree.numInfosets(); is++) {
                states.add(new InfoState(is, tree.infosetPlayer(is), texts[is], features[is], own.get(is)));
                embedded.accept(1);
            }
            return new Board(game, tree, cfr, List.copyOf(states));
        }

        public ActionSpace actions() {
            return game.settings().actions();
        }

        /** The instruction names, in the game's order: the instruction strategies of the meta-game. */
        public List<String> instructions() {
            return game.instructions().stream().map(Instruction::name).toList();
        }

        /**
         * The slots of instruction {@code name} played throughout: in the instruction space its action at every
         * infoset; in the move x instruction space the action (the planner's own move under it, it) at every
         * infoset, so that it says what it says in the instruction space.
         */
        public double[] instructionSlots(String name) {
            int k = instructions().indexOf(name);
            if (k < 0) {
                throw new IllegalArgumentException("no instruction " + name + " in " + instructions());
            }
            ActionCodec codec = game.codec();
            double[] slots = new double[tree.numSlots()];
            for (InfoState st : states) {
                int is = st.infoset();
                int hits = 0;
                for (int sl = tree.slotStart(is); sl < tree.slotStart(is) + tree.actionCount(is); sl++) {
                    int a = tree.slotAction(sl);
                    boolean mine = codec.instructionIndex(a) == k && (actions() == ActionSpace.INSTRUCTION
                            || codec.move(a).orElseThrow().equals(st.ownMoves().get(k)));
                    slots[sl] = mine ? 1 : 0;
                    hits += mine ? 1 : 0;
                }
                if (hits != 1) {
                    throw new IllegalStateException("instruction " + name + " is " + hits + " actions at infoset "
                            + is);
                }
            }
            return slots;
        }
    }

    /**
     * The cloned people's slots: at every infoset, the network's distribution over the move x strategy labels
     * ({@code human}, aligned with {@code labels}) as a distribution over that infoset's legal actions.
     * <ul>
     *   <li>Move x instruction space: label {@code "m x i"} is the action (move {@code m}, instruction {@code i}).
     *       A label whose move is not legal at the state (an accept with no deal on the table, a say once a deal
     *       waits for an answer) names no action; its probability is dropped, and the legal actions' probabilities
     *       are renormalised to sum to 1: the clone as it would play if it knew the rules.</li>
     *   <li>Instruction space: the speaker picks its move itself, so action {@code i} gets the labels of
     *       instruction {@code i} summed over all five moves ({@link #strategyMarginal}); nothing is dropped.</li>
     * </ul>
     *
     * @throws IllegalStateException if {@code human} gives no probability to any legal action of an infoset (a
     *                               softmax never does)
     */
    public static double[] humanSlots(Board board, List<String> labels, Function<InfoState, double[]> human) {
        GameTree tree = board.tree();
        ActionCodec codec = board.game().codec();
        List<String> instructions = board.instructions();
        double[] slots = new double[tree.numSlots()];
        for (InfoState st : board.states()) {
            int is = st.infoset();
            double[] q = human.apply(st);
            if (q.length != labels.size()) {
                throw new IllegalArgumentException("the human policy gives " + q.length + " probabilities, not one"
                        + " per label (" + labels.size() + ")");
            }
            double[] marginal = board.actions() == ActionSpace.INSTRUCTION
                    ? strategyMarginal(q, labels, instructions) : null;
            double total = 0;
            for (int sl = tree.slotStart(is); sl < tree.slotStart(is) + tree.actionCount(is); sl++) {
                int a = tree.slotAction(sl);
                if (marginal != null) {
                    slots[sl] = marginal[codec.instructionIndex(a)];
                } else {
                    String label = codec.move(a).orElseThrow() + " x " + codec.instruction(a).name();
                    int k = labels.indexOf(label);
                    if (k < 0) {
                        throw new IllegalStateException("action " + label + " of infoset " + is + " is no label");
                    }
                    slots[sl] = q[k];
                }
                total += slots[sl];
            }
            if (!(total > 0)) {
                throw new IllegalStateException("the human policy gives no probability to any legal action of"
                        + " infoset " + is);
            }
            for (int sl = tree.slotStart(is); sl < tree.slotStart(is) + tree.actionCount(is); sl++) {
                slots[sl] /= total;
            }
        }
        return slots;
    }

    /** A distribution over move x instruction labels summed over the moves: one over the instructions. */
    public static double[] strategyMarginal(double[] overLabels, List<String> labels, List<String> instructions) {
        double[] out = new double[instructions.size()];
        for (int k = 0; k < labels.size(); k++) {
            String instruction = labels.get(k).substring(labels.get(k).indexOf(" x ") + 3);
            out[instructions.indexOf(instruction)] += overLabels[k];
        }
        double sum = java.util.Arrays.stream(out).sum();
        for (int i = 0; i < out.length; i++) {
            out[i] /= sum;
        }
        return out;
    }

    /**
     * The meta-game: each instruction played throughout ({@link Board#instructionSlots}), {@link #HUMAN}
     * ({@link #humanSlots} of {@code human}) and {@link #CFR} (the board's own CFR average policy); exact expected
     * payoffs of every pairing on the tree, solved by {@code solver}. The solver's gain for a player is what it gets
     * by playing CFR instead of HUMAN while the other plays HUMAN; the NashConv of (HUMAN, HUMAN) is how much the
     * two could gain by best responses.
     */
    public static MetaGame metaGame(Board board, List<String> labels, Function<InfoState, double[]> human,
                                    MetaSolver solver) {
        GameTree tree = board.tree();
        Map<String, double[]> policies = new LinkedHashMap<>();
        for (String name : board.instructions()) {
            policies.put(name, board.instructionSlots(name));
        }
        double[] humanSlots = humanSlots(board, labels, human);
        policies.put(HUMAN, humanSlots);
        policies.put(CFR, board.cfr().clone());
        List<String> names = List.copyOf(policies.keySet());
        int n = names.size();
        double[][] a = new double[n][n];
        double[][] b = new double[n][n];
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < n; j++) {
                double[] v = Exploitability.expectedValues(tree, profile(tree, policies.get(names.get(i)),
                        policies.get(names.get(j))));
                a[i][j] = v[0];
                b[i][j] = v[1];
            }
        }
        NormalFormGame nfg = NormalFormGame.bimatrix("campsite human meta-game", a, b);
        nfg = new NormalFormGame(nfg.title(), board.game().domain().protocolPlayers(), List.of(names, names),
                nfg.payoffs());
        MetaSolution sol = solver.solve(nfg);
        int h = names.indexOf(HUMAN);
        int c = names.indexOf(CFR);
        double[][] p = sol.profile();
        double[] gain = {a[c][h] - a[h][h], b[h][c] - b[h][h]};
        return new MetaGame(names, a, b, sol, new double[] {p[0][h], p[1][h]}, new double[] {p[0][c], p[1][c]},
                gain, Exploitability.nashConv(tree, humanSlots), Exploitability.nashConv(tree, board.cfr()));
    }

    /** Player 0's slots from {@code first}, player 1's from {@code second}. */
    static double[] profile(GameTree tree, double[] first, double[] second) {
        double[] slots = new double[tree.numSlots()];
        for (int is = 0; is < tree.numInfosets(); is++) {
            double[] from = tree.infosetPlayer(is) == 0 ? first : second;
            for (int sl = tree.slotStart(is); sl < tree.slotStart(is) + tree.actionCount(is); sl++) {
                slots[sl] = from[sl];
            }
        }
        return slots;
    }
}
