package dev.parley.llm;

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
 * the window between another caller's store and its leaving the in-flight table. Separate processes sharing one
 * cache are not coordinated: two may pay for the same request once each.
 */
public final class CachedChat implements ChatBackend {

    private final ChatBackend inner;
    private final CallCache cache;
    private final CacheMode mode;
    private final CallAccounting accounting;
    /** Requests being answered now, by cache key; completed (and removed) by the caller that owns each. */
    private final ConcurrentHashMap<String, CompletableFuture<ChatAnswer>> inFlight = new ConcurrentHashMap<>();

    public CachedChat(ChatBackend inner, CallCache cache, CacheMode mode, CallAccounting accounting) {
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
            ChatAnswer a = late.isPresent() ? late.get() : call(sig, call);
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
                    + "); run once with --cache-mode read-write to record it");
        }
        return Optional.empty();
    }

    private ChatAnswer call(CallSignature sig, ChatCall call) {
        long start = System.nanoTime();
        ChatAnswer a;
        try {
            a = inner.complete(call);
        } catch (RuntimeException e) {
            accounting.failure((System.nanoTime() - start) / 1000);
            throw e;
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
