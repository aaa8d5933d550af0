package dev.parley.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.offset;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.parley.imitation.DatasetFile;
import dev.parley.imitation.SolvedGame;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code parley imitate} on small games: the report's arithmetic, the meta-game's payoffs, saving and loading. */
class ImitateCommandTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String[] SMALL = {"--scenarios", "2", "--max-replies", "2", "--iterations", "50",
        "--hidden", "16,16", "--epochs", "30", "--patience", "5"};

    private static String[] args(String... more) {
        String[] out = new String[1 + SMALL.length + more.length];
        out[0] = "imitate";
        System.arraycopy(SMALL, 0, out, 1, SMALL.length);
        System.arraycopy(more, 0, out, 1 + SMALL.length, more.length);
        return out;
    }

    @Test
    void theReportIsItsPerSeedValuesAndTheMetaGameIsTheHeldOutGame(@TempDir Path dir) throws Exception {
        Path model = dir.resolve("model.json");
        CliRun r = CliRun.parley(args("--heldout", "scheduling", "--seeds", "2", "--json", "--out",
                dir.resolve("out").toString(), "--model-out", model.toString()));
        assertThat(r.code()).as(r.err()).isZero();
        JsonNode j = JSON.readTree(r.out());
        assertThat(j.path("heldout_domain").asText()).isEqualTo("scheduling");
        // the training domains are the other registered ones that share the held-out game's instructions (the
        // corpus domain deal-or-no-deal among them since it was registered); the held-out one is never trained on
        List<String> train = new java.util.ArrayList<>();
        j.path("train_domains").forEach(d -> train.add(d.asText()));
        assertThat(train).contains("fruit-trading").doesNotContain("scheduling");
        JsonNode per = j.path("per_seed");
        assertThat(per).hasSize(2);
        assertThat(j.path("split").asText()).isEqualTo("domains");
        for (String f : List.of("train_cross_entropy", "train_kl", "train_uniform_kl", "heldout_cross_entropy",
                "heldout_kl", "uniform_kl", "nearest_neighbour_kl", "dim_share", "cfr_share")) {
            double mean = (per.get(0).path(f).asDouble() + per.get(1).path(f).asDouble()) / 2;
            assertThat(j.path(f).asDouble()).as(f).isCloseTo(mean, offset(1e-12));
            assertThat(j.path(f + "_ci95").get(0).asDouble()).isLessThanOrEqualTo(mean);
        }
        for (JsonNode p : per) {
            JsonNode g = p.path("meta_game");
            List<String> strategies = JSON.convertValue(g.path("strategies"), List.class);
            assertThat(strategies).containsExactly("calm", "assertive", "submissive", "any", "DIM");
            // DIM's share is its weight in the solution, averaged over the two players
            double share = (g.path("profile").get(0).path("DIM").asDouble()
                    + g.path("profile").get(1).path("DIM").asDouble()) / 2;
            assertThat(p.path("dim_share").asDouble()).isCloseTo(share, offset(1e-12));
            assertThat(p.path("heldout_kl").asDouble()).isGreaterThanOrEqualTo(0);
            assertThat(p.path("uniform_kl").asDouble()).isGreaterThanOrEqualTo(0);
            // "any" against "any" is the experiment's baseline profile of the same game, computed independently
            CliRun e = CliRun.parley("experiment", "--domain", "scheduling", "--actions", "instruction",
                    "--scenarios", "2", "--max-replies", "2", "--iterations", "1", "--seed",
                    "" + p.path("seed").asLong(), "--json");
            assertThat(e.code()).as(e.err()).isZero();
            JsonNode base = JSON.readTree(e.out()).get(0).path("payoffs").path("base_vs_base");
            assertThat(g.path("row_payoffs").get(3).get(3).asDouble()).isCloseTo(base.get(0).asDouble(),
                    offset(1e-9));
            assertThat(g.path("column_payoffs").get(3).get(3).asDouble()).isCloseTo(base.get(1).asDouble(),
                    offset(1e-9));
        }
        // the dataset: CFR policies (distributions over the four instructions) with 384 MiniLM features each
        List<SolvedGame.InfoState> data = DatasetFile.read(dir.resolve("out").resolve("dataset.jsonl"));
        assertThat(data).hasSize(per.get(0).path("train_states").asInt() + per.get(0).path("validation_states")
                .asInt());
        for (SolvedGame.InfoState s : data) {
            assertThat(s.features()).hasSize(384);
            assertThat(java.util.Arrays.stream(s.target()).sum()).isCloseTo(1.0, offset(1e-9));
            assertThat(s.domain()).isIn(train);
        }
        // the saved network evaluates the first seed exactly as it was measured
        CliRun back = CliRun.parley(args("--heldout", "scheduling", "--json", "--model-in", model.toString()));
        assertThat(back.code()).as(back.err()).isZero();
        JsonNode b = JSON.readTree(back.out()).path("per_seed").get(0);
        assertThat(b.path("model").asText()).isEqualTo("loaded");
        for (String f : List.of("heldout_kl", "heldout_cross_entropy", "train_cross_entropy", "dim_share")) {
            assertThat(b.path(f).asDouble()).as(f).isCloseTo(per.get(0).path(f).asDouble(), offset(1e-12));
        }
        // the saved dataset trains the same network: the first seed's figures again, without solving fruit trading
        Path dataset = dir.resolve("out").resolve("dataset.jsonl");
        CliRun again = CliRun.parley(args("--heldout", "scheduling", "--json", "--dataset-in", dataset.toString()));
        assertThat(again.code()).as(again.err()).isZero();
        JsonNode a = JSON.readTree(again.out());
        assertThat(a.path("train_domains").get(0).asText()).isEqualTo("fruit-trading");
        for (String f : List.of("train_cross_entropy", "heldout_kl", "heldout_cross_entropy", "nearest_neighbour_kl",
                "dim_share")) {
            assertThat(a.path("per_seed").get(0).path(f).asDouble()).as(f)
                    .isCloseTo(per.get(0).path(f).asDouble(), offset(1e-12));
        }
        // and it is what is trained on: a dataset of half the states gives a split of half the states
        List<String> lines = Files.readAllLines(dataset);
        Path half = dir.resolve("half.jsonl");
        Files.write(half, lines.subList(0, lines.size() / 2));
        CliRun halfRun = CliRun.parley(args("--heldout", "scheduling", "--json", "--dataset-in", half.toString()));
        assertThat(halfRun.code()).as(halfRun.err()).isZero();
        JsonNode h = JSON.readTree(halfRun.out()).path("per_seed").get(0);
        assertThat(h.path("train_states").asInt() + h.path("validation_states").asInt()).isEqualTo(lines.size() / 2);
        // a broken dataset is refused in one line naming the file and line
        Path broken = dir.resolve("broken.jsonl");
        Files.writeString(broken, Files.readAllLines(dataset).get(0) + "\n{\"features\": \"x\"}\n");
        CliRun bad = CliRun.parley(args("--heldout", "scheduling", "--dataset-in", broken.toString()));
        assertThat(bad.code()).isEqualTo(2);
        assertThat(bad.err().strip()).startsWith("parley: ").contains(broken + ":2:").doesNotContain("\n");
        // states of a domain the registry does not know are refused in its words, naming the file
        Path stranger = dir.resolve("stranger.jsonl");
        Files.writeString(stranger, Files.readAllLines(dataset).get(0)
                .replaceFirst("\"domain\":\"[^\"]*\"", "\"domain\":\"chess\"") + "\n");
        CliRun unknown = CliRun.parley(args("--heldout", "scheduling", "--dataset-in", stranger.toString()));
        assertThat(unknown.code()).isEqualTo(2);
        assertThat(unknown.err()).isEqualTo("parley: --dataset-in " + stranger + ": unknown dialogue domain 'chess';"
                + " expected one of fruit-trading, scheduling, debate, campsite, deal-or-no-deal\n");
        // a model for other instructions is refused in one line
        CliRun wrong = CliRun.parley(args("--heldout", "debate", "--train", "fruit-trading", "--model-in",
                model.toString()));
        assertThat(wrong.code()).isEqualTo(2);
        assertThat(wrong.err().strip()).startsWith("parley: ").doesNotContain("\n");
        assertThat(Files.exists(dir.resolve("out").resolve("report.json"))).isTrue();
    }

    @Test
    void aTableOfOneSeedPrintsItsFiguresAloneAndOfSeveralWithTheirIntervals() {
        for (int seeds : new int[] {1, 3}) {
            com.fasterxml.jackson.databind.node.ObjectNode r = Json.MAPPER.createObjectNode();
            r.putArray("train_domains").add("fruit-trading");
            r.put("split", "domains").put("heldout_domain", "scheduling").put("seeds", seeds)
                    .put("meta_solver", "nash");
            for (String f : dev.parley.imitation.ImitationJson.FIGURES) {
                r.put(f, 0.25);
                r.putArray(f + "_ci95").add(0.125).add(0.375);
            }
            r.putArray("per_seed").addObject().putObject("meta_game").putArray("profile").addObject().put("calm", 1.0);
            String table = ImitateCommand.table(r);
            if (seeds == 1) {
                // one run has no spread: no interval column, not even a point one
                assertThat(table).contains("held out scheduling, 1 seed\n").contains("figure")
                        .doesNotContain("interval").doesNotContain("[0.");
            } else {
                assertThat(table).contains("3 seeds; 95% t intervals over seeds").contains("[0.1250, 0.3750]");
            }
            assertThat(table).contains("train_kl").contains("0.2500").contains("calm 1.000");
        }
    }

    @Test
    void aScenarioSplitTrainsAndTestsOnOneDomain() throws Exception {
        CliRun r = CliRun.parley(args("--heldout", "fruit-trading", "--split", "scenarios",
                "--json"));
        assertThat(r.code()).as(r.err()).isZero();
        JsonNode j = JSON.readTree(r.out());
        assertThat(j.path("split").asText()).isEqualTo("scenarios");
        assertThat(j.path("heldout_domain").asText()).isEqualTo("fruit-trading");
        assertThat(JSON.convertValue(j.path("train_domains"), List.class)).containsExactly("fruit-trading");
        JsonNode p = j.path("per_seed").get(0);
        assertThat(p.path("heldout_states").asInt()).isPositive();
        // the same figures as a domain split: train and held-out KL beside the uniform policy's, DIM's share
        for (String f : List.of("train_kl", "train_uniform_kl", "heldout_kl", "uniform_kl", "nearest_neighbour_kl")) {
            assertThat(p.path(f).asDouble()).as(f).isGreaterThanOrEqualTo(0);
        }
        assertThat(p.path("dim_share").asDouble()).isBetween(0.0, 1.0);
        assertThat(JSON.convertValue(p.path("meta_game").path("strategies"), List.class)).contains("DIM");
        CliRun text = CliRun.parley(args("--heldout", "fruit-trading", "--split", "scenarios"));
        assertThat(text.code()).as(text.err()).isZero();
        assertThat(text.out()).contains("held out other scenarios of fruit-trading");
        // bad values: one line, exit 2
        CliRun bad = CliRun.parley(args("--split", "nonsense"));
        assertThat(bad.code()).isEqualTo(2);
        assertThat(bad.err().strip()).startsWith("parley: ").contains("--split").doesNotContain("\n");
        CliRun both = CliRun.parley(args("--split", "scenarios", "--heldout", "scheduling", "--train",
                "fruit-trading"));
        assertThat(both.code()).isEqualTo(2);
        assertThat(both.err().strip()).startsWith("parley: ").contains("drop --train").doesNotContain("\n");
    }

    @Test
    void aTrainingDomainIsReadLikeTheHeldOutOne() {
        String expected = "unknown dialogue domain 'nosuch'; expected one of fruit-trading, scheduling, debate,"
                + " campsite, deal-or-no-deal (try: parley imitate --help)\n";
        CliRun heldout = CliRun.parley("imitate", "--heldout", "nosuch");
        CliRun train = CliRun.parley("imitate", "--train", "fruit-trading, nosuch");
        assertThat(heldout.code()).isEqualTo(2);
        assertThat(train.code()).isEqualTo(2);
        assertThat(heldout.err()).isEqualTo("parley: Invalid value for option '--heldout': " + expected);
        assertThat(train.err()).isEqualTo("parley: Invalid value for option '--train' (DOMAIN): " + expected);
    }
}
