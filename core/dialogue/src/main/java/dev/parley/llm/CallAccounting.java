package dev.parley.llm;

import java.util.concurrent.atomic.LongAdder;

/** Thread-safe counters for one run; {@link #snapshot()} gives an immutable {@link RunStats}. */
public final class CallAccounting {

    private final long startNanos = System.nanoTime();
    private final LongAdder calls = new LongAdder();
    private final LongAdder hits = new LongAdder();
    private final LongAdder modelCalls = new LongAdder();
    private final LongAdder failures = new LongAdder();
    private final LongAdder inputTokens = new LongAdder();
    private final LongAdder outputTokens = new LongAdder();
    private final LongAdder savedTokens = new LongAdder();
    private final LongAdder modelMicros = new LongAdder();

    void hit(ChatAnswer a) {
        calls.increment();
        hits.increment();
        savedTokens.add(a.inputTokens() + (long) a.outputTokens());
    }

    void modelCall(ChatAnswer a) {
        calls.increment();
        modelCalls.increment();
        inputTokens.add(a.inputTokens());
        outputTokens.add(a.outputTokens());
        modelMicros.add(a.latencyMicros());
    }

    void failure(long micros) {
        calls.increment();
        failures.increment();
        modelMicros.add(micros);
    }

    public RunStats snapshot() {
        return new RunStats(calls.sum(), hits.sum(), modelCalls.sum(), failures.sum(), inputTokens.sum(),
                outputTokens.sum(), savedTokens.sum(), modelMicros.sum() / 1000.0,
                (System.nanoTime() - startNanos) / 1e6);
    }
}
