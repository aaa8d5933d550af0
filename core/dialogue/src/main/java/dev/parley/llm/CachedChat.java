package dev.parley.llm;

import dev.parley.error.Setting;
import dev.parley.llm.cache.CacheMode;
import dev.parley.llm.cache.CachedAnswer;
import dev.parley.llm.cache.CallCache;
import dev.parley.llm.cache.CallSignature;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Puts the call cache and the run's accounting in front of a backend. Every call is keyed by provider, model,
 * parameters, seed, messages and requested schema; what happens on a hit or a miss depends on the {@link CacheMode}.
 * The cache may be null only in mode OFF.
 *
 * <p>Single flight: a request identical to one already in flight in this process waits for that call and shares its
 * answer (counted as a cache hit) instead of paying for a second one, so the number of model calls is the number of
 * distinct requests at any concurrency. The first caller re-reads the cache once it owns the request, which closes
 * the window between another caller's store and its leaving the in-flight table.
 *
 * <p>Across processes: on a cache that {@linkplain CallCache#claimsAcrossProcesses() supports claims} (PostgreSQL, or
 * a SQLite file for processes on one machine),
 * the owner in this process also claims the key in the database before paying, and a process that finds the key
 * claimed waits for the answer to appear instead (a hit), so processes on any number of machines pay for each
 * distinct request once in total. A claim dies with its holder's connection, so a crashed process never blocks the
 * rest; a holder that is alive but stuck is waited for at most {@link #CLAIM_WAIT}, then the waiter pays itself.
 * Elsewhere (an in-memory database, another JDBC store) two processes may each pay for a request the other is paying
 * for at that moment.
 */
public final class CachedChat implements ChatBackend {

    /** The longest a request waits on another process's claim before paying for it itself. */
    static final java.time.Duration CLAIM_WAIT = java.time.Duration.ofMinutes(15);
    private static final org.slf4j.Logger LOG = org.slf4j.LoggerFactory.getLogger(CachedChat.class);

    private final ChatBackend inner;
    private final CallCache cache;
    private final CacheMode mode;
    private final CallAccounting accounting;
    /** Bounds the model calls in flight; null when unbounded. Held only around the call itself, never while waiting. */
    private final java.util.concurrent.Semaphore permits;
    /** Requests being answered now, by cache key; completed (and removed) by the caller that owns each. */
    private final ConcurrentHashMap<String, CompletableFuture<ChatAnswer>> inFlight = new ConcurrentHashMap<>();

    public CachedChat(ChatBackend inner, CallCache cache, CacheMode mode, CallAccounting accounting) {
        this(inner, cache, mode, accounting, 0);
    }

    /**
     * @param maxInFlight the most model calls (cache misses) in flight at once through this backend, whichever
     *                    threads make them ({@code --llm-concurrency}); 0 for no limit
     */
    public CachedChat(ChatBackend inner, CallCache cache, CacheMode mode, CallAccounting accounting,
            int maxInFlight) {
        if (maxInFlight < 0) {
            throw new IllegalArgumentException("maxInFlight must be 0 (no limit) or positive, not " + maxInFlight);
        }
        this.permits = maxInFlight == 0 ? null : new java.util.concurrent.Semaphore(maxInFlight, true);
        if (cache == null && mode != CacheMode.OFF) {
            throw new IllegalArgumentException("cache mode " + mode.label() + " needs a cache");
        }
        this.inner = inner;
        this.cache = mode == CacheMode.OFF ? null : cache;
        this.mode = mode;
        this.accounting = accounting;
    }

    public CallAccounting accounting() {
        return accounting;
    }

    @Override
    public ChatAnswer complete(ChatCall call) {
        CallSignature sig = signature(call);
        Optional<ChatAnswer> hit = cached(sig);
        if (hit.isPresent()) {
            return hit.get();
        }
        CompletableFuture<ChatAnswer> mine = new CompletableFuture<>();
        CompletableFuture<ChatAnswer> owner = inFlight.putIfAbsent(sig.key(), mine);
        if (owner != null) {
            return shared(owner);
        }
        try {
            // Another caller may have stored the answer between our miss and our claim.
            Optional<ChatAnswer> late = cached(sig);
            ChatAnswer a = late.isPresent() ? late.get() : claimed(sig, call);
            mine.complete(asShared(a));
            return a;
        } catch (RuntimeException | Error e) {
            mine.completeExceptionally(e);
            throw e;
        } finally {
            inFlight.remove(sig.key(), mine);
        }
    }

    /** A cache hit, accounted; empty on a miss (a miss in replay mode is an error). */
    private Optional<ChatAnswer> cached(CallSignature sig) {
        if (cache == null) {
            return Optional.empty();
        }
        var hit = cache.get(sig);
        if (hit.isPresent()) {
            CachedAnswer c = hit.get();
            ChatAnswer a = new ChatAnswer(c.text(), c.inputTokens(), c.outputTokens(), c.latencyMicros(), true,
                    inner.label());
            accounting.hit(a);
            return Optional.of(a);
        }
        if (mode == CacheMode.REPLAY) {
            accounting.failure(0);
            throw new ReplayMissException("replay mode: the cache " + cache.location() + " has no answer for "
                    + inner.label() + " on the prompt \"" + sig.promptSummary() + "\" (key " + sig.key()
                    + "); run once with " + Setting.named("cacheMode") + " read-write to record it");
        }
        return Optional.empty();
    }

    /**
     * Pays for a call under the database's claim on its key (when the cache coordinates processes and this run
     * writes it), or takes the answer another process stores while it holds the claim.
     */
    private ChatAnswer claimed(CallSignature sig, ChatCall call) {
        if (cache == null || mode != CacheMode.READ_WRITE || !cache.claimsAcrossProcesses()) {
            return call(sig, call);
        }
        String key = sig.key();
        long deadline = System.nanoTime() + CLAIM_WAIT.toNanos();
        long pause = 5;
        while (!cache.tryClaim(key)) {
            if (System.nanoTime() > deadline) {
                LOG.warn("another process has held the claim on a call for {} without storing an answer; paying"
                        + " for it here", CLAIM_WAIT);
                return call(sig, call);
            }
            try {
                Thread.sleep(pause);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new LlmException("interrupted while waiting for another process's answer", e);
            }
            pause = Math.min(pause * 2, 200);
            Optional<ChatAnswer> theirs = cached(sig);
            if (theirs.isPresent()) {
                return theirs.get();
            }
        }
        try {
            // the previous holder stores before it releases: if it paid, the answer is there now
            Optional<ChatAnswer> stored = cached(sig);
            return stored.isPresent() ? stored.get() : call(sig, call);
        } finally {
            cache.release(key);
        }
    }

    private ChatAnswer call(CallSignature sig, ChatCall call) {
        if (permits != null) {
            try {
                permits.acquire();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new LlmException("interrupted while waiting to call the model", e);
            }
        }
        long start = System.nanoTime();
        ChatAnswer a;
        try {
            a = inner.complete(call);
        } catch (RuntimeException e) {
            accounting.failure((System.nanoTime() - start) / 1000);
            throw e;
        } finally {
            if (permits != null) {
                permits.release();
            }
        }
        accounting.modelCall(a);
        if (cache != null && mode == CacheMode.READ_WRITE) {
            cache.put(sig, new CachedAnswer(a.text(), a.inputTokens(), a.outputTokens(), a.latencyMicros()));
        }
        return a;
    }

    /** Waits for the owner's call; its answer counts as a hit here, its failure is this caller's failure too. */
    private ChatAnswer shared(CompletableFuture<ChatAnswer> owner) {
        try {
            ChatAnswer a = owner.join();
            accounting.hit(a);
            return a;
        } catch (java.util.concurrent.CompletionException e) {
            accounting.failure(0);
            if (e.getCause() instanceof RuntimeException re) {
                throw re;
            }
            if (e.getCause() instanceof Error err) {
                throw err;
            }
            throw e;
        }
    }

    private ChatAnswer asShared(ChatAnswer a) {
        return new ChatAnswer(a.text(), a.inputTokens(), a.outputTokens(), a.latencyMicros(), true, a.backend());
    }

    /** The cache identity of a call through this backend. */
    public CallSignature signature(ChatCall call) {
        Map<String, Object> params = new LinkedHashMap<>(inner.parameters());
        call.schema().ifPresent(s -> {
            if (s.jsonSchema().isPresent()) {
                // the schema's own JSON text: a nested schema is part of the request's identity as sent
                params.put("schema", Map.of("name", s.name(), "json", s.jsonSchema().get().toString()));
                return;
            }
            Map<String, String> fields = new LinkedHashMap<>();
            s.fields().forEach((k, v) -> fields.put(k, v.name().toLowerCase(java.util.Locale.ROOT)));
            params.put("schema", Map.of("name", s.name(), "fields", fields));
        });
        List<CallSignature.Message> msgs = new ArrayList<>();
        for (ChatMessage m : call.messages()) {
            msgs.add(new CallSignature.Message(m.role().label(), m.text()));
        }
        return new CallSignature(inner.provider(), inner.model(), params, call.seed(), msgs);
    }

    @Override
    public String provider() {
        return inner.provider();
    }

    @Override
    public String model() {
        return inner.model();
    }

    @Override
    public Map<String, Object> parameters() {
        return inner.parameters();
    }

    @Override
    public String label() {
        return inner.label();
    }
}
