package dev.parley.server;

import dev.parley.dgdl.Diagnostic;
import dev.parley.dgdl.Protocol;
import dev.parley.engine.Dialogue;
import dev.parley.engine.DialogueException;
import dev.parley.engine.DialogueStatus;
import dev.parley.engine.ExternalConditionResolver;
import dev.parley.engine.LegalMove;
import dev.parley.engine.MoveOutcome;
import dev.parley.engine.Participant;
import dev.parley.engine.PerformedMove;
import dev.parley.engine.StoreView;
import dev.parley.aif.AifGraph;
import dev.parley.server.store.DialogueStore;
import dev.parley.server.store.DomainBinding;
import dev.parley.server.store.NewMove;
import dev.parley.server.store.Recorded;
import dev.parley.server.store.Seat;
import dev.parley.server.store.StoreException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The dialogue server's logic, apart from HTTP: protocols by name, dialogues with their seats and engines, joining,
 * legal moves, performing moves, persistence.
 *
 * <p>Concurrency: each dialogue has its own lock, taken by every operation on it (the engine is single-threaded),
 * so moves on one dialogue are serialised and the loser of a race sees the winner's move (the engine then rejects
 * its attempt with the reason, e.g. that it is no longer its turn); different dialogues proceed in parallel up to
 * the database commit. Across servers on one shared database the dialogue's version in the database decides: every
 * request first catches up with the moves other servers logged, and a move that loses the race at commit catches up
 * and is judged again by the engine (409 with its reason, never 503).
 *
 * <p>Durability: a move is performed on a copy of the engine and appended to the move log; only once it is committed
 * does the copy replace the engine and the caller hear "accepted", so memory never runs ahead of the database. A
 * dialogue is rebuilt from its latest snapshot and the log after it; one that cannot be rebuilt is quarantined (503
 * with the reason for it alone) and logged, and every other dialogue is served.
 *
 * <p>Memory: only a working set of the most recently used dialogues is held ({@link Settings#cachedDialogues}
 * dialogues and {@link Settings#cachedMoves} moves at most, since a dialogue's memory grows with its moves); the
 * least recently used one is let go when another is needed, and rebuilt from the store on its next request, exactly
 * as a restart rebuilds it (latest snapshot, the log after it, seats and domain binding). {@link HeldDialogues}
 * keeps them, hands each out under its lock, and lets one go only while no request holds that lock.
 */
public final class DialogueService implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(DialogueService.class);
    private static final int MAX_RACE_RETRIES = 5;

    private final ProtocolRegistry protocols;
    /** The protocols offered: bundled, from a directory, and uploaded (kept in the store). */
    private final ProtocolCatalogue catalogue;
    private final DialogueStore store;
    private final ExternalConditionResolver resolver;
    private final Settings settings;
    /** Every dialogue served, the working set of them held in memory, and the quarantined ones. */
    private final HeldDialogues dialogues;
    /** Tests only: runs on a move after the engine accepted it and before it is stored, to widen race windows. */
    volatile Runnable beforeStoringMove;
    private final ExecutorService snapshotter;

    /**
     * How the service runs.
     *
     * @param maxDialogues  most dialogues held; {@code /new} answers 503 beyond
     * @param snapshotEvery a snapshot of a dialogue's state every this many moves
     * @param protocolLimits limits on uploaded protocols
     * @param maxTextChars  the longest free text a move may carry
     * @param cachedDialogues most dialogues held in memory at once; the others are rebuilt from the store when asked
     *                      for
     * @param cachedMoves   most moves held in memory at once, over the dialogues held (each counts its moves plus
     *                      one); memory is about 3 KB per move held (see {@link #defaultCachedMoves})
     */
    public record Settings(int maxDialogues, int snapshotEvery, ProtocolLimits protocolLimits, int maxTextChars,
                           int cachedDialogues, int cachedMoves, int maxMoveBytes, int maxDialogueBytes) {
        /** The default of {@code cachedDialogues}. */
        public static final int DEFAULT_CACHED = 1000;
        /** The heap a held move takes, as measured in the soak (2.5 to 3 KB), with room for the garbage around it. */
        public static final int BYTES_PER_MOVE = 4096;
        /** The default of {@code maxMoveBytes}: a move's content (its reply's names and values and its text). */
        public static final int DEFAULT_MOVE_BYTES = 32 * 1024;
        /** The default of {@code maxDialogueBytes}: the content of all of a dialogue's moves together. */
        public static final int DEFAULT_DIALOGUE_BYTES = 1024 * 1024;

        /**
         * The default of {@code cachedMoves}: what fits in a quarter of this JVM's maximum heap at
         * {@link #BYTES_PER_MOVE}, at least 1,000 (32,768 moves with {@code -Xmx512m}). A fixed default passed a
         * small heap: 100,000 moves at {@code -Xmx512m} left the collector too little room, and the soak's
         * throughput fell to 30 requests a second.
         */
        public static int defaultCachedMoves() {
            return (int) Math.max(1000, Math.min(Integer.MAX_VALUE, Runtime.getRuntime().maxMemory() / 4
                    / BYTES_PER_MOVE));
        }

        public Settings {
            if (maxDialogues < 1 || snapshotEvery < 1 || maxTextChars < 1 || maxMoveBytes < 1
                    || maxDialogueBytes < 1) {
                throw new IllegalArgumentException("service settings must be positive");
            }
            if (cachedDialogues < 1 || cachedMoves < 1) {
                throw new IllegalArgumentException("the dialogues and moves held in memory must be at least 1, not "
                        + cachedDialogues + " and " + cachedMoves);
            }
        }

        public Settings(int maxDialogues, int snapshotEvery, ProtocolLimits protocolLimits, int maxTextChars,
                        int cachedDialogues, int cachedMoves) {
            this(maxDialogues, snapshotEvery, protocolLimits, maxTextChars, cachedDialogues, cachedMoves,
                    DEFAULT_MOVE_BYTES, DEFAULT_DIALOGUE_BYTES);
        }

        public Settings(int maxDialogues, int snapshotEvery, ProtocolLimits protocolLimits, int maxTextChars) {
            this(maxDialogues, snapshotEvery, protocolLimits, maxTextChars, DEFAULT_CACHED, defaultCachedMoves());
        }

        public static Settings defaults(int maxDialogues) {
            return new Settings(maxDialogues, 100, ProtocolLimits.DEFAULT, 4000);
        }

        /** These settings holding at most {@code n} dialogues in memory. */
        public Settings withCachedDialogues(int n) {
            return new Settings(maxDialogues, snapshotEvery, protocolLimits, maxTextChars, n, cachedMoves,
                    maxMoveBytes, maxDialogueBytes);
        }

        /** These settings with other content limits. */
        public Settings withContentLimits(int moveBytes, int dialogueBytes) {
            return new Settings(maxDialogues, snapshotEvery, protocolLimits, maxTextChars, cachedDialogues,
                    cachedMoves, moveBytes, dialogueBytes);
        }
    }

    /** A seat as {@code /roles} and {@code /status} show it. */
    public record SeatView(String handle, String player, List<String> roles, boolean filled) {
    }

    /** {@code /roles}: the protocol's declared roles and every seat. */
    public record RolesView(String dialogueId, String protocol, List<String> roles, List<SeatView> seats) {
    }

    /** {@code /join}: the caller's token and the seat it got. */
    public record Joined(String participantId, String handle, String player) {
    }

    /**
     * {@code /moves/{participant}}: the seat's legal moves after the dialogue's first {@code movesMade} moves, read
     * together, so a client can tell which move these answer.
     */
    public record ParticipantMoves(String handle, List<LegalMove> moves, int movesMade) {
    }

    /** A transcript entry: the engine's move and the client's free text (null when it sent none). */
    public record Entry(PerformedMove move, String words) {
    }

    /**
     * An accepted move and everyone's legal moves after it; {@code repeated} when an idempotency key matched an
     * earlier move, which is returned instead of making a second one.
     */
    public record Performed(Entry entry, Map<String, List<LegalMove>> moves, boolean repeated) {

        public PerformedMove move() {
            return entry.move();
        }
    }

    /** {@code /status}. */
    public record StatusView(String dialogueId, String protocol, DialogueStatus engineStatus, int moveCount,
                             List<String> speakers, List<SeatView> seats, Map<String, List<String>> roles) {

        public boolean waiting() {
            return seats.stream().anyMatch(s -> !s.filled());
        }
    }

    /** A participant's view of the commitment stores: the public ones and the private ones it owns. */
    public record StoresView(String handle, List<StoreView> stores) {
    }

    /** A protocol added with {@code PUT /protocol}. */
    public record Added(String name, List<Diagnostic> warnings) {
    }

    /**
     * {@code /health}: {@code writer} is null while the database writer runs and last settled a move without an
     * Error, else what is wrong with it.
     */
    public record Health(boolean databaseUp, String database, int dialogues, int protocols, int quarantined,
                         String writer) {
        public boolean ok() {
            return databaseUp && writer == null;
        }
    }

    public DialogueService(ProtocolRegistry protocols, DialogueStore store, ExternalConditionResolver resolver,
                           int maxDialogues) {
        this(protocols, store, resolver, Settings.defaults(maxDialogues));
    }

    /**
     * Opens the service: adds the uploaded protocols kept in the store to {@code protocols}, then rebuilds every
     * stored dialogue (latest snapshot plus the log after it); one that cannot be rebuilt is quarantined.
     */
    public DialogueService(ProtocolRegistry protocols, DialogueStore store, ExternalConditionResolver resolver,
                           Settings settings) {
        this.protocols = protocols;
        this.store = store;
        this.resolver = resolver;
        this.settings = settings;
        this.dialogues = new HeldDialogues(store, resolver, settings.cachedDialogues(), settings.cachedMoves());
        this.catalogue = new ProtocolCatalogue(protocols, store, resolver, settings.protocolLimits());
        dialogues.restore();
        // one thread, a bounded queue: a snapshot that finds the queue full is skipped (the next one, K moves on,
        // covers it), so a burst of dialogues reaching K at once cannot pile up engine copies in memory
        this.snapshotter = new ThreadPoolExecutor(1, 1, 0, TimeUnit.MILLISECONDS, new ArrayBlockingQueue<>(16),
                r -> {
                    Thread t = new Thread(r, "parley-snapshots");
                    t.setDaemon(true);
                    return t;
                }, (task, pool) -> LOG.warn("snapshot queue full; a snapshot is skipped"));
        LOG.info("dialogue service on {}: {} protocols, {} dialogues restored ({} held in memory, at most {} dialogues "
                + "and {} moves), {} quarantined", store.kind(), protocols.size(), dialogues.served(),
                dialogues.held(), dialogues.capacity(), dialogues.maxMoves(), dialogues.quarantined());
    }

    // ------------------------------------------------------------------ protocols

    /** The protocols offered, by name; on a shared store, with those another server uploaded since. */
    public List<String> available() {
        return catalogue.available();
    }

    /** See {@link ProtocolCatalogue#nameOf}. */
    public Optional<String> nameOf(dev.parley.dgdl.Protocol protocol, String preferred) {
        return catalogue.nameOf(protocol, preferred);
    }

    /** See {@link ProtocolCatalogue#add}. */
    public Added addProtocol(String dgdl, int utf8Bytes) {
        return catalogue.add(dgdl, utf8Bytes);
    }

    static List<Participant> participants(List<Seat> seats) {
        return seats.stream().map(s -> new Participant(s.handle(), s.player())).toList();
    }

    // ------------------------------------------------------------------ dialogues

    /** A participant named in a DGEP 2 {@code /dialogue/new} body: a label and the player (or role) it plays. */
    public record Named(String name, String player) {
    }

    /**
     * A dialogue created with its participants seated: their tokens, in the order they were named; and an invitation
     * for each seat left free, which a participant other than the operator needs to take that seat.
     */
    public record Created(String dialogueId, List<NamedJoin> participants, List<Invitation> invitations) {
    }

    /** The invitation to a free seat: a secret code, returned once to the dialogue's creator, stored hashed. */
    public record Invitation(String handle, String player, String code) {
    }

    /** One named participant's seat and token. */
    public record NamedJoin(String name, Joined joined) {
    }

    /** Starts a dialogue on a protocol; its seats are free until joined. */
    public String create(String protocolName) {
        return create(protocolName, List.of()).dialogueId();
    }

    /**
     * Starts a dialogue and seats the named participants in it at once (DGEP 2's participants body), each in the
     * first free seat whose name, player or role matches. All of them are placed before anything is stored, so a
     * name that fits no seat leaves no dialogue behind.
     */
    public Created create(String protocolName, List<Named> named) {
        return create(protocolName, named, Optional.empty());
    }

    /**
     * As {@link #create(String, List)}, for a dialogue of a dialogue domain: its binding is stored in the same
     * transaction as the dialogue, so a restart finds every domain dialogue with what it was started as.
     */
    public Created create(String protocolName, List<Named> named, Optional<DomainBinding> binding) {
        ProtocolRegistry.Entry entry = catalogue.require(protocolName);
        if (dialogues.served() >= settings.maxDialogues()) {
            throw new ServiceException.Unavailable("the server holds its maximum of " + settings.maxDialogues()
                    + " dialogues");
        }
        List<Seat> seats = new ArrayList<>(ProtocolCatalogue.seatsOf(entry.protocol()));
        Dialogue d;
        try {
            d = Dialogue.start(entry.protocol(), participants(seats), resolver);
        } catch (DialogueException e) {
            throw new ServiceException.Conflict("protocol " + entry.name() + " cannot start a dialogue: "
                    + e.getMessage());
        }
        List<NamedJoin> joined = new ArrayList<>();
        long at = System.currentTimeMillis();
        for (Named n : named) {
            int i = freeSeat(seats, d, n.player());
            if (i < 0) {
                throw new ServiceException.Conflict("participant " + n.name() + ": no free seat for player or role "
                        + n.player() + " (players: " + String.join(", ", seats.stream().map(Seat::handle).toList())
                        + "; roles: " + String.join(", ", entry.protocol().roles()) + ")");
            }
            String token = Tokens.participantToken();
            Seat seat = seats.get(i);
            seats.set(i, seat.join(Tokens.hash(token), at));
            joined.add(new NamedJoin(n.name(), new Joined(token, seat.handle(), seat.player())));
        }
        List<Invitation> invitations = new ArrayList<>();
        Map<Integer, String> hashes = new LinkedHashMap<>();
        for (int i = 0; i < seats.size(); i++) {
            if (!seats.get(i).filled()) {
                String code = Tokens.participantToken();
                invitations.add(new Invitation(seats.get(i).handle(), seats.get(i).player(), code));
                hashes.put(i, Tokens.hash(code));
            }
        }
        String id = Tokens.dialogueId();
        store.createDialogue(id, entry.name(), at, seats, Snapshots.of(d), binding, hashes);
        dialogues.add(new ServedDialogue(id, entry.name(), entry.protocol(), seats, d, List.of(),
                binding.orElse(null)));
        LOG.info("dialogue {} created on {} with {} participants seated", id, entry.name(), joined.size());
        return new Created(id, joined, invitations);
    }

    private static int freeSeat(List<Seat> seats, Dialogue d, String role) {
        for (int i = 0; i < seats.size(); i++) {
            Seat seat = seats.get(i);
            if (!seat.filled() && (seat.handle().equals(role) || seat.player().equals(role)
                    || d.roles(seat.handle()).contains(role))) {
                return i;
            }
        }
        return -1;
    }

    /** The ids of every stored dialogue, oldest first (quarantined ones included). */
    public List<String> dialogueIds() {
        return store.dialogueIds();
    }

    public RolesView roles(String dialogueId) {
        return dialogues.read(dialogueId, s -> new RolesView(s.id, s.protocolName, s.protocol.roles(), seatViews(s)));
    }

    private static List<SeatView> seatViews(ServedDialogue s) {
        List<SeatView> out = new ArrayList<>();
        for (Seat seat : s.seats) {
            out.add(new SeatView(seat.handle(), seat.player(), List.copyOf(s.dialogue.roles(seat.handle())),
                    seat.filled()));
        }
        return out;
    }

    /**
     * Gives the caller the first free seat that matches {@code role}: a seat's name, its protocol player, or a role
     * the player holds. The token is returned once and never stored in the clear.
     */
    public Joined join(String dialogueId, String role) {
        return join(dialogueId, role, null, false);
    }

    /**
     * As {@link #join(String, String)}, for a participant who is not the operator: the seat is the one
     * {@code invitation} was made for, and it must match {@code role}. 403 without an invitation, or with one that
     * is not this dialogue's; a dialogue created without invitations (before they existed) is joined as before.
     */
    public Joined joinInvited(String dialogueId, String role, String invitation) {
        return join(dialogueId, role, invitation, true);
    }

    private Joined join(String dialogueId, String role, String invitation, boolean invited) {
        Map<Integer, String> invitations = invited ? store.invitations(dialogueId) : Map.of();
        String presented = invitation == null || invitation.isEmpty() ? null : Tokens.hash(invitation);
        if (!invitations.isEmpty() && presented == null) {
            throw new ServiceException.NotParticipant("the seats of dialogue " + dialogueId + " are taken with "
                    + "their invitations: ask its creator for yours (?invitation=CODE)");
        }
        int invitedSeat = -1;
        for (Map.Entry<Integer, String> e : invitations.entrySet()) {
            // every one compared, so the time taken does not tell which matched
            if (Tokens.sameHash(presented, e.getValue())) {
                invitedSeat = e.getKey();
            }
        }
        if (!invitations.isEmpty() && invitedSeat < 0) {
            throw new ServiceException.NotParticipant("that invitation is not one of dialogue " + dialogueId + "'s");
        }
        int only = invitedSeat;
        return dialogues.read(dialogueId, s -> {
            boolean any = false;
            for (int i = 0; i < s.seats.size(); i++) {
                Seat seat = s.seats.get(i);
                Set<String> roles = s.dialogue.roles(seat.handle());
                if (!seat.handle().equals(role) && !seat.player().equals(role) && !roles.contains(role)
                        || only >= 0 && i != only) {
                    continue;
                }
                any = true;
                if (seat.filled()) {
                    continue;
                }
                String token = Tokens.participantToken();
                String hash = Tokens.hash(token);
                long at = System.currentTimeMillis();
                if (!store.claimSeat(s.id, i, hash, at)) {
                    if (!store.shared()) {
                        throw new StoreException("seat " + seat.handle() + " of dialogue " + s.id
                                + " is taken in the database but free in memory");
                    }
                    // another server gave it away a moment ago
                    s.seats.set(i, store.seats(s.id).get(i));
                    continue;
                }
                s.seats.set(i, seat.join(hash, at));
                LOG.info("dialogue {}: {} joined", s.id, seat.handle());
                return new Joined(token, seat.handle(), seat.player());
            }
            if (!any && only >= 0 && only < s.seats.size()) {
                throw new ServiceException.NotParticipant("that invitation is for seat " + s.seats.get(only).handle()
                        + " of dialogue " + s.id + ", not " + role);
            }
            if (!any) {
                throw new ServiceException.NotFound("dialogue " + s.id + " (" + s.protocolName + ") has no player or"
                        + " role " + role + " (players: "
                        + String.join(", ", s.seats.stream().map(Seat::handle).toList()) + "; roles: "
                        + String.join(", ", s.protocol.roles()) + ")");
            }
            throw new ServiceException.Conflict("every player with role " + role + " in dialogue " + s.id
                    + " has joined already" + (s.free().isEmpty() ? "" : " (free: " + String.join(", ", s.free())
                    + ")"));
        });
    }

    /** Every seat's legal moves now, by seat name. */
    public Map<String, List<LegalMove>> moves(String dialogueId) {
        return dialogues.read(dialogueId, DialogueService::movesOf);
    }

    private static Map<String, List<LegalMove>> movesOf(ServedDialogue s) {
        Map<String, List<LegalMove>> out = new LinkedHashMap<>();
        for (Seat seat : s.seats) {
            out.put(seat.handle(), s.dialogue.legalMoves(seat.handle()));
        }
        return out;
    }

    /** The legal moves of the participant holding {@code token}; 404 if no one in this dialogue holds it. */
    public ParticipantMoves moves(String dialogueId, String token) {
        return dialogues.read(dialogueId, s -> {
            Seat seat = seatOf(s, token).orElseThrow(() -> noParticipant(s));
            return new ParticipantMoves(seat.handle(), s.dialogue.legalMoves(seat.handle()),
                    s.dialogue.history().size());
        });
    }

    /** The commitment stores the participant holding {@code token} may see, its private ones included. */
    public StoresView stores(String dialogueId, String token) {
        return dialogues.read(dialogueId, s -> {
            Seat seat = seatOf(s, token).orElseThrow(() -> noParticipant(s));
            return new StoresView(seat.handle(), s.dialogue.stores(seat.handle()));
        });
    }

    private static ServiceException noParticipant(ServedDialogue s) {
        return new ServiceException.NotFound("dialogue " + s.id + " has no participant with that id");
    }

    private static Optional<Seat> seatOf(ServedDialogue s, String token) {
        if (token == null || token.isEmpty()) {
            return Optional.empty();
        }
        String hash = Tokens.hash(token);
        Seat found = null;
        for (Seat seat : s.seats) {
            // compare every seat, always, so the time taken does not depend on which seat matched
            if (Tokens.sameHash(hash, seat.tokenHash())) {
                found = seat;
            }
        }
        return Optional.ofNullable(found);
    }

    /**
     * Performs a move for the participant holding {@code speakerToken}. 403 when the token is not a participant's of
     * this dialogue; 409 while seats are free, or when the engine rejects the move (with its reason); the dialogue
     * is unchanged in both cases. With an idempotency key that this dialogue has stored already, the move stored
     * under it is returned and no second move is made.
     *
     * @param target a seat name, or a participant id of this dialogue (DGEP clients send those); null: the engine
     *               picks the only addressee
     * @param words  the move's free text as the client worded it, or null
     * @param key    the client's idempotency key, or null
     */
    public Performed perform(String dialogueId, String moveId, String speakerToken, Map<String, String> reply,
                             String target, String words, String key) {
        if (words != null && words.length() > settings.maxTextChars()) {
            throw new ServiceException.OverLimit("\"text\" is " + words.length() + " characters, over the limit of "
                    + settings.maxTextChars() + " (text length)");
        }
        long bytes = ServedDialogue.contentBytes(reply, words);
        if (bytes > settings.maxMoveBytes()) {
            throw new ServiceException.TooLarge("the move's content is " + bytes + " bytes (UTF-8, its reply's "
                    + "names and values and its text), over the limit of " + settings.maxMoveBytes() + " a move");
        }
        return dialogues.read(dialogueId, s -> {
            if (s.contentBytes + bytes > settings.maxDialogueBytes()) {
                throw new ServiceException.OverLimit("dialogue " + s.id + " holds " + s.contentBytes + " bytes of "
                        + "content; this move's " + bytes + " would pass its limit of " + settings.maxDialogueBytes()
                        + " (dialogue content)");
            }
            for (int attempt = 0; attempt < MAX_RACE_RETRIES; attempt++) {
                if (attempt > 0) {
                    dialogues.catchUp(s, true);
                }
                Seat seat = seatOf(s, speakerToken).orElseThrow(() -> new ServiceException.NotParticipant(
                        "the speaker is not a participant of dialogue " + s.id
                                + ": present the participantID that join returned"));
                List<String> free = s.free();
                if (!free.isEmpty()) {
                    throw new ServiceException.Conflict("dialogue " + s.id + " is waiting for players to join: "
                            + String.join(", ", free));
                }
                if (key != null) {
                    int seq = store.moveWithKey(s.id, key);
                    if (seq >= 0) {
                        return repeated(s, seq, seat, moveId, key);
                    }
                }
                String targetHandle = target == null ? null : seatOf(s, target).map(Seat::handle).orElse(target);
                Dialogue next = s.dialogue.copy();
                MoveOutcome o = next.perform(seat.handle(), moveId, reply, targetHandle);
                if (!o.accepted()) {
                    throw new ServiceException.Conflict(o.reason());
                }
                PerformedMove m = o.move().orElseThrow();
                Runnable hook = beforeStoringMove;
                if (hook != null) {
                    hook.run();
                }
                Recorded r;
                try {
                    r = store.recordMove(new NewMove(s.id, m.index(), m.speaker(), m.moveId(), m.target(),
                            m.reply(), m.text(), Snapshots.aif(m), words, key));
                } catch (RuntimeException e) {
                    LOG.error("dialogue {}: move {} not stored, so not made: {}", s.id, m.index(), e.getMessage(),
                            e);
                    if (e instanceof StoreException se && se.outcomeUnknown()) {
                        // memory stays as it was: if the move was stored, the next move finds the database ahead
                        // and catches up
                        throw new ServiceException.Unavailable("the database did not confirm the move in time, so "
                                + "it may or may not have been made: look at the transcript before sending it again "
                                + "(or send it again with the same Idempotency-Key)");
                    }
                    throw new ServiceException.Unavailable(e instanceof StoreException se && se.diskFull()
                            ? "the move could not be stored, so it was not made: the database's disk is full; try "
                            + "again once there is space"
                            : "the move could not be stored, so it was not made; try again");
                }
                if (r == Recorded.CONFLICT) {
                    LOG.debug("dialogue {}: move {} lost a race to another server; catching up", s.id, m.index());
                    continue;
                }
                s.dialogue = next;
                s.words.add(words);
                s.contentBytes += bytes;
                if ((m.index() + 1) % settings.snapshotEvery() == 0) {
                    snapshot(s.id, m.index() + 1, next.copy());
                }
                LOG.debug("dialogue {}: {} performed {}", s.id, seat.handle(), moveId);
                return new Performed(new Entry(m, words), movesOf(s), false);
            }
            throw new ServiceException.Conflict("dialogue " + s.id + " kept moving on while this move was being"
                    + " stored; look at its moves and try again");
        });
    }

    private Performed repeated(ServedDialogue s, int seq, Seat seat, String moveId, String key) {
        if (seq >= s.dialogue.history().size()) {
            dialogues.catchUp(s, true);
        }
        PerformedMove m = s.dialogue.history().get(seq);
        if (!m.speaker().equals(seat.handle()) || !m.moveId().equals(moveId)) {
            throw new ServiceException.OverLimit("Idempotency-Key " + key + " was used for another move of dialogue "
                    + s.id + " (move " + seq + ", " + m.moveId() + " by " + m.speaker() + ")");
        }
        return new Performed(new Entry(m, s.words.get(seq)), movesOf(s), true);
    }

    private void snapshot(String id, int seq, Dialogue copy) {
        try {
            snapshotter.execute(() -> {
                try {
                    store.saveSnapshot(id, seq, Snapshots.of(copy));
                } catch (RuntimeException e) {
                    // the log still holds every move; the next snapshot, or a longer replay, covers it
                    LOG.warn("dialogue {}: snapshot at move {} not written: {}", id, seq, e.getMessage());
                }
            });
        } catch (java.util.concurrent.RejectedExecutionException e) {
            LOG.debug("dialogue {}: no snapshot at move {}: {}", id, seq, e.getMessage());
        }
    }

    public List<Entry> transcript(String dialogueId) {
        return dialogues.read(dialogueId, s -> {
            List<PerformedMove> h = s.dialogue.history();
            List<Entry> out = new ArrayList<>(h.size());
            for (int i = 0; i < h.size(); i++) {
                out.add(new Entry(h.get(i), s.words.get(i)));
            }
            return out;
        });
    }

    /** The whole dialogue as one JSON-AIF graph. */
    public AifGraph aif(String dialogueId) {
        return dialogues.read(dialogueId, s -> s.dialogue.aif());
    }

    /** The dialogue's JSON-AIF with what an AIFdb NodeSet carries besides: its seats and whether it is over. */
    public record NodeSet(String dialogueId, String protocol, boolean finished, List<String> speakers,
                          AifGraph aif) {
    }

    public NodeSet nodeSet(String dialogueId) {
        return dialogues.read(dialogueId, s -> new NodeSet(s.id, s.protocolName, !s.dialogue.status().acceptsMoves(),
                s.seats.stream().map(Seat::handle).toList(), s.dialogue.aif()));
    }

    public StatusView status(String dialogueId) {
        return dialogues.read(dialogueId, s -> {
            Map<String, List<String>> roles = new LinkedHashMap<>();
            for (Seat seat : s.seats) {
                roles.put(seat.handle(), List.copyOf(s.dialogue.roles(seat.handle())));
            }
            return new StatusView(s.id, s.protocolName, s.dialogue.status(), s.dialogue.history().size(),
                    s.dialogue.speakers(), seatViews(s), roles);
        });
    }

    /**
     * Every served dialogue started from a dialogue domain, by id, with what it was started as: read from the store,
     * since most dialogues may not be held in memory.
     */
    public Map<String, DomainBinding> bindings() {
        Map<String, DomainBinding> out = new LinkedHashMap<>();
        store.bindings().forEach((id, b) -> {
            if (dialogues.serves(id)) {
                out.put(id, b);
            }
        });
        return out;
    }

    /** What the dialogue was started as, if it was started from a dialogue domain. */
    public Optional<DomainBinding> binding(String dialogueId) {
        return dialogues.read(dialogueId, s -> Optional.ofNullable(s.binding));
    }

    /**
     * Stores the steered agent of a domain dialogue (its seat, token and state), so that after a restart it goes on
     * playing where it was.
     */
    public void saveAgent(String dialogueId, String seat, String token, String state) {
        // under the dialogue's lock, so that it cannot be let go and rebuilt between the store's write and memory's
        dialogues.read(dialogueId, s -> {
            DomainBinding b = s.binding;
            if (b == null) {
                throw new ServiceException.Conflict("dialogue " + dialogueId
                        + " was not started from a dialogue domain");
            }
            store.saveAgent(dialogueId, seat, token, state);
            s.binding = new DomainBinding(b.domain(), b.scenario(), b.gameJson(), seat, token, state);
            return null;
        });
    }

    public Health health() {
        return new Health(store.healthy(), store.kind(), dialogues.served(), protocols.size(),
                dialogues.quarantined(), store.writerProblem().orElse(null));
    }

    /** How many dialogues are held in memory now. */
    public int heldDialogues() {
        return dialogues.held();
    }

    /** How many moves the dialogues held in memory have, counting one more for each dialogue. */
    public long heldMoves() {
        return dialogues.heldMoves();
    }

    /** How many times a dialogue that was not held has been rebuilt from the store since the service started. */
    public long reloads() {
        return dialogues.reloads();
    }

    @Override
    public void close() {
        snapshotter.shutdown();
        try {
            snapshotter.awaitTermination(30, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        store.close();
    }
}
