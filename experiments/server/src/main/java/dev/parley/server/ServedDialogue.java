package dev.parley.server;

import dev.parley.dgdl.Protocol;
import dev.parley.engine.Dialogue;
import dev.parley.server.store.DomainBinding;
import dev.parley.server.store.Seat;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.locks.ReentrantLock;

/** A dialogue in memory, as the service serves it. Every mutable field is guarded by {@code lock}. */
final class ServedDialogue {
    final String id;
    final String protocolName;
    final Protocol protocol;
    final ReentrantLock lock = new ReentrantLock();
    final List<Seat> seats;
    /** The client's free text of each move, by index (null where it sent none). */
    final List<String> words;
    Dialogue dialogue;
    /** What a domain dialogue was started as, with its agent as last stored; null for a bare protocol's. */
    volatile DomainBinding binding;
    /** Let go of the working set: this object is stale, the store has all of it. Set and read under lock. */
    boolean evicted;

    ServedDialogue(String id, String protocolName, Protocol protocol, List<Seat> seats, Dialogue dialogue,
           List<String> words, DomainBinding binding) {
        this.binding = binding;
        this.id = id;
        this.protocolName = protocolName;
        this.protocol = protocol;
        this.seats = new ArrayList<>(seats);
        this.dialogue = dialogue;
        this.words = new ArrayList<>(words);
    }

    /** Its weight in the working set: one plus its moves, which its memory grows with. Read under lock. */
    int weight() {
        return 1 + dialogue.history().size();
    }

    List<String> free() {
        return seats.stream().filter(s -> !s.filled()).map(Seat::handle).toList();
    }
}
