package dev.parley.engine;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.parley.aif.AifGraph;
import dev.parley.aif.AifNode;
import dev.parley.dgdl.Condition;
import dev.parley.dgdl.Conditional;
import dev.parley.dgdl.Effect;
import dev.parley.dgdl.Protocol;
import dev.parley.dgdl.Requirement;
import dev.parley.dgdl.SourcePosition;
import dev.parley.dgdl.Statement;
import dev.parley.dgdl.Term;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Deque;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
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
 * <p>Not thread-safe: one dialogue is driven by one thread at a time.
 */
public final class Dialogue {

    private static final Logger LOG = LoggerFactory.getLogger(Dialogue.class);
    private static final Pattern VARIABLE = Pattern.compile("\\$([A-Za-z_][A-Za-z0-9_]*)");
    static final String SPEAKER_ROLE = "speaker";
    static final String LISTENER_ROLE = "listener";

    final Protocol protocol;
    private final Map<String, Protocol.Interaction> interactions;
    private final ExternalConditionResolver resolver;

    final LinkedHashMap<String, Participant> participants = new LinkedHashMap<>();
    final Map<String, LinkedHashSet<String>> roles = new LinkedHashMap<>();
    final LinkedHashMap<String, List<String>> stores = new LinkedHashMap<>();
    /** How often each value is in each store: membership in constant time however large a store grows. */
    final Map<String, Map<String, Integer>> storeCounts = new HashMap<>();
    final LinkedHashMap<String, List<String>> initialStores = new LinkedHashMap<>();
    final LinkedHashMap<String, LinkedHashSet<String>> everInStore = new LinkedHashMap<>();
    final LinkedHashMap<String, List<MoveTemplate>> next = new LinkedHashMap<>();
    final LinkedHashMap<String, List<MoveTemplate>> future = new LinkedHashMap<>();
    final History history = new History();
    final LinkedHashMap<String, String> runtimeVariables = new LinkedHashMap<>();
    DialogueStatus status = DialogueStatus.ACTIVE;
    MoveAif.State aifState = new MoveAif.State(1, null, List.of(), new LinkedHashMap<>());

    /** Undo actions of the running transaction, newest first; null outside a transaction. */
    private Deque<Runnable> journal;

    private Dialogue(Protocol protocol, ExternalConditionResolver resolver) {
        this.protocol = protocol;
        this.interactions = protocol.interactionsById();
        this.resolver = resolver;
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
        Dialogue d = new Dialogue(protocol, Objects.requireNonNull(resolver, "resolver"));
        d.join(participants);
        for (Protocol.Store s : protocol.stores()) {
            List<String> content = new ArrayList<>();
            for (Term t : s.initialContent()) {
                if (t instanceof Term.Literal lit) {
                    content.add(lit.text());
                }
            }
            d.stores.put(s.id(), content);
            d.everInStore.put(s.id(), new LinkedHashSet<>(content));
            d.countAll(s.id());
        }
        d.begin();
        try {
            Ctx ctx = new Ctx(null, null, Map.of(), -1);
            for (Protocol.Rule r : protocol.rules()) {
                if (r.scope() == Protocol.Scope.INITIAL) {
                    d.run(r.body(), ctx);
                }
            }
            d.commit();
        } catch (EffectFailure f) {
            d.rollback();
            throw new DialogueException(protocol.source() + ": the initial rules cannot run: " + f.getMessage());
        }
        for (Map.Entry<String, List<String>> e : d.stores.entrySet()) {
            d.initialStores.put(e.getKey(), List.copyOf(e.getValue()));
        }
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
        if (journal != null) {
            throw new IllegalStateException("a dialogue cannot be copied while a move is being performed");
        }
        Dialogue c = new Dialogue(protocol, resolver);
        c.participants.putAll(participants);
        roles.forEach((k, v) -> c.roles.put(k, new LinkedHashSet<>(v)));
        stores.forEach((k, v) -> c.stores.put(k, new ArrayList<>(v)));
        storeCounts.forEach((k, v) -> c.storeCounts.put(k, new HashMap<>(v)));
        c.initialStores.putAll(initialStores);
        everInStore.forEach((k, v) -> c.everInStore.put(k, new LinkedHashSet<>(v)));
        next.forEach((k, v) -> c.next.put(k, new ArrayList<>(v)));
        future.forEach((k, v) -> c.future.put(k, new ArrayList<>(v)));
        for (PerformedMove m : history.all()) {
            c.history.append(m);
        }
        c.runtimeVariables.putAll(runtimeVariables);
        c.status = status;
        c.aifState = new MoveAif.State(aifState.nextId(), aifState.lastLocution(), aifState.lastPropositions(),
                new LinkedHashMap<>(aifState.propositions()));
        return c;
    }

    /** Rebuilds a dialogue from saved state (see {@link DialogueJson}); no rule runs. */
    static Dialogue restored(Protocol protocol, ExternalConditionResolver resolver) {
        return new Dialogue(protocol, resolver);
    }

    private void join(List<Participant> list) {
        Map<String, Integer> perPlayer = new HashMap<>();
        for (Participant p : list) {
            if (p.id().isBlank()) {
                throw new DialogueException("a participant id must not be blank");
            }
            Protocol.Player player = protocol.player(p.player()).orElseThrow(() -> new DialogueException(
                    "participant " + p.id() + ": protocol " + protocol.id() + " has no player " + p.player()
                            + " (players: " + protocol.players().stream().map(Protocol.Player::id).toList() + ")"));
            if (participants.putIfAbsent(p.id(), p) != null) {
                throw new DialogueException("participant id " + p.id() + " is used twice");
            }
            int n = perPlayer.merge(player.id(), 1, Integer::sum);
            if (player.max().isPresent() && n > player.max().get()) {
                throw new DialogueException("player " + player.id() + " allows at most " + player.max().get()
                        + " participant(s); " + p.id() + " would be number " + n);
            }
            roles.put(p.id(), new LinkedHashSet<>(player.roles()));
            next.put(p.id(), new ArrayList<>());
            future.put(p.id(), new ArrayList<>());
        }
        for (Protocol.Player player : protocol.players()) {
            int n = perPlayer.getOrDefault(player.id(), 0);
            if (n < player.min()) {
                throw new DialogueException("player " + player.id() + " needs at least " + player.min()
                        + " participant(s); " + n + " joined");
            }
        }
        if (list.size() < protocol.minParticipants()) {
            throw new DialogueException("protocol " + protocol.id() + " needs at least " + protocol.minParticipants()
                    + " participants; " + list.size() + " joined");
        }
        if (protocol.maxParticipants().isPresent() && list.size() > protocol.maxParticipants().get()) {
            throw new DialogueException("protocol " + protocol.id() + " allows at most "
                    + protocol.maxParticipants().get() + " participants; " + list.size() + " joined");
        }
    }

    // ------------------------------------------------------------------ queries

    public Protocol protocol() {
        return protocol;
    }

    public DialogueStatus status() {
        return status;
    }

    public List<Participant> participants() {
        return List.copyOf(participants.values());
    }

    /** The roles a participant holds now (its player's roles plus assigned ones such as {@code speaker}). */
    public Set<String> roles(String participantId) {
        requireParticipant(participantId);
        return Collections.unmodifiableSet(new LinkedHashSet<>(roles.get(participantId)));
    }

    /** The participants holding role {@code speaker}. */
    public List<String> speakers() {
        List<String> out = new ArrayList<>();
        for (Map.Entry<String, LinkedHashSet<String>> e : roles.entrySet()) {
            if (e.getValue().contains(SPEAKER_ROLE)) {
                out.add(e.getKey());
            }
        }
        return out;
    }

    /** The history, oldest first. */
    public List<PerformedMove> history() {
        return history.all();
    }

    /** Values saved with {@code save(.., $Var$)}. */
    public Map<String, String> runtimeVariables() {
        return Collections.unmodifiableMap(new LinkedHashMap<>(runtimeVariables));
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
            if (s.visibility() == Protocol.Visibility.PUBLIC || owns(viewer, s)) {
                out.add(view(s));
            }
        }
        return out;
    }

    private StoreView view(Protocol.Store s) {
        return new StoreView(s.id(), s.owners(), s.structure(), s.visibility(), stores.get(s.id()));
    }

    private boolean owns(String participant, Protocol.Store s) {
        for (String owner : s.owners()) {
            if (resolveStatic(owner).contains(participant)) {
                return true;
            }
        }
        return false;
    }

    /** The raw {@code next} list of a participant (before turn taking and backtracking are applied). */
    public List<MoveTemplate> nextMoves(String participantId) {
        requireParticipant(participantId);
        return List.copyOf(next.get(participantId));
    }

    /** The raw {@code future} list of a participant. */
    public List<MoveTemplate> futureMoves(String participantId) {
        requireParticipant(participantId);
        return List.copyOf(future.get(participantId));
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
        if (cached != null && legalCacheVersion == version) {
            return cached;
        }
        if (legalCacheVersion != version) {
            legalCache.clear();
            legalCacheVersion = version;
        }
        List<LegalMove> out = new ArrayList<>();
        for (MoveTemplate t : available(participantId)) {
            out.add(describe(participantId, t));
        }
        List<LegalMove> result = List.copyOf(out);
        legalCache.put(participantId, result);
        return result;
    }

    /** Bumped whenever the state may change (a transaction begins, commits or rolls back, a restore). */
    private long version;
    private long legalCacheVersion = -1;
    private final Map<String, List<LegalMove>> legalCache = new HashMap<>();

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
        List<MoveTemplate> n = next.get(participantId);
        if (n.isEmpty() && protocol.backtracking()) {
            return future.get(participantId);
        }
        return n;
    }

    private LegalMove describe(String participantId, MoveTemplate t) {
        Protocol.Interaction in = interactions.get(t.moveId());
        Map<String, String> reply = new LinkedHashMap<>();
        for (String v : in.content()) {
            reply.put(v, t.bindings().getOrDefault(v, "$" + v));
        }
        String opener = substitute(in.opener().orElse(""), t.bindings());
        String target = t.addressees().size() == 1 ? t.addressees().get(0) : null;
        AifGraph aif = MoveAif.build(aifState, participantId, locutionText(in, reply),
                MoveAif.force(in.id(), in.opener().orElse(null)), new ArrayList<>(reply.values())).delta();
        return new LegalMove(t.moveId(), opener, reply, target, t.addressees(), aif);
    }

    private static String substitute(String text, Map<String, String> values) {
        Matcher m = VARIABLE.matcher(text);
        StringBuilder sb = new StringBuilder();
        while (m.find()) {
            String v = values.get(m.group(1));
            m.appendReplacement(sb, Matcher.quoteReplacement(v != null ? v : m.group()));
        }
        m.appendTail(sb);
        return sb.toString();
    }

    private static String locutionText(Protocol.Interaction in, Map<String, String> reply) {
        if (in.opener().isPresent() && !in.opener().get().isBlank()) {
            return substitute(in.opener().get(), reply);
        }
        return reply.isEmpty() ? in.id() : in.id() + " " + String.join(", ", reply.values());
    }

    // ------------------------------------------------------------------ moves

    /**
     * Makes a move: {@code participantId} performs {@code moveId} with the content {@code reply} (variable to
     * value; variables the protocol fixed may be left out) addressed to {@code target} (optional when the
     * protocol fixes it). Returns the accepted history entry, or the reason for the rejection, in which case the
     * dialogue is unchanged.
     */
    public MoveOutcome perform(String participantId, String moveId, Map<String, String> reply, String target) {
        if (journal != null) {
            throw new IllegalStateException("perform called from inside a move (or from a whatIf look)");
        }
        if (!status.acceptsMoves()) {
            return MoveOutcome.rejected("the dialogue is " + status.name().toLowerCase(java.util.Locale.ROOT)
                    + "; no move can be made");
        }
        if (!participants.containsKey(participantId)) {
            return MoveOutcome.rejected("unknown participant " + participantId + " (participants: "
                    + participants.keySet() + ")");
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
                        java.util.function.BiFunction<MoveOutcome, Dialogue, T> look) {
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

    private java.util.function.BiFunction<MoveOutcome, Dialogue, ?> probe;
    private Object probeResult;

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
        } else if (!participants.containsKey(chosen)) {
            // Not echoed: a client may have sent a bearer token or any text as the target.
            return new Match(null, null, in.id() + ": unknown target; the target must be "
                    + (t.addressees().isEmpty() ? "one of " + participants.keySet() : t.addressees().size() == 1
                    ? t.addressees().get(0) : "one of " + t.addressees()));
        } else if (!t.addressees().isEmpty() && !t.addressees().contains(chosen)) {
            return new Match(null, null, in.id() + ": the target must be " + (t.addressees().size() == 1
                    ? t.addressees().get(0) : "one of " + t.addressees()) + ", not " + chosen);
        }
        return new Match(full, chosen, null);
    }

    private MoveOutcome apply(String speaker, Protocol.Interaction in, MoveTemplate template,
                              Map<String, String> reply, String target) {
        begin();
        try {
            List<String> speakersBefore = speakers();
            for (String p : next.keySet()) {
                List<MoveTemplate> old = next.get(p);
                if (!old.isEmpty()) {
                    List<MoveTemplate> saved = new ArrayList<>(old);
                    old.clear();
                    journal.push(() -> old.addAll(saved));
                }
            }
            // A move played from the future list stays there, as in DGEP: only next is cleared by a move, and a
            // protocol removes a future move with move(delete, future, ...).
            PerformedMove performed = record(speaker, in, target, reply);
            int index = performed.index();
            run(in.body(), new Ctx(speaker, target, reply, index - 1));
            Ctx ruleCtx = new Ctx(speaker, target, reply, index);
            for (Protocol.Rule r : protocol.rules()) {
                if (r.scope() == Protocol.Scope.MOVEWISE) {
                    run(r.body(), ruleCtx);
                }
            }
            List<String> speakersAfter = speakers();
            if (!speakersAfter.equals(speakersBefore) || speakersAfter.isEmpty()) {
                for (Protocol.Rule r : protocol.rules()) {
                    if (r.scope() == Protocol.Scope.TURNWISE) {
                        run(r.body(), ruleCtx);
                    }
                }
            }
            MoveOutcome outcome = MoveOutcome.accepted(performed);
            if (probe != null) {
                probeResult = probe.apply(outcome, this);
                rollback();
                return outcome;
            }
            commit();
            LOG.debug("{}: {} performed {} -> {}", protocol.id(), speaker, in.id(), target);
            return outcome;
        } catch (EffectFailure f) {
            rollback();
            return MoveOutcome.rejected(in.id() + " by " + speaker + " was rolled back: " + f.getMessage());
        } catch (RuntimeException e) {
            rollback();
            throw e;
        }
    }

    private PerformedMove record(String speaker, Protocol.Interaction in, String target, Map<String, String> reply) {
        String text = locutionText(in, reply);
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

    // ------------------------------------------------------------------ transactions

    private void begin() {
        journal = new ArrayDeque<>();
        version++;
    }

    private void commit() {
        journal = null;
        version++;
    }

    private void rollback() {
        while (!journal.isEmpty()) {
            journal.pop().run();
        }
        journal = null;
        version++;
    }

    /** A failure while applying effects: the transaction rolls back and the move is rejected with this message. */
    private static final class EffectFailure extends RuntimeException {
        private static final long serialVersionUID = 1L;

        EffectFailure(SourcePosition at, String message) {
            super("line " + at.line() + ":" + at.column() + ": " + message, null, false, false);
        }
    }

    /**
     * The evaluation context of a body.
     *
     * @param lastIndex the history position {@code event(last, ..)} looks at ({@code -1}: none); an interaction
     *                  looks at the move before itself, a rule at the move just made
     */
    private record Ctx(String speaker, String target, Map<String, String> reply, int lastIndex) {
    }

    // ------------------------------------------------------------------ effects

    private void run(List<Statement> body, Ctx ctx) {
        for (Statement s : body) {
            if (s instanceof Conditional c) {
                List<Statement> chosen = c.otherwise();
                for (Conditional.Branch b : c.branches()) {
                    if (holds(b.conditions(), ctx)) {
                        chosen = b.body();
                        break;
                    }
                }
                run(chosen, ctx);
            } else {
                effect((Effect) s, ctx);
            }
        }
    }

    private void effect(Effect e, Ctx ctx) {
        if (e instanceof Effect.Move m) {
            moveEffect(m, ctx);
        } else if (e instanceof Effect.Store s) {
            storeEffect(s, ctx);
        } else if (e instanceof Effect.SetStatus st) {
            DialogueStatus old = status;
            status = switch (st.status()) {
                case ACTIVE -> DialogueStatus.ACTIVE;
                case INACTIVE -> DialogueStatus.INACTIVE;
                case COMPLETE -> DialogueStatus.COMPLETE;
                case INCOMPLETE -> DialogueStatus.INCOMPLETE;
                case TERMINATE -> DialogueStatus.TERMINATED;
            };
            journal.push(() -> status = old);
        } else if (e instanceof Effect.Assign a) {
            List<String> who = resolve(a.user(), ctx, a.position());
            if (a.role().equals(SPEAKER_ROLE)) {
                // one speaker (group) at a time: assigning the floor takes it from whoever held it
                for (String p : participants.keySet()) {
                    if (!who.contains(p)) {
                        removeRole(p, SPEAKER_ROLE);
                    }
                }
            }
            for (String p : who) {
                addRole(p, a.role());
            }
        } else if (e instanceof Effect.Unassign u) {
            for (String p : resolve(u.user(), ctx, u.position())) {
                removeRole(p, u.role());
            }
        } else if (e instanceof Effect.Save sv) {
            String value = String.join(", ", values(sv.content(), ctx, true));
            String old = runtimeVariables.put(sv.variable(), value);
            journal.push(() -> {
                if (old == null) {
                    runtimeVariables.remove(sv.variable());
                } else {
                    runtimeVariables.put(sv.variable(), old);
                }
            });
        }
    }

    private void addRole(String p, String role) {
        if (roles.get(p).add(role)) {
            journal.push(() -> roles.get(p).remove(role));
        }
    }

    private void removeRole(String p, String role) {
        LinkedHashSet<String> set = roles.get(p);
        if (set.contains(role)) {
            List<String> before = new ArrayList<>(set);
            set.remove(role);
            journal.push(() -> {
                set.clear();
                set.addAll(before);
            });
        }
    }

    private void moveEffect(Effect.Move m, Ctx ctx) {
        Protocol.Interaction target = interactions.get(m.moveId());
        List<String> users = m.user() == null ? new ArrayList<>(participants.keySet())
                : resolve(m.user(), ctx, m.position());
        LinkedHashMap<String, List<MoveTemplate>> lists = m.list() == Effect.MoveList.NEXT ? next : future;
        if (m.action() == Effect.MoveAction.DELETE) {
            for (String u : users) {
                List<MoveTemplate> l = lists.get(u);
                List<MoveTemplate> before = new ArrayList<>(l);
                if (l.removeIf(t -> t.moveId().equals(m.moveId()))) {
                    journal.push(() -> {
                        l.clear();
                        l.addAll(before);
                    });
                }
            }
            return;
        }
        String addresseeName = m.addressee() != null ? m.addressee() : target.addressee().orElse(null);
        List<String> addressees = addresseeName == null ? List.of() : resolve(addresseeName, ctx, m.position());
        MoveTemplate t = new MoveTemplate(m.moveId(), addressees, bindings(m, target, ctx));
        for (String u : users) {
            List<MoveTemplate> l = lists.get(u);
            if (!l.contains(t)) {
                l.add(t);
                journal.push(() -> l.remove(l.size() - 1));
            }
        }
    }

    /**
     * Content passed to a pushed move binds the target's variables by position, as in DGEP 1 and 2: in
     * {@code move(add, next, Accept, {h, g})} the first term binds Accept's first variable whatever its name, so a
     * side swap can be written. A variable term passes its current value (the variable stays open when it has
     * none); a literal or a runtime variable passes its value.
     */
    private Map<String, String> bindings(Effect.Move m, Protocol.Interaction target, Ctx ctx) {
        Map<String, String> b = new LinkedHashMap<>();
        List<String> vars = target.content();
        for (int i = 0; i < m.content().size(); i++) {
            Term term = m.content().get(i);
            String var;
            String value;
            if (term instanceof Term.Variable v) {
                var = i < vars.size() ? vars.get(i) : null;
                String current = ctx.reply().get(v.name());
                value = current == null ? null : v.negated() ? negate(current) : current;
            } else {
                var = i < vars.size() ? vars.get(i) : null;
                value = value(term, ctx, true);
            }
            if (var != null && value != null) {
                b.put(var, value);
            }
        }
        return b;
    }

    private static String negate(String value) {
        return value.startsWith("!") ? value.substring(1) : "!" + value;
    }

    /** Rebuilds the membership counts of a store from its contents. */
    void countAll(String storeId) {
        Map<String, Integer> counts = new HashMap<>();
        for (String v : stores.get(storeId)) {
            counts.merge(v, 1, Integer::sum);
        }
        storeCounts.put(storeId, counts);
    }

    private boolean storeContains(String storeId, String value) {
        return storeCounts.get(storeId).containsKey(value);
    }

    private static void count(Map<String, Integer> counts, String v, int delta) {
        counts.merge(v, delta, (a, b) -> a + b == 0 ? null : a + b);
    }

    private void storeEffect(Effect.Store s, Ctx ctx) {
        List<String> content = stores.get(s.storeId());
        Map<String, Integer> counts = storeCounts.get(s.storeId());
        Protocol.Structure structure = protocol.store(s.storeId()).orElseThrow().structure();
        switch (s.action()) {
            case EMPTY -> {
                if (!content.isEmpty()) {
                    List<String> before = new ArrayList<>(content);
                    content.clear();
                    counts.clear();
                    journal.push(() -> {
                        content.addAll(before);
                        countAll(s.storeId());
                    });
                }
            }
            case ADD -> {
                for (String v : values(s.content(), ctx, true)) {
                    if (structure == Protocol.Structure.SET && counts.containsKey(v)) {
                        continue;
                    }
                    content.add(v);
                    count(counts, v, 1);
                    journal.push(() -> {
                        content.remove(content.size() - 1);
                        count(counts, v, -1);
                    });
                    LinkedHashSet<String> ever = everInStore.get(s.storeId());
                    if (ever.add(v)) {
                        journal.push(() -> ever.remove(v));
                    }
                }
            }
            case REMOVE -> {
                for (String v : values(s.content(), ctx, true)) {
                    // a queue gives up its oldest copy, a stack its newest
                    if (!counts.containsKey(v)) {
                        continue;
                    }
                    int i = structure == Protocol.Structure.STACK ? content.lastIndexOf(v) : content.indexOf(v);
                    content.remove(i);
                    count(counts, v, -1);
                    journal.push(() -> {
                        content.add(i, v);
                        count(counts, v, 1);
                    });
                }
            }
            default -> throw new IllegalStateException();
        }
    }

    private List<String> values(List<Term> terms, Ctx ctx, boolean required) {
        List<String> out = new ArrayList<>(terms.size());
        for (Term t : terms) {
            String v = value(t, ctx, required);
            if (v != null) {
                out.add(v);
            }
        }
        return out;
    }

    /** A term's value; {@code null} for an open variable when not {@code required}. */
    private String value(Term t, Ctx ctx, boolean required) {
        if (t instanceof Term.Literal l) {
            return l.text();
        }
        if (t instanceof Term.Runtime r) {
            String v = runtimeVariables.get(r.name());
            if (v == null) {
                throw new EffectFailure(r.position(), "runtime variable $" + r.name() + "$ has not been saved yet");
            }
            return v;
        }
        Term.Variable v = (Term.Variable) t;
        String value = ctx.reply().get(v.name());
        if (value == null) {
            if (required) {
                throw new EffectFailure(v.position(), "content variable " + v.name() + " has no value here");
            }
            return null;
        }
        return v.negated() ? negate(value) : value;
    }

    // ------------------------------------------------------------------ names

    /**
     * The participants a name denotes now: {@code Target}, {@code Speaker} and {@code Listener} from the move being
     * made; then a player id (all its participants), a participant id, a role (holders; {@code listener}: everyone
     * not holding {@code speaker}). An unknown name denotes nobody (the checker warned about it).
     */
    private List<String> resolve(String name, Ctx ctx, SourcePosition at) {
        switch (name) {
            case "Target" -> {
                if (ctx.target() == null) {
                    throw new EffectFailure(at, "Target is used but the move has no target");
                }
                return List.of(ctx.target());
            }
            case "Speaker" -> {
                if (ctx.speaker() == null) {
                    throw new EffectFailure(at, "Speaker is used but no move is being made");
                }
                return List.of(ctx.speaker());
            }
            case "Listener" -> {
                List<String> out = new ArrayList<>(participants.keySet());
                out.remove(ctx.speaker());
                return out;
            }
            default -> {
                return resolveStatic(name);
            }
        }
    }

    private List<String> resolveStatic(String name) {
        List<String> out = new ArrayList<>();
        for (Participant p : participants.values()) {
            if (p.player().equals(name)) {
                out.add(p.id());
            }
        }
        if (!out.isEmpty()) {
            return out;
        }
        if (participants.containsKey(name)) {
            return List.of(name);
        }
        boolean listener = name.equals(LISTENER_ROLE);
        for (Map.Entry<String, LinkedHashSet<String>> e : roles.entrySet()) {
            boolean has = listener ? !e.getValue().contains(SPEAKER_ROLE) : e.getValue().contains(name);
            if (has) {
                out.add(e.getKey());
            }
        }
        return out;
    }

    // ------------------------------------------------------------------ conditions

    private boolean holds(List<Condition> conditions, Ctx ctx) {
        for (Condition c : conditions) {
            if (test(c.requirement(), ctx) == c.negated()) {
                return false;
            }
        }
        return true;
    }

    private boolean test(Requirement r, Ctx ctx) {
        if (r instanceof Requirement.Event ev) {
            if (ctx.lastIndex() < 0) {
                return false;
            }
            List<String> speakers = ev.user() == null ? null : resolve(ev.user(), ctx, ev.position());
            List<String> vals = values(ev.content(), ctx, false);
            if (ev.time() == Requirement.EventTime.LAST) {
                return History.matches(history.get(ctx.lastIndex()), ev.moveId(), speakers, vals);
            }
            return history.anyMatch(ev.moveId(), speakers, vals, ctx.lastIndex());
        }
        if (r instanceof Requirement.InRole ir) {
            for (String p : resolve(ir.user(), ctx, ir.position())) {
                Set<String> held = roles.get(p);
                boolean has = ir.role().equals(LISTENER_ROLE) ? !held.contains(SPEAKER_ROLE) : held.contains(ir.role());
                if (has) {
                    return true;
                }
            }
            return false;
        }
        if (r instanceof Requirement.Inspect is) {
            return inspect(is, ctx);
        }
        Requirement.UriTest u = (Requirement.UriTest) r;
        Protocol.ExtUri ext = protocol.extUri(u.extUriId()).orElseThrow();
        try {
            return resolver.test(ext.id(), ext.uri(), this::stateJson);
        } catch (ExternalConditionException e) {
            throw new EffectFailure(u.position(), e.getMessage());
        }
    }

    private boolean inspect(Requirement.Inspect is, Ctx ctx) {
        Protocol.Store store = protocol.store(is.storeId()).orElseThrow();
        if (is.user() != null) {
            boolean owned = false;
            for (String p : resolve(is.user(), ctx, is.position())) {
                owned |= owns(p, store);
            }
            if (!owned) {
                return false;
            }
        }
        List<String> vals = values(is.content(), ctx, true);
        if (is.time() == Requirement.StoreTime.PAST) {
            return everInStore.get(store.id()).containsAll(vals);
        }
        List<String> content = is.time() == Requirement.StoreTime.INITIAL
                ? initialStores.getOrDefault(store.id(), stores.get(store.id())) : stores.get(store.id());
        if (is.where() == Requirement.InspectPosition.IN) {
            return content.containsAll(vals);
        }
        // the top of a stack (and of a set) is its newest element, of a queue its oldest
        boolean queue = store.structure() == Protocol.Structure.QUEUE;
        int n = is.where() == Requirement.InspectPosition.TOP ? Math.min(1, vals.size()) : vals.size();
        if (n == 0 || n > content.size()) {
            return false;
        }
        for (int k = 0; k < n; k++) {
            String atK = queue ? content.get(k) : content.get(content.size() - 1 - k);
            if (!atK.equals(vals.get(k))) {
                return false;
            }
        }
        return true;
    }

    private static final ObjectMapper MAPPER = new ObjectMapper();

    /** The state an external condition is shown: protocol, participants with roles, history, public stores. */
    JsonNode stateJson() {
        ObjectNode root = MAPPER.createObjectNode();
        root.put("protocol", protocol.id());
        root.put("status", status.name().toLowerCase(java.util.Locale.ROOT));
        ArrayNode ps = root.putArray("participants");
        for (Participant p : participants.values()) {
            ObjectNode o = ps.addObject().put("id", p.id()).put("player", p.player());
            roles.get(p.id()).forEach(o.putArray("roles")::add);
        }
        ArrayNode h = root.putArray("history");
        for (PerformedMove m : history.all()) {
            ObjectNode o = h.addObject().put("speaker", m.speaker()).put("move", m.moveId()).put("target", m.target());
            m.reply().forEach(o.putObject("reply")::put);
        }
        ObjectNode st = root.putObject("stores");
        for (Protocol.Store s : protocol.stores()) {
            if (s.visibility() == Protocol.Visibility.PUBLIC) {
                stores.get(s.id()).forEach(st.putArray(s.id())::add);
            }
        }
        return root;
    }

    private void requireParticipant(String id) {
        if (!participants.containsKey(id)) {
            throw new DialogueException("unknown participant " + id + " (participants: " + participants.keySet() + ")");
        }
    }
}
