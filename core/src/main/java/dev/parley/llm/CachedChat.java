package dev.parley.llm;

import dev.parley.llm.cache.CacheMode;
import dev.parley.llm.cache.CachedAnswer;
import dev.parley.llm.cache.CallCache;
import dev.parley.llm.cache.CallSignature;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Puts the call cache and the run's accounting in front of a backend. Every call is keyed by provider, model,
 * parameters, seed, messages and requested schema; what happens on a hit or a miss depends on the {@link CacheMode}.
 * The cache may be null only in mode OFF.
 */
public final class CachedChat implements ChatBackend {

    private final ChatBackend inner;
    private final CallCache cache;
    private final CacheMode mode;
    private final CallAccounting accounting;

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
        if (cache != null) {
            var hit = cache.get(sig);
            if (hit.isPresent()) {
                CachedAnswer c = hit.get();
                ChatAnswer a = new ChatAnswer(c.text(), c.inputTokens(), c.outputTokens(), c.latencyMicros(), true,
                        inner.label());
                accounting.hit(a);
                return a;
            }
            if (mode == CacheMode.REPLAY) {
                accounting.failure(0);
                throw new ReplayMissException("replay mode: the cache " + cache.location() + " has no answer for "
                        + inner.label() + " on the prompt \"" + sig.promptSummary() + "\" (key " + sig.key()
                        + "); run once with --cache-mode read-write to record it");
            }
        }
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
