package dev.parley.bench;

import dev.parley.dialogue.ContentModel;
import dev.parley.dialogue.DialogueGame;
import dev.parley.dialogue.Domain;
import dev.parley.domain.file.FileDomains;
import dev.parley.domain.fruit.FruitPlanner;
import dev.parley.domain.fruit.FruitRules;
import dev.parley.domain.fruit.FruitTrading;
import dev.parley.game.GameTree;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * The whole offline tree of fruit trading built from the Java domain and from its file
 * ({@code examples/domains/fruit-trading.yaml}) in one run: the same protocol and instructions give trees of the same
 * shape, so the time per tree compares the time per node (the setup checks the node counts are equal). Warm: one
 * domain for every tree, its planner's caches kept (as a sweep or PSRO reuses a domain); cold: a domain built anew
 * before each tree, caches empty (the file is read and compiled outside the measured call). Run from the repository
 * root (the file is read from {@code examples/domains/}, or {@code -Dparley.examples=DIR}).
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(1)
@State(Scope.Benchmark)
public class FileDomainBench {

    /** Messages per dialogue. */
    @Param({"4"})
    int messages;

    private Domain java;
    private Domain file;
    private Path path;
    private Domain freshJava;
    private Domain freshFile;

    @Setup
    public void setUp() {
        Path dir = Path.of(System.getProperty("parley.examples", "examples"), "domains");
        if (!Files.isDirectory(dir)) {
            throw new IllegalStateException("no " + dir + ": run from the repository root or set -Dparley.examples");
        }
        java = FruitTrading.domain();
        path = dir.resolve("fruit-trading.yaml");
        file = FileDomains.load(path).domain();
        int a = build(java).numNodes();
        int b = build(file).numNodes();
        if (a != b) {
            throw new IllegalStateException("the trees differ in size: Java " + a + ", file " + b);
        }
    }

    private GameTree build(Domain d) {
        return GameTree.compile(DialogueGame.offline(d, d.scenarios(4, 1), DialogueGame.Settings.of(messages, 1)));
    }

    /** New domains, caches empty, before each call of the cold benchmarks. */
    @Setup(Level.Invocation)
    public void fresh() {
        freshJava = new Domain(java.name(), java.protocol(), java.protocolPlayers(), java.instructions(),
                java.instructionLexicon(), java.scenarioSource(), java.payoffRange(),
                new ContentModel(new FruitPlanner(), new FruitRules(), java.content().realiser()), java.scorer(),
                java.prompts());
        freshFile = FileDomains.read(path).domain();
    }

    @Benchmark
    public GameTree fruitTradingJavaCold() {
        return build(freshJava);
    }

    @Benchmark
    public GameTree fruitTradingFileCold() {
        return build(freshFile);
    }

    @Benchmark
    public GameTree fruitTradingJava() {
        return build(java);
    }

    @Benchmark
    public GameTree fruitTradingFile() {
        return build(file);
    }
}
