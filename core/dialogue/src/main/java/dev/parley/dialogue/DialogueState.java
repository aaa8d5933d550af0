package dev.parley.dialogue;

import dev.parley.engine.Dialogue;
import dev.parley.engine.DialogueStatus;
import dev.parley.engine.LegalMove;
import dev.parley.engine.MoveOutcome;
import dev.parley.game.ChanceOutcome;
import dev.parley.game.State;
import dev.parley.preface.Dcrs;
import dev.parley.preface.MoveDcrs;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * A state of a {@link DialogueGame}: the dealt scenario, the messages so far with each speaker's instruction, the
 * protocol engine after them, and each player's information-state key. Immutable: a child is a new state whose
 * engine is this one's branched by one move ({@link EngineBranching}). The root is chance dealing the scenario;
 * with {@code seedsPerMessage > 1} a decision first makes a pending state where chance picks the sampling seed.
 */
final class DialogueState implements State {

    /**
     * One performed step: public message plus the speaker's private instruction, with the message's canonical
     * content computed once (information-state keys are built from it many times).
     */
    record Step(Message message, Instruction instruction, String canonicalContent) {
        Step(Message message, Instruction instruction) {
            this(message, instruction, Contents.canonical(message.content()));
        }
    }

    /** A decision taken whose message waits for chance to pick the sampling seed. */
    record Pending(int player, int action) { }

    private final DialogueGame game;
    final int scenario;
    final List<Step> steps;
    private final Pending pending;
    /** The engine after {@code steps}; never changed once the state exists (children work on copies). */
    private final Dialogue dialogue;
    final int speaker;
    final List<String> legal;
    /** The interned id of the transcript {@code steps}. */
    private final int transcriptId;
    /** Per player, its information-state key without a pending decision (built from the parent's). */
    private final String[] keys;
    private volatile double[] returns;
    /**
     * Why the dialogue ended before its protocol did: the move its speaker was to make next was refused on every
     * attempt (null otherwise). Such a state is terminal, scored on the messages said before it.
     */
    final Rejection abandoned;

    /** The root: chance is about to deal the scenario. */
    DialogueState(DialogueGame game) {
        this(game, -1, List.of(), null, null, 0, null, null);
    }

    private DialogueState(DialogueGame game, int scenario, List<Step> steps, Pending pending, Dialogue dialogue,
                          int transcriptId, String[] keys) {
        this(game, scenario, steps, pending, dialogue, transcriptId, keys, null);
    }

    private DialogueState(DialogueGame game, int scenario, List<Step> steps, Pending pending, Dialogue dialogue,
                          int transcriptId, String[] keys, Rejection abandoned) {
        this.game = game;
        this.abandoned = abandoned;
        this.scenario = scenario;
        this.steps = steps;
        this.pending = pending;
        this.dialogue = dialogue;
        this.transcriptId = transcriptId;
        this.keys = keys != null ? keys : game.rootKeys(scenario);
        if (dialogue == null) {
            speaker = State.CHANCE;
            legal = List.of();
            return;
        }
        int who = State.TERMINAL;
        List<String> moves = List.of();
        if (abandoned == null && dialogue.status() == DialogueStatus.ACTIVE
                && steps.size() < game.settings().maxReplies()) {
            // the next speaker: the first player, starting after the last speaker, with a legal move
            int n = game.numPlayers();
            int start = steps.isEmpty() ? 0 : (steps.get(steps.size() - 1).message().speaker() + 1) % n;
            List<String> order = game.codec().moves();
            for (int k = 0; k < n && who == State.TERMINAL; k++) {
                int p = (start + k) % n;
                List<String> ids = dialogue.legalMoveIds(game.participantId(p));
                if (!ids.isEmpty()) {
                    List<String> sorted = new ArrayList<>(ids);
                    sorted.sort((a, b) -> Integer.compare(order.indexOf(a), order.indexOf(b)));
                    who = p;
                    moves = List.copyOf(sorted);
                }
            }
        }
        speaker = who;
        legal = moves;
    }

    DialogueGame game() {
        return game;
    }

    /** Whether this is a decision state (a speaker chooses; no chance node pending, not terminal). */
    boolean isDecision() {
        return scenario >= 0 && pending == null && speaker != State.TERMINAL;
    }

    @Override
    public int currentPlayer() {
        return scenario < 0 || pending != null ? CHANCE : speaker;
    }

    @Override
    public int[] legalActions() {
        return legalActionsOr(this::playerActions);
    }

    /** Every instruction, or every legal move with every instruction, encoded. */
    private int[] playerActions() {
        ActionCodec codec = game.codec();
        int k = codec.instructions().size();
        if (game.settings().actions() == ActionSpace.INSTRUCTION) {
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
        int n = scenario < 0 ? game.scenarios().size() : pending != null ? game.settings().seedsPerMessage() : 0;
        List<ChanceOutcome> out = new ArrayList<>(n);
        for (int s = 0; s < n; s++) {
            out.add(new ChanceOutcome(s, 1.0 / n));
        }
        return out;
    }

    @Override
    public State child(int action) {
        if (scenario < 0) {
            if (action < 0 || action >= game.scenarios().size()) {
                throw new IllegalArgumentException("no scenario " + action);
            }
            return new DialogueState(game, action, List.of(), null, game.startDialogue(), 0, null);
        }
        if (pending != null) {
            if (action < 0 || action >= game.settings().seedsPerMessage()) {
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
        if (game.settings().seedsPerMessage() > 1) {
            return new DialogueState(game, scenario, steps, new Pending(p, action), dialogue, transcriptId, keys);
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
        return new MoveContext(game.scenarios().get(scenario), player, transcript());
    }

    String chooseMove(int player, Instruction instruction, long seed) {
        if (legal.size() == 1) {
            return legal.get(0);
        }
        GenerationMemo.Key key = new GenerationMemo.Key(scenario, transcriptId, "", instruction.name(), seed);
        return game.memo().move(key, () -> game.generator().chooseMove(context(player), legal, instruction,
                dcrs(player, legal(player, legal.get(0)), instruction), seed));
    }

    private LegalMove legal(int player, String moveId) {
        synchronized (dialogue) {
            return dialogue.legalMoves(game.participantId(player)).stream()
                    .filter(m -> m.moveId().equals(moveId)).findFirst()
                    .orElseThrow(() -> new IllegalStateException(moveId + " is not legal for player " + player));
        }
    }

    private Dcrs dcrs(int player, LegalMove move, Instruction instruction) {
        Scenario sc = game.scenarios().get(scenario);
        PrivateInfo me = sc.player(player);
        List<Dcrs.Utterance> history = new ArrayList<>(steps.size());
        for (int i = 0; i < steps.size(); i++) {
            Step step = steps.get(i);
            Message m = step.message();
            String who = m.speaker() == player ? Dcrs.Utterance.SELF : sc.player(m.speaker()).role();
            // the words, and the verified content they said: public, and what an answer must refer to (its canonical
            // text was written once, with the step: writing it again here for every later message was a tenth of an
            // offline tree's build)
            String said = m.content().isEmpty() ? m.text() : m.text() + " " + step.canonicalContent();
            history.add(new Dcrs.Utterance(i - steps.size(), who, m.moveId(), said));
        }
        return MoveDcrs.of(sc.topic(), me.stance(), history, move.moveId(), move.opener(), move.reply(),
                instruction.isBaseline() ? null : instruction.guidance(), me.knowledge());
    }

    /**
     * Generates, verifies and performs the move; the child's engine is this one's branched by the move. A move whose
     * every attempt was refused ends the dialogue: the child is terminal, holds no new message and is scored on what
     * was said before (the speaker broke off, as a negotiator who cannot state an acceptable offer walks away). The
     * run goes on, and the abandoned moves are counted by reason ({@link DialogueGame.Verification#abandoned()}).
     */
    private State speak(int player, int action, long seed) {
        ActionCodec codec = game.codec();
        Instruction instruction = codec.instruction(action);
        String moveId;
        Utterance u;
        LegalMove move;
        try {
            moveId = codec.move(action).orElseGet(() -> chooseMove(player, instruction, seed));
            move = legal(player, moveId);
            MoveContext context = context(player);
            u = game.generate(new GenerationMemo.Key(scenario, transcriptId, moveId, instruction.name(), seed),
                    () -> new MoveRequest(context, move, instruction, dcrs(player, move, instruction),
                            game.domain().content().rules().schema(moveId, context)), seed);
        } catch (GenerationException e) {
            List<Rejection> r = e.rejections();
            Rejection last = r.isEmpty() ? new Rejection(Rejection.PROTOCOL, e.getMessage()) : r.get(r.size() - 1);
            String[] childKeys = new String[keys.length];
            for (int p = 0; p < keys.length; p++) {
                childKeys[p] = keys[p] + "||" + player + ":abandoned" + (p == player ? " [" + instruction.name()
                        + "]" : "");
            }
            return new DialogueState(game, scenario, steps, null, dialogue, transcriptId, childKeys, last);
        }
        Dialogue next = game.branching().branch(dialogue, transcript(), game::startDialogue);
        MoveOutcome outcome = next.perform(game.participantId(player), moveId, Contents.reply(u.content()),
                EngineBranching.target(move));
        if (!outcome.accepted()) {
            throw new IllegalStateException("the engine refused verified content for " + moveId + ": "
                    + outcome.reason());
        }
        List<Step> grown = new ArrayList<>(steps.size() + 1);
        grown.addAll(steps);
        Step step = new Step(new Message(player, moveId, u.content(), u.text()), instruction);
        grown.add(step);
        int id = game.memo().transcriptId(transcriptId, step.message());
        String[] childKeys = new String[keys.length];
        for (int p = 0; p < keys.length; p++) {
            childKeys[p] = keys[p] + game.keySuffix(step, p);
        }
        return new DialogueState(game, scenario, Collections.unmodifiableList(grown), null, next, id, childKeys);
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
            return new double[game.numPlayers()];
        }
        double[] r = returns;
        if (r == null) {
            // one score per finished dialogue, however many walks (or state objects) reach it
            r = game.score(scenario, transcriptId, this::transcript);
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
            return keys[player] + "||pending:" + game.codec().label(pending.action());
        }
        return keys[player];
    }

    @Override
    public String actionLabel(int action) {
        if (scenario < 0) {
            return "scenario " + game.scenarios().get(action).id();
        }
        if (pending != null) {
            return "seed " + action;
        }
        return game.codec().label(action);
    }

    @Override
    public String toString() {
        return "DialogueState[scenario=" + scenario + ", messages=" + steps.size()
                + (abandoned == null ? "" : ", abandoned: " + abandoned.kind()) + "]";
    }
}
