package dev.parley.experiment;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.parley.dialogue.DialogueGame;
import dev.parley.dialogue.Instruction;
import dev.parley.nfg.EmpiricalGame;
import dev.parley.psro.prompt.PromptPsroIteration;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.style.markers.SeriesMarkers;

/**
 * One run of prompt-space PSRO ({@code parley psro --domain}), rendered as the JSON contract, a text table, and a
 * PNG chart per player of the meta-strategy's mass on each instruction over the iterations.
 *
 * @param domain      the domain's name
 * @param backend     what generated the words and the payoffs
 * @param proposer    what proposed candidates ({@code lexicon} or the model)
 * @param metaSolver  the meta-solver's command-line name
 * @param start       the initial population ({@code instructions} or {@code any})
 * @param players     the players' names (the domain's protocol players)
 * @param scenarios   scenarios each meta-game entry is simulated over
 * @param maxReplies  the dialogue length limit
 * @param candidates  candidates asked for per player and iteration
 * @param seed        the run's seed
 * @param iterations  the iterations, in order
 * @param simulations dialogues played in the whole run
 * @param calls       language-model calls (total, served from the cache), or empty offline
 * @param seconds     wall-clock time of the run
 * @param verification generated answers requested, refused, and refusals by reason, over every game played
 */
public record PromptPsroReport(String domain, String backend, String proposer, String metaSolver, String start,
                               List<String> players, int scenarios, int maxReplies, int candidates, long seed,
                               List<PromptPsroIteration> iterations, long simulations, Optional<long[]> calls,
                               double seconds, DialogueGame.Verification verification) {

    private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    public PromptPsroReport {
        Objects.requireNonNull(domain, "domain");
        players = List.copyOf(players);
        iterations = List.copyOf(iterations);
        if (iterations.isEmpty()) {
            throw new IllegalArgumentException("a report needs at least one iteration");
        }
    }

    /** The JSON contract. */
    public ObjectNode json() {
        ObjectNode o = JSON.createObjectNode();
        o.put("domain", domain);
        o.put("backend", backend);
        o.put("proposer", proposer);
        o.put("meta_solver", metaSolver);
        o.put("start", start);
        ArrayNode ps = o.putArray("players");
        players.forEach(ps::add);
        o.put("scenarios", scenarios);
        o.put("max_replies", maxReplies);
        o.put("candidates", candidates);
        o.put("seed", seed);
        ArrayNode list = o.putArray("iterations");
        for (PromptPsroIteration it : iterations) {
            ObjectNode i = list.addObject();
            i.put("iteration", it.iteration());
            ArrayNode pop = i.putArray("population");
            for (List<String> names : it.populationNames()) {
                ArrayNode a = pop.addArray();
                names.forEach(a::add);
            }
            ArrayNode meta = i.putArray("meta_strategy");
            for (double[] w : it.metaStrategy()) {
                numbers(meta.addArray(), w);
            }
            numbers(i.putArray("meta_value"), it.metaValue());
            ArrayNode cands = i.putArray("candidates");
            for (List<PromptPsroIteration.Candidate> forPlayer : it.candidates()) {
                ArrayNode a = cands.addArray();
                for (PromptPsroIteration.Candidate c : forPlayer) {
                    a.addObject().put("name", c.instruction().name()).put("guidance", c.instruction().guidance())
                            .put("value", c.value());
                }
            }
            ArrayNode chosen = i.putArray("chosen");
            for (Optional<Instruction> c : it.chosen()) {
                if (c.isPresent()) {
                    chosen.add(c.get().name());
                } else {
                    chosen.addNull();
                }
            }
            numbers(i.putArray("best_response_gain"), it.gain());
            i.put("simulations", it.simulations());
        }
        o.set("meta_game", metaGame(iterations.get(iterations.size() - 1).metaGame()));
        o.put("simulations", simulations);
        if (calls.isPresent()) {
            o.putObject("calls").put("total", calls.get()[0]).put("cached", calls.get()[1]);
        } else {
            o.putNull("calls");
        }
        o.put("seconds", seconds);
        ObjectNode v = o.putObject("verification");
        v.put("requested", verification.requested()).put("rejected", verification.rejected());
        ObjectNode by = v.putObject("by_reason");
        verification.byReason().forEach(by::put);
        return o;
    }

    /** The last meta-game solved: strategies and, per pure profile, means, standard errors and samples. */
    private static ObjectNode metaGame(EmpiricalGame g) {
        ObjectNode o = JSON.createObjectNode();
        ArrayNode strategies = o.putArray("strategies");
        for (List<String> s : g.strategies()) {
            ArrayNode a = strategies.addArray();
            s.forEach(a::add);
        }
        int n = g.numPlayers();
        double[] means = g.means();
        double[] errors = g.standardErrors();
        int[] samples = g.samples();
        int[] profile = new int[n];
        ArrayNode entries = o.putArray("entries");
        for (int k = 0; k < g.numProfiles(); k++) {
            ObjectNode e = entries.addObject();
            ArrayNode p = e.putArray("profile");
            for (int x : profile) {
                p.add(x);
            }
            numbers(e.putArray("means"), java.util.Arrays.copyOfRange(means, k * n, k * n + n));
            numbers(e.putArray("standard_errors"), java.util.Arrays.copyOfRange(errors, k * n, k * n + n));
            e.put("samples", samples[k]);
            for (int q = 0; q < n; q++) { // first player's strategy fastest, as EmpiricalGame orders profiles
                if (++profile[q] < g.strategies().get(q).size()) {
                    break;
                }
                profile[q] = 0;
            }
        }
        return o;
    }

    /** Numbers; NaN (no estimate, nothing chosen) as null. */
    private static void numbers(ArrayNode a, double[] values) {
        for (double v : values) {
            if (Double.isNaN(v)) {
                a.addNull();
            } else {
                a.add(v);
            }
        }
    }

    public String jsonText() {
        try {
            return JSON.writeValueAsString(json());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The human table: per iteration each player's meta-strategy support, the chosen candidates and gains. */
    public String table() {
        List<String[]> rows = new ArrayList<>();
        List<String> header = new ArrayList<>(List.of("iteration"));
        for (String p : players) {
            header.add(p + ": meta-strategy");
        }
        header.add("chosen");
        header.add("gain");
        rows.add(header.toArray(String[]::new));
        for (PromptPsroIteration it : iterations) {
            List<String> row = new ArrayList<>(List.of(Integer.toString(it.iteration())));
            for (int p = 0; p < players.size(); p++) {
                row.add(support(it.population().get(p), it.metaStrategy().get(p)));
            }
            List<String> chosen = new ArrayList<>();
            List<String> gains = new ArrayList<>();
            for (int p = 0; p < players.size(); p++) {
                chosen.add(it.chosen().get(p).map(Instruction::name).orElse("-"));
                gains.add(Double.isNaN(it.gain()[p]) ? "-" : String.format(Locale.ROOT, "%+.3f", it.gain()[p]));
            }
            row.add(String.join(" / ", chosen));
            row.add(String.join(" / ", gains));
            rows.add(row.toArray(String[]::new));
        }
        StringBuilder sb = new StringBuilder(Figures.render(rows));
        PromptPsroIteration last = iterations.get(iterations.size() - 1);
        for (int p = 0; p < players.size(); p++) {
            List<String> pop = new ArrayList<>(last.populationNames().get(p));
            last.chosen().get(p).ifPresent(c -> pop.add(c.name()));
            sb.append(players.get(p)).append(" population: ").append(String.join(", ", pop)).append('\n');
        }
        sb.append(String.format(Locale.ROOT, "%s, meta-solver %s, start %s, %d scenarios x %d replies, %d candidates,"
                        + " proposer %s, %s; %d dialogues simulated%s, %.2f s%n", domain, metaSolver, start, scenarios,
                maxReplies, candidates, proposer, backend, simulations,
                calls.map(c -> String.format(Locale.ROOT, ", %d model calls (%d cached)", c[0], c[1])).orElse(""),
                seconds));
        return sb.toString();
    }

    /** "calm 0.700, assertive 0.300": the instructions with weight of at least 0.001, heaviest first. */
    static String support(List<Instruction> population, double[] weights) {
        List<Integer> order = new ArrayList<>();
        for (int i = 0; i < weights.length; i++) {
            if (weights[i] >= 0.001) {
                order.add(i);
            }
        }
        order.sort(Comparator.comparingDouble((Integer i) -> -weights[i]).thenComparing(i -> i));
        List<String> parts = new ArrayList<>();
        for (int i : order) {
            parts.add(String.format(Locale.ROOT, "%s %.3f", population.get(i).name(), weights[i]));
        }
        return String.join(", ", parts);
    }

    /** Writes psro.json, psro.txt and one meta-strategy chart per player into {@code dir}. */
    public List<Path> writeAll(Path dir) throws IOException {
        Files.createDirectories(dir);
        List<Path> written = new ArrayList<>();
        written.add(Files.writeString(dir.resolve("psro.json"), jsonText() + "\n"));
        written.add(Files.writeString(dir.resolve("psro.txt"), table()));
        for (int p = 0; p < players.size(); p++) {
            written.add(massChart(p, dir.resolve("meta_strategy_" + fileName(players.get(p)) + ".png")));
        }
        return written;
    }

    private static String fileName(String player) {
        return player.toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9]+", "_");
    }

    /** The meta-strategy's mass on each instruction (0 before the instruction joined), one line per instruction. */
    private Path massChart(int player, Path file) throws IOException {
        XYChart chart = new XYChartBuilder().width(900).height(500)
                .title(domain + ": " + players.get(player) + "'s meta-strategy (" + metaSolver + ")")
                .xAxisTitle("PSRO iteration").yAxisTitle("mass").build();
        chart.getStyler().setYAxisMin(0.0).setYAxisMax(1.0);
        LinkedHashSet<String> names = new LinkedHashSet<>();
        iterations.forEach(it -> names.addAll(it.populationNames().get(player)));
        double[] x = iterations.stream().mapToDouble(PromptPsroIteration::iteration).toArray();
        for (String name : names) {
            double[] y = new double[iterations.size()];
            for (int t = 0; t < iterations.size(); t++) {
                int i = iterations.get(t).populationNames().get(player).indexOf(name);
                y[t] = i < 0 ? 0.0 : iterations.get(t).metaStrategy().get(player)[i];
            }
            chart.addSeries(name, x, y).setMarker(SeriesMarkers.CIRCLE);
        }
        BitmapEncoder.saveBitmap(chart, file.toString(), BitmapEncoder.BitmapFormat.PNG);
        return file;
    }
}
