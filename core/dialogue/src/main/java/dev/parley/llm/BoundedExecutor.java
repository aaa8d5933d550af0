package dev.parley.llm;

import dev.parley.error.InvalidSettingException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;

/**
 * Runs many language-model calls with at most {@code concurrency} in flight ({@code --llm-concurrency}). Model calls
 * spend their time waiting on the network, so a fixed pool of that many threads is the whole mechanism; results
 * come back in input order, and the first failure cancels the rest and is rethrown.
 */
public final class BoundedExecutor implements AutoCloseable {

    private final int concurrency;
    private final ExecutorService pool;

    public BoundedExecutor(int concurrency) {
        InvalidSettingException.atLeast("concurrency", concurrency, 1);
        this.concurrency = concurrency;
        AtomicInteger n = new AtomicInteger();
        this.pool = Executors.newFixedThreadPool(concurrency, r -> {
            Thread t = new Thread(r, "parley-llm-" + n.incrementAndGet());
            t.setDaemon(true);
            return t;
        });
    }

    public int concurrency() {
        return concurrency;
    }

    /** Applies {@code fn} to every input, {@code concurrency} at a time; the results in input order. */
    public <I, O> List<O> map(List<I> inputs, Function<? super I, ? extends O> fn) {
        List<Future<O>> futures = new ArrayList<>(inputs.size());
        for (I in : inputs) {
            futures.add(pool.submit(() -> fn.apply(in)));
        }
        List<O> out = new ArrayList<>(inputs.size());
        try {
            for (Future<O> f : futures) {
                out.add(f.get());
            }
            return out;
        } catch (ExecutionException e) {
            futures.forEach(f -> f.cancel(true));
            if (e.getCause() instanceof RuntimeException re) {
                throw re;
            }
            if (e.getCause() instanceof Error err) {
                throw err;
            }
            throw new LlmException("a model call failed: " + e.getCause(), e.getCause());
        } catch (InterruptedException e) {
            futures.forEach(f -> f.cancel(true));
            Thread.currentThread().interrupt();
            throw new LlmException("interrupted while waiting for model calls", e);
        }
    }

    @Override
    public void close() {
        pool.shutdownNow();
    }
}
