package dev.parley.bench;

import dev.parley.argument.ArgumentationFramework;
import dev.parley.argument.Extension;
import java.util.List;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * Dung semantics on seeded random frameworks ({@link ArgumentationFramework#random}): grounded on 1,000 arguments
 * (attack probability 0.002, about 2,000 attacks, a grounded extension of 415; and 0.005, about 5,000 attacks), and
 * the preferred / complete enumerations on 40 arguments (0.08: about 130 attacks, 4 preferred and 20 complete
 * extensions; 0.15: about 240 attacks, 1 of each).
 */
public class ArgumentationBench extends MicroBenchmark {

    @State(Scope.Benchmark)
    public static class Large {
        @Param({"0.002", "0.005"})
        double density;
        ArgumentationFramework af;

        @Setup(Level.Trial)
        public void setUp() {
            af = ArgumentationFramework.random(1000, density, 42);
        }
    }

    @State(Scope.Benchmark)
    public static class Small {
        @Param({"0.08", "0.15"})
        double density;
        ArgumentationFramework af;

        @Setup(Level.Trial)
        public void setUp() {
            af = ArgumentationFramework.random(40, density, 42);
        }
    }

    @Benchmark
    public Extension grounded1000(Large s) {
        return s.af.grounded();
    }

    @Benchmark
    public List<Extension> preferred40(Small s) {
        return s.af.preferredExtensions();
    }

    @Benchmark
    public List<Extension> complete40(Small s) {
        return s.af.completeExtensions();
    }
}
