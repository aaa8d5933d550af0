package dev.parley.bench;

import dev.parley.argument.ArgumentationFramework;
import dev.parley.argument.Extension;
import dev.parley.iccma.AfFormat;
import dev.parley.iccma.AfReader;
import dev.parley.iccma.AfWriter;
import dev.parley.iccma.GeneratedFrameworks;
import java.io.IOException;
import java.io.StringReader;
import java.io.StringWriter;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * What {@code parley af -p SE-GR} does after the JVM starts, on a framework of 10,000 arguments: read the i23 text
 * (held in memory, so the disk is not measured) and compute the grounded extension; and the grounded extension alone.
 * Sparse random frameworks ({@link GeneratedFrameworks#sparse}) with 1, 3 and 10 attacks an argument on average.
 */
@OutputTimeUnit(TimeUnit.MILLISECONDS) // the other settings are MicroBenchmark's
public class IccmaBench extends MicroBenchmark {

    @State(Scope.Benchmark)
    public static class TenThousand {
        @Param({"10000", "30000", "100000"})
        int attacks;
        String i23;
        ArgumentationFramework af;

        @Setup(Level.Trial)
        public void setUp() throws IOException {
            af = GeneratedFrameworks.sparse(10_000, attacks, 7);
            StringWriter w = new StringWriter();
            AfWriter.write(af, AfFormat.I23, w);
            i23 = w.toString();
        }
    }

    @Benchmark
    public Extension readAndGround(TenThousand s) throws IOException {
        return AfReader.read(new StringReader(s.i23), "bench.i23", AfFormat.I23).grounded();
    }

    @Benchmark
    public Extension groundOnly(TenThousand s) {
        return s.af.grounded();
    }
}
