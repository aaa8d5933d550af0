package dev.parley.server;

import dev.parley.engine.Dialogue;
import dev.parley.engine.ExternalConditionResolver;
import dev.parley.server.store.DialogueStore;
import dev.parley.server.store.Seat;
import dev.parley.server.store.StoreException;
import dev.parley.server.store.StoredDialogue;
import dev.parley.server.store.StoredMove;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Function;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The dialogues a service serves: which they are, the working set of them held in memory over the store, and the
 * quarantined ones. A dialogue is handed out locked ({@link #read}), rebuilt from the store when it is not held
 * (latest snapshot, the log after it, seats and domain binding, as a restart does), and let go only while no request
 * holds its lock, so nothing it did can be missing from the store; a request that found it just before it went sees
 * it marked evicted once it has the lock and looks again. Concurrent requests for a dialogue that is not held wait
 * for one rebuild of it, never make two. One that cannot be rebuilt is quarantined: 503 with the reason, for it
 * alone.
 */
final class HeldDialogues {

    private static final Logger LOG = LoggerFactory.getLogger(HeldDialogues.class);

    private final DialogueStore store;
    private final ExternalConditionResolver resolver;
    /** The dialogues held in memory, most recently used last; each let go only when its lock is free. */
    private final WorkingSet<String, ServedDialogue> held;
    /** The ids of every dialogue this server serves (held or not), quarantined ones apart. */
    private final Set<String> known = ConcurrentHashMap.newKeySet();
    /** The rebuilds from the store under way, by dialogue id: a second request for one waits for the first's. */
    private final ConcurrentHashMap<String, CompletableFuture<ServedDialogue>> loads = new ConcurrentHashMap<>();
    private final AtomicLong reloads = new AtomicLong();
    private final ConcurrentHashMap<String, String> quarantined = new ConcurrentHashMap<>();

    /**
     * @param cachedDialogues most dialogues held in memory at once
     * @param cachedMoves     most moves held in memory at once, over the dialogues held (each counts its moves
     *                        plus one)
     */
    HeldDialogues(DialogueStore store, ExternalConditionResolver resolver, int cachedDialogues, int cachedMoves) {
        this.store = store;
        this.resolver = resolver;
        this.held = new WorkingSet<>(cachedDialogues, cachedMoves, ServedDialogue::weight, HeldDialogues::tryEvict);
    }

    /**
     * Rebuilds every stored dialogue once, so a broken one is quarantined now rather than on its first request; only
     * the newest of them stay held.
     */
    void restore() {
        for (String id : store.dialogueIds()) {
            ServedDialogue s = loadStored(id);
            if (s != null) {
                hold(s);
            }
        }
    }

    /** A dialogue just created (and stored): served from now on, and held. */
    void add(ServedDialogue s) {
        known.add(s.id);
        hold(s);
    }

    /** How many dialogues are served, held or not, quarantined ones apart. */
    int served() {
        return known.size();
    }

    boolean serves(String id) {
        return known.contains(id);
    }

    int quarantined() {
        return quarantined.size();
    }

    /** How many dialogues are held in memory now. */
    int held() {
        return held.size();
    }

    /** How many moves the dialogues held in memory have, counting one more for each dialogue. */
    long heldMoves() {
        return held.weight();
    }

    int capacity() {
        return held.capacity();
    }

    long maxMoves() {
        return held.maxWeight();
    }

    /** How many times a dialogue that was not held has been rebuilt from the store. */
    long reloads() {
        return reloads.get();
    }

    /**
     * Rebuilds one dialogue from the store, as a restart does, and counts it as served (or quarantines it); null
     * when the store has none or it is quarantined. It is not held yet: see {@link #hold}.
     */
    private ServedDialogue loadStored(String id) {
        Optional<StoredDialogue> d;
        try {
            d = store.load(id);
        } catch (StoreException e) {
            if (!e.unreadable()) {
                throw e; // the database, not this dialogue: nothing to quarantine
            }
            quarantine(id, e.getMessage());
            return null;
        }
        if (d.isEmpty()) {
            return null;
        }
        try {
            ServedDialogue s = rebuild(d.get());
            known.add(id);
            return s;
        } catch (Rebuild.Corrupt e) {
            quarantine(id, e.getMessage());
            return null;
        }
    }

    /** Holds a dialogue in the working set, letting go of the least recently used beyond its capacity. */
    private void hold(ServedDialogue s) {
        letGo(held.put(s.id, s), s.id);
    }

    private void letGo(List<String> gone, String forId) {
        if (!gone.isEmpty() && LOG.isDebugEnabled()) {
            LOG.debug("dialogues {} let go of memory for {} ({} held, at most {}; {} moves, at most {})", gone,
                    forId, held.size(), held.capacity(), held.weight(), held.maxWeight());
        }
    }

    /** The working set's rule: a dialogue goes only while no request works on it (its lock is free). */
    private static boolean tryEvict(ServedDialogue s) {
        // a thread holding it already (reentrant) is working on it: never let it go under that thread
        if (s.lock.isHeldByCurrentThread() || !s.lock.tryLock()) {
            return false;
        }
        try {
            s.evicted = true;
            return true;
        } finally {
            s.lock.unlock();
        }
    }

    private void quarantine(String id, String reason) {
        LOG.error("dialogue {} is quarantined: {}", id, reason);
        quarantined.put(id, reason);
        known.remove(id);
    }

    private ServedDialogue rebuild(StoredDialogue d) throws Rebuild.Corrupt {
        Dialogue dialogue = Rebuild.of(d, resolver);
        List<String> words = new ArrayList<>();
        d.moves().forEach(m -> words.add(m.words()));
        return new ServedDialogue(d.id(), d.protocol(), dialogue.protocol(), d.seats(), dialogue, words,
                d.binding().orElse(null));
    }

    /** Runs {@code work} under the dialogue's lock, after catching up with other servers' moves and joins. */
    <T> T read(String dialogueId, Function<ServedDialogue, T> work) {
        ServedDialogue s = locked(dialogueId);
        try {
            catchUp(s, false);
            return work.apply(s);
        } finally {
            // it may have grown (a move, or another server's moves caught up with)
            if (!s.evicted) {
                letGo(held.reweigh(s.id, s), s.id);
            }
            s.lock.unlock();
        }
    }

    /**
     * Brings a dialogue in memory up to the database's version: the moves other servers logged since, and the
     * seats they gave away. Only on a shared database, unless {@code force} (a move found the version moved on).
     */
    void catchUp(ServedDialogue s, boolean force) {
        if (!store.shared() && !force) {
            return;
        }
        int have = s.dialogue.history().size();
        int db = store.moveCount(s.id);
        try {
            if (db < have) {
                throw new Rebuild.Corrupt("the database holds " + db + " moves, fewer than the " + have + " served");
            }
            if (db > have) {
                List<StoredMove> more;
                try {
                    more = store.moves(s.id, have, db);
                } catch (StoreException e) {
                    if (!e.unreadable()) {
                        throw e;
                    }
                    throw new Rebuild.Corrupt(e.getMessage());
                }
                if (more.size() != db - have) {
                    throw new Rebuild.Corrupt("its move log lacks moves " + have + " to " + (db - 1));
                }
                s.dialogue = Rebuild.replay(s.dialogue, more);
                more.forEach(m -> s.words.add(m.words()));
            }
        } catch (Rebuild.Corrupt e) {
            quarantine(s.id, e.getMessage());
            s.evicted = true; // under its lock: a request waiting for it looks again and finds it quarantined
            held.remove(s.id, s);
            throw quarantinedError(s.id, e.getMessage());
        }
        if (!s.free().isEmpty()) {
            List<Seat> now = store.seats(s.id);
            for (int i = 0; i < now.size() && i < s.seats.size(); i++) {
                s.seats.set(i, now.get(i));
            }
        }
    }

    /**
     * The dialogue, held and with its lock taken by this thread: from the working set, or rebuilt from the store if
     * it is not held. 404 when there is no such dialogue, 503 when it is quarantined.
     */
    private ServedDialogue locked(String dialogueId) {
        if (dialogueId == null) {
            throw new ServiceException.NotFound("no dialogue " + dialogueId);
        }
        while (true) {
            ServedDialogue s = held.get(dialogueId);
            if (s == null) {
                s = load(dialogueId);
                if (s == null) {
                    continue; // another request's rebuild, let go again before this one had its lock
                }
                return s;
            }
            s.lock.lock();
            if (!s.evicted) {
                return s;
            }
            // let go between being found and being locked: the store has everything it did; look again
            s.lock.unlock();
        }
    }

    /**
     * Rebuilds a dialogue that is not held from the store, holds it, and returns it locked by this thread; or null
     * when the caller should look again (another request rebuilt it meanwhile). Requests for one dialogue share a
     * single rebuild: the first makes it, the others wait for it.
     */
    private ServedDialogue load(String id) {
        String reason = quarantined.get(id);
        if (reason != null) {
            throw quarantinedError(id, reason);
        }
        if (!store.shared() && !known.contains(id)) {
            // on a database of its own the server knows every dialogue; on a shared one, another server may have
            // created it
            throw new ServiceException.NotFound("no dialogue " + id);
        }
        CompletableFuture<ServedDialogue> mine = new CompletableFuture<>();
        CompletableFuture<ServedDialogue> other = loads.putIfAbsent(id, mine);
        if (other != null) {
            ServedDialogue s;
            try {
                s = other.join();
            } catch (CompletionException e) {
                if (e.getCause() instanceof RuntimeException re) {
                    throw re;
                }
                throw e;
            }
            s.lock.lock();
            if (!s.evicted) {
                return s;
            }
            s.lock.unlock();
            return null;
        }
        try {
            ServedDialogue there = held.get(id);
            if (there != null) {
                // a rebuild that ended between this request's look and its registering its own
                mine.complete(there);
                return null;
            }
            long t0 = System.nanoTime();
            ServedDialogue s = loadStored(id);
            if (s == null) {
                reason = quarantined.get(id);
                RuntimeException e = reason != null ? quarantinedError(id, reason)
                        : new ServiceException.NotFound("no dialogue " + id);
                mine.completeExceptionally(e);
                throw e;
            }
            // locked before it is held, so the working set cannot let it go before this request has used it
            s.lock.lock();
            hold(s);
            reloads.incrementAndGet();
            mine.complete(s);
            LOG.debug("dialogue {} rebuilt from the store ({} moves) in {} ms", id, s.dialogue.history().size(),
                    (System.nanoTime() - t0) / 1_000_000);
            return s;
        } catch (RuntimeException e) {
            mine.completeExceptionally(e);
            throw e;
        } finally {
            loads.remove(id, mine);
        }
    }

    private static ServiceException quarantinedError(String id, String reason) {
        return new ServiceException.Unavailable("dialogue " + id + " is quarantined: " + reason);
    }
}
