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
import dev.parley.llm.Payoffs;
import dev.parley.preface.Dcrs;
import dev.parley.preface.MoveDcrs;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;

/**
 * A dialogue as an extensive-form game (Gemp et al. 2024), on a formal protocol.
 *
 * <ul>
 *   <li>Chance first deals a {@link Scenario} (uniformly over the configured list); with
 *       {@code seedsPerMessage > 1} chance also picks the generator's sampling seed after every decision, as in
 *       OpenSpiel's chat games ({@code num_llm_seeds}).</li>
 *   <li>A decision's actions ({@link ActionCodec}) are the speaker's legal DGDL moves crossed with the instructions,
 *       or ({@link ActionSpace#INSTRUCTION}) the instructions alone, the speaker choosing its move itself.</li>
 *   <li>Choosing an action hands the move to the {@link MoveGenerator}: a language model (or offline the domain's
 *       planner and realiser) decides the move's content and words, which are verified ({@link MoveVerifier})
 *       before the move is performed on the protocol engine; the engine decides who speaks next and whether the
 *       dialogue ends. A child state's engine is its parent's plus one move ({@link Dialogue#copy()}).</li>
 *   <li>A player's information state holds its own private information, every message's move and verified content
 *       (and, under {@link Observation#WORDS}, its words) and its own past instructions: never another player's
 *       information or instructions.</li>
 *   <li>The dialogue ends when the protocol terminates, when nobody has a legal move, or after {@code maxReplies}
 *       messages. Payoffs come from the {@link RewardModel}: the exact scorer or an LLM judge.</li>
 * </ul>
 *
 * <p>Generations are memoised per (scenario, transcript, move, instruction, seed), so the game can be walked
 * repeatedly (by a tree builder, then by the tree compiler, or by a sampling solver that never builds the tree) while
 * each message is generated once, when a walk first reaches it: the game is generated lazily and its memory holds
 * what was visited. Transcripts are interned (a state knows its transcript by a small id, so memo keys do not copy
 * transcripts), payoffs are memoised per finished transcript (a judge scores each dialogue once), and information
 * state keys are built incrementally from the parent's. States are immutable and thread-safe.
 */
public final class DialogueGame implements Game {

    /**
     * The game's shape.
     *
     * @param maxReplies      the length limit in messages
     * @param seedsPerMessage sampling seeds chance chooses among after every decision (1: no such chance node)
     * @param actions         what a decision chooses
     * @param observe         what information states hold of the public messages
     */
    public record Settings(int maxReplies, int seedsPerMessage, ActionSpace actions, Observation observe) {
        public Settings {
            if (maxReplies < 1) {
                throw new IllegalArgumentException("maxReplies must be at least 1, got " + maxReplies);
            }
            if (seedsPerMessage < 1) {
                throw new IllegalArgumentException("seedsPerMessage must be at least 1, got " + seedsPerMessage);
            }
            Objects.requireNonNull(actions, "actions");
            Objects.requireNonNull(observe, "observe");
        }

        /** Move × instruction actions, words observed. */
        public static Settings of(int maxReplies, int seedsPerMessage) {
            return new Settings(maxReplies, seedsPerMessage, ActionSpace.MOVE_X_INSTRUCTION, Observation.WORDS);
        }
    }

    /**
     * What verification did: answers requested from the generator (memo hits excluded), answers refused, and the
     * refusals by {@link Rejection#kind()}.
     */
    public record Verification(long requested, long rejected, Map<String, Long> byReason) {
        public Verification {
            byReason = Collections.unmodifiableMap(new TreeMap<>(byReason));
        }
    }

    /** Counts of the work done: generations asked for, served from the memo, payoff evaluations, verification. */
    public record Account(long generations, long memoHits, long payoffEvaluations, Verification verification) { }

    /** One message with the instruction its speaker was given (private to the speaker). */
    public record Turn(Message message, Instruction instruction) { }

    private final Domain domain;
    private final Protocol protocol;
    private final List<Scenario> scenarios;
    private final ActionCodec codec;
    private final List<String> participantIds;
    private final MoveGenerator generator;
    private final RewardModel rewardModel;
    private final Settings settings;
    private final boolean replayEngine;

    private final Map<GenerationKey, Utterance> memo = new ConcurrentHashMap<>();
    private final Map<GenerationKey, String> chosenMoves = new ConcurrentHashMap<>();
    /** Interned transcripts: (parent transcript id, message) to the id of the transcript it extends. */
    private final Map<TranscriptStep, Integer> transcriptIds = new ConcurrentHashMap<>();
    private final AtomicInteger nextTranscriptId = new AtomicInteger(1);
    /** Payoffs per (scenario, transcript id) of a finished dialogue. */
    private final Map<Long, double[]> payoffMemo = new ConcurrentHashMap<>();
    private final AtomicLong generations = new AtomicLong();
    private final AtomicLong memoHits = new AtomicLong();
    private final AtomicLong payoffEvaluations = new AtomicLong();
    private final AtomicLong requested = new AtomicLong();
    private final AtomicLong rejected = new AtomicLong();
    private final Map<String, LongAdder> rejectedBy = new ConcurrentHashMap<>();

    /** {@code transcript} is an interned transcript id (0: no message yet). */
    private record GenerationKey(int scenario, int transcript, String moveId, String instruction, long seed) { }

    private record TranscriptStep(int parent, Message message) { }

    public DialogueGame(Domain domain, List<Scenario> scenarios, MoveGenerator generator, RewardModel rewardModel,
                        Settings settings) {
        this(domain, scenarios, domain.instructions(), generator, rewardModel, settings);
    }

    /**
     * A game whose instruction set is {@code instructions} instead of the domain's own: prompt-space PSRO plays
     * instructions the domain never listed (drawn from its lexicon, or proposed by a language model).
     *
     * @param instructions distinct by name, not empty
     */
    public DialogueGame(Domain domain, List<Scenario> scenarios, List<Instruction> instructions,
                        MoveGenerator generator, RewardModel rewardModel, Settings settings) {
        this(domain, scenarios, instructions, generator, rewardModel, settings, false);
    }

    private DialogueGame(Domain domain, List<Scenario> scenarios, List<Instruction> instructions,
                         MoveGenerator generator, RewardModel rewardModel, Settings settings, boolean replayEngine) {
        this.replayEngine = replayEngine;
        this.domain = Objects.requireNonNull(domain, "domain");
        this.protocol = domain.protocol();
        this.scenarios = List.copyOf(scenarios);
        if (this.scenarios.isEmpty()) {
            throw new IllegalArgumentException("a dialogue game needs at least one scenario");
        }
        List<Instruction> set = List.copyOf(instructions);
        if (set.isEmpty()) {
            throw new IllegalArgumentException("a dialogue game needs at least one instruction");
        }
        if (set.stream().map(Instruction::name).distinct().count() != set.size()) {
            throw new IllegalArgumentException("instruction names must be distinct: " + set);
        }
        this.settings = Objects.requireNonNull(settings, "settings");
        this.codec = new ActionCodec(protocol.interactions().stream().map(Protocol.Interaction::id).toList(), set,
                settings.actions());
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
        this.rewardModel = Objects.requireNonNull(rewardModel, "rewardModel: use RewardModel.exact(domain)");
    }

    /**
     * The same game built the way Parley built dialogue games before {@link Dialogue#copy()}: every state replays
     * the protocol engine from the first move instead of branching its parent's engine. Only for measuring the
     * difference side by side (JMH {@code DialogueBench}); the game and its tree are identical.
     */
    public static DialogueGame replayingEngine(Domain domain, List<Scenario> scenarios, Settings settings) {
        return new DialogueGame(domain, scenarios, domain.instructions(), new OfflineMoveGenerator(domain.content()),
                RewardModel.exact(domain), settings, true);
    }

    /** The offline game: the domain's planner and realiser generate, its exact scorer pays. */
    public static DialogueGame offline(Domain domain, List<Scenario> scenarios, Settings settings) {
        return new DialogueGame(domain, scenarios, new OfflineMoveGenerator(domain.content()),
                RewardModel.exact(domain), settings);
    }

    public Domain domain() {
        return domain;
    }

    public List<Scenario> scenarios() {
        return scenarios;
    }

    public List<Instruction> instructions() {
        return codec.instructions();
    }

    public ActionCodec codec() {
        return codec;
    }

    public Settings settings() {
        return settings;
    }

    public MoveGenerator generator() {
        return generator;
    }

    public RewardModel rewardModel() {
        return rewardModel;
    }

    /** What generated the words and what produced the payoffs, for reports. */
    public String backend() {
        return generator.backend() + " + " + rewardModel.backend();
    }

    /**
     * What the game holds in memory of its lazily generated tree: the distinct messages generated (the memo), the
     * distinct transcripts met, and the finished dialogues scored.
     */
    public record Visited(long messages, long transcripts, long scored) { }

    public Visited visited() {
        return new Visited(memo.size(), transcriptIds.size(), payoffMemo.size());
    }

    /**
     * Drops the memoised messages, moves, transcripts and payoffs. Once a tree is compiled its solver needs none of
     * them; a later walk of the game generates again (through the call cache, with a model).
     */
    public void releaseMemo() {
        memo.clear();
        chosenMoves.clear();
        transcriptIds.clear();
        payoffMemo.clear();
    }

    public Account account() {
        Map<String, Long> by = new TreeMap<>();
        rejectedBy.forEach((k, v) -> by.put(k, v.sum()));
        return new Account(generations.get(), memoHits.get(), payoffEvaluations.get(),
                new Verification(requested.get(), rejected.get(), by));
    }

    /** The public messages of a state of this game, oldest first (no instructions). */
    public List<Message> transcript(State state) {
        return ds(state).transcript();
    }

    /** The messages of a state with each speaker's instruction: what a reader of a solved game is shown. */
    public List<Turn> turns(State state) {
        List<Turn> out = new ArrayList<>();
        for (Step s : ds(state).steps) {
            out.add(new Turn(s.message(), s.instruction()));
        }
        return Collections.unmodifiableList(out);
    }

    /** The scenario of a state, or null at the root (before chance deals it). */
    public Scenario scenario(State state) {
        DialogueState d = ds(state);
        return d.scenario < 0 ? null : scenarios.get(d.scenario);
    }

    /** The index of a state's scenario in {@link #scenarios()}, or -1 at the root. */
    public int scenarioIndex(State state) {
        return ds(state).scenario;
    }

    /** The speaker's legal protocol moves at a decision state, in protocol order. */
    public List<String> legalMoves(State state) {
        DialogueState d = ds(state);
        if (d.scenario < 0 || d.pending != null || d.speaker == State.TERMINAL) {
            throw new IllegalArgumentException("not a decision state: " + state);
        }
        return d.legal;
    }

    /**
     * The move the speaker at a decision state would pick by itself under {@code instruction}: what the generator
     * (a model, or offline the planner) chooses when no solver picks the move (the baseline; prompt strategies).
     */
    public String ownMove(State state, Instruction instruction) {
        DialogueState d = ds(state);
        return d.chooseMove(d.speaker, instruction, 0);
    }

    private DialogueState ds(State state) {
        if (!(state instanceof DialogueState d) || d.game() != this) {
            throw new IllegalArgumentException("not a state of this dialogue game: " + state);
        }
        return d;
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
        return new DialogueState(-1, List.of(), null, null, 0, null);
    }

    @Override
    public double minUtility() {
        return domain.minPayoff();
    }

    @Override
    public double maxUtility() {
        return domain.maxPayoff();
    }

    /**
     * One performed step: public message plus the speaker's private instruction, with the message's canonical
     * content computed once (information-state keys are built from it many times).
     */
    private record Step(Message message, Instruction instruction, String canonicalContent) {
        Step(Message message, Instruction instruction) {
            this(message, instruction, Contents.canonical(message.content()));
        }
    }

    /** A decision taken whose message waits for chance to pick the sampling seed. */
    private record Pending(int player, int action) { }

    private Dialogue startDialogue() {
        List<Participant> participants = new ArrayList<>();
        List<String> players = domain.protocolPlayers();
        for (int p = 0; p < players.size(); p++) {
            participants.add(new Participant(participantIds.get(p), players.get(p)));
        }
        return Dialogue.start(protocol, participants);
    }

    private final class DialogueState implements State {
        private final int scenario;
        private final List<Step> steps;
        private final Pending pending;
        /** The engine after {@code steps}; never changed once the state exists (children work on copies). */
        private final Dialogue dialogue;
        private final int speaker;
        private final List<String> legal;
        /** The interned id of the transcript {@code steps}. */
        private final int transcriptId;
        /** Per player, its information-state key without a pending decision (built from the parent's). */
        private final String[] keys;
        private volatile double[] returns;

        DialogueState(int scenario, List<Step> steps, Pending pending, Dialogue dialogue, int transcriptId,
                      String[] keys) {
            this.scenario = scenario;
            this.steps = steps;
            this.pending = pending;
            this.dialogue = dialogue;
            this.transcriptId = transcriptId;
            this.keys = keys != null ? keys : rootKeys(scenario);
            if (dialogue == null) {
                speaker = State.CHANCE;
                legal = List.of();
                return;
            }
            int who = State.TERMINAL;
            List<String> moves = List.of();
            if (dialogue.status() == DialogueStatus.ACTIVE && steps.size() < settings.maxReplies()) {
                // the next speaker: the first player, starting after the last speaker, with a legal move
                int n = participantIds.size();
                int start = steps.isEmpty() ? 0 : (steps.get(steps.size() - 1).message().speaker() + 1) % n;
                for (int k = 0; k < n && who == State.TERMINAL; k++) {
                    int p = (start + k) % n;
                    List<String> ids = dialogue.legalMoveIds(participantIds.get(p));
                    if (!ids.isEmpty()) {
                        List<String> sorted = new ArrayList<>(ids);
                        sorted.sort((a, b) -> Integer.compare(codec.moves().indexOf(a), codec.moves().indexOf(b)));
                        who = p;
                        moves = List.copyOf(sorted);
                    }
                }
            }
            speaker = who;
            legal = moves;
        }

        DialogueGame game() {
            return DialogueGame.this;
        }

        @Override
        public int currentPlayer() {
            return scenario < 0 || pending != null ? CHANCE : speaker;
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
            int k = codec.instructions().size();
            if (settings.actions() == ActionSpace.INSTRUCTION) {
                int[] actions = new int[k];
                for (int i = 0; i < k; i++) {
                    actions[i] = codec.encode(0, i);
                }
                return actions;
            }
            int[] actions = new int[legal.size() * k];
            int i = 0;
            for (String moveId : legal) {
                int m = codec.moves().indexOf(moveId);
                for (int j = 0; j < k; j++) {
                    actions[i++] = codec.encode(m, j);
                }
            }
            return actions;
        }

        @Override
        public List<ChanceOutcome> chanceOutcomes() {
            int n = scenario < 0 ? scenarios.size() : pending != null ? settings.seedsPerMessage() : 0;
            List<ChanceOutcome> out = new ArrayList<>(n);
            for (int s = 0; s < n; s++) {
                out.add(new ChanceOutcome(s, 1.0 / n));
            }
            return out;
        }

        @Override
        public State child(int action) {
            if (scenario < 0) {
                if (action < 0 || action >= scenarios.size()) {
                    throw new IllegalArgumentException("no scenario " + action);
                }
                return new DialogueState(action, List.of(), null, startDialogue(), 0, null);
            }
            if (pending != null) {
                if (action < 0 || action >= settings.seedsPerMessage()) {
                    throw new IllegalArgumentException("no sampling seed " + action);
                }
                return speak(pending.player(), pending.action(), action);
            }
            int p = currentPlayer();
            if (p == TERMINAL) {
                throw new IllegalArgumentException("the dialogue is over");
            }
            if (!isLegal(action)) {
                throw new IllegalArgumentException("action " + action + " is not legal for player " + p);
            }
            if (settings.seedsPerMessage() > 1) {
                return new DialogueState(scenario, steps, new Pending(p, action), dialogue, transcriptId, keys);
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

        private MoveContext context(int player) {
            return new MoveContext(scenarios.get(scenario), player, transcript());
        }

        String chooseMove(int player, Instruction instruction, long seed) {
            if (legal.size() == 1) {
                return legal.get(0);
            }
            GenerationKey key = new GenerationKey(scenario, transcriptId, "", instruction.name(), seed);
            return chosenMoves.computeIfAbsent(key, k -> generator.chooseMove(context(player), legal, instruction,
                    dcrs(player, legal(player, legal.get(0)), instruction), seed));
        }

        private LegalMove legal(int player, String moveId) {
            synchronized (dialogue) {
                return dialogue.legalMoves(participantIds.get(player)).stream()
                        .filter(m -> m.moveId().equals(moveId)).findFirst()
                        .orElseThrow(() -> new IllegalStateException(moveId + " is not legal for player " + player));
            }
        }

        private Dcrs dcrs(int player, LegalMove move, Instruction instruction) {
            Scenario sc = scenarios.get(scenario);
            PrivateInfo me = sc.player(player);
            List<Dcrs.Utterance> history = new ArrayList<>(steps.size());
            for (int i = 0; i < steps.size(); i++) {
                Message m = steps.get(i).message();
                String who = m.speaker() == player ? Dcrs.Utterance.SELF : sc.player(m.speaker()).role();
                // the words, and the verified content they said: public, and what an answer must refer to
                String said = m.content().isEmpty() ? m.text() : m.text() + " " + Contents.canonical(m.content());
                history.add(new Dcrs.Utterance(i - steps.size(), who, m.moveId(), said));
            }
            return MoveDcrs.of(sc.topic(), me.stance(), history, move.moveId(), move.opener(), move.reply(),
                    instruction.isBaseline() ? null : instruction.guidance(), me.knowledge());
        }

        /** Generates, verifies and performs the move; the child's engine is this one's copy plus the move. */
        private State speak(int player, int action, long seed) {
            Instruction instruction = codec.instruction(action);
            String moveId = codec.move(action).orElseGet(() -> chooseMove(player, instruction, seed));
            LegalMove move = legal(player, moveId);
            MoveContext context = context(player);
            Utterance u = generate(new GenerationKey(scenario, transcriptId, moveId, instruction.name(),
                    seed), () -> new MoveRequest(context, move, instruction, dcrs(player, move, instruction),
                    domain.content().rules().schema(moveId, context)), seed);
            Dialogue next;
            if (replayEngine) {
                next = replay();
            } else {
                synchronized (dialogue) {
                    next = dialogue.copy();
                }
            }
            String target = target(move);
            MoveOutcome outcome = next.perform(participantIds.get(player), moveId, Contents.reply(u.content()),
                    target);
            if (!outcome.accepted()) {
                throw new IllegalStateException("the engine refused verified content for " + moveId + ": "
                        + outcome.reason());
            }
            List<Step> grown = new ArrayList<>(steps.size() + 1);
            grown.addAll(steps);
            Step step = new Step(new Message(player, moveId, u.content(), u.text()), instruction);
            grown.add(step);
            int id = transcriptIds.computeIfAbsent(new TranscriptStep(transcriptId, step.message()),
                    k -> nextTranscriptId.getAndIncrement());
            String[] childKeys = new String[keys.length];
            for (int p = 0; p < keys.length; p++) {
                childKeys[p] = keys[p] + keySuffix(step, p);
            }
            return new DialogueState(scenario, Collections.unmodifiableList(grown), null, next, id, childKeys);
        }

        /** The engine after this state's moves, rebuilt from the first move (the pre-copy way, for benchmarks). */
        private Dialogue replay() {
            Dialogue d = startDialogue();
            for (Step s : steps) {
                Message m = s.message();
                String pid = participantIds.get(m.speaker());
                LegalMove legal = d.legalMoves(pid).stream().filter(x -> x.moveId().equals(m.moveId())).findFirst()
                        .orElseThrow();
                if (!d.perform(pid, m.moveId(), Contents.reply(m.content()), target(legal)).accepted()) {
                    throw new IllegalStateException("replay of " + m.moveId() + " refused");
                }
            }
            return d;
        }

        List<Message> transcript() {
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
                // one score per finished dialogue, however many walks (or state objects) reach it
                r = payoffMemo.computeIfAbsent(((long) scenario << 32) | (transcriptId & 0xffffffffL), k -> {
                    payoffEvaluations.incrementAndGet();
                    Payoffs payoffs = rewardModel.score(scenarios.get(scenario), transcript());
                    double[] v = new double[numPlayers()];
                    for (int p = 0; p < v.length; p++) {
                        v[p] = Math.max(domain.minPayoff(), Math.min(domain.maxPayoff(), payoffs.of(p)));
                    }
                    return v;
                });
                returns = r;
            }
            return r.clone();
        }

        @Override
        public String infoStateKey(int player) {
            if (player < 0 || player >= keys.length) {
                throw new IllegalArgumentException("no player " + player);
            }
            if (pending != null && pending.player() == player) {
                return keys[player] + "||pending:" + codec.label(pending.action());
            }
            return keys[player];
        }

        @Override
        public String actionLabel(int action) {
            if (scenario < 0) {
                return "scenario " + scenarios.get(action).id();
            }
            if (pending != null) {
                return "seed " + action;
            }
            return codec.label(action);
        }

        @Override
        public String toString() {
            return "DialogueState[scenario=" + scenario + ", messages=" + steps.size() + "]";
        }
    }

    /** Each player's key before any message: its private information once the scenario is dealt. */
    private String[] rootKeys(int scenario) {
        String[] k = new String[participantIds.size()];
        for (int p = 0; p < k.length; p++) {
            k[p] = scenario >= 0 ? "P" + p + "|" + scenarios.get(scenario).player(p).canonical() : "P" + p;
        }
        return k;
    }

    /** What {@code player} observes of one step, as its key appends it. */
    private String keySuffix(Step s, int player) {
        Message m = s.message();
        StringBuilder sb = new StringBuilder(48);
        // the move and its verified content are what was said: public, and what payoffs depend on
        sb.append("||").append(m.speaker()).append(':').append(m.moveId()).append(' ').append(s.canonicalContent());
        if (settings.observe() == Observation.WORDS) {
            sb.append(" \"").append(m.text()).append('"');
        }
        if (m.speaker() == player) {
            sb.append(" [").append(s.instruction().name()).append(']');
        }
        return sb.toString();
    }

    private static String target(LegalMove move) {
        return move.target() != null ? move.target() : move.targets().isEmpty() ? null : move.targets().get(0);
    }

    private Utterance generate(GenerationKey key, java.util.function.Supplier<MoveRequest> request, long seed) {
        generations.incrementAndGet();
        Utterance cached = memo.get(key);
        if (cached != null) {
            memoHits.incrementAndGet();
            return cached;
        }
        requested.incrementAndGet();
        Utterance u;
        try {
            u = generator.generate(request.get(), seed);
        } catch (GenerationException e) {
            count(e.rejections());
            throw e;
        }
        count(u.rejections());
        Utterance raced = memo.putIfAbsent(key, u);
        return raced != null ? raced : u;
    }

    private void count(List<Rejection> rejections) {
        rejected.addAndGet(rejections.size());
        for (Rejection r : rejections) {
            rejectedBy.computeIfAbsent(r.kind(), k -> new LongAdder()).increment();
        }
    }
}
