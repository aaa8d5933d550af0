package dev.parley.cli;

import static dev.parley.cli.CliRun.parley;
import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** One-line errors that name each thing once and leak nothing of the libraries underneath. */
class CliMessagesTest {

    private static void oneLine(CliRun r) {
        assertThat(r.code()).as(r.err()).isEqualTo(2);
        assertThat(r.err().strip()).startsWith("parley: ").doesNotContain("\n").doesNotContain("REDACTED")
                .doesNotContain("Exception").doesNotContain("com.fasterxml");
    }

    private static int occurrences(String text, String part) {
        int n = 0;
        for (int i = text.indexOf(part); i >= 0; i = text.indexOf(part, i + 1)) {
            n++;
        }
        return n;
    }

    @Test
    void aBrokenPolicyFileNamesItsPathOnce(@TempDir Path dir) throws Exception {
        Path state = dir.resolve("state.json");
        Files.writeString(state, "{\"role\": \"Alice\", \"transcript\": []}");
        for (String body : new String[] {"{\"game\": \"fruit-trading\", \"infosets\": [", "[1, 2]",
                "{\"game\": \"fruit-trading\", \"infosets\": [{\"key\": \"k\", \"actions\": [0, 1],"
                        + " \"probabilities\": [5, 5]}]}"}) {
            Path policy = dir.resolve("policy.json");
            Files.writeString(policy, body);
            CliRun r = parley("steer", "--domain", "fruit-trading", "--state", state.toString(), "--policy",
                    policy.toString());
            oneLine(r);
            assertThat(occurrences(r.err(), policy.toString())).as(r.err()).isEqualTo(1);
        }
        CliRun missing = parley("steer", "--domain", "fruit-trading", "--state", state.toString(), "--policy",
                dir.resolve("missing.json").toString());
        oneLine(missing);
        assertThat(occurrences(missing.err(), "missing.json")).as(missing.err()).isEqualTo(1);
        assertThat(missing.err()).contains("no such file");
    }

    @Test
    void aTruncatedStateFileLeaksNoJacksonInternals(@TempDir Path dir) throws Exception {
        Path state = dir.resolve("state.json");
        Files.writeString(state, "{\"role\": \"Alice\", \"transcript\": [");
        CliRun r = parley("steer", "--domain", "fruit-trading", "--state", state.toString());
        oneLine(r);
        assertThat(r.err()).contains("state.json:1:");
        CliRun missing = parley("steer", "--domain", "fruit-trading", "--state", dir.resolve("none.json").toString());
        oneLine(missing);
        assertThat(occurrences(missing.err(), "none.json")).as(missing.err()).isEqualTo(1);
    }

    @Test
    void nfgRefusesAnOptionTheChosenMetaSolverWouldIgnore(@TempDir Path dir) throws Exception {
        Path game = dir.resolve("mp.nfg");
        Files.writeString(game, "NFG 1 R \"matching pennies\" { \"A\" \"B\" } { 2 2 }\n1 -1 -1 1 -1 1 1 -1\n");
        CliRun r = parley("nfg", "--game", game.toString(), "--meta-solver", "nash", "--selection", "min-l2");
        oneLine(r);
        assertThat(r.err()).contains("--selection applies to ce and cce only, not to nash");
        oneLine(parley("nfg", "--game", game.toString(), "--meta-solver", "cce", "--feasible", "hull"));
        assertThat(parley("nfg", "--game", game.toString(), "--meta-solver", "cce", "--selection", "min-l2").code())
                .isZero();
    }

    @Test
    void aServeThatCannotListenCreatesNoDatabase(@TempDir Path dir) throws Exception {
        try (java.net.ServerSocket taken = new java.net.ServerSocket(0, 1,
                java.net.InetAddress.getLoopbackAddress())) {
            Path db = dir.resolve("parley.db");
            CliRun r = parley("serve", "--host", "127.0.0.1", "--port", Integer.toString(taken.getLocalPort()),
                    "--db", db.toString());
            oneLine(r);
            assertThat(r.err()).contains("cannot listen on 127.0.0.1:" + taken.getLocalPort());
            assertThat(db).doesNotExist();
        }
    }

    @Test
    void gamesListsTheDialogueDomainsToo() throws Exception {
        CliRun r = parley("games");
        assertThat(r.code()).isZero();
        assertThat(r.out()).contains("kuhn_poker").contains("dialogue domains: fruit-trading, scheduling, debate, campsite, deal-or-no-deal")
                .contains("parley domains describes them");
        var json = Json.MAPPER.readTree(parley("games", "--json").out());
        assertThat(json.get("domains")).hasSize(5);
        assertThat(json.get("domains").get(0).asText()).isEqualTo("fruit-trading");
    }

    @Test
    void serveBenchReachingItsDeadlineIsOneLine() {
        // 10,000 moves cannot finish in one second on any machine this runs on (each one is a durable commit).
        CliRun r = parley("serve-bench", "--dialogues", "40", "--moves", "250", "--deadline", "1");
        oneLine(r);
        assertThat(r.err()).contains("did not finish within --deadline 1 s");
    }

    @Test
    void llmOptionsAreCheckedOfflineToo() {
        CliRun mode = parley("psro", "--domain", "fruit-trading", "--iterations", "1", "--cache-mode", "weird");
        oneLine(mode);
        assertThat(mode.err()).contains("--cache-mode").contains("weird");
        CliRun temperature = parley("psro", "--domain", "fruit-trading", "--iterations", "1", "--temperature", "-3");
        oneLine(temperature);
        assertThat(temperature.err()).contains("--temperature must be between 0 and 2");
    }

    @Test
    void aMapOptionWithoutKeyEqualsValueSaysOptionOnce() {
        // picocli 4.7 words this "Value for option option '--external' ...": the word comes once here
        CliRun r = parley("protocol", "play", "ppd", "--script", "../../examples/ppd-moves.json", "--external",
                "FactChecker");
        oneLine(r);
        assertThat(r.err()).contains("Value for option '--external' (ID=true|false) should be in KEY=VALUE format"
                + " but was FactChecker").doesNotContain("option option");
    }

    @Test
    void steerSaysWhichGameItsNashConvIsForAndItIsExperimentsGameAtTheSameSettings() throws Exception {
        // steer's defaults (2 scenarios, 4 messages, CFR+) are not experiment's (4, 3, CFR): the figure names its game
        String[] settings = {"--domain", "fruit-trading", "--scenarios", "2", "--max-replies", "2", "--iterations",
                "20"};
        CliRun text = parley(concat(new String[] {"steer", "demo"}, settings));
        assertThat(text.code()).as(text.err()).isZero();
        assertThat(text.out()).containsPattern("equilibrium NashConv [0-9.]+ on a game of 2 scenarios, at most 2"
                + " messages, words observed \\([0-9,]+ nodes, [0-9,]+ infosets\\)");
        var steer = Json.MAPPER.readTree(parley(concat(new String[] {"steer", "demo", "--json"}, settings)).out());
        var experiment = Json.MAPPER.readTree(parley(concat(new String[] {"experiment", "--json"}, settings)).out())
                .get(0);
        assertThat(steer.get("scenarios").asInt()).isEqualTo(2);
        assertThat(steer.get("max_replies").asInt()).isEqualTo(2);
        assertThat(steer.get("nodes").asLong()).isEqualTo(experiment.get("nodes").asLong()).isPositive();
        assertThat(text.out()).contains(String.format(java.util.Locale.ROOT, "(%,d nodes",
                steer.get("nodes").asLong()));
    }

    private static String[] concat(String[] a, String[] b) {
        String[] out = java.util.Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, out, a.length, b.length);
        return out;
    }
}
