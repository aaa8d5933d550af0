package dev.parley.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.BufferedWriter;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class AfCommandTest {

    @TempDir
    Path dir;

    private Path file(String name, String text) throws IOException {
        Path f = dir.resolve(name);
        Files.writeString(f, text);
        return f;
    }

    @Test
    void answersInIccmaOutputWithTheFormatFromTheExtension() throws IOException {
        Path i23 = file("m.i23", "p af 3\n1 2\n2 1\n2 3\n");
        assertThat(CliRun.parley("af", "-p", "SE-GR", "-f", i23.toString()).out()).isEqualTo("w\n");
        assertThat(CliRun.parley("af", "-p", "DC-PR", "-f", i23.toString(), "-a", "3").out()).isEqualTo("YES\nw 1 3\n");
        assertThat(CliRun.parley("af", "-p", "DS-ST", "-f", i23.toString(), "-a", "3").out()).isEqualTo("NO\nw 2\n");
        Path apx = file("m.apx", "arg(a). arg(b). arg(c).\natt(a,b). att(b,a). att(b,c).\n");
        assertThat(CliRun.parley("af", "-p", "EE-ST", "-f", apx.toString()).out()).isIn("[[b],[a,c]]\n",
                "[[a,c],[b]]\n");
        Path noExt = file("m", "a\nb\n#\na b\n");
        assertThat(CliRun.parley("af", "-p", "SE-PR", "-f", noExt.toString(), "-fo", "tgf").out()).isEqualTo("[a]\n");
    }

    @Test
    void listsFormatsAndProblemsAsIccmaSolversDo() {
        assertThat(CliRun.parley("af", "--formats").out()).isEqualTo("[i23,apx,tgf]\n");
        String problems = CliRun.parley("af", "--problems").out().strip();
        assertThat(problems).startsWith("[").endsWith("]");
        assertThat(List.of(problems.substring(1, problems.length() - 1).split(","))).contains("EE-CO", "SE-GR",
                "DC-PR", "DS-ST", "SE-SST", "DS-ID").hasSize(24);
    }

    @Test
    void badInputIsOneLineAndExitTwo() throws IOException {
        Path bad = file("bad.i23", "p af 2\n1 2\n2 three\n");
        CliRun r = CliRun.parley("af", "-p", "SE-GR", "-f", bad.toString());
        assertThat(r.code()).isEqualTo(2);
        assertThat(r.out()).isEmpty();
        assertThat(r.err().strip()).isEqualTo("parley: " + bad + ":3:3: expected an argument number 1..2, found \"three\"");
        Path ok = file("ok.i23", "p af 2\n1 2\n");
        for (List<String> args : List.of(
                List.of("af", "-p", "XX-GR", "-f", ok.toString()),
                List.of("af", "-p", "DC-GR", "-f", ok.toString()),
                List.of("af", "-p", "SE-GR", "-f", ok.toString(), "-a", "1"),
                List.of("af", "-p", "DC-GR", "-f", ok.toString(), "-a", "7"),
                List.of("af", "-p", "SE-GR", "-f", dir.resolve("missing.i23").toString()),
                List.of("af", "-p", "SE-GR", "-f", ok.toString(), "-fo", "gml"),
                List.of("af", "-p", "SE-GR"))) {
            CliRun run = CliRun.parley(args.toArray(String[]::new));
            assertThat(run.code()).as("%s", args).isEqualTo(2);
            assertThat(run.err().strip().lines()).as("%s", args).hasSize(1);
            assertThat(run.err()).as("%s", args).startsWith("parley: ").doesNotContain("Exception");
        }
    }

    @Test
    void valueBasedFrameworksAnswerForAnAudienceAndOverAll() throws IOException {
        // Bench-Capon (2003), Fig. 2: A (red) attacks B (blue), B attacks C (blue); red > blue gives {A, C}, blue >
        // red gives {A, B}; A is objectively acceptable, B and C subjectively.
        Path v = file("fig2.vaf", "arg(A). arg(B). arg(C).\nval(A,red). val(B,blue). val(C,blue).\n"
                + "att(A,B). att(B,C).\n");
        assertThat(CliRun.parley("af", "--vaf", v.toString(), "--audience", "red>blue", "-p", "EE-PR").out())
                .isEqualTo("[[A,C]]\n");
        assertThat(CliRun.parley("af", "--vaf", v.toString(), "--audience", "blue>red", "-p", "DC-GR", "-a", "B")
                .out()).isEqualTo("YES\n");
        assertThat(CliRun.parley("af", "--vaf", v.toString()).out()).isEqualTo("""
                over 2 audiences (total orders of red, blue):
                  A  red   objectively acceptable
                  B  blue  subjectively acceptable
                  C  blue  subjectively acceptable
                """);
        assertThat(CliRun.parley("af", "--vaf", v.toString(), "--audience", "blue>red").out()).isEqualTo("""
                preferred extensions for blue > red: [[A,B]]
                over 1 audience (total orders of red, blue with blue > red):
                  A  red   objectively acceptable
                  B  blue  objectively acceptable
                  C  blue  indefensible
                """);
        for (List<String> args : List.of(
                List.of("af", "--vaf", v.toString(), "--audience", "red>green"),
                List.of("af", "--vaf", v.toString(), "--audience", "red"),
                List.of("af", "--vaf", v.toString(), "--audience", "red>blue", "-f", v.toString()),
                List.of("af", "--vaf", v.toString(), "-p", "DC-PR"),
                List.of("af", "--vaf", dir.resolve("none.vaf").toString()),
                List.of("af", "--audience", "red>blue", "-p", "SE-GR", "-f", v.toString(), "-fo", "apx"))) {
            CliRun run = CliRun.parley(args.toArray(String[]::new));
            assertThat(run.code()).as("%s", args).isEqualTo(2);
            assertThat(run.err().strip().lines()).as("%s", args).hasSize(1);
            assertThat(run.out()).as("%s", args).isEmpty();
        }
        // a .vaf file given as an ICCMA framework is pointed to --vaf
        assertThat(CliRun.parley("af", "-p", "SE-PR", "-f", v.toString()).err()).isEqualTo("parley: " + v
                + ": cannot tell the format from the file name; give -fo i23|apx|tgf (a .vaf file is a value-based"
                + " framework: parley af --vaf " + v + ")\n");
        Path bad = file("bad.vaf", "arg(A). val(A,red).\natt(A,Z).\n");
        assertThat(CliRun.parley("af", "--vaf", bad.toString()).err().strip())
                .isEqualTo("parley: " + bad + ":2:7: an attack names Z, which is never declared by arg(Z).");
    }

    /**
     * A million attacks over 200,000 arguments, answered by a child JVM limited to 96 MB of heap: the text (about
     * 13 MB) is never held whole and the framework costs its attacks, not n² bits.
     */
    @Test
    @Tag("process")
    void aMillionAttacksReadInBoundedMemory() throws Exception {
        Path big = dir.resolve("big.i23");
        int n = 200_000;
        SplittableRandom rnd = new SplittableRandom(11);
        try (BufferedWriter w = Files.newBufferedWriter(big)) {
            w.write("p af " + n + "\n");
            for (int k = 0; k < 1_000_000; k++) {
                w.write((rnd.nextInt(n) + 1) + " " + (rnd.nextInt(n) + 1) + "\n");
            }
        }
        Path java = Path.of(System.getProperty("java.home"), "bin", "java");
        Process p = new ProcessBuilder(java.toString(), "-Xmx96m", "-cp", System.getProperty("java.class.path"),
                Parley.class.getName(), "af", "-p", "DS-GR", "-f", big.toString(), "-a", "1")
                .redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes());
        assertThat(p.waitFor(120, TimeUnit.SECONDS)).isTrue();
        assertThat(p.exitValue()).as(out).isZero();
        // the same answer as an in-process run with the ordinary heap
        var af = dev.parley.iccma.AfReader.read(big, dev.parley.iccma.AfFormat.I23);
        String expected = dev.parley.iccma.IccmaSolver.solve(af,
                dev.parley.iccma.IccmaProblem.parse("DS-GR").orElseThrow(), 0).render(af, dev.parley.iccma.AfFormat.I23);
        assertThat(out.strip()).isEqualTo(expected);
    }
}
