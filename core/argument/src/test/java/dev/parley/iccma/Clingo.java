package dev.parley.iccma;

import dev.parley.argument.ArgumentationFramework;
import java.io.IOException;
import java.io.InputStream;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The independent reference: clingo (from Debian's gringo package) run as a child process on Parley's own ASP
 * encodings in {@code src/test/resources/asp}, the framework given as apx facts.
 */
final class Clingo {

    private static final Pattern IN = Pattern.compile("in\\((.+)\\)");

    private final Path encodings;

    private Clingo(Path encodings) {
        this.encodings = encodings;
    }

    /** Whether {@code clingo} runs here. */
    static boolean available() {
        try {
            Process p = new ProcessBuilder("clingo", "--version").redirectErrorStream(true).start();
            p.getInputStream().readAllBytes();
            return p.waitFor(30, TimeUnit.SECONDS) && p.exitValue() == 0;
        } catch (IOException e) {
            return false;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    /** Copies the encodings from the class path into {@code dir}. */
    static Clingo in(Path dir) throws IOException {
        for (String f : List.of("base", "admissible", "complete", "stable", "grounded", "preferred")) {
            try (InputStream in = Clingo.class.getResourceAsStream("/asp/" + f + ".lp")) {
                Files.copy(in, dir.resolve(f + ".lp"));
            }
        }
        return new Clingo(dir);
    }

    /** The encoding files for a semantics code (CO, GR, PR, ST). */
    List<Path> program(String semantics) {
        List<String> names = switch (semantics) {
            case "CO" -> List.of("base", "complete");
            case "GR" -> List.of("grounded");
            case "PR" -> List.of("base", "admissible", "preferred");
            case "ST" -> List.of("base", "stable");
            default -> throw new IllegalArgumentException(semantics);
        };
        return names.stream().map(n -> encodings.resolve(n + ".lp")).toList();
    }

    /** Writes the framework as apx facts (clingo reads them as they are). */
    Path facts(ArgumentationFramework af, String name) throws IOException {
        Path f = encodings.resolve(name + ".apx");
        StringWriter w = new StringWriter();
        AfWriter.write(af, AfFormat.APX, w);
        Files.writeString(f, w.toString());
        return f;
    }

    /** Every extension as a set of argument names, and clingo's own wall time in seconds. */
    record Result(Set<Set<String>> extensions, double seconds) {
    }

    Result extensions(String semantics, Path facts) throws IOException, InterruptedException {
        List<String> cmd = new ArrayList<>(List.of("clingo", "--models=0", "--outf=2"));
        program(semantics).forEach(p -> cmd.add(p.toString()));
        cmd.add(facts.toString());
        long t0 = System.nanoTime();
        Path errors = encodings.resolve("clingo.err");
        Process p = new ProcessBuilder(cmd).redirectError(errors.toFile()).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (!p.waitFor(120, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            throw new IllegalStateException("clingo did not finish in 120 s on " + facts);
        }
        double seconds = (System.nanoTime() - t0) / 1e9;
        // clingo's exit code is 10 (satisfiable), 20 (unsatisfiable) or 30 (all models found)
        if (p.exitValue() != 10 && p.exitValue() != 20 && p.exitValue() != 30) {
            throw new IllegalStateException("clingo failed (exit " + p.exitValue() + ") on " + facts + ":\n"
                    + Files.readString(errors));
        }
        Set<Set<String>> result = new HashSet<>();
        com.fasterxml.jackson.databind.JsonNode json = new com.fasterxml.jackson.databind.ObjectMapper().readTree(out);
        for (com.fasterxml.jackson.databind.JsonNode call : json.path("Call")) {
            for (com.fasterxml.jackson.databind.JsonNode witness : call.path("Witnesses")) {
                Set<String> ext = new HashSet<>();
                for (com.fasterxml.jackson.databind.JsonNode atom : witness.path("Value")) {
                    Matcher m = IN.matcher(atom.asText());
                    if (m.matches()) {
                        ext.add(m.group(1));
                    }
                }
                result.add(ext);
            }
        }
        if (json.path("Models").path("More").asText().equals("yes")) {
            throw new IllegalStateException("clingo stopped before enumerating every model on " + facts);
        }
        return new Result(result, seconds);
    }
}
