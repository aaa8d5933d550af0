package dev.parley.dialogue;

import dev.parley.dgdl.Protocol;
import dev.parley.engine.Dialogue;
import dev.parley.engine.DialogueStatus;
import dev.parley.engine.LegalMove;
import dev.parley.engine.MoveOutcome;
import dev.parley.engine.Participant;
import dev.parley.game.ChanceOutcome;
import dev.parley.game.Game;
import dev.parley.game.GameType;
import dev.parley.game.State;
import dev.parley.llm.FinishedDialogue;
import dev.parley.llm.Generation;
import dev.parley.llm.Payoffs;
import dev.parley.llm.RewardModel;
import dev.parley.llm.UtteranceGenerator;
import dev.parley.preface.Dcrs;
import dev.parley.preface.Stance;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Random;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A dialogue as an extensive-form game (Gemp et al. 2024), on a formal protocol.
 *
 * <ul>
 *   <li>Chance first deals a {@link Scenario} (uniformly over the configured list); with
 *       {@code seedsPerMessage > 1} chance also picks the generator's sampling seed after every decision, as in
 *       OpenSpiel's chat games.</li>
 *   <li>A decision's actions are the speaker's legal DGDL moves crossed with the instructions: action
 *       {@code m * numInstructions + i} is the protocol's {@code m}-th interaction with instruction {@code i}, so an
 *       action id means the same thing everywhere.</li>
 *   <li>Choosing an action plans the move's content ({@link ContentPlanner}), has the generator fill the move
 *       through a DCRS (history, topic and stance, the move's opener, the speaker's knowledge, the instruction) and
 *       performs the move on the protocol engine, which decides who speaks next and whether the dialogue ends.</li>
 *   <li>A player's information state holds its own private information, the public transcript and its own past
 *       instructions: never another player's information or instructions.</li>
 *   <li>The dialogue ends when the protocol terminates, when nobody has a legal move, or after
 *       {@code maxReplies} messages. Every action produces a message that counts for the payoff.</li>
 *   <li>Payoffs come from the {@link RewardModel} when one is set (an LLM judge), else from the domain's exact
 *       {@link OutcomeScorer}.</li>
 * </ul>
 *
 * <p>Generation results are memoised per (DCRS, seed), so the game can be walked repeatedly (by a tree builder,
 * then by the tree compiler) while each message is generated once. States are immutable and thread-safe.
 */
public final class DialogueGame implements Game {

    /** Size limits. */
    public record Limits(int maxReplies, int seedsPerMessage) {
        public Limits {
            if (maxReplies < 1) {
                throw new IllegalArgumentException("maxReplies must be at least 1, got " + maxReplies);
            }
            if (seedsPerMessage < 1) {
                throw new IllegalArgumentException("seedsPerMessage must be at least 1, got " + seedsPerMessage);
            }
        }
    }

    /** Counts of the work done: generations requested, served from the memo, and payoff evaluations. */
    public record Account(long generations, long memoHits, long payoffEvaluations) { }

    private final Domain domain;
    private final Protocol protocol;
    private final List<Scenario> scenarios;
    private final List<Instruction> instructions;
    private final List<String> interactionIds;
    private final List<String> participantIds;
    private final UtteranceGenerator generator;
    private final RewardModel rewardModel;
    private final Limits limits;
    private final String payoffBackend;

    private final Map<GenerationKey, Generation> memo = new ConcurrentHashMap<>();
    private final AtomicLong generations = new AtomicLong();
    private final AtomicLong memoHits = new AtomicLong();
    private final AtomicLong payoffEvaluations = new AtomicLong();

    private record GenerationKey(Dcrs dcrs, long seed) { }

    /**
     * @param rewardModel an LLM judge, or {@code null} for the domain's exact scorer
     */
    public DialogueGame(Domain domain, List<Scenario> scenarios, UtteranceGenerator generator,
                        RewardModel rewardModel, Limits limits) {
        this(domain, scenarios, domain.instructions(), generator, rewardModel, limits);
    }

    /**
     * A game whose instruction set is {@code instructions} instead of the domain's own: prompt-space PSRO plays
     * instructions the domain never listed (drawn from its lexicon, or proposed by a language model).
     *
     * @param instructions distinct by name, not empty
     * @param rewardModel  an LLM judge, or {@code null} for the domain's exact scorer
     */
    public DialogueGame(Domain domain, List<Scenario> scenarios, List<Instruction> instructions,
                        UtteranceGenerator generator, RewardModel rewardModel, Limits limits) {
        this.domain = Objects.requireNonNull(domain, "domain");
        this.protocol = domain.protocol();
        this.scenarios = List.copyOf(scenarios);
        if (this.scenarios.isEmpty()) {
            throw new IllegalArgumentException("a dialogue game needs at least one scenario");
        }
        this.instructions = List.copyOf(instructions);
        if (this.instructions.isEmpty()) {
            throw new IllegalArgumentException("a dialogue game needs at least one instruction");
        }
        if (this.instructions.stream().map(Instruction::name).distinct().count() != this.instructions.size()) {
            throw new IllegalArgumentException("instruction names must be distinct: " + this.instructions);
        }
        this.interactionIds = protocol.interactions().stream().map(Protocol.Interaction::id).toList();
        List<String> players = domain.protocolPlayers();
        List<String> ids = new ArrayList<>();
        for (int p = 0; p < players.size(); p++) {
            ids.add("p" + p);
        }
        this.participantIds = List.copyOf(ids);
        for (Scenario s : this.scenarios) {
            if (s.players().size() != players.size()) {
                throw new IllegalArgumentException("scenario " + s.id() + " has " + s.players().size()
                        + " players; domain " + domain.name() + " has " + players.size());
            }
        }
        this.generator = Objects.requireNonNull(generator, "generator");
        this.rewardModel = rewardModel;
        this.limits = Objects.requireNonNull(limits, "limits");
        this.payoffBackend = rewardModel == null ? "exact:" + domain.name() : rewardModel.backend();
    }

    public Domain domain() {
        return domain;
    }

    public List<Scenario> scenarios() {
        return scenarios;
    }

    public List<Instruction> instructions() {
        return instructions;
    }

    public Limits limits() {
        return limits;
    }

    /** What generated the words and what produced the payoffs, for reports. */
    public String backend() {
        return generator.backend() + " + " + payoffBackend;
    }

    public Account account() {
        return new Account(generations.get(), memoHits.get(), payoffEvaluations.get());
    }

    /** The instruction of an action. */
    public Instruction instructionOf(int action) {
        return instructions.get(action % instructions.size());
    }

    /**
     * The public messages of a state of this game, oldest first (no instructions): what a steering agent compares
     * with a served transcript.
     */
    public List<Message> transcript(State state) {
        if (!(state instanceof DialogueState ds)) {
            throw new IllegalArgumentException("not a state of this dialogue game: " + state);
        }
        return Collections.unmodifiableList(ds.transcript());
    }

    /** The protocol move of an action. */
    public String moveOf(int action) {
        return interactionIds.get(action / instructions.size());
    }

    @Override
    public String name() {
        return domain.name();
    }

    @Override
    public GameType type() {
        return GameType.sequentialImperfect(GameType.Utility.GENERAL_SUM);
    }

    @Override
    public int numPlayers() {
        return participantIds.size();
    }

    @Override
    public State initialState() {
        return new DialogueState(-1, List.of(), null);
    }

    @Override
    public double minUtility() {
        return domain.minPayoff();
    }

    @Override
    public double maxUtility() {
        return domain.maxPayoff();
    }

    /** One performed step: public message plus the speaker's private instruction. */
    private record Step(Message message, Instruction instruction, String target, Map<String, String> reply) { }

    /** A decision taken whose message waits for chance to pick the sampling seed. */
    private record Pending(int player, int action) { }

    /**
     * The engine's view of a history, replayed once per state and then only read: the legal move ids of the speaker
     * in protocol order. (The engine's full {@link LegalMove}s carry JSON-AIF and are built only for a chosen move.)
     */
    private record Replay(Dialogue dialogue, int speaker, List<String> legal) { }

    private final class DialogueState implements State {
        private final int scenario;
        private final List<Step> steps;
        private final Pending pending;
        private volatile Replay replay;
        private volatile double[] returns;

        DialogueState(int scenario, List<Step> steps, Pending pending) {
            this.scenario = scenario;
            this.steps = steps;
            this.pending = pending;
        }

        private Replay replay() {
            Replay r = replay;
            if (r == null) {
                r = computeReplay();
                replay = r;
            }
            return r;
        }

        private Replay computeReplay() {
            List<Participant> participants = new ArrayList<>();
            List<String> players = domain.protocolPlayers();
            for (int p = 0; p < players.size(); p++) {
                participants.add(new Participant(participantIds.get(p), players.get(p)));
            }
            Dialogue d = Dialogue.start(protocol, participants);
            for (Step s : steps) {
                MoveOutcome outcome = d.perform(participantIds.get(s.message().speaker()), s.message().moveId(),
                        s.reply(), s.target());
                if (!outcome.accepted()) {
                    throw new IllegalStateException("replay of " + s.message().moveId() + " rejected: "
                            + outcome.reason());
                }
            }
            if (d.status() != DialogueStatus.ACTIVE || steps.size() >= limits.maxReplies()) {
                return new Replay(d, TERMINAL, List.of());
            }
            // The next speaker: the first player, starting after the last speaker, with a legal move.
            int n = participantIds.size();
            int start = steps.isEmpty() ? 0 : (steps.get(steps.size() - 1).message().speaker() + 1) % n;
            for (int k = 0; k < n; k++) {
                int p = (start + k) % n;
                List<String> legal = d.legalMoveIds(participantIds.get(p));
                if (!legal.isEmpty()) {
                    List<String> sorted = new ArrayList<>(legal);
                    sorted.sort((a, b) -> Integer.compare(interactionIds.indexOf(a), interactionIds.indexOf(b)));
                    return new Replay(d, p, List.copyOf(sorted));
                }
            }
            return new Replay(d, TERMINAL, List.of());
        }

        @Override
        public int currentPlayer() {
            if (scenario < 0 || pending != null) {
                return CHANCE;
            }
            return replay().speaker();
        }

        @Override
        public int[] legalActions() {
            int p = currentPlayer();
            if (p == TERMINAL) {
                return new int[0];
            }
            if (p == CHANCE) {
                return chanceOutcomes().stream().mapToInt(ChanceOutcome::action).toArray();
            }
            List<String> legal = replay().legal();
            int k = instructions.size();
            int[] actions = new int[legal.size() * k];
            int i = 0;
            for (String moveId : legal) {
                int base = interactionIds.indexOf(moveId) * k;
                for (int j = 0; j < k; j++) {
                    actions[i++] = base + j;
                }
            }
            return actions;
        }

        @Override
        public List<ChanceOutcome> chanceOutcomes() {
            if (scenario < 0) {
                List<ChanceOutcome> out = new ArrayList<>();
                for (int s = 0; s < scenarios.size(); s++) {
                    out.add(new ChanceOutcome(s, 1.0 / scenarios.size()));
                }
                return out;
            }
            if (pending != null) {
                List<ChanceOutcome> out = new ArrayList<>();
                for (int s = 0; s < limits.seedsPerMessage(); s++) {
                    out.add(new ChanceOutcome(s, 1.0 / limits.seedsPerMessage()));
                }
                return out;
            }
            return List.of();
        }

        @Override
        public State child(int action) {
            if (scenario < 0) {
                if (action < 0 || action >= scenarios.size()) {
                    throw new IllegalArgumentException("no scenario " + action);
                }
                return new DialogueState(action, steps, null);
            }
            if (pending != null) {
                if (action < 0 || action >= limits.seedsPerMessage()) {
                    throw new IllegalArgumentException("no sampling seed " + action);
                }
                return speak(pending.player(), pending.action(), action);
            }
            int p = currentPlayer();
            if (p == TERMINAL) {
                throw new IllegalArgumentException("the dialogue is over");
            }
            if (!isLegal(action)) {
                throw new IllegalArgumentException("action " + action + " (" + actionLabel(action)
                        + ") is not legal for player " + p);
            }
            if (limits.seedsPerMessage() > 1) {
                return new DialogueState(scenario, steps, new Pending(p, action));
            }
            return speak(p, action, 0);
        }

        private boolean isLegal(int action) {
            for (int a : legalActions()) {
                if (a == action) {
                    return true;
                }
            }
            return false;
        }

        /** Plans, generates and performs the move; the engine replay of the child happens lazily. */
        private State speak(int player, int action, long seed) {
            Scenario sc = scenarios.get(scenario);
            Instruction instruction = instructionOf(action);
            String moveId = moveOf(action);
            Replay r = replay();
            LegalMove legal;
            synchronized (r.dialogue()) {
                legal = r.dialogue().legalMoves(participantIds.get(player)).stream()
                        .filter(m -> m.moveId().equals(moveId)).findFirst().orElseThrow();
            }
            List<Message> transcript = transcript();
            Map<String, String> content = domain.planner().plan(sc, player, transcript, moveId, instruction);
            Dcrs dcrs = DcrsFactory.request(sc, player, transcript, legal, content, instruction);
            Generation g = generate(dcrs, seed);
            String text = g.move().text();
            String target = legal.target() != null ? legal.target()
                    : legal.targets().isEmpty() ? null : legal.targets().get(0);
            Map<String, String> reply = new LinkedHashMap<>();
            for (String variable : legal.reply().keySet()) {
                reply.put(variable, text);
            }
            List<Step> next = new ArrayList<>(steps);
            next.add(new Step(new Message(player, moveId, content, text), instruction, target, reply));
            return new DialogueState(scenario, Collections.unmodifiableList(next), null);
        }

        private List<Message> transcript() {
            List<Message> t = new ArrayList<>(steps.size());
            for (Step s : steps) {
                t.add(s.message());
            }
            return t;
        }

        @Override
        public double[] returns() {
            if (currentPlayer() != TERMINAL) {
                return new double[numPlayers()];
            }
            double[] r = returns;
            if (r == null) {
                r = computeReturns();
                returns = r;
            }
            return r.clone();
        }

        private double[] computeReturns() {
            payoffEvaluations.incrementAndGet();
            Scenario sc = scenarios.get(scenario);
            List<Message> transcript = transcript();
            double[] r;
            if (rewardModel == null) {
                r = domain.scorer().score(sc, transcript);
            } else {
                List<String> names = new ArrayList<>();
                List<String> info = new ArrayList<>();
                List<FinishedDialogue.Turn> turns = new ArrayList<>();
                for (int p = 0; p < numPlayers(); p++) {
                    names.add(sc.player(p).role());
                    info.add(String.join("\n", sc.player(p).knowledge()));
                }
                for (Message m : transcript) {
                    turns.add(new FinishedDialogue.Turn(m.speaker(), m.text()));
                }
                Payoffs payoffs = rewardModel.score(new FinishedDialogue(names, info, turns));
                r = payoffs.values().stream().mapToDouble(Double::doubleValue).toArray();
            }
            double lo = domain.minPayoff();
            double hi = domain.maxPayoff();
            for (int p = 0; p < r.length; p++) {
                r[p] = Math.max(lo, Math.min(hi, r[p]));
            }
            return r;
        }

        @Override
        public String infoStateKey(int player) {
            StringBuilder sb = new StringBuilder(64 + steps.size() * 48);
            sb.append('P').append(player);
            if (scenario >= 0) {
                sb.append('|').append(scenarios.get(scenario).player(player).canonical());
            }
            for (Step s : steps) {
                Message m = s.message();
                sb.append("||").append(m.speaker()).append(':').append(m.moveId()).append(':').append(m.text());
                if (!m.content().isEmpty()) {
                    // The content is what was said (the offer, the day): public, and what payoffs depend on.
                    sb.append(" {").append(new java.util.TreeMap<>(m.content())).append('}');
                }
                if (m.speaker() == player) {
                    sb.append(" [").append(s.instruction().name()).append(']');
                }
            }
            if (pending != null && pending.player() == player) {
                sb.append("||pending:").append(actionLabel(pending.action()));
            }
            return sb.toString();
        }

        @Override
        public String actionLabel(int action) {
            if (scenario < 0) {
                return "scenario " + scenarios.get(action).id();
            }
            if (pending != null) {
                return "seed " + action;
            }
            return moveOf(action) + "/" + instructionOf(action).name();
        }

        @Override
        public String toString() {
            return "DialogueState[scenario=" + scenario + ", messages=" + steps.size() + "]";
        }
    }

    /**
     * One finished dialogue of {@link #playout}.
     *
     * @param scenario   the scenario played
     * @param transcript the public transcript
     * @param returns    each player's payoff
     */
    public record Playout(Scenario scenario, List<Message> transcript, double[] returns) {
        public Playout {
            Objects.requireNonNull(scenario, "scenario");
            transcript = List.copyOf(transcript);
            returns = returns.clone();
        }

        @Override
        public double[] returns() {
            return returns.clone();
        }
    }

    /**
     * Plays scenario {@code scenarioIndex} to the end with every player following one instruction throughout, as a
     * prompt-space strategy does: the move is the one the speaker picks by itself under its instruction
     * ({@link ContentPlanner#chooseMove}), or a uniform draw from {@code rng} among the legal moves when the planner
     * has no preference; the content is planned and the words generated as for any action of the game. With
     * {@code seedsPerMessage > 1} the sampling seed of every message is drawn from {@code rng} too.
     *
     * @param instructionPerPlayer one instruction per player, each in this game's instruction set
     */
    public Playout playout(int scenarioIndex, List<Instruction> instructionPerPlayer, Random rng) {
        if (scenarioIndex < 0 || scenarioIndex >= scenarios.size()) {
            throw new IllegalArgumentException("no scenario " + scenarioIndex + " (the game has "
                    + scenarios.size() + ")");
        }
        if (instructionPerPlayer.size() != numPlayers()) {
            throw new IllegalArgumentException("need one instruction per player (" + numPlayers() + "), got "
                    + instructionPerPlayer.size());
        }
        int[] index = new int[numPlayers()];
        for (int p = 0; p < index.length; p++) {
            index[p] = instructions.indexOf(instructionPerPlayer.get(p));
            if (index[p] < 0) {
                throw new IllegalArgumentException("instruction " + instructionPerPlayer.get(p).name()
                        + " is not in this game's instruction set " + instructions.stream().map(Instruction::name)
                        .toList());
            }
        }
        Scenario sc = scenarios.get(scenarioIndex);
        State s = initialState().child(scenarioIndex);
        while (!s.isTerminal()) {
            if (s.isChance()) {
                s = s.child(rng.nextInt(limits.seedsPerMessage()));
                continue;
            }
            DialogueState ds = (DialogueState) s;
            int player = ds.currentPlayer();
            List<String> legal = ds.replay().legal();
            Instruction instruction = instructions.get(index[player]);
            String moveId = domain.planner().chooseMove(sc, player, ds.transcript(), legal, instruction)
                    .filter(legal::contains)
                    .orElseGet(() -> legal.get(rng.nextInt(legal.size())));
            s = s.child(interactionIds.indexOf(moveId) * instructions.size() + index[player]);
        }
        return new Playout(sc, ((DialogueState) s).transcript(), s.returns());
    }

    /**
     * The unguided baseline as a per-slot policy of {@code tree} (compiled from this game): at every infoset the
     * instruction {@code any}, and the move an unguided speaker picks by itself ({@link ContentPlanner#chooseMove}),
     * or a uniform choice among the legal moves when the planner has no preference.
     */
    public double[] baselineSlots(dev.parley.game.GameTree tree) {
        double[] slots = new double[tree.numSlots()];
        boolean[] done = new boolean[tree.numInfosets()];
        int anyIndex = -1;
        for (int i = 0; i < instructions.size(); i++) {
            if (instructions.get(i).isBaseline()) {
                anyIndex = i;
            }
        }
        baselineWalk(tree, 0, initialState(), slots, done, anyIndex);
        return slots;
    }

    private void baselineWalk(dev.parley.game.GameTree tree, int node, State state, double[] slots, boolean[] done,
                              int anyIndex) {
        int player = tree.player(node);
        if (player == dev.parley.game.GameTree.TERMINAL) {
            return;
        }
        if (player >= 0 && !done[tree.infoset(node)]) {
            int is = tree.infoset(node);
            done[is] = true;
            DialogueState ds = (DialogueState) state;
            List<String> legal = ds.replay().legal();
            Optional<String> chosen = domain.planner().chooseMove(scenarios.get(ds.scenario), player,
                    ds.transcript(), legal, Instruction.ANY);
            int k = instructions.size();
            int start = tree.slotStart(is);
            for (int s = start; s < start + tree.actionCount(is); s++) {
                int action = tree.slotAction(s);
                boolean any = anyIndex < 0 || action % k == anyIndex;
                boolean move = chosen.isEmpty() || chosen.get().equals(moveOf(action));
                slots[s] = any && move ? 1.0 : 0.0;
            }
            double total = 0;
            for (int s = start; s < start + tree.actionCount(is); s++) {
                total += slots[s];
            }
            for (int s = start; s < start + tree.actionCount(is); s++) {
                slots[s] = total > 0 ? slots[s] / total : 1.0 / tree.actionCount(is);
            }
        }
        for (int c = tree.firstChild(node), end = c + tree.childCount(node); c < end; c++) {
            baselineWalk(tree, c, state.child(tree.action(c)), slots, done, anyIndex);
        }
    }

    private Generation generate(Dcrs dcrs, long seed) {
        generations.incrementAndGet();
        GenerationKey key = new GenerationKey(dcrs, seed);
        Generation cached = memo.get(key);
        if (cached != null) {
            memoHits.incrementAndGet();
            return cached;
        }
        Generation g = generator.generate(dcrs, seed);
        Generation raced = memo.putIfAbsent(key, g);
        return raced != null ? raced : g;
    }

    /** Builds the DCRS for one move. */
    static final class DcrsFactory {
        private DcrsFactory() {
        }

        static Dcrs request(Scenario scenario, int speaker, List<Message> transcript, LegalMove move,
                            Map<String, String> content, Instruction instruction) {
            PrivateInfo me = scenario.player(speaker);
            List<Dcrs.Utterance> history = new ArrayList<>();
            for (int i = 0; i < transcript.size(); i++) {
                Message m = transcript.get(i);
                String who = m.speaker() == speaker ? Dcrs.Utterance.SELF : scenario.player(m.speaker()).role();
                history.add(new Dcrs.Utterance(i - transcript.size(), who, m.moveId(), m.text()));
            }
            // The DCRS carries "the subset of the agent's knowledge that is relevant" (Snaith and Wells): once the
            // planner has turned the private information into what to say, that plan is the relevant subset; the
            // private lines themselves go only to moves without a plan.
            List<String> knowledge = new ArrayList<>();
            String plan = describe(content);
            if (!plan.isEmpty()) {
                knowledge.add(plan);
            } else {
                knowledge.addAll(me.knowledge());
            }
            Map<String, String> reply = new HashMap<>(move.reply());
            return new Dcrs(new Dcrs.Metadata("dcrs", Dcrs.VERSION_1_1), new Dcrs.History(history),
                    new Dcrs.Topic(scenario.topic(), stance(me.stance())),
                    new Dcrs.Response(move.moveId(), null, opener(move), List.of(), List.of(),
                            instruction.isBaseline() ? null : instruction.guidance(), reply),
                    new Dcrs.Knowledge("private", knowledge));
        }

        private static String opener(LegalMove move) {
            if (move.opener() != null && !move.opener().isBlank()) {
                return move.opener();
            }
            // No opener: the move's content variables make the scaffold ("$p").
            StringBuilder sb = new StringBuilder();
            for (String v : move.reply().keySet()) {
                sb.append(sb.length() == 0 ? "" : " ").append('$').append(v);
            }
            return sb.length() == 0 ? "$response" : sb.toString();
        }

        /** The planned content as a knowledge line: the domain's own summary if it gives one. */
        static String describe(Map<String, String> content) {
            if (content.isEmpty()) {
                return "";
            }
            String summary = content.get("summary");
            if (summary != null) {
                return summary;
            }
            StringBuilder sb = new StringBuilder("Plan:");
            content.entrySet().stream().sorted(Map.Entry.comparingByKey())
                    .forEach(e -> sb.append(' ').append(e.getKey()).append(" = ").append(e.getValue()).append(';'));
            return sb.toString();
        }

        private static Stance stance(String s) {
            if (s == null || s.isBlank()) {
                return Stance.NEUTRAL;
            }
            try {
                return Stance.parse(s.toLowerCase(Locale.ROOT));
            } catch (IllegalArgumentException e) {
                return Stance.NEUTRAL;
            }
        }
    }
}
