package dev.parley.engine;

import dev.parley.dgdl.Protocol;
import dev.parley.dgdl.SourcePosition;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Who takes part, the roles each participant holds now, and the participants a name in the protocol denotes.
 * Role changes are journaled.
 */
final class Roles {

    static final String SPEAKER = "speaker";
    static final String LISTENER = "listener";

    private final Journal journal;
    private final LinkedHashMap<String, Participant> participants = new LinkedHashMap<>();
    private final Map<String, LinkedHashSet<String>> held = new LinkedHashMap<>();

    Roles(Journal journal) {
        this.journal = journal;
    }

    Roles copy(Journal to) {
        Roles c = new Roles(to);
        c.participants.putAll(participants);
        held.forEach((k, v) -> c.held.put(k, new LinkedHashSet<>(v)));
        return c;
    }

    /**
     * Seats the participants of a new dialogue after checking them against the protocol's players (ids unique,
     * players declared, each player's min/max, the participants' min/max); each gets its player's roles.
     */
    void join(Protocol protocol, List<Participant> list) {
        Map<String, Integer> perPlayer = new HashMap<>();
        for (Participant p : list) {
            if (p.id().isBlank()) {
                throw new DialogueException("a participant id must not be blank");
            }
            Protocol.Player player = protocol.player(p.player()).orElseThrow(() -> new DialogueException(
                    "participant " + p.id() + ": protocol " + protocol.id() + " has no player " + p.player()
                            + " (players: " + protocol.players().stream().map(Protocol.Player::id).toList() + ")"));
            if (participants.containsKey(p.id())) {
                throw new DialogueException("participant id " + p.id() + " is used twice");
            }
            int n = perPlayer.merge(player.id(), 1, Integer::sum);
            if (player.max().isPresent() && n > player.max().get()) {
                throw new DialogueException("player " + player.id() + " allows at most " + player.max().get()
                        + " participant(s); " + p.id() + " would be number " + n);
            }
            seat(p, player.roles());
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

    /** Seats a participant holding these roles, unchecked (a restored dialogue was checked when it started). */
    void seat(Participant p, Collection<String> roles) {
        participants.put(p.id(), p);
        held.put(p.id(), new LinkedHashSet<>(roles));
    }

    boolean isParticipant(String id) {
        return participants.containsKey(id);
    }

    /** The participant ids in joining order (a read-only view). */
    Set<String> ids() {
        return Collections.unmodifiableSet(participants.keySet());
    }

    List<Participant> participants() {
        return List.copyOf(participants.values());
    }

    /** A copy of the roles a participant holds. */
    Set<String> of(String participant) {
        return Collections.unmodifiableSet(new LinkedHashSet<>(held.get(participant)));
    }

    /** Every participant's roles, as lists. */
    Map<String, List<String>> export() {
        Map<String, List<String>> out = new LinkedHashMap<>();
        held.forEach((k, v) -> out.put(k, new ArrayList<>(v)));
        return out;
    }

    /** Whether a participant holds a role; {@code listener} is held by everyone not holding {@code speaker}. */
    boolean holds(String participant, String role) {
        Set<String> set = held.get(participant);
        return role.equals(LISTENER) ? !set.contains(SPEAKER) : set.contains(role);
    }

    /** The participants holding role {@code speaker}. */
    List<String> speakers() {
        List<String> out = new ArrayList<>();
        for (Map.Entry<String, LinkedHashSet<String>> e : held.entrySet()) {
            if (e.getValue().contains(SPEAKER)) {
                out.add(e.getKey());
            }
        }
        return out;
    }

    void add(String participant, String role) {
        if (held.get(participant).add(role)) {
            journal.push(() -> held.get(participant).remove(role));
        }
    }

    void remove(String participant, String role) {
        LinkedHashSet<String> set = held.get(participant);
        if (set.contains(role)) {
            List<String> before = new ArrayList<>(set);
            set.remove(role);
            journal.push(() -> {
                set.clear();
                set.addAll(before);
            });
        }
    }

    /** Assigns a role; the floor ({@code speaker}) is taken from whoever held it, one speaker group at a time. */
    void assign(List<String> who, String role) {
        if (role.equals(SPEAKER)) {
            for (String p : participants.keySet()) {
                if (!who.contains(p)) {
                    remove(p, SPEAKER);
                }
            }
        }
        for (String p : who) {
            add(p, role);
        }
    }

    /** Whether a participant is among the owners of a store. */
    boolean owns(String participant, Protocol.Store s) {
        for (String owner : s.owners()) {
            if (denoted(owner).contains(participant)) {
                return true;
            }
        }
        return false;
    }

    /**
     * The participants a name denotes now: {@code Target}, {@code Speaker} and {@code Listener} from the move being
     * made; then as {@link #denoted(String)}.
     */
    List<String> denoted(String name, EvalContext ctx, SourcePosition at) {
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
                return denoted(name);
            }
        }
    }

    /**
     * The participants a name denotes outside a move: a player id (all its participants), a participant id, a role
     * (its holders; {@code listener}: everyone not holding {@code speaker}). An unknown name denotes nobody (the
     * checker warned about it).
     */
    List<String> denoted(String name) {
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
        for (String p : held.keySet()) {
            if (holds(p, name)) {
                out.add(p);
            }
        }
        return out;
    }
}
