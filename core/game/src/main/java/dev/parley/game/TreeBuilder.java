package dev.parley.game;

import java.util.Objects;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.ForkJoinWorkerThread;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.LongConsumer;
import java.util.function.Supplier;

/**
 * Compiles a game whose transitions are expensive (a dialogue game generates a message per move) into a
 * {@link GameTree}: first a concurrent expansion from a work queue, so that the game's own memo (or the
 * language-model call cache) is warm, then the single-threaded {@link GameTree#compile} over the warmed game. The
 * tree is what {@code compile} alone builds (same nodes, order and information sets): the expansion only decides
 * when each transition is first paid for.
 *
 * <p>Every child of every state is its own task, so a state's children are generated at the same time and a new
 * state's children join the queue as soon as it exists; no level waits for the slowest state of the previous one.
 * Workers take their own newest tasks first (depth first, which bounds the queue by depth times branching rather
 * than by the widest level) and steal the oldest from the others.
 *
 * <p>Games whose {@code child} is cheap gain nothing from this; games that memoise generation gain roughly the
 * concurrency factor.
 */
public final class TreeBuilder {

    /** What the build did. */
    public record Result(GameTree tree, long statesExpanded, double seconds) { }

    private static final long PROGRESS_MILLIS = 200;

    private final int concurrency;
    private final int maxNodes;
    private final LongConsumer progress;

    /**
     * @param concurrency how many transitions run at once (1: sequential)
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
        return build(game, null);
    }

    /**
     * The same, telling {@code visitor} (may be null) about each decision node while the tree is compiled
     * ({@link GameTree#compile(Game, int, GameTree.CompileVisitor)}).
     */
    public Result build(Game game, GameTree.CompileVisitor visitor) {
        long start = System.nanoTime();
        long expanded = 0;
        if (concurrency > 1) {
            ForkJoinPool pool = new ForkJoinPool(concurrency, p -> {
                ForkJoinWorkerThread t = ForkJoinPool.defaultForkJoinWorkerThreadFactory.newThread(p);
                t.setName("tree-builder-" + t.getPoolIndex());
                t.setDaemon(true);
                return t;
            }, null, false);
            try {
                expanded = new Expansion(game, pool).run();
            } finally {
                pool.shutdownNow();
            }
        }
        GameTree tree = GameTree.compile(game, maxNodes, visitor);
        return new Result(tree, Math.max(expanded, tree.numNodes()), (System.nanoTime() - start) / 1e9);
    }

    /** One concurrent expansion: tasks in flight, states reached, the first failure. */
    private final class Expansion {
        private final Game game;
        private final ForkJoinPool pool;
        private final AtomicLong pending = new AtomicLong();
        private final AtomicLong expanded = new AtomicLong();
        /** Nodes known so far (the root plus every child listed), checked against the limit. */
        private final AtomicLong nodes = new AtomicLong(1);
        private final AtomicReference<Throwable> failure = new AtomicReference<>();
        private final CountDownLatch done = new CountDownLatch(1);

        Expansion(Game game, ForkJoinPool pool) {
            this.game = game;
            this.pool = pool;
        }

        long run() {
            submit(game::initialState);
            try {
                while (!done.await(PROGRESS_MILLIS, TimeUnit.MILLISECONDS)) {
                    progress.accept(expanded.get());
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new GameModelException("tree building interrupted", e);
            }
            Throwable t = failure.get();
            if (t instanceof RuntimeException re) {
                throw re;
            }
            if (t instanceof Error err) {
                throw err;
            }
            if (t != null) {
                throw new GameModelException("expanding a state failed: " + t, t);
            }
            progress.accept(expanded.get());
            return expanded.get();
        }

        /** Queues making a state (a child transition: the expensive part) and then listing its children. */
        private void submit(Supplier<State> make) {
            pending.incrementAndGet();
            pool.execute(() -> {
                try {
                    if (failure.get() == null) {
                        visit(make.get());
                    }
                } catch (RuntimeException | Error e) {
                    if (failure.compareAndSet(null, e)) {
                        done.countDown(); // the first failure ends the build; queued work is skipped
                    }
                } finally {
                    if (pending.decrementAndGet() == 0) {
                        done.countDown();
                    }
                }
            });
        }

        /** At a terminal, its returns are computed (and memoised by games that can); else its children queued. */
        private void visit(State s) {
            expanded.incrementAndGet();
            if (s.isTerminal()) {
                s.returns();
                return;
            }
            int[] actions = s.legalActions();
            if (nodes.addAndGet(actions.length) > maxNodes) {
                throw new TreeTooLargeException("game '" + game.name() + "' has more than " + maxNodes
                        + " nodes; raise the limit or shrink the game");
            }
            for (int a : actions) {
                submit(() -> s.child(a));
            }
        }
    }
}
