package dev.parley.engine;

import com.fasterxml.jackson.databind.JsonNode;
import dev.parley.aif.AifGraph;
import dev.parley.aif.AifNode;
import dev.parley.dgdl.Protocol;
import dev.parley.dgdl.Term;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.function.BiFunction;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A running dialogue under a DGDL {@link Protocol}: participants and their roles, commitment stores, each
 * participant's {@code next} and {@code future} move lists, the indexed history, runtime variables and the status.
 *
 * <p>Legal moves follow DGEP: effects push move templates onto move lists; every interaction first clears all
 * {@code next} lists; with backtracking on, {@code future} serves when {@code next} is empty; under strict turn
 * taking only the speaker (the holder of role {@code speaker}) may move. Stricter than DGEP: a move that is not
 * legal for that participant is rejected with the reason, turnwise and movewise rules run, and player min/max
 * are enforced when the dialogue starts.
 *
 * <p>{@link #perform} is a transaction: the move is checked (dialogue state, turn, legality, reply content, target),
 * then its effects (history, stores, roles, status, move lists, rules) are applied; any failure on the way
 * (an unbound variable, a runtime name with no value, an external condition that cannot be decided) rolls every
 * change back through an undo journal, so a rejected move leaves the dialogue exactly as it was.
 *
 * <p>The state lives in package-private rooms: {@link Roles} (participants, roles, names), {@link Stores},
 * {@link MoveLists}, {@link Variables}, {@link History}, all journaled in one {@link Journal}; {@link Effects} and
 * {@link Conditions} run a protocol's bodies over them, and {@link ExternalView} is what external conditions see.
 * This class checks and applies moves and answers queries.
 *
 * <p>Not thread-safe: one dialogue is driven by one thread at a time.
 */
public final class Dialogue {

    private static final Logger LOG = LoggerFactory.getLogger(Dialogue.class);

    private final Protocol protocol;
    private final Map<String, Protocol.Interaction> interactions;
    private final ExternalConditionResolver resolver;
    private final Rooms rooms;
    private final Journal journal;
    private final Roles roles;
    private final Stores stores;
    private final MoveLists moveLists;
    private final Variables variables;
    private final History history;
    private final Effects effects;
    private DialogueStatus status = DialogueStatus.ACTIVE;
    private MoveAif.State aifState = new MoveAif.State(1, null, List.of(), new LinkedHashMap<>());
    /** The legal moves (with their AIF previews) per participant, valid while the journal's version is this one. */
    private final Map<String, List<LegalMove>> legalCache = new HashMap<>();
    private long legalCacheVersion = -1;
    /** The look of a running {@link #whatIf}, and what it returned. */
    private BiFunction<MoveOutcome, Dialogue, ?> probe;
    private Object probeResult;

    private Dialogue(Protocol protocol, ExternalConditionResolver resolver) {
        this(protocol, protocol.interactionsById(), resolver, Rooms.empty());
    }

    private Dialogue(Protocol protocol, Map<String, Protocol.Interaction> interactions,
                     ExternalConditionResolver resolver, Rooms rooms) {
        this.protocol = protocol;
        this.interactions = interactions;
        this.resolver = resolver;
        this.rooms = rooms;
        this.journal = rooms.journal();
        this.roles = rooms.roles();
        this.stores = rooms.stores();
        this.moveLists = rooms.moveLists();
        this.variables = rooms.variables();
        this.history = rooms.history();
        this.effects = new Effects(protocol, interactions, rooms,
                new Conditions(protocol, rooms, resolver, this::externalView), this::setStatus);
    }

    /** Starts a dialogue with the offline default resolver for external conditions. */
    public static Dialogue start(Protocol protocol, List<Participant> participants) {
        return start(protocol, participants, ExternalConditionResolver.offlineDefault());
    }

    /**
     * Starts a dialogue: checks the participants against the protocol's players (ids unique, players declared, each
     * player's min/max, the participants' min/max), gives each its player's roles, fills the stores with their
     * declared content and runs the initial rules as one transaction.
     */
    public static Dialogue start(Protocol protocol, List<Participant> participants,
                                 ExternalConditionResolver resolver) {
        // a game of the original dialect plays through its translation, unless it uses what the engine lacks
        java.util.Optional<dev.parley.dgdl.Diagnostic> lacking = dev.parley.dgdl.OriginalDgdlReader.unplayable(protocol);
        if (lacking.isPresent()) {
            dev.parley.dgdl.Diagnostic n = lacking.get();
            throw new DialogueException(n.file() + ":" + n.position().line() + ":" + n.position().column()
                    + ": Parley cannot play " + protocol.id() + ": " + n.message());
        }
        Dialogue d = new Dialogue(protocol, Objects.requireNonNull(resolver, "resolver"));
        d.roles.join(protocol, participants);
        for (String id : d.roles.ids()) {
            d.moveLists.seat(id, List.of(), List.of());
        }
        for (Protocol.Store s : protocol.stores()) {
            List<String> content = new ArrayList<>();
            for (Term t : s.initialContent()) {
                if (t instanceof Term.Literal lit) {
                    content.add(lit.text());
                }
            }
            d.stores.fill(s.id(), content);
        }
        d.journal.begin();
        try {
            for (Protocol.Rule r : protocol.rules()) {
                if (r.scope() == Protocol.Scope.INITIAL) {
                    d.effects.run(r.body(), EvalContext.INITIAL);
                }
            }
            d.journal.commit();
        } catch (EffectFailure f) {
            d.journal.rollback();
            throw new DialogueException(protocol.source() + ": the initial rules cannot run: " + f.getMessage());
        }
        d.stores.freezeInitial();
        return d;
    }

    /**
     * An independent copy of this dialogue: the same protocol, resolver, participants, stores, move lists, history
     * and status, sharing nothing mutable with this one, so a game can branch a dialogue by one move instead of
     * replaying it from the start. Performed moves, templates and participants are immutable and are shared.
     *
     * @throws IllegalStateException inside a running transaction (a probe of {@link #whatIf})
     */
    public Dialogue copy() {
        if (journal.open()) {
            throw new IllegalStateException("a dialogue cannot be copied while a move is being performed");
        }
        Dialogue c = new Dialogue(protocol, interactions, resolver, rooms.copy());
        c.status = status;
        c.aifState = copyOf(aifState);
        return c;
    }

    private static MoveAif.State copyOf(MoveAif.State s) {
        return new MoveAif.State(s.nextId(), s.lastLocution(), s.lastPropositions(),
                new LinkedHashMap<>(s.propositions()));
    }

    /** This dialogue's state as plain values (for {@link DialogueJson}). */
    DialogueState state() {
        return new DialogueState(roles.participants(), roles.export(), stores.exportContents(),
                stores.exportInitial(), stores.exportEver(), moveLists.exportNext(), moveLists.exportFuture(),
                List.copyOf(history.all()), variables.all(), status, copyOf(aifState));
    }

    /**
     * Rebuilds a dialogue from saved state that {@link DialogueJson} has checked (every participant, store and
     * history entry known to the protocol); no rule runs.
     */
    static Dialogue restored(Protocol protocol, ExternalConditionResolver resolver, DialogueState s) {
        Dialogue d = new Dialogue(protocol, resolver);
        for (Participant p : s.participants()) {
            d.roles.seat(p, s.roles().get(p.id()));
            d.moveLists.seat(p.id(), s.next().get(p.id()), s.future().get(p.id()));
        }
        for (Protocol.Store st : protocol.stores()) {
            d.stores.restore(st.id(), s.stores().get(st.id()), s.initialStores().get(st.id()),
                    s.everInStores().get(st.id()));
        }
        for (PerformedMove m : s.history()) {
            d.history.append(m);
        }
        d.variables.restore(s.runtimeVariables());
        d.status = s.status();
        d.aifState = copyOf(s.aif());
        return d;
    }

    // ------------------------------------------------------------------ queries

    public Protocol protocol() {
        return protocol;
    }

    public DialogueStatus status() {
        return status;
    }

    public List<Participant> participants() {
        return roles.participants();
    }

    /** The roles a participant holds now (its player's roles plus assigned ones such as {@code speaker}). */
    public Set<String> roles(String participantId) {
        requireParticipant(participantId);
        return roles.of(participantId);
    }

    /** The participants holding role {@code speaker}. */
    public List<String> speakers() {
        return roles.speakers();
    }

    /** The history, oldest first. */
    public List<PerformedMove> history() {
        return history.all();
    }

    /** Values saved with {@code save(.., $Var$)}. */
    public Map<String, String> runtimeVariables() {
        return Collections.unmodifiableMap(variables.all());
    }

    /** Every store with its contents, private ones included (the operator's view). */
    public List<StoreView> stores() {
        List<StoreView> out = new ArrayList<>();
        for (Protocol.Store s : protocol.stores()) {
            out.add(view(s));
        }
        return out;
    }

    /** The stores a participant may see: public ones and the private ones it owns. */
    public List<StoreView> stores(String viewer) {
        requireParticipant(viewer);
        List<StoreView> out = new ArrayList<>();
        for (Protocol.Store s : protocol.stores()) {
            if (s.visibility() == Protocol.Visibility.PUBLIC || roles.owns(viewer, s)) {
                out.add(view(s));
            }
        }
        return out;
    }

    private StoreView view(Protocol.Store s) {
        return new StoreView(s.id(), s.owners(), s.structure(), s.visibility(), stores.contents(s.id()));
    }

    /** The raw {@code next} list of a participant (before turn taking and backtracking are applied). */
    public List<MoveTemplate> nextMoves(String participantId) {
        requireParticipant(participantId);
        return moveLists.next(participantId);
    }

    /** The raw {@code future} list of a participant. */
    public List<MoveTemplate> futureMoves(String participantId) {
        requireParticipant(participantId);
        return moveLists.future(participantId);
    }

    /** The whole dialogue as one JSON-AIF graph (the union of every move's fragment). */
    public AifGraph aif() {
        AifGraph g = AifGraph.empty();
        for (PerformedMove m : history.all()) {
            g = g.merge(m.aif());
        }
        return g;
    }

    /** The moves this participant may make now, with their replies, openers, targets and AIF. */
    public List<LegalMove> legalMoves(String participantId) {
        requireParticipant(participantId);
        if (!status.acceptsMoves() || !hasTurn(participantId)) {
            return List.of();
        }
        // the list (with its AIF previews) is kept until the dialogue changes: clients poll it often
        List<LegalMove> cached = legalCache.get(participantId);
        if (cached != null && legalCacheVersion == journal.version()) {
            return cached;
        }
        if (legalCacheVersion != journal.version()) {
            legalCache.clear();
            legalCacheVersion = journal.version();
        }
        List<LegalMove> out = new ArrayList<>();
        for (MoveTemplate t : available(participantId)) {
            out.add(describe(participantId, t));
        }
        List<LegalMove> result = List.copyOf(out);
        legalCache.put(participantId, result);
        return result;
    }

    /** Ids of the moves this participant may make now (no duplicates, in list order). */
    public List<String> legalMoveIds(String participantId) {
        requireParticipant(participantId);
        if (!status.acceptsMoves() || !hasTurn(participantId)) {
            return List.of();
        }
        LinkedHashSet<String> ids = new LinkedHashSet<>();
        for (MoveTemplate t : available(participantId)) {
            ids.add(t.moveId());
        }
        return List.copyOf(ids);
    }

    /**
     * Under strict turn taking only a holder of the role {@code speaker} moves; when nobody holds it nobody moves,
     * as in both DGEP implementations (and as a protocol that never assigns the floor intends).
     */
    private boolean hasTurn(String participantId) {
        if (protocol.turnTaking() != Protocol.TurnTaking.STRICT) {
            return true;
        }
        return speakers().contains(participantId);
    }

    private List<MoveTemplate> available(String participantId) {
        return moveLists.available(participantId, protocol.backtracking());
    }

    private LegalMove describe(String participantId, MoveTemplate t) {
        Protocol.Interaction in = interactions.get(t.moveId());
        Map<String, String> reply = new LinkedHashMap<>();
        for (String v : in.content()) {
            reply.put(v, t.bindings().getOrDefault(v, "$" + v));
        }
        String opener = Locutions.substitute(in.opener().orElse(""), t.bindings());
        String target = t.addressees().size() == 1 ? t.addressees().get(0) : null;
        AifGraph aif = MoveAif.build(aifState, participantId, Locutions.text(in, reply),
                MoveAif.force(in.id(), in.opener().orElse(null)), new ArrayList<>(reply.values())).delta();
        return new LegalMove(t.moveId(), opener, reply, target, t.addressees(), aif);
    }

    // ------------------------------------------------------------------ moves

    /**
     * Makes a move: {@code participantId} performs {@code moveId} with the content {@code reply} (variable to
     * value; variables the protocol fixed may be left out) addressed to {@code target} (optional when the
     * protocol fixes it). Returns the accepted history entry, or the reason for the rejection, in which case the
     * dialogue is unchanged.
     */
    public MoveOutcome perform(String participantId, String moveId, Map<String, String> reply, String target) {
        if (journal.open()) {
            throw new IllegalStateException("perform called from inside a move (or from a whatIf look)");
        }
        if (!status.acceptsMoves()) {
            return MoveOutcome.rejected("the dialogue is " + status.name().toLowerCase(Locale.ROOT)
                    + "; no move can be made");
        }
        if (!roles.isParticipant(participantId)) {
            return MoveOutcome.rejected("unknown participant " + participantId + " (participants: "
                    + roles.ids() + ")");
        }
        if (!hasTurn(participantId)) {
            return MoveOutcome.rejected("it is not " + participantId + "'s turn: " + (speakers().isEmpty()
                    ? "nobody holds the role speaker" : "the speaker is " + String.join(", ", speakers())));
        }
        Protocol.Interaction in = interactions.get(moveId);
        if (in == null) {
            return MoveOutcome.rejected("protocol " + protocol.id() + " has no move " + moveId);
        }
        List<MoveTemplate> list = available(participantId);
        List<MoveTemplate> candidates = list.stream().filter(t -> t.moveId().equals(moveId)).toList();
        if (candidates.isEmpty()) {
            return MoveOutcome.rejected(moveId + " is not a legal move for " + participantId + " now (legal: "
                    + legalMoveIds(participantId) + ")");
        }
        Map<String, String> given = reply == null ? Map.of() : reply;
        for (String k : given.keySet()) {
            if (!in.content().contains(k)) {
                return MoveOutcome.rejected(moveId + " has no content variable " + k + " (content: " + in.content()
                        + ")");
            }
        }
        String firstProblem = null;
        for (MoveTemplate t : candidates) {
            Match match = match(in, t, given, target);
            if (match.problem == null) {
                return apply(participantId, in, t, match.reply, match.target);
            }
            if (firstProblem == null) {
                firstProblem = match.problem;
            }
        }
        return MoveOutcome.rejected(firstProblem);
    }

    /**
     * What if {@code participantId} made this move: applies it exactly as {@link #perform} would, lets
     * {@code look} see the outcome and the dialogue after it (read only: no move may be made from {@code look}),
     * then rolls everything back. For planners that evaluate moves without committing to them.
     */
    public <T> T whatIf(String participantId, String moveId, Map<String, String> reply, String target,
                        BiFunction<MoveOutcome, Dialogue, T> look) {
        probe = Objects.requireNonNull(look, "look");
        try {
            MoveOutcome o = perform(participantId, moveId, reply, target);
            if (!o.accepted()) {
                return look.apply(o, this);
            }
            @SuppressWarnings("unchecked")
            T result = (T) probeResult;
            return result;
        } finally {
            probe = null;
            probeResult = null;
        }
    }

    private record Match(Map<String, String> reply, String target, String problem) {
    }

    private Match match(Protocol.Interaction in, MoveTemplate t, Map<String, String> given, String target) {
        Map<String, String> full = new LinkedHashMap<>();
        for (String v : in.content()) {
            String bound = t.bindings().get(v);
            String value = given.get(v);
            boolean placeholder = value == null || value.startsWith("$");
            if (bound != null) {
                if (!placeholder && !value.equals(bound)) {
                    return new Match(null, null, in.id() + ": content variable " + v + " is fixed to '" + bound
                            + "' by the protocol, not '" + value + "'");
                }
                full.put(v, bound);
            } else {
                if (placeholder || value.isBlank()) {
                    return new Match(null, null, in.id() + ": the reply needs a value for content variable " + v);
                }
                full.put(v, value);
            }
        }
        String chosen = target;
        if (chosen == null) {
            if (t.addressees().size() > 1) {
                return new Match(null, null, in.id() + ": choose a target among " + t.addressees());
            }
            chosen = t.addressees().isEmpty() ? null : t.addressees().get(0);
        } else if (!roles.isParticipant(chosen)) {
            // Not echoed: a client may have sent a bearer token or any text as the target.
            return new Match(null, null, in.id() + ": unknown target; the target must be "
                    + (t.addressees().isEmpty() ? "one of " + roles.ids() : t.addressees().size() == 1
                    ? t.addressees().get(0) : "one of " + t.addressees()));
        } else if (!t.addressees().isEmpty() && !t.addressees().contains(chosen)) {
            return new Match(null, null, in.id() + ": the target must be " + (t.addressees().size() == 1
                    ? t.addressees().get(0) : "one of " + t.addressees()) + ", not " + chosen);
        }
        return new Match(full, chosen, null);
    }

    private MoveOutcome apply(String speaker, Protocol.Interaction in, MoveTemplate template,
                              Map<String, String> reply, String target) {
        journal.begin();
        try {
            List<String> speakersBefore = speakers();
            moveLists.clearNext();
            // A move played from the future list stays there, as in DGEP: only next is cleared by a move, and a
            // protocol removes a future move with move(delete, future, ...).
            PerformedMove performed = record(speaker, in, target, reply);
            int index = performed.index();
            effects.run(in.body(), new EvalContext(speaker, target, reply, index - 1));
            EvalContext ruleCtx = new EvalContext(speaker, target, reply, index);
            for (Protocol.Rule r : protocol.rules()) {
                if (r.scope() == Protocol.Scope.MOVEWISE) {
                    effects.run(r.body(), ruleCtx);
                }
            }
            List<String> speakersAfter = speakers();
            if (!speakersAfter.equals(speakersBefore) || speakersAfter.isEmpty()) {
                for (Protocol.Rule r : protocol.rules()) {
                    if (r.scope() == Protocol.Scope.TURNWISE) {
                        effects.run(r.body(), ruleCtx);
                    }
                }
            }
            MoveOutcome outcome = MoveOutcome.accepted(performed);
            if (probe != null) {
                probeResult = probe.apply(outcome, this);
                journal.rollback();
                return outcome;
            }
            journal.commit();
            LOG.debug("{}: {} performed {} -> {}", protocol.id(), speaker, in.id(), target);
            return outcome;
        } catch (EffectFailure f) {
            journal.rollback();
            return MoveOutcome.rejected(in.id() + " by " + speaker + " was rolled back: " + f.getMessage());
        } catch (RuntimeException e) {
            journal.rollback();
            throw e;
        }
    }

    private PerformedMove record(String speaker, Protocol.Interaction in, String target, Map<String, String> reply) {
        String text = Locutions.text(in, reply);
        MoveAif.Built built = MoveAif.build(aifState, speaker, text, MoveAif.force(in.id(), in.opener().orElse(null)),
                new ArrayList<>(reply.values()));
        PerformedMove m = new PerformedMove(history.size(), speaker, in.id(), target, reply, text, built.delta());
        history.append(m);
        journal.push(history::removeLast);
        MoveAif.State old = aifState;
        // one map of known propositions for the whole dialogue; a roll-back forgets the ones this move added
        Map<String, AifNode> props = old.propositions();
        for (AifNode n : built.propositions()) {
            if (!props.containsKey(n.text())) {
                props.put(n.text(), n);
                journal.push(() -> props.remove(n.text()));
            }
        }
        aifState = new MoveAif.State(built.nextId(), built.locution(), built.propositions(), props);
        journal.push(() -> aifState = old);
        return m;
    }

    /** The status effect: journaled like every other change. */
    private void setStatus(DialogueStatus next) {
        DialogueStatus old = status;
        status = next;
        journal.push(() -> status = old);
    }

    private JsonNode externalView() {
        return ExternalView.of(protocol, status, roles, history, stores);
    }

    private void requireParticipant(String id) {
        if (!roles.isParticipant(id)) {
            throw new DialogueException("unknown participant " + id + " (participants: " + roles.ids() + ")");
        }
    }
}
