package dev.parley.bench;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.options.ChainedOptionsBuilder;
import org.openjdk.jmh.runner.options.OptionsBuilder;
import org.openjdk.jmh.runner.options.TimeValue;

/**
 * Runs benchmarks on the baseline jar and on this build in one run, interleaved round by round (baseline first in
 * odd rounds, new first in even ones), and prints each benchmark's scores and the ratio new / baseline of every
 * round with its spread. On a shared, noisy machine only such paired ratios mean anything.
 *
 * <pre>
 * java -Dparley.bench.baseline=OLD/benchmarks.jar -cp benchmarks.jar dev.parley.bench.Compare ROUNDS REGEX [-p k=v,v]...
 * </pre>
 */
public final class Compare {

    private Compare() {
    }

    public static void main(String[] args) throws Exception {
        if (args.length < 2) {
            System.err.println("usage: Compare ROUNDS REGEX [-p NAME=V1,V2]... (with -D" + Build.PROPERTY + "=JAR)");
            System.exit(2);
        }
        String jar = System.getProperty(Build.PROPERTY);
        if (jar == null) {
            System.err.println("-D" + Build.PROPERTY + "=JAR is required");
            System.exit(2);
        }
        int rounds = Integer.parseInt(args[0]);
        String regex = args[1];
        Map<String, String[]> params = new LinkedHashMap<>();
        for (int i = 2; i + 1 < args.length; i += 2) {
            if (!args[i].equals("-p")) {
                System.err.println("expected -p NAME=V1,V2, found " + args[i]);
                System.exit(2);
            }
            String[] kv = args[i + 1].split("=", 2);
            params.put(kv[0], kv[1].split(","));
        }
        int warmups = Integer.getInteger("parley.bench.warmups", 3);
        int measurements = Integer.getInteger("parley.bench.measurements", 4);
        int seconds = Integer.getInteger("parley.bench.seconds", 2);
        // scores.get(benchmark).get(build): one score per round
        Map<String, Map<String, List<Double>>> scores = new LinkedHashMap<>();
        Map<String, String> units = new LinkedHashMap<>();
        for (int round = 1; round <= rounds; round++) {
            String[] order = round % 2 == 1 ? new String[] {"baseline", "new"} : new String[] {"new", "baseline"};
            for (String build : order) {
                ChainedOptionsBuilder options = new OptionsBuilder().include(regex).forks(1)
                        .warmupIterations(warmups).measurementIterations(measurements)
                        .warmupTime(TimeValue.seconds(seconds)).measurementTime(TimeValue.seconds(seconds))
                        .jvmArgsAppend("-D" + Build.PROPERTY + "=" + jar).param("build", build);
                params.forEach(options::param);
                for (RunResult r : new Runner(options.build()).run()) {
                    var p = r.getParams();
                    String key = p.getBenchmark().replaceFirst("^.*\\.", "") + p.getParamsKeys().stream()
                            .filter(k -> !k.equals("build")).map(k -> " " + k + "=" + p.getParam(k))
                            .collect(Collectors.joining());
                    scores.computeIfAbsent(key, k -> new LinkedHashMap<>())
                            .computeIfAbsent(build, b -> new ArrayList<>()).add(r.getPrimaryResult().getScore());
                    units.put(key, r.getPrimaryResult().getScoreUnit());
                }
            }
        }
        System.out.println();
        System.out.printf(Locale.ROOT, "%-42s %-22s %-22s %s%n", "benchmark (" + rounds + " rounds)",
                "baseline", "new", "new / baseline per round");
        for (var e : scores.entrySet()) {
            List<Double> base = e.getValue().getOrDefault("baseline", List.of());
            List<Double> now = e.getValue().getOrDefault("new", List.of());
            List<Double> ratios = new ArrayList<>();
            for (int i = 0; i < Math.min(base.size(), now.size()); i++) {
                ratios.add(now.get(i) / base.get(i));
            }
            System.out.printf(Locale.ROOT, "%-42s %-22s %-22s %s%n", e.getKey(), range(base, units.get(e.getKey())),
                    range(now, units.get(e.getKey())), ratios.stream()
                            .map(x -> String.format(Locale.ROOT, "%.3f", x)).collect(Collectors.joining(" ")));
        }
    }

    private static String range(List<Double> xs, String unit) {
        if (xs.isEmpty()) {
            return "-";
        }
        double lo = xs.stream().mapToDouble(Double::doubleValue).min().orElseThrow();
        double hi = xs.stream().mapToDouble(Double::doubleValue).max().orElseThrow();
        return String.format(Locale.ROOT, "%.3g-%.3g %s", lo, hi, unit);
    }
}
