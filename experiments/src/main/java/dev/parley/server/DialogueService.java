package dev.parley.server;

import dev.parley.dgdl.DgdlException;
import dev.parley.dgdl.Diagnostic;
import dev.parley.dgdl.Protocol;
import dev.parley.dgdl.ProtocolChecker;
import dev.parley.dgdl.ProtocolParser;
import dev.parley.engine.Dialogue;
import dev.parley.engine.DialogueException;
import dev.parley.engine.DialogueJson;
import dev.parley.engine.DialogueStatus;
import dev.parley.engine.ExternalConditionResolver;
import dev.parley.engine.LegalMove;
import dev.parley.engine.MoveOutcome;
import dev.parley.engine.Participant;
import dev.parley.engine.PerformedMove;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.locks.ReentrantLock;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The dialogue server's logic, apart from HTTP: protocols by name, dialogues with their seats and engines, joining,
 * legal moves, performing moves, persistence.
 *
 * <p>Concurrency: each dialogue has its own lock, taken by every operation on it (the engine is single-threaded),
 * so moves on one dialogue are serialised and the loser of a race sees the winner's move (the engine then rejects
 * its attempt with the reason, e.g. that it is no longer its turn); different dialogues proceed in parallel up to
 * the database commit.
 *
 * <p>Durability: a move is performed on the engine, the new state saved to JSON and written with the move in one
 * transaction; only then does the caller hear "accepted". If the write fails the engine is put back to the last
 * stored state, so memory never runs ahead of the database.
 */
public final class DialogueService implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(DialogueService.class);

    private final ProtocolRegistry protocols;
    private final DialogueStore store;
    private final ExternalConditionResolver resolver;
    private final int maxDialogues;
    private final ConcurrentHashMap<String, Served> dialogues = new ConcurrentHashMap<>();

    /** A dialogue in memory. Every field is guarded by {@code lock}. */
    private static final class Served {
        final String id;
        final String protocolName;
        final Protocol protocol;
        final ReentrantLock lock = new ReentrantLock();
        final List<Seat> seats;
        Dialogue dialogue;
        String savedState;

        Served(String id, String protocolName, Protocol protocol, List<Seat> seats, Dialogue dialogue,
               String savedState) {
            this.id = id;
            this.protocolName = protocolName;
            this.protocol = protocol;
            this.seats = new ArrayList<>(seats);
            this.dialogue = dialogue;
            this.savedState = savedState;
        }

        List<String> free() {
            return seats.stream().filter(s -> !s.filled()).map(Seat::handle).toList();
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

    /** {@code /moves/{participant}}. */
    public record ParticipantMoves(String handle, List<LegalMove> moves) {
    }

    /** An accepted move and everyone's legal moves after it. */
    public record Performed(PerformedMove move, Map<String, List<LegalMove>> moves) {
    }

    /** {@code /status}. */
    public record StatusView(String dialogueId, String protocol, DialogueStatus engineStatus, int moveCount,
                             List<String> speakers, List<SeatView> seats, Map<String, List<String>> roles) {

        public boolean waiting() {
            return seats.stream().anyMatch(s -> !s.filled());
        }
    }

    /** A protocol added with {@code PUT /protocol}. */
    public record Added(String name, List<Diagnostic> warnings) {
    }

    /** {@code /health}. */
    public record Health(boolean databaseUp, String database, int dialogues, int protocols) {
    }

    /**
     * Opens the service: adds the uploaded protocols kept in the store to {@code protocols}, then restores every
     * stored dialogue exactly (engine state from its saved JSON, checked against the move log).
     */
    public DialogueService(ProtocolRegistry protocols, DialogueStore store, ExternalConditionResolver resolver,
                           int maxDialogues) {
        this.protocols = protocols;
        this.store = store;
        this.resolver = resolver;
        this.maxDialogues = maxDialogues;
        for (DialogueStore.StoredProtocol p : store.protocols()) {
            try {
                if (!protocols.add(p.name(), ProtocolRegistry.Origin.UPLOADED,
                        ProtocolParser.load(p.dgdl(), p.name()))) {
                    LOG.warn("uploaded protocol {} is hidden by a bundled or directory protocol of that name",
                            p.name());
                }
            } catch (DgdlException e) {
                throw new StoreException("stored protocol " + p.name() + " no longer loads: " + e.getMessage(), e);
            }
        }
        for (DialogueStore.StoredDialogue d : store.dialogues()) {
            dialogues.put(d.id(), restore(d));
        }
        LOG.info("dialogue service on {}: {} protocols, {} dialogues restored", store.kind(), protocols.size(),
                dialogues.size());
    }

    private Served restore(DialogueStore.StoredDialogue d) {
        Dialogue dialogue;
        try {
            dialogue = DialogueJson.restore(d.state(), resolver);
        } catch (DialogueException e) {
            throw new StoreException("dialogue " + d.id() + " cannot be restored: " + e.getMessage(), e);
        }
        List<PerformedMove> history = dialogue.history();
        if (history.size() != d.moveCount() || d.moves().size() != d.moveCount()) {
            throw new StoreException("dialogue " + d.id() + " is inconsistent: state has " + history.size()
                    + " moves, move count " + d.moveCount() + ", move log " + d.moves().size());
        }
        for (int i = 0; i < history.size(); i++) {
            PerformedMove h = history.get(i);
            DialogueStore.StoredMove m = d.moves().get(i);
            if (m.seq() != i || !m.speaker().equals(h.speaker()) || !m.moveId().equals(h.moveId())
                    || !m.reply().equals(h.reply())) {
                throw new StoreException("dialogue " + d.id() + " is inconsistent at move " + i
                        + ": the move log and the saved state disagree");
            }
        }
        return new Served(d.id(), d.protocol(), dialogue.protocol(), d.seats(), dialogue, d.state());
    }

    // ------------------------------------------------------------------ protocols

    public List<String> available() {
        return protocols.names();
    }

    /**
     * Validates and adds a protocol under its game id: it must parse, pass the checker and be able to start a
     * dialogue with one participant per seat. Errors carry the line and column.
     */
    public Added addProtocol(String dgdl) {
        Protocol p;
        try {
            p = ProtocolParser.load(dgdl, "protocol.dgdl");
        } catch (DgdlException e) {
            Map<String, Object> details = new LinkedHashMap<>();
            details.put("line", e.line());
            details.put("column", e.column());
            throw new ApiException(400, e.getMessage(), details);
        }
        try {
            Dialogue.start(p, participants(seatsOf(p)), resolver);
        } catch (DialogueException e) {
            throw ApiException.badRequest("protocol " + p.id() + " cannot start a dialogue: " + e.getMessage());
        }
        if (protocols.find(p.id()).isPresent()) {
            throw ApiException.conflict("a protocol named " + p.id() + " exists already; rename the game");
        }
        if (!store.addProtocol(p.id(), dgdl) || !protocols.add(p.id(), ProtocolRegistry.Origin.UPLOADED, p)) {
            throw ApiException.conflict("a protocol named " + p.id() + " exists already; rename the game");
        }
        LOG.info("protocol {} added", p.id());
        return new Added(p.id(), ProtocolChecker.check(p));
    }

    /**
     * The seats of a protocol, as {@code parley protocol play} fills them: each player once under its own id, and a
     * player whose min is above 1 also as {@code ID#2}, {@code ID#3} ...
     */
    static List<Seat> seatsOf(Protocol p) {
        List<Seat> out = new ArrayList<>();
        for (Protocol.Player pl : p.players()) {
            int n = Math.max(1, pl.min());
            for (int k = 1; k <= n; k++) {
                out.add(new Seat(k == 1 ? pl.id() : pl.id() + "#" + k, pl.id(), null, 0));
            }
        }
        return out;
    }

    private static List<Participant> participants(List<Seat> seats) {
        return seats.stream().map(s -> new Participant(s.handle(), s.player())).toList();
    }

    // ------------------------------------------------------------------ dialogues

    /** Starts a dialogue on a protocol; its seats are free until joined. */
    public String create(String protocolName) {
        ProtocolRegistry.Entry entry = protocols.find(protocolName).orElseThrow(() -> ApiException.notFound(
                "no protocol " + protocolName + " (available: " + String.join(", ", protocols.names()) + ")"));
        if (dialogues.size() >= maxDialogues) {
            throw new ApiException(503, "the server holds its maximum of " + maxDialogues + " dialogues");
        }
        List<Seat> seats = seatsOf(entry.protocol());
        Dialogue d;
        try {
            d = Dialogue.start(entry.protocol(), participants(seats), resolver);
        } catch (DialogueException e) {
            throw ApiException.conflict("protocol " + entry.name() + " cannot start a dialogue: " + e.getMessage());
        }
        String id = Tokens.dialogueId();
        String state = DialogueJson.save(d);
        store.createDialogue(id, entry.name(), System.currentTimeMillis(), seats, state);
        dialogues.put(id, new Served(id, entry.name(), entry.protocol(), seats, d, state));
        LOG.info("dialogue {} created on {}", id, entry.name());
        return id;
    }

    public RolesView roles(String dialogueId) {
        Served s = find(dialogueId);
        s.lock.lock();
        try {
            return new RolesView(s.id, s.protocolName, s.protocol.roles(), seatViews(s));
        } finally {
            s.lock.unlock();
        }
    }

    private static List<SeatView> seatViews(Served s) {
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
        Served s = find(dialogueId);
        s.lock.lock();
        try {
            boolean any = false;
            for (int i = 0; i < s.seats.size(); i++) {
                Seat seat = s.seats.get(i);
                Set<String> roles = s.dialogue.roles(seat.handle());
                if (!seat.handle().equals(role) && !seat.player().equals(role) && !roles.contains(role)) {
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
                    throw new StoreException("seat " + seat.handle() + " of dialogue " + s.id
                            + " is taken in the database but free in memory");
                }
                s.seats.set(i, seat.join(hash, at));
                LOG.info("dialogue {}: {} joined", s.id, seat.handle());
                return new Joined(token, seat.handle(), seat.player());
            }
            if (!any) {
                throw ApiException.notFound("dialogue " + s.id + " (" + s.protocolName + ") has no player or role "
                        + role + " (players: " + String.join(", ", s.seats.stream().map(Seat::handle).toList())
                        + "; roles: " + String.join(", ", s.protocol.roles()) + ")");
            }
            throw ApiException.conflict("every player with role " + role + " in dialogue " + s.id
                    + " has joined already" + (s.free().isEmpty() ? "" : " (free: " + String.join(", ", s.free())
                    + ")"));
        } finally {
            s.lock.unlock();
        }
    }

    /** Every seat's legal moves now, by seat name. */
    public Map<String, List<LegalMove>> moves(String dialogueId) {
        Served s = find(dialogueId);
        s.lock.lock();
        try {
            return movesOf(s);
        } finally {
            s.lock.unlock();
        }
    }

    private static Map<String, List<LegalMove>> movesOf(Served s) {
        Map<String, List<LegalMove>> out = new LinkedHashMap<>();
        for (Seat seat : s.seats) {
            out.put(seat.handle(), s.dialogue.legalMoves(seat.handle()));
        }
        return out;
    }

    /** The legal moves of the participant holding {@code token}; 404 if no one in this dialogue holds it. */
    public ParticipantMoves moves(String dialogueId, String token) {
        Served s = find(dialogueId);
        s.lock.lock();
        try {
            Seat seat = seatOf(s, token).orElseThrow(() -> ApiException.notFound("dialogue " + s.id
                    + " has no participant with that id"));
            return new ParticipantMoves(seat.handle(), s.dialogue.legalMoves(seat.handle()));
        } finally {
            s.lock.unlock();
        }
    }

    private static java.util.Optional<Seat> seatOf(Served s, String token) {
        if (token == null || token.isEmpty()) {
            return java.util.Optional.empty();
        }
        String hash = Tokens.hash(token);
        Seat found = null;
        for (Seat seat : s.seats) {
            // compare every seat, always, so the time taken does not depend on which seat matched
            if (Tokens.sameHash(hash, seat.tokenHash())) {
                found = seat;
            }
        }
        return java.util.Optional.ofNullable(found);
    }

    /**
     * Performs a move for the participant holding {@code speakerToken}. 403 when the token is not a participant's of
     * this dialogue; 409 while seats are free, or when the engine rejects the move (with its reason); the dialogue
     * is unchanged in both cases.
     *
     * @param target a seat name, or a participant id of this dialogue (DGEP clients send those); null: the engine
     *               picks the only addressee
     */
    public Performed perform(String dialogueId, String moveId, String speakerToken, Map<String, String> reply,
                             String target) {
        Served s = find(dialogueId);
        s.lock.lock();
        try {
            Seat seat = seatOf(s, speakerToken).orElseThrow(() -> ApiException.forbidden("the speaker is not a "
                    + "participant of dialogue " + s.id + ": present the participantID that join returned"));
            List<String> free = s.free();
            if (!free.isEmpty()) {
                throw ApiException.conflict("dialogue " + s.id + " is waiting for players to join: "
                        + String.join(", ", free));
            }
            String targetHandle = target == null ? null : seatOf(s, target).map(Seat::handle).orElse(target);
            MoveOutcome o;
            try {
                o = s.dialogue.perform(seat.handle(), moveId, reply, targetHandle);
            } catch (RuntimeException e) {
                // the engine's own checks return rejections; anything thrown is a fault: start again from the store
                s.dialogue = DialogueJson.restore(s.savedState, resolver);
                throw e;
            }
            if (!o.accepted()) {
                throw ApiException.conflict(o.reason());
            }
            PerformedMove m = o.move().orElseThrow();
            String state;
            try {
                state = DialogueJson.save(s.dialogue);
                store.recordMove(s.id, m, state);
            } catch (RuntimeException e) {
                s.dialogue = DialogueJson.restore(s.savedState, resolver);
                LOG.error("dialogue {}: move {} not stored, dialogue put back: {}", s.id, m.index(), e.getMessage(),
                        e);
                throw new ApiException(503, "the move could not be stored, so it was not made; try again");
            }
            s.savedState = state;
            LOG.debug("dialogue {}: {} performed {}", s.id, seat.handle(), moveId);
            return new Performed(m, movesOf(s));
        } finally {
            s.lock.unlock();
        }
    }

    public List<PerformedMove> transcript(String dialogueId) {
        Served s = find(dialogueId);
        s.lock.lock();
        try {
            return s.dialogue.history();
        } finally {
            s.lock.unlock();
        }
    }

    public StatusView status(String dialogueId) {
        Served s = find(dialogueId);
        s.lock.lock();
        try {
            Map<String, List<String>> roles = new LinkedHashMap<>();
            for (Seat seat : s.seats) {
                roles.put(seat.handle(), List.copyOf(s.dialogue.roles(seat.handle())));
            }
            return new StatusView(s.id, s.protocolName, s.dialogue.status(), s.dialogue.history().size(),
                    s.dialogue.speakers(), seatViews(s), roles);
        } finally {
            s.lock.unlock();
        }
    }

    public Health health() {
        return new Health(store.healthy(), store.kind(), dialogues.size(), protocols.size());
    }

    private Served find(String dialogueId) {
        Served s = dialogueId == null ? null : dialogues.get(dialogueId);
        if (s == null) {
            throw ApiException.notFound("no dialogue " + dialogueId);
        }
        return s;
    }

    @Override
    public void close() {
        store.close();
    }
}
