package dev.parley.game;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.LongConsumer;

/**
 * Compiles a game whose transitions are expensive (a dialogue game generates a message per move) into a
 * {@link GameTree}: first a breadth-first expansion with bounded concurrency, so that the game's own memo (or the
 * language-model call cache) is warm, then the single-threaded {@link GameTree#compile} over the warmed game.
 *
 * <p>Games whose {@code child} is cheap gain nothing from this; games that memoise generation gain roughly the
 * concurrency factor.
 */
public final class TreeBuilder {

    /** What the build did. */
    public record Result(GameTree tree, long statesExpanded, double seconds) { }

    private final int concurrency;
    private final int maxNodes;
    private final LongConsumer progress;

    /**
     * @param concurrency how many states expand at once (1: sequential)
     * @param maxNodes    the node limit passed to {@link GameTree#compile(Game, int)}
     * @param progress    told the number of states expanded so far, from the calling thread (may be a no-op)
     */
    public TreeBuilder(int concurrency, int maxNodes, LongConsumer progress) {
        if (concurrency < 1) {
            throw new IllegalArgumentException("concurrency must be at least 1, got " + concurrency);
        }
        this.concurrency = concurrency;
        this.maxNodes = maxNodes;
        this.progress = Objects.requireNonNull(progress, "progress");
    }

    public Result build(Game game) {
        long start = System.nanoTime();
        AtomicLong expanded = new AtomicLong();
        if (concurrency > 1) {
            ExecutorService pool = Executors.newFixedThreadPool(concurrency, r -> {
                Thread t = new Thread(r, "tree-builder");
                t.setDaemon(true);
                return t;
            });
            try {
                warm(game, pool, expanded);
            } finally {
                pool.shutdownNow();
            }
        }
        GameTree tree = GameTree.compile(game, maxNodes);
        return new Result(tree, Math.max(expanded.get(), tree.numNodes()), (System.nanoTime() - start) / 1e9);
    }

    private void warm(Game game, ExecutorService pool, AtomicLong expanded) {
        List<State> frontier = List.of(game.initialState());
        long total = 0;
        while (!frontier.isEmpty()) {
            List<Future<List<State>>> futures = new ArrayList<>(frontier.size());
            for (State s : frontier) {
                futures.add(pool.submit(() -> expand(s)));
            }
            List<State> next = new ArrayList<>();
            for (Future<List<State>> f : futures) {
                try {
                    next.addAll(f.get());
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    throw new GameModelException("tree building interrupted", e);
                } catch (ExecutionException e) {
                    Throwable cause = e.getCause();
                    if (cause instanceof RuntimeException re) {
                        throw re;
                    }
                    throw new GameModelException("expanding a state failed: " + cause, cause);
                }
                expanded.incrementAndGet();
                progress.accept(expanded.get());
            }
            total += next.size();
            if (total > maxNodes) {
                throw new GameModelException("game '" + game.name() + "' has more than " + maxNodes
                        + " nodes; raise the limit or shrink the game");
            }
            frontier = next;
        }
    }

    /** The children of a state; at a terminal, its returns are computed (and memoised by games that can). */
    private static List<State> expand(State s) {
        if (s.isTerminal()) {
            s.returns();
            return List.of();
        }
        int[] actions = s.legalActions();
        List<State> children = new ArrayList<>(actions.length);
        for (int a : actions) {
            children.add(s.child(a));
        }
        return children;
    }
}
