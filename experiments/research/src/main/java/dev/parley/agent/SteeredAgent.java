package dev.parley.agent;

import dev.parley.dialogue.Contents;
import dev.parley.dialogue.DialogueGame;
import dev.parley.dialogue.Message;
import dev.parley.game.State;
import dev.parley.game.TabularPolicy;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.SplittableRandom;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * An agent that takes part in a served dialogue as the solver says: it joins, waits for its turn, finds where the
 * dialogue stands in the domain's game ({@link GameTracker}), draws a move × instruction from its policy at that
 * information state, has the game's generator decide the move's verified content and words ({@code MoveGenerator}),
 * and performs the move over HTTP. It stops when the game ends (the protocol terminated, or the game's length limit
 * was reached) or the served dialogue stops accepting moves.
 */
public final class SteeredAgent {

    private static final Logger LOG = LoggerFactory.getLogger(SteeredAgent.class);

    /** One choice: the probabilities of every legal action at the information state, and what was drawn. */
    public record Decision(int transcriptIndex, int action, Map<String, Double> probabilities, String chosen,
                           String moveId, String instruction, String text) {
    }

    /**
     * How the agent's dialogue ended.
     *
     * @param payoffs  every player's payoff at the game's end (the domain's exact scorer), or null if the served
     *                 dialogue stopped before the game ended
     * @param brokeOff null, or why the agent broke off: the action it drew has no words in the game (the game's
     *                 generator, a real model, had every attempt at them refused), which in the game ends the
     *                 dialogue where it stands; the payoffs are then those of the transcript so far
     */
    public record Outcome(String label, String player, List<Decision> decisions, List<DgepClient.Said> transcript,
                          double[] payoffs, String brokeOff) {

        public Outcome(String label, String player, List<Decision> decisions, List<DgepClient.Said> transcript,
                       double[] payoffs) {
            this(label, player, decisions, transcript, payoffs, null);
        }
    }

    /**
     * Where an agent stands, for resuming it after a restart: the game action it chose at each transcript index
     * (so the tracker places its own moves exactly, as it did before) and how many draws it has made from its
     * random stream (so the draws after a restart are the ones it would have made).
     */
    public record Progress(Map<Integer, Integer> actions, int draws, String brokeOff) {
        public static final Progress START = new Progress(Map.of(), 0);

        public Progress {
            actions = Map.copyOf(actions);
        }

        public Progress(Map<Integer, Integer> actions, int draws) {
            this(actions, draws, null);
        }
    }

    private final DgepClient client;
    private final DialogueGame game;
    private final TabularPolicy policy;
    private final int scenario;
    private final SplittableRandom random;
    private final Duration poll;
    private final Duration timeout;
    private final String label;
    private final WordingMatcher matcher;

    /**
     * @param scenario the index, in the game's scenarios, of the deal whose private information this agent holds
     * @param label    a name for logs ("steered", "baseline")
     */
    public SteeredAgent(DgepClient client, DialogueGame game, TabularPolicy policy, int scenario, long seed,
                        Duration poll, Duration timeout, String label) {
        this(client, game, policy, scenario, seed, poll, timeout, label, WordingMatcher.EXACT);
    }

    /** @param matcher how served words are compared with the game's, to locate another player's free-text move */
    public SteeredAgent(DgepClient client, DialogueGame game, TabularPolicy policy, int scenario, long seed,
                        Duration poll, Duration timeout, String label, WordingMatcher matcher) {
        if (scenario < 0 || scenario >= game.scenarios().size()) {
            throw new IllegalArgumentException("scenario " + scenario + " is not one of the game's "
                    + game.scenarios().size());
        }
        this.client = client;
        this.game = game;
        this.policy = policy;
        this.scenario = scenario;
        this.random = new SplittableRandom(seed);
        this.poll = poll;
        this.timeout = timeout;
        this.label = label;
        this.matcher = matcher;
    }

    /** Joins {@code dialogueId} as {@code role} and plays until the game or the dialogue ends. */
    public Outcome play(String dialogueId, String role) {
        return play(dialogueId, client.join(dialogueId, role));
    }

    /** Plays the seat already {@code joined} (taken before the game was ready, say) until the game or dialogue ends. */
    public Outcome play(String dialogueId, DgepClient.Joined joined) {
        return play(dialogueId, joined, Progress.START, p -> { });
    }

    /**
     * Plays the seat already {@code joined} from {@code from} (where an earlier run of this agent stopped), telling
     * {@code onMove} where it stands after each move the server accepted, so that the caller can keep it.
     */
    public Outcome play(String dialogueId, DgepClient.Joined joined, Progress from,
                        java.util.function.Consumer<Progress> onMove) {
        for (int k = 0; k < from.draws(); k++) {
            random.nextDouble();
        }
        int draws = from.draws();
        int me = game.domain().protocolPlayers().indexOf(joined.protocolPlayer());
        if (me < 0) {
            throw new AgentException("seat " + joined.player() + " is player " + joined.protocolPlayer()
                    + ", which is not a player of the " + game.domain().name() + " game "
                    + game.domain().protocolPlayers());
        }
        LOG.info("{}: joined dialogue {} as {} (game player {})", label, dialogueId, joined.player(), me);
        if (from.brokeOff() != null) {
            // it broke off before a restart: the game ended there, and a new draw must not take it back
            List<DgepClient.Said> transcript = client.transcript(dialogueId);
            LOG.info("{}: it broke off in dialogue {} before ({})", label, dialogueId, from.brokeOff());
            return new Outcome(label, joined.player(), List.of(), transcript, null, from.brokeOff());
        }
        GameTracker tracker = new GameTracker(game, me, scenario, matcher);
        Map<Integer, Integer> myActions = new HashMap<>(from.actions());
        List<Decision> decisions = new ArrayList<>();
        long deadline = System.nanoTime() + timeout.toNanos();
        while (true) {
            List<DgepClient.Said> transcript = client.transcript(dialogueId);
            GameTracker.Location location = tracker.locate(transcript, myActions);
            State state = location.state();
            if (location.maxDistance() > 0) {
                LOG.info("{}: located the dialogue by the nearest wording (largest distance {}, approximated"
                        + " content at {})", label, String.format(Locale.ROOT, "%.3f", location.maxDistance()),
                        location.approximated());
            }
            if (state.isTerminal()) {
                LOG.info("{}: the game is over after {} messages", label, transcript.size());
                return new Outcome(label, joined.player(), decisions, transcript, state.returns());
            }
            if (!client.active(dialogueId)) {
                LOG.info("{}: the dialogue stopped accepting moves", label);
                return new Outcome(label, joined.player(), decisions, transcript, null);
            }
            List<DgepClient.ServedMove> served = state.currentPlayer() == me
                    ? client.moves(dialogueId, joined.participantId()) : List.of();
            if (served.isEmpty()) {
                if (System.nanoTime() > deadline) {
                    throw new AgentException(label + ": waited " + timeout.toSeconds() + " s for a turn");
                }
                sleep();
                continue;
            }
            int[] legal = state.legalActions();
            double[] p = policy.actionProbabilities(state.infoStateKey(me), legal);
            int action = legal[draw(p)];
            draws++;
            Map<String, Double> shown = labelled(state, legal, p);
            State child = state.child(action);
            Optional<String> noWords = noWords(state, action, child);
            if (noWords.isPresent()) {
                String why = noWords.get();
                onMove.accept(new Progress(myActions, draws, why));
                LOG.info("{}: broke off at {}: {} -> {}: {}", label, joined.player(), format(shown),
                        state.actionLabel(action), why);
                return new Outcome(label, joined.player(), decisions, transcript, child.returns(), why);
            }
            List<Message> after = game.transcript(child);
            Message message = after.get(after.size() - 1);
            Optional<DgepClient.Said> sent = send(dialogueId, joined, served, message);
            if (sent.isEmpty()) {
                continue;
            }
            DgepClient.Said said = sent.get();
            myActions.put(said.index(), action);
            onMove.accept(new Progress(myActions, draws));
            Decision d = new Decision(said.index(), action, shown, state.actionLabel(action), message.moveId(),
                    game.codec().instruction(action).name(), message.text());
            decisions.add(d);
            LOG.info("{}: move {} at {}: {} -> {} \"{}\"", label, said.index(), joined.player(), format(shown),
                    d.chosen(), d.text());
        }
    }

    /**
     * Why the game has no words for {@code action}, if it has none: every attempt the generator made was refused, and
     * in the game that ends the dialogue here, scored on what was said so far. The agent then says nothing more.
     */
    private Optional<String> noWords(State state, int action, State child) {
        return game.abandoned(child).map(a -> state.actionLabel(action) + " has no words in the game (" + a.kind()
                + ": " + a.detail() + ")");
    }

    /** The policy at a decision by action label, in the order of the legal actions, for the log and the report. */
    private static Map<String, Double> labelled(State state, int[] legal, double[] p) {
        Map<String, Double> shown = new LinkedHashMap<>();
        for (int k = 0; k < legal.length; k++) {
            shown.put(state.actionLabel(legal[k]), p[k]);
        }
        return shown;
    }

    private int draw(double[] p) {
        double u = random.nextDouble();
        double acc = 0;
        for (int k = 0; k < p.length; k++) {
            acc += p[k];
            if (u < acc) {
                return k;
            }
        }
        // rounding: the last action with positive probability
        for (int k = p.length - 1; k >= 0; k--) {
            if (p[k] > 0) {
                return k;
            }
        }
        return p.length - 1;
    }

    static String format(Map<String, Double> probabilities) {
        StringBuilder sb = new StringBuilder("{");
        probabilities.forEach((a, q) -> {
            if (q > 0) {
                sb.append(sb.length() > 1 ? ", " : "").append(a).append('=')
                        .append(String.format(Locale.ROOT, "%.3f", q));
            }
        });
        return sb.append('}').toString();
    }

    /**
     * Makes {@code message}, the game's choice, as the server offers it: its verified content goes into the move's
     * content variables (values the protocol fixes stay). Empty when the server refused it as out of turn (409), so
     * the caller looks again.
     */
    private Optional<DgepClient.Said> send(String dialogueId, DgepClient.Joined joined,
                                           List<DgepClient.ServedMove> served, Message message) {
        DgepClient.ServedMove move = served.stream().filter(m -> m.moveId().equals(message.moveId())).findFirst()
                .orElseThrow(() -> new AgentException(label + ": the game chose " + message.moveId()
                        + " but the server offers " + served.stream().map(DgepClient.ServedMove::moveId).toList()));
        Map<String, String> content = Contents.reply(message.content());
        Map<String, String> reply = new LinkedHashMap<>();
        move.reply().forEach((k, v) -> reply.put(k, v.startsWith("$") ? content.getOrDefault(k, v) : v));
        String target = move.target() != null ? move.target()
                : move.targets().isEmpty() ? null : move.targets().get(0);
        try {
            return Optional.of(client.interact(dialogueId, joined.participantId(), move.moveId(), reply, target,
                    message.text()));
        } catch (AgentException e) {
            if (e.status() == 409) {
                LOG.info("{}: move refused ({}); looking again", label, e.getMessage());
                return Optional.empty();
            }
            throw e;
        }
    }

    private void sleep() {
        try {
            Thread.sleep(poll.toMillis());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AgentException(label + ": interrupted");
        }
    }
}
