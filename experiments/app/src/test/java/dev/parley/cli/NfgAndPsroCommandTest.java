package dev.parley.cli;

import static dev.parley.cli.CliRun.parley;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import dev.parley.game.poker.KuhnPoker;
import dev.parley.eval.Exploitability;
import dev.parley.game.GameTree;
import dev.parley.game.TabularPolicy;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class NfgAndPsroCommandTest {

    private static Path write(Path dir, String name, String text) throws Exception {
        Path f = dir.resolve(name);
        Files.writeString(f, text);
        return f;
    }

    @Test
    void nashOnMatchingPenniesPrintsTheJsonContract(@TempDir Path dir) throws Exception {
        Path f = write(dir, "mp.nfg", "NFG 1 R \"Matching pennies\" { \"A\" \"B\" } { 2 2 }\n1 -1 -1 1 -1 1 1 -1\n");
        CliRun r = parley("nfg", "--game", f.toString(), "--meta-solver", "nash", "--json");
        JsonNode j = r.successJson();
        for (int p = 0; p < 2; p++) {
            assertThat(j.get("profile").get(p).get(0).asDouble()).isCloseTo(0.5, within(1e-9));
            assertThat(j.get("payoffs").get(p).asDouble()).isCloseTo(0, within(1e-9));
            assertThat(j.get("regrets").get(p).asDouble()).isLessThanOrEqualTo(1e-9);
        }
    }

    @Test
    void allEquilibriaAndCorrelatedJoint(@TempDir Path dir) throws Exception {
        Path f = write(dir, "bos.nfg", "NFG 1 R \"BoS\" { \"A\" \"B\" } { 2 2 }\n2 1 0 0 0 0 1 2\n");
        CliRun all = parley("nfg", "--game", f.toString(), "--meta-solver", "nash", "--all", "--json");
        assertThat(all.successJson().get("equilibria")).hasSize(3);

        Path chicken = write(dir, "chicken.nfg", "NFG 1 R \"Chicken\" { \"A\" \"B\" } { 2 2 }\n6 6 7 2 2 7 0 0\n");
        CliRun ce = parley("nfg", "--game", chicken.toString(), "--meta-solver", "ce", "--json");
        JsonNode j = Json.MAPPER.readTree(ce.out());
        assertThat(j.get("joint")).hasSize(4);
        assertThat(j.get("joint").get(0).asDouble()).isCloseTo(0.5, within(1e-9));
        assertThat(j.get("payoffs").get(0).asDouble() + j.get("payoffs").get(1).asDouble())
                .isCloseTo(10.5, within(1e-9));
        assertThat(j.has("profile")).isFalse();

        CliRun table = parley("nfg", "--game", chicken.toString(), "--meta-solver", "nbs");
        assertThat(table.code()).isZero();
        assertThat(table.out()).contains("regret").contains("(1, 1)");
    }

    @Test
    void badInputIsOneLineAndExitTwo(@TempDir Path dir) throws Exception {
        Path bad = write(dir, "bad.nfg", "NFG 1 R \"bad\" { \"A\" \"B\" } { 2 2 }\n1 2 3\n");
        CliRun r = parley("nfg", "--game", bad.toString(), "--meta-solver", "nash");
        assertThat(r.code()).isEqualTo(2);
        assertThat(r.err().strip().lines()).hasSize(1);
        assertThat(r.err()).contains("bad.nfg:");

        Path three = write(dir, "three.nfg", "NFG 1 R \"three\" { \"A\" \"B\" \"C\" } { 2 2 2 }\n"
                + "1 1 1 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 2 2 2\n");
        CliRun t = parley("nfg", "--game", three.toString(), "--meta-solver", "lemke-howson");
        assertThat(t.code()).isEqualTo(2);
        assertThat(t.err()).contains("two-player games only").doesNotContain("Exception");
        assertThat(parley("nfg", "--game", three.toString(), "--meta-solver", "rm").code()).isZero();

        CliRun missing = parley("nfg", "--game", dir.resolve("none.nfg").toString(), "--meta-solver", "nash");
        assertThat(missing.code()).isEqualTo(2);
        assertThat(missing.err()).contains("no such file");
        assertThat(parley("nfg", "--game", three.toString(), "--meta-solver", "magic").err()).contains("uniform");
    }

    @Test
    void psroOnKuhnPrintsTheJsonContract() throws Exception {
        CliRun r = parley("psro", "--game", "kuhn_poker", "--meta-solver", "nash", "--iterations", "10", "--json");
        JsonNode j = r.successJson();
        JsonNode its = j.get("iterations");
        assertThat(its).hasSize(10);
        assertThat(its.get(0).get("iteration").asInt()).isEqualTo(1);
        assertThat(its.get(0).get("population").get(0).get(0).asText()).isEqualTo("uniform");
        assertThat(its.get(0).get("meta_strategy").get(0).get(0).asDouble()).isEqualTo(1.0);
        assertThat(its.get(0).get("nash_conv").asDouble()).isCloseTo(11 / 12.0, within(1e-9));
        assertThat(its.get(9).get("nash_conv").asDouble()).isLessThanOrEqualTo(0.01);
    }

    @Test
    void psroWritesTheLastMetaStrategyAsAPolicy(@TempDir Path dir) throws Exception {
        Path out = dir.resolve("psro-policy.json");
        CliRun r = parley("psro", "--game", "kuhn_poker", "--meta-solver", "nash", "--iterations", "4", "--json",
                "--policy-out", out.toString());
        JsonNode its = r.successJson().get("iterations");
        double reported = its.get(its.size() - 1).get("nash_conv").asDouble();
        GameTree tree = GameTree.compile(new KuhnPoker(2));
        TabularPolicy policy = TabularPolicy.read(out);
        assertThat(policy.rows()).hasSize(tree.numInfosets());
        // the file is the policy whose NashConv the last iteration reports
        assertThat(Exploitability.nashConv(tree, policy.toSlots(tree))).isCloseTo(reported, within(1e-12));
        assertThat(reported).isLessThan(11.0 / 12);
        CliRun domain = parley("psro", "--domain", "fruit-trading", "--iterations", "1", "--policy-out",
                out.toString());
        assertThat(domain.code()).isEqualTo(2);
        assertThat(domain.err()).isEqualTo("parley: --policy-out cannot be used with --domain\n");
    }

    @Test
    void psroSampledIsReproducibleAndRefusesTwoPlayerSolversOnThreePlayers() {
        String[] args = {"psro", "--game", "kuhn_poker", "--meta-solver", "prd", "--iterations", "3", "--oracle",
            "sampled", "--evaluation", "sampled", "--episodes", "200", "--seed", "4", "--json"};
        CliRun a = parley(args);
        CliRun b = parley(args);
        assertThat(a.code()).as(a.err()).isZero();
        assertThat(a.out().replaceAll("\"seconds\".*", "")).isEqualTo(b.out().replaceAll("\"seconds\".*", ""));
        CliRun three = parley("psro", "--game", "kuhn_poker_3p", "--meta-solver", "nash", "--iterations", "2");
        assertThat(three.code()).isEqualTo(2);
        assertThat(three.err()).contains("two-player games only");
        assertThat(parley("psro", "--game", "kuhn_poker_3p", "--meta-solver", "cce", "--iterations", "2").code())
                .isZero();
    }
}
