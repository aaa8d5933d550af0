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
    /** The content of its moves in UTF-8 bytes (replies' names and values, and words): bounded per dialogue. */
    long contentBytes;
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
        List<dev.parley.engine.PerformedMove> h = dialogue.history();
        for (int i = 0; i < h.size(); i++) {
            contentBytes += contentBytes(h.get(i).reply(), i < this.words.size() ? this.words.get(i) : null);
        }
    }

    /**
     * Its weight in the working set: one plus its moves, which its memory grows with, plus one for each
     * {@link #CONTENT_PER_UNIT} bytes of content, so that the set is bounded in bytes as well as in moves. Read under
     * lock.
     */
    int weight() {
        return (int) Math.min(Integer.MAX_VALUE, 1 + dialogue.history().size() + contentBytes / CONTENT_PER_UNIT);
    }

    /**
     * Content bytes that weigh as much as a move: a move's content is held about four times (its reply, its
     * locution, its AIF and its words), and a move weighs {@link DialogueService.Settings#BYTES_PER_MOVE}.
     */
    static final int CONTENT_PER_UNIT = DialogueService.Settings.BYTES_PER_MOVE / 4;

    /** A move's content in UTF-8 bytes: its reply's names and values and its words. */
    static long contentBytes(java.util.Map<String, String> reply, String words) {
        long n = words == null ? 0 : utf8(words);
        for (java.util.Map.Entry<String, String> e : reply.entrySet()) {
            n += utf8(e.getKey()) + (e.getValue() == null ? 0 : utf8(e.getValue()));
        }
        return n;
    }

    private static long utf8(String s) {
        long n = 0;
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            n += c < 0x80 ? 1 : c < 0x800 ? 2 : Character.isSurrogate(c) ? 2 : 3;
        }
        return n;
    }

    List<String> free() {
        return seats.stream().filter(s -> !s.filled()).map(Seat::handle).toList();
    }
}
