package dev.parley.experiment;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonInclude.Include;
import com.fasterxml.jackson.annotation.JsonUnwrapped;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.UncheckedIOException;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * The JSON contract of the experiment reports ({@code parley experiment --json}, {@code report.json},
 * {@code curve.json}, {@code dialogues.jsonl}) as records, which Jackson writes in declared order with snake_case
 * names. A figure is {@code <field>}; where it is a mean over seeds or a sampled estimate its {@link Spread} stands
 * beside it as {@code <field>_stderr} and {@code <field>_ci95}. A component marked {@code NON_NULL} is left out
 * of the shapes that do not have it; every other component is always written, null included, because scripts read
 * a null as "not judged" or "not reached".
 */
final class ReportJson {

    /** Indented, for reports a person may open. */
    static final ObjectMapper PRETTY = JsonMapper.builder()
            .propertyNamingStrategy(PropertyNamingStrategies.SNAKE_CASE)
            .enable(SerializationFeature.INDENT_OUTPUT).build();

    /** One object a line, for {@code dialogues.jsonl}. */
    static final ObjectMapper COMPACT = JsonMapper.builder()
            .propertyNamingStrategy(PropertyNamingStrategies.SNAKE_CASE).build();

    private ReportJson() {
    }

    /** A list of reports, one element per domain: the one shape {@code --json} prints. */
    static <T> String text(List<T> reports, Function<T, ?> model) {
        try {
            return PRETTY.writeValueAsString(reports.stream().map(model).toList());
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            throw new UncheckedIOException(e);
        }
    }

    static ObjectNode tree(Object model) {
        return PRETTY.valueToTree(model);
    }

    /** The standard error and 95% interval of one figure; null parts when the figure itself is null. */
    record Spread(Double stderr, double[] ci95) {
        static Spread of(Estimate e) {
            return e == null ? new Spread(null, null) : new Spread(e.stderr(), new double[] {e.low(), e.high()});
        }
    }

    /** One spread per player. */
    record Spreads(double[] stderr, double[][] ci95) {
        static Spreads of(Estimate[] es) {
            double[] stderr = new double[es.length];
            double[][] ci = new double[es.length][];
            for (int i = 0; i < es.length; i++) {
                stderr[i] = es[i].stderr();
                ci[i] = new double[] {es[i].low(), es[i].high()};
            }
            return new Spreads(stderr, ci);
        }
    }

    static double[] means(Estimate[] es) {
        double[] m = new double[es.length];
        for (int i = 0; i < es.length; i++) {
            m[i] = es[i].mean();
        }
        return m;
    }

    /** The three profiles' payoffs per player; the spreads only where the payoffs are means or estimates. */
    record Payoffs(double[] eqVsBase, @JsonUnwrapped(prefix = "eq_vs_base_") Spreads eqVsBaseSpread,
                   double[] baseVsBase, @JsonUnwrapped(prefix = "base_vs_base_") Spreads baseVsBaseSpread,
                   double[] eqVsEq, @JsonUnwrapped(prefix = "eq_vs_eq_") Spreads eqVsEqSpread) {
        static Payoffs exact(double[] eqVsBase, double[] baseVsBase, double[] eqVsEq) {
            return new Payoffs(eqVsBase, null, baseVsBase, null, eqVsEq, null);
        }

        static Payoffs estimated(Estimate[] eqVsBase, Estimate[] baseVsBase, Estimate[] eqVsEq) {
            return new Payoffs(means(eqVsBase), Spreads.of(eqVsBase), means(baseVsBase), Spreads.of(baseVsBase),
                    means(eqVsEq), Spreads.of(eqVsEq));
        }
    }

    record Calls(long total, long cached, long tokens) { }

    record CurvePoint(int iteration, double nashConv) { }

    /** What the verifier asked and refused, and the moves given up after every retry was refused. */
    record Verification(long requested, long rejected, Map<String, Long> byReason, long abandonedMoves,
                        Map<String, Long> abandonedByReason) {
        static Verification of(dev.parley.dialogue.DialogueGame.Verification v) {
            return new Verification(v.requested(), v.rejected(), v.byReason(), v.abandoned(), v.abandonedByReason());
        }
    }

    /**
     * An exact experiment: one seed's report, or the means over seeds with their spreads, {@code seeds},
     * {@code interval} and {@code per_seed} (each seed's report in the one-seed shape, its {@code seed} first).
     * {@code nodes} and {@code infosets} are integers unless the seeds' trees differ in size.
     */
    record Exact(@JsonInclude(Include.NON_NULL) Long seed,
                 String domain, String backend, int scenarios, int maxReplies, String solver, boolean exact,
                 int iterations, Number nodes, Number infosets,
                 double nashConv, @JsonUnwrapped(prefix = "nash_conv_") Spread nashConvSpread,
                 double relativeNashConv,
                 @JsonUnwrapped(prefix = "relative_nash_conv_") Spread relativeNashConvSpread,
                 double[] payoffRange,
                 double[] cfrGain, @JsonUnwrapped(prefix = "cfr_gain_") Spreads cfrGainSpread,
                 Payoffs payoffs,
                 boolean approximatelyStable,
                 @JsonInclude(Include.NON_NULL) String approximatelyStableRule,
                 @JsonInclude(Include.NON_NULL) Double stableSeedShare,
                 Map<String, Map<String, Double>> instructionMass,
                 List<CurvePoint> nashConvCurve,
                 Calls calls, double seconds,
                 String actions, String observe, int seedsPerMessage, String judge, List<String> roles,
                 Verification verification,
                 @JsonInclude(Include.NON_NULL) Integer seeds,
                 @JsonInclude(Include.NON_NULL) String interval,
                 @JsonInclude(Include.NON_NULL) List<Exact> perSeed) {
    }

    /** The figures a sampled run estimates, at its end and at each checkpoint. */
    record Estimates(double nashConv, @JsonUnwrapped(prefix = "nash_conv_") Spread nashConvSpread,
                     double relativeNashConv,
                     @JsonUnwrapped(prefix = "relative_nash_conv_") Spread relativeNashConvSpread,
                     String nashConvKind,
                     double[] bestResponseGain,
                     @JsonUnwrapped(prefix = "best_response_gain_") Spreads bestResponseGainSpread,
                     double[] cfrGain, @JsonUnwrapped(prefix = "cfr_gain_") Spreads cfrGainSpread,
                     Payoffs payoffs,
                     // stability (gain above NashConv) cannot be read from a lower bound of NashConv
                     Boolean approximatelyStable, String approximatelyStableRule,
                     @JsonInclude(Include.NON_NULL) boolean[] bestResponseKept,
                     String interval, int playouts, int responseIterations) {
        static final String KIND = "lower bound: sum over players of a sampled best response's gain, paired playouts";
        static final String NOT_JUDGED = "not judged: nash_conv is only a lower bound when estimated";
    }

    record Budget(long calls, double seconds, Spent spentBeforeResume, Spent spent) { }

    record Spent(long calls, double seconds) { }

    record Visited(long messages, long transcripts, long dialoguesScored) { }

    record TreeSizeEstimate(double nodes, double stderr, int probes, String method) { }

    record SampledCalls(long solver, long estimation, long exact, long total, long cached, long tokens) { }

    /** The exact figures of a sampled run whose tree could still be expanded; spreads over seeds when several. */
    record ExactFigures(boolean exact, int nodes, int infosets,
                        double nashConv, @JsonUnwrapped(prefix = "nash_conv_") Spread nashConvSpread,
                        double relativeNashConv,
                        @JsonUnwrapped(prefix = "relative_nash_conv_") Spread relativeNashConvSpread,
                        double[] cfrGain, @JsonUnwrapped(prefix = "cfr_gain_") Spreads cfrGainSpread,
                        Payoffs payoffs) {
    }

    record Checkpoint(int iteration, long calls, double seconds, int infosets, boolean exact,
                      @JsonUnwrapped Estimates estimates) { }

    /**
     * A sampled experiment ({@code "exact": false}, {@code "game": "lazy"}): the same names as {@link Exact},
     * the estimates with their spreads, the budget and what was spent, and the exact figures beside when known.
     * Over several seeds {@code iterations} and {@code infosets} are means and the account is the whole run's.
     */
    record Sampled(@JsonInclude(Include.NON_NULL) Long seed,
                   String domain, String backend, int scenarios, int maxReplies, String solver, boolean exact,
                   String game, Number iterations, int resumedAtIteration, String stop, Budget budget,
                   Number infosets, Visited visited, TreeSizeEstimate treeSizeEstimate,
                   @JsonUnwrapped Estimates estimates,
                   // over seeds: a null node ("not judged", as approximately_stable); one seed: left out
                   @JsonInclude(Include.NON_NULL) JsonNode stableSeedShare,
                   double[] payoffRange, SampledCalls calls, double seconds,
                   String actions, String observe, int seedsPerMessage, String judge, List<String> roles,
                   ExactFigures exactFigures, List<Checkpoint> checkpoints,
                   @JsonInclude(Include.NON_NULL) Integer seeds,
                   @JsonInclude(Include.NON_NULL) List<Sampled> perSeed) {
    }

    /** One message of a dialogue as a reader shows it. */
    record Message(int player, String role, String move, String instruction, Map<String, Object> content,
                   String text) { }

    /** One line of {@code dialogues.jsonl}. */
    record Dialogue(String profile, String scenario, double probability, double[] payoffs, List<Message> messages,
                    @JsonInclude(Include.NON_NULL) String domain) { }
}
