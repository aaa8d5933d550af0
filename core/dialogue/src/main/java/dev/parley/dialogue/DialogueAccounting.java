package dev.parley.dialogue;

import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;

/**
 * The work a {@link DialogueGame} did, counted as it happens: generations asked for and those the memo served,
 * payoff evaluations, and what verification requested and refused, by reason. Thread-safe.
 */
final class DialogueAccounting {

    private final AtomicLong generations = new AtomicLong();
    private final AtomicLong memoHits = new AtomicLong();
    private final AtomicLong payoffEvaluations = new AtomicLong();
    private final AtomicLong requested = new AtomicLong();
    private final AtomicLong rejected = new AtomicLong();
    private final Map<String, LongAdder> rejectedBy = new ConcurrentHashMap<>();
    private final AtomicLong abandoned = new AtomicLong();
    private final Map<String, LongAdder> abandonedBy = new ConcurrentHashMap<>();

    void generation() {
        generations.incrementAndGet();
    }

    void memoHit() {
        memoHits.incrementAndGet();
    }

    /** An answer asked of the generator (a memo miss). */
    void request() {
        requested.incrementAndGet();
    }

    void payoffEvaluation() {
        payoffEvaluations.incrementAndGet();
    }

    void rejections(List<Rejection> rejections) {
        rejected.addAndGet(rejections.size());
        for (Rejection r : rejections) {
            rejectedBy.computeIfAbsent(r.kind(), k -> new LongAdder()).increment();
        }
    }

    /** A move given up after its refusals (counted once by the kind of the last one). */
    void abandoned(List<Rejection> rejections) {
        abandoned.incrementAndGet();
        String kind = rejections.isEmpty() ? "none" : rejections.get(rejections.size() - 1).kind();
        abandonedBy.computeIfAbsent(kind, k -> new LongAdder()).increment();
    }

    DialogueGame.Account snapshot() {
        Map<String, Long> by = new TreeMap<>();
        rejectedBy.forEach((k, v) -> by.put(k, v.sum()));
        Map<String, Long> gaveUp = new TreeMap<>();
        abandonedBy.forEach((k, v) -> gaveUp.put(k, v.sum()));
        return new DialogueGame.Account(generations.get(), memoHits.get(), payoffEvaluations.get(),
                new DialogueGame.Verification(requested.get(), rejected.get(), by, abandoned.get(), gaveUp));
    }
}
