package dev.parley.dialogue;

import dev.parley.dgdl.Protocol;
import dev.parley.engine.Dialogue;
import dev.parley.engine.Participant;
import dev.parley.game.Game;
import dev.parley.game.GameType;
import dev.parley.game.State;
import dev.parley.llm.Payoffs;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import java.util.function.Supplier;

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
 * <p>As in OpenSpiel, the game holds the rules and its {@link DialogueState}s the play. Generations are memoised
 * ({@link GenerationMemo}), so the game can be walked repeatedly (by a tree builder, then by the tree compiler, or by
 * a sampling solver that never builds the tree) while each message is generated once, when a walk first reaches it:
 * the game is generated lazily and its memory holds what was visited. Payoffs are memoised per finished transcript (a
 * judge scores each dialogue once), the work done is counted ({@link #account()}), and information-state keys are
 * built incrementally from the parent's. States are immutable and thread-safe.
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
     * refusals by {@link Rejection#kind()}; and the moves abandoned (every attempt refused: the dialogue ended
     * there), by the kind of their last refusal.
     */
    public record Verification(long requested, long rejected, Map<String, Long> byReason, long abandoned,
                               Map<String, Long> abandonedByReason) {
        public Verification {
            byReason = Collections.unmodifiableMap(new TreeMap<>(byReason));
            abandonedByReason = Collections.unmodifiableMap(new TreeMap<>(abandonedByReason));
        }

        /** No move abandoned. */
        public Verification(long requested, long rejected, Map<String, Long> byReason) {
            this(requested, rejected, byReason, 0, Map.of());
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
    private final EngineBranching branching;
    private final GenerationMemo memo;
    private final DialogueAccounting accounting = new DialogueAccounting();

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
        this(domain, scenarios, instructions, generator, rewardModel, settings, EngineBranching.COPY);
    }

    /**
     * A game whose states branch the protocol engine another way than by copying it (the game and its tree are the
     * same whichever way; the benchmarks measure what copying saves against replaying every move).
     */
    public DialogueGame(Domain domain, List<Scenario> scenarios, List<Instruction> instructions,
                        MoveGenerator generator, RewardModel rewardModel, Settings settings,
                        EngineBranching branching) {
        this(domain, scenarios, instructions, generator, rewardModel, settings, branching, Memo.ALL);
    }

    /**
     * What a game remembers of the messages and payoffs its walks generate. The game and its tree are the same
     * either way; only the cost of walking it again differs.
     */
    public enum Memo {
        /** Every message, chosen move, transcript and payoff: a state met again costs nothing (sampling solvers,
         *  a concurrent expansion before compiling, a model whose calls are slow). */
        ALL,
        /** Nothing: every walk generates again. For a game walked once (an offline tree compiled in one pass),
         *  where no message is met twice and remembering every one would cost more memory than the tree. */
        NONE
    }

    /** A game with the given memo; see {@link Memo}. */
    public DialogueGame(Domain domain, List<Scenario> scenarios, List<Instruction> instructions,
                        MoveGenerator generator, RewardModel rewardModel, Settings settings,
                        EngineBranching branching, Memo memo) {
        this.memo = new GenerationMemo(Objects.requireNonNull(memo, "memo"));
        this.branching = Objects.requireNonNull(branching, "branching");
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
     * The same game (domain, scenarios, instructions, generator, reward model, settings) as a new game with
     * {@code memo}: its own empty memo and its own account.
     */
    public DialogueGame withMemo(Memo memo) {
        return new DialogueGame(domain, scenarios, codec.instructions(), generator, rewardModel, settings, branching,
                memo);
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
        return memo.visited();
    }

    /**
     * Drops the memoised messages, moves, transcripts and payoffs. Once a tree is compiled its solver needs none of
     * them; a later walk of the game generates again (through the call cache, with a model).
     */
    public void releaseMemo() {
        memo.clear();
    }

    public Account account() {
        return accounting.snapshot();
    }

    /** The public messages of a state of this game, oldest first (no instructions). */
    public List<Message> transcript(State state) {
        return ds(state).transcript();
    }

    /** The messages of a state with each speaker's instruction: what a reader of a solved game is shown. */
    public List<Turn> turns(State state) {
        List<Turn> out = new ArrayList<>();
        for (DialogueState.Step s : ds(state).steps) {
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
        if (!d.isDecision()) {
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
        return new DialogueState(this);
    }

    @Override
    public double minUtility() {
        return domain.minPayoff();
    }

    @Override
    public double maxUtility() {
        return domain.maxPayoff();
    }

    /** A fresh engine for one dialogue: participant i is the domain's protocol player i. */
    Dialogue startDialogue() {
        List<Participant> participants = new ArrayList<>();
        List<String> players = domain.protocolPlayers();
        for (int p = 0; p < players.size(); p++) {
            participants.add(new Participant(participantIds.get(p), players.get(p)));
        }
        return Dialogue.start(protocol, participants);
    }

    /** Each player's key before any message: its private information once the scenario is dealt. */
    String[] rootKeys(int scenario) {
        String[] k = new String[participantIds.size()];
        for (int p = 0; p < k.length; p++) {
            k[p] = scenario >= 0 ? "P" + p + "|" + scenarios.get(scenario).player(p).canonical() : "P" + p;
        }
        return k;
    }

    /** What {@code player} observes of one step, as its key appends it. */
    String keySuffix(DialogueState.Step s, int player) {
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

    String participantId(int player) {
        return participantIds.get(player);
    }

    EngineBranching branching() {
        return branching;
    }

    GenerationMemo memo() {
        return memo;
    }

    /** The payoffs of a finished dialogue, scored once per transcript and clamped to the domain's range. */
    double[] score(int scenario, int transcriptId, Supplier<List<Message>> transcript) {
        return memo.payoffs(scenario, transcriptId, () -> {
            accounting.payoffEvaluation();
            Payoffs payoffs = rewardModel.score(scenarios.get(scenario), transcript.get());
            double[] v = new double[numPlayers()];
            for (int p = 0; p < v.length; p++) {
                v[p] = Math.max(domain.minPayoff(), Math.min(domain.maxPayoff(), payoffs.of(p)));
            }
            return v;
        });
    }

    /**
     * Why the dialogue of {@code state} ended early: the move its last speaker was to make was refused on every
     * attempt (the reason of the last refusal); empty for every other state.
     */
    public java.util.Optional<Rejection> abandoned(State state) {
        if (!(state instanceof DialogueState d) || d.game() != this) {
            throw new IllegalArgumentException("not a state of this game: " + state);
        }
        return java.util.Optional.ofNullable(d.abandoned);
    }

    /** The message a decision generates, from the memo when a walk met it before. */
    Utterance generate(GenerationMemo.Key key, Supplier<MoveRequest> request, long seed) {
        accounting.generation();
        Utterance cached = memo.utterance(key);
        if (cached != null) {
            accounting.memoHit();
            return cached;
        }
        GenerationException failed = memo.failure(key);
        if (failed != null) {
            accounting.memoHit();
            throw failed;
        }
        accounting.request();
        Utterance u;
        try {
            u = generator.generate(request.get(), seed);
        } catch (GenerationException e) {
            accounting.rejections(e.rejections());
            GenerationException first = memo.fail(key, e);
            if (first == e) {
                accounting.abandoned(e.rejections());
            }
            throw first;
        }
        accounting.rejections(u.rejections());
        return memo.remember(key, u);
    }
}
