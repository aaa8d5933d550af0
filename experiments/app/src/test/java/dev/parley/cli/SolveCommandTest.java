package dev.parley.cli;

import static dev.parley.cli.CliRun.parley;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import dev.parley.game.TabularPolicy;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SolveCommandTest {

    @Test
    void solvesKuhnWithCfrPlusAndPrintsTheJsonContract(@TempDir Path dir) throws Exception {
        Path policy = dir.resolve("policy.json");
        CliRun r = parley("solve", "--game", "kuhn_poker", "--solver", "cfr+", "--iterations", "200", "--json",
                "--policy-out", policy.toString());
        JsonNode json = r.successJson();
        assertThat(json.get("game").asText()).isEqualTo("kuhn_poker");
        assertThat(json.get("solver").asText()).isEqualTo("cfr+");
        assertThat(json.get("iterations").asInt()).isEqualTo(200);
        assertThat(json.get("expected_values").get(0).asDouble()).isCloseTo(-1.0 / 18, within(1e-3));
        assertThat(json.get("nash_conv").asDouble()).isLessThan(2e-3);
        assertThat(json.get("exploitability").asDouble())
                .isCloseTo(json.get("nash_conv").asDouble() / 2, within(1e-15));
        assertThat(json.get("seconds").asDouble()).isNotNegative();
        TabularPolicy written = TabularPolicy.fromJson(Files.readString(policy));
        assertThat(written.rows()).hasSize(12);
    }

    @Test
    void aGameTooLargeToBuildIsRefusedFromItsEstimateAndSampledSolversRunOnIt() {
        // dialogues of up to 99,999 messages: the estimate refuses it before the compiler runs out of memory
        String huge = "fruit_trading(max_replies=99999)";
        CliRun cfr = parley("solve", "--game", huge, "--solver", "cfr", "--iterations", "2");
        assertThat(cfr.code()).as(cfr.out()).isEqualTo(2);
        assertThat(cfr.err().strip()).startsWith("parley: game '" + huge + "': its tree would have about ")
                .contains(" random plays, standard error ")
                .endsWith("; solve it without expanding it with --solver mccfr-os or mccfr-es");
        CliRun sampled = parley("solve", "--game", huge, "--solver", "mccfr-os", "--iterations", "20", "--json");
        JsonNode json = sampled.successJson();
        assertThat(json.get("iterations").asInt()).isEqualTo(20);
        assertThat(json.get("nash_conv").isNull()).as(json.toString()).isTrue();
        CliRun psro = parley("psro", "--game", huge, "--iterations", "2", "--meta-solver", "nash");
        assertThat(psro.code()).isEqualTo(2);
        assertThat(psro.err().strip()).startsWith("parley: game '" + huge + "': its tree would have about ")
                .endsWith("; PSRO needs the whole tree");
    }

    @Test
    void showPolicyPrintsTheAveragePolicyTopActionsFirst() throws Exception {
        // one-card poker, solved by hand: Ann bets High always and Low with 2/5, Bob calls with 2/5
        String game = ReadmeCommandsTest.ROOT.resolve("examples/my_game.efg").toString();
        CliRun table = parley("solve", "--game", game, "--solver", "cfr+", "--iterations", "2000", "--show-policy");
        assertThat(table.code()).as(table.err()).isZero();
        assertThat(table.out()).contains("infoset").contains("top actions (average policy)")
                .containsPattern("Ann holds High +0 +bet 1\\.000, check 0\\.000")
                .containsPattern("Ann holds Low +0 +check 0\\.[56]\\d\\d, bet 0\\.[34]\\d\\d")
                .containsPattern("Bob facing a bet +1 +fold 0\\.[56]\\d\\d, call 0\\.[34]\\d\\d");
        CliRun json = parley("solve", "--game", game, "--solver", "cfr+", "--iterations", "2000", "--show-policy",
                "--json");
        JsonNode policy = Json.MAPPER.readTree(json.out()).get("policy");
        assertThat(policy).hasSize(3);
        JsonNode low = policy.get(key(policy, "Ann holds Low"));
        assertThat(low.get("bet").asDouble()).isCloseTo(0.4, within(0.02));
        assertThat(low.get("bet").asDouble() + low.get("check").asDouble()).isCloseTo(1, within(1e-12));
        assertThat(policy.get(key(policy, "Bob facing a bet")).get("call").asDouble()).isCloseTo(0.4, within(0.02));
        assertThat(parley("solve", "--game", game, "--solver", "cfr", "--iterations", "10").out())
                .doesNotContain("top actions");
    }

    private static String key(JsonNode policy, String part) {
        for (var it = policy.fieldNames(); it.hasNext(); ) {
            String k = it.next();
            if (k.contains(part)) {
                return k;
            }
        }
        throw new AssertionError("no infoset containing " + part + " in " + policy);
    }

    @Test
    void solvesWithMccfrReproducibly() {
        CliRun a = parley("solve", "--game", "leduc_poker", "--solver", "mccfr-os", "--iterations", "500",
                "--seed", "9", "--json");
        CliRun b = parley("solve", "--game", "leduc_poker", "--solver", "mccfr-os", "--iterations", "500",
                "--seed", "9", "--json");
        assertThat(a.code()).isZero();
        assertThat(a.out().replaceAll("\"seconds\".*", "")).isEqualTo(b.out().replaceAll("\"seconds\".*", ""));
    }

    @Test
    void printsATableByDefault() {
        CliRun r = parley("solve", "--game", "kuhn_poker_3p", "--solver", "cfr", "--iterations", "5");
        assertThat(r.code()).isZero();
        assertThat(r.out()).contains("NashConv").contains("expected value, player 2");
    }

    @Test
    void badInputGivesOneLineAndExitCode2() {
        for (String[] args : new String[][] {
                {"solve", "--game", "chess", "--solver", "cfr", "--iterations", "1"},
                {"solve", "--game", "kuhn_poker", "--solver", "magic", "--iterations", "1"},
                {"solve", "--game", "kuhn_poker", "--solver", "cfr", "--iterations", "0"},
                {"solve", "--game", "kuhn_poker", "--solver", "cfr", "--iterations", "ten"},
                {"solve", "--solver", "cfr", "--iterations", "1"},
                {"solve", "--game", "/no/such/file.efg", "--solver", "cfr", "--iterations", "1"}}) {
            CliRun r = parley(args);
            assertThat(r.code()).as(String.join(" ", args)).isEqualTo(2);
            assertThat(r.err().strip()).as(String.join(" ", args)).startsWith("parley: ").doesNotContain("\n")
                    .doesNotContain("Exception");
        }
    }

    @Test
    void solvesAGambitFileAndReportsMalformedOnesWithPosition(@TempDir Path dir) throws Exception {
        Path game = dir.resolve("matching.efg");
        // Matching pennies in extensive form: value 0, equilibrium 1/2-1/2.
        Files.writeString(game, """
                EFG 2 R "Matching pennies" { "P1" "P2" }
                p "" 1 1 "P1" { "H" "T" } 0
                p "" 2 1 "P2" { "h" "t" } 0
                t "" 1 "win" { 1, -1 }
                t "" 2 "lose" { -1, 1 }
                p "" 2 1 "P2" { "h" "t" } 0
                t "" 2
                t "" 1
                """);
        CliRun r = parley("solve", "--game", game.toString(), "--solver", "cfr+", "--iterations", "500", "--json");
        JsonNode json = r.successJson();
        assertThat(json.get("expected_values").get(0).asDouble()).isCloseTo(0.0, within(1e-3));
        assertThat(json.get("nash_conv").asDouble()).isLessThan(1e-2);

        Path bad = dir.resolve("bad.efg");
        Files.writeString(bad, "EFG 2 R \"x\" { \"P1\" }\np \"\" 1 1 \"I\" { \"a\" } abc\n");
        CliRun e = parley("solve", "--game", bad.toString(), "--solver", "cfr", "--iterations", "1");
        assertThat(e.code()).isEqualTo(2);
        assertThat(e.err().strip()).startsWith("parley: ").contains("bad.efg:2:").doesNotContain("\n");
    }

    @Test
    void theVectorFormSolvesLeducAndRefusesAGameWithoutAPublicTreeInOneLine(@TempDir Path dir) throws Exception {
        CliRun r = parley("solve", "--game", "leduc_poker", "--solver", "cfr+-vector", "--iterations", "300",
                "--json");
        JsonNode json = r.successJson();
        assertThat(json.get("solver").asText()).isEqualTo("cfr+-vector");
        assertThat(json.get("nash_conv").asDouble()).isLessThan(0.05);

        // player 2 cannot tell chance's move alone from chance's move followed by player 1's
        Path game = dir.resolve("none.efg");
        Files.writeString(game, """
                EFG 2 R "none" { "P1" "P2" }
                ""

                c "" 1 "deal" { "A" 1/2 "B" 1/2 } 0
                p "" 1 1 "P1" { "x" "y" } 0
                p "" 2 1 "P2" { "l" "r" } 0
                t "" 1 "a" { 1 -1 }
                t "" 2 "b" { -1 1 }
                p "" 2 1 "P2" { "l" "r" } 0
                t "" 3 "c" { -2 2 }
                t "" 4 "d" { 2 -2 }
                p "" 2 1 "P2" { "l" "r" } 0
                t "" 5 "e" { 0 0 }
                t "" 6 "f" { 3 -3 }
                """);
        CliRun e = parley("solve", "--game", game.toString(), "--solver", "cfr-vector", "--iterations", "1");
        assertThat(e.code()).isEqualTo(2);
        assertThat(e.out()).isEmpty();
        assertThat(e.err().strip()).startsWith("parley: CFR (vector form) cannot solve 'none': it has no public tree")
                .doesNotContain("\n");
    }

    @Test
    void gamesListsTheCatalogue() {
        CliRun r = parley("games", "--json");
        assertThat(r.code()).isZero();
        assertThat(r.out()).contains("\"kuhn_poker\"").contains("\"leduc_poker\"");
        assertThat(r.out()).contains("\"domains\" : [ \"fruit-trading\", \"scheduling\", \"debate\", \"campsite\", \"deal-or-no-deal\" ]");
        assertThat(parley("games").out()).endsWith("dialogue domains: fruit-trading, scheduling, debate, campsite, deal-or-no-deal (parley"
                + " domains describes them)\n");
    }
}
