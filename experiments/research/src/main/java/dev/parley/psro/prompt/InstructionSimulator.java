package dev.parley.psro.prompt;

import dev.parley.dialogue.DialogueGame;
import dev.parley.dialogue.Domain;
import dev.parley.dialogue.Instruction;
import dev.parley.dialogue.Scenario;
import dev.parley.llm.BoundedExecutor;
import dev.parley.nfg.RunningMoments;
import dev.parley.dialogue.RewardModel;
import dev.parley.dialogue.MoveGenerator;
import dev.parley.psro.Evaluation;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Random;
import java.util.SplittableRandom;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Estimates a prompt-space meta-game entry: what each player gets when each follows one instruction for the whole
 * dialogue. It plays {@code playoutsPerScenario} dialogues of every scenario ({@link Playouts#play}) on a
 * dialogue game whose instruction set is the instructions in play, and reports the mean, the standard error and the
 * number of dialogues.
 *
 * <p>Playout {@code k} of scenario {@code s} draws its random choices (sampling seeds) from a source
 * seeded by (seed, s, k) alone, the same for every profile: common random numbers, so that two instructions are
 * compared on the same dialogues' chances. An estimate is therefore a function of the profile, and is memoised: the
 * oracle's evaluation of a candidate against a population member is the meta-game entry it becomes if chosen.
 * Thread-safe.
 */
public final class InstructionSimulator {

    private final Domain domain;
    private final List<Scenario> scenarios;
    private final MoveGenerator generator;
    private final RewardModel rewardModel;
    private final DialogueGame.Settings settings;
    private final int playoutsPerScenario;
    private final long seed;
    private final BoundedExecutor executor;

    private final Map<List<Instruction>, DialogueGame> games = new ConcurrentHashMap<>();
    private final Map<List<Instruction>, Evaluation> estimates = new ConcurrentHashMap<>();
    private final AtomicLong playouts = new AtomicLong();

    /**
     * @param rewardModel the exact scorer ({@link RewardModel#exact}) or an LLM judge
     * @param executor    plays a profile's dialogues concurrently (language-model runs), or {@code null} to play
     *                    them one after the other
     */
    public InstructionSimulator(Domain domain, List<Scenario> scenarios, MoveGenerator generator,
                                RewardModel rewardModel, DialogueGame.Settings settings, int playoutsPerScenario,
                                long seed, BoundedExecutor executor) {
        this.domain = Objects.requireNonNull(domain, "domain");
        this.scenarios = List.copyOf(scenarios);
        if (this.scenarios.isEmpty()) {
            throw new IllegalArgumentException("need at least one scenario");
        }
        if (playoutsPerScenario < 1) {
            throw new IllegalArgumentException("need at least one playout per scenario, got " + playoutsPerScenario);
        }
        this.generator = Objects.requireNonNull(generator, "generator");
        this.rewardModel = Objects.requireNonNull(rewardModel, "rewardModel");
        this.settings = Objects.requireNonNull(settings, "settings");
        this.playoutsPerScenario = playoutsPerScenario;
        this.seed = seed;
        this.executor = executor;
    }

    public Domain domain() {
        return domain;
    }

    public List<Scenario> scenarios() {
        return scenarios;
    }

    /** Verification over every game played so far: answers requested, refused, refusals by reason. */
    public DialogueGame.Verification verification() {
        long requested = 0;
        long rejected = 0;
        long abandoned = 0;
        Map<String, Long> by = new java.util.TreeMap<>();
        Map<String, Long> gaveUp = new java.util.TreeMap<>();
        for (DialogueGame g : games.values()) {
            DialogueGame.Verification v = g.account().verification();
            requested += v.requested();
            rejected += v.rejected();
            abandoned += v.abandoned();
            v.byReason().forEach((k, n) -> by.merge(k, n, Long::sum));
            v.abandonedByReason().forEach((k, n) -> gaveUp.merge(k, n, Long::sum));
        }
        return new DialogueGame.Verification(requested, rejected, by, abandoned, gaveUp);
    }

    /** Dialogues played so far (memoised estimates are not played again). */
    public long playouts() {
        return playouts.get();
    }

    /** Dialogues behind one estimate. */
    public int samplesPerProfile() {
        return scenarios.size() * playoutsPerScenario;
    }

    /** What generates the words and the payoffs, for reports. */
    public String backend() {
        return generator.backend() + " + " + rewardModel.backend();
    }

    /** The estimate of one profile (one instruction per player), played on first request. */
    public Evaluation evaluate(List<Instruction> profile) {
        List<Instruction> key = List.copyOf(profile);
        Evaluation e = estimates.get(key);
        if (e == null) {
            e = simulate(key);
            Evaluation raced = estimates.putIfAbsent(key, e);
            e = raced != null ? raced : e;
        }
        return e;
    }

    /** Whether {@link #evaluate} would answer without playing. */
    public boolean isEstimated(List<Instruction> profile) {
        return estimates.containsKey(List.copyOf(profile));
    }

    private Evaluation simulate(List<Instruction> profile) {
        DialogueGame game = gameFor(profile);
        if (profile.size() != game.numPlayers()) {
            throw new IllegalArgumentException("need one instruction per player (" + game.numPlayers() + "), got "
                    + profile.size());
        }
        List<int[]> jobs = new ArrayList<>();
        for (int s = 0; s < scenarios.size(); s++) {
            for (int k = 0; k < playoutsPerScenario; k++) {
                jobs.add(new int[] {s, k});
            }
        }
        List<double[]> returns = executor == null
                ? jobs.stream().map(j -> play(game, profile, j)).toList()
                : executor.map(jobs, j -> play(game, profile, j));
        RunningMoments moments = new RunningMoments(game.numPlayers());
        for (double[] r : returns) {
            moments.add(r);
        }
        return new Evaluation(moments.means(), moments.standardErrors(), moments.count());
    }

    private double[] play(DialogueGame game, List<Instruction> profile, int[] job) {
        playouts.incrementAndGet();
        return Playouts.play(game, job[0], profile, random(job[0], job[1])).returns();
    }

    /** The random source of playout {@code k} of scenario {@code s}: the same for every profile. */
    Random random(int s, int k) {
        long mixed = seed * 0x9E3779B97F4A7C15L + (s + 1) * 0xC2B2AE3D27D4EB4FL + (k + 1) * 0x165667B19E3779F9L;
        return new Random(new SplittableRandom(mixed).nextLong());
    }

    /** One game per set of instructions in play, so that the game's message memo serves every profile of it. */
    private DialogueGame gameFor(List<Instruction> profile) {
        List<Instruction> set = profile.stream().distinct().sorted(Comparator.comparing(Instruction::name)).toList();
        return games.computeIfAbsent(set, k -> new DialogueGame(domain, scenarios, k, generator, rewardModel,
                settings));
    }
}
