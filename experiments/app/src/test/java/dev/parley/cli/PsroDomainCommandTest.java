package dev.parley.cli;

import static dev.parley.cli.CliRun.parley;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.parley.experiment.LoopbackTrader;
import dev.parley.llm.testing.FakeOpenAiServer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code parley psro --domain}: prompt-space PSRO from the command line. */
class PsroDomainCommandTest {

    @Test
    void offlineFruitTradingPrintsTheJsonContractAndWritesTheChart(@TempDir Path dir) throws Exception {
        CliRun r = parley("psro", "--domain", "fruit-trading", "--iterations", "3", "--scenarios",
                "4", "--seed", "2", "--json", "--out", dir.toString());
        JsonNode j = r.successJson();
        assertThat(j.get("domain").asText()).isEqualTo("fruit-trading");
        assertThat(j.get("backend").asText()).contains("offline");
        assertThat(j.get("proposer").asText()).isEqualTo("lexicon");
        assertThat(j.get("meta_solver").asText()).isEqualTo("nash");
        assertThat(j.get("seconds").asDouble()).isPositive();
        assertThat(j.get("calls").isNull()).isTrue();
        assertThat(j.get("verification").get("requested").asLong()).isPositive();
        assertThat(j.get("verification").get("rejected").asLong()).isZero();
        JsonNode its = j.get("iterations");
        assertThat(its).hasSize(3);
        long simulations = 0;
        for (int t = 0; t < 3; t++) {
            JsonNode it = its.get(t);
            assertThat(it.get("iteration").asInt()).isEqualTo(t + 1);
            simulations += it.get("simulations").asLong();
            for (int p = 0; p < 2; p++) {
                JsonNode pop = it.get("population").get(p);
                assertThat(pop).hasSize(3 + t);
                double total = 0;
                for (JsonNode w : it.get("meta_strategy").get(p)) {
                    assertThat(w.asDouble()).isGreaterThanOrEqualTo(0);
                    total += w.asDouble();
                }
                assertThat(total).isCloseTo(1.0, within(1e-9));
                JsonNode cands = it.get("candidates").get(p);
                assertThat(cands).hasSize(3);
                String chosen = it.get("chosen").get(p).asText();
                double best = Double.NEGATIVE_INFINITY;
                double chosenValue = Double.NaN;
                for (JsonNode c : cands) {
                    assertThat(c.get("guidance").asText()).isNotBlank();
                    best = Math.max(best, c.get("value").asDouble());
                    if (c.get("name").asText().equals(chosen)) {
                        chosenValue = c.get("value").asDouble();
                    }
                }
                assertThat(chosenValue).isEqualTo(best);
                assertThat(it.get("best_response_gain").get(p).asDouble())
                        .isCloseTo(chosenValue - it.get("meta_value").get(p).asDouble(), within(1e-9));
                if (t < 2) {
                    assertThat(its.get(t + 1).get("population").get(p).get(3 + t).asText()).isEqualTo(chosen);
                }
            }
        }
        assertThat(j.get("simulations").asLong()).isEqualTo(simulations).isPositive();
        JsonNode meta = j.get("meta_game");
        assertThat(meta.get("entries")).hasSize(5 * 5);
        for (JsonNode e : meta.get("entries")) {
            assertThat(e.get("samples").asInt()).isEqualTo(4);
            assertThat(e.get("means")).hasSize(2);
            assertThat(e.get("standard_errors")).hasSize(2);
        }
        assertThat(Files.readAllBytes(dir.resolve("meta_strategy_alice.png"))).startsWith(0x89, 'P', 'N', 'G');
        assertThat(Files.readAllBytes(dir.resolve("meta_strategy_bob.png"))).startsWith(0x89, 'P', 'N', 'G');
        assertThat(Json.MAPPER.readTree(dir.resolve("psro.json").toFile()).get("iterations")).hasSize(3);
        assertThat(Files.readString(dir.resolve("psro.txt"))).contains("Alice population: calm, assertive");

        // The same seed gives the same run (up to the clock); another gives other candidates.
        CliRun again = parley("psro", "--domain", "fruit-trading", "--iterations", "3",
                "--scenarios", "4", "--seed", "2", "--json");
        assertThat(withoutClock(again.out())).isEqualTo(withoutClock(r.out()));
        CliRun other = parley("psro", "--domain", "fruit-trading", "--iterations", "1",
                "--scenarios", "4", "--seed", "3", "--json");
        assertThat(Json.MAPPER.readTree(other.out()).at("/iterations/0/candidates"))
                .isNotEqualTo(its.get(0).get("candidates"));
    }

    private static JsonNode withoutClock(String json) throws Exception {
        ObjectNode o = (ObjectNode) Json.MAPPER.readTree(json);
        o.remove("seconds");
        return o;
    }

    @Test
    void theDefaultRunPrintsATable() {
        CliRun r = parley("psro", "--domain", "fruit-trading", "--iterations", "2",
                "--meta-solver", "cce", "--candidates", "2", "--start", "any");
        assertThat(r.code()).as(r.err()).isZero();
        assertThat(r.out()).contains("Alice: meta-strategy").contains("Alice population: any, ")
                .contains("meta-solver cce, start any").contains("dialogues simulated");
    }

    @Test
    void badInputIsOneLineAndExitTwo() {
        for (String[] args : new String[][] {
                {"psro", "--domain", "chess", "--iterations", "2"},
                {"psro", "--domain", "fruit-trading", "--game", "kuhn_poker", "--iterations", "2"},
                {"psro", "--iterations", "2"},
                {"psro", "--domain", "fruit-trading", "--iterations", "0"},
                {"psro", "--domain", "fruit-trading", "--iterations", "2", "--candidates", "0"},
                {"psro", "--domain", "fruit-trading", "--iterations", "2", "--scenarios", "0"},
                {"psro", "--domain", "fruit-trading", "--iterations", "2", "--meta-solver", "magic"},
                {"psro", "--domain", "fruit-trading", "--iterations", "2", "--start", "nowhere"},
                {"psro", "--domain", "fruit-trading", "--iterations", "2", "--oracle", "sampled"},
                {"psro", "--domain", "fruit-trading", "--iterations", "2", "--llm", "gemini"},
                {"psro", "--domain", "fruit-trading", "--iterations", "2", "--llm", "openai"},
                {"psro", "--game", "kuhn_poker", "--iterations", "2", "--meta-solver", "nash", "--candidates", "2"},
                {"psro", "--game", "kuhn_poker", "--iterations", "2"}}) {
            CliRun r = parley(args);
            String what = String.join(" ", args);
            assertThat(r.code()).as(what).isEqualTo(2);
            assertThat(r.err().strip()).as(what).startsWith("parley: ").doesNotContain("\n")
                    .doesNotContain("Exception");
        }
        assertThat(parley("psro", "--domain", "chess", "--iterations", "2").err()).contains("unknown dialogue domain 'chess'; expected one of fruit-trading, scheduling, debate, campsite, deal-or-no-deal")
                .contains("fruit-trading");
        assertThat(parley("psro", "--domain", "fruit-trading", "--game", "kuhn_poker", "--iterations", "2").err())
                .contains("mutually exclusive");
    }

    /**
     * The fake model proposes instructions (one of them in the lexicon, one new, plus a repeat and a heading),
     * writes the words, and judges: a dialogue with angry words is worth 4 to each player, any other 1. The
     * oracle must evaluate the model's candidates through the adapters and choose "angry"; a second run on the
     * same cache makes no HTTP call and reports the same iterations.
     */
    @Test
    void llmProposesInstructionsAndASecondRunIsServedFromTheCache(@TempDir Path dir) throws Exception {
        Path cache = dir.resolve("calls.sqlite");
        try (FakeOpenAiServer server = FakeOpenAiServer.start()) {
            server.fallback(request -> {
                String all = request.path("messages").toString();
                if (all.contains("Continue the list")) {
                    return FakeOpenAiServer.Reply.content("New instructions:\n1. Angry: be cross\n"
                            + "2. Witty: Use wit and humour.\n- witty: again\n3. any: none");
                }
                if (all.contains("You extract numbers")) {
                    return FakeOpenAiServer.Reply.content(all.contains("worth 4") ? "{\"value\": 4}"
                            : "{\"value\": 1}");
                }
                if (all.contains("The dialogue:")) {
                    return FakeOpenAiServer.Reply.content(all.contains("grr") ? "This is worth 4." : "Worth 1.");
                }
                return FakeOpenAiServer.Reply.content(LoopbackTrader.answer(request, false,
                        all.contains("angry tone") ? "grr, " : ""));
            });
            String[] args = {"psro", "--domain", "fruit-trading", "--iterations", "2", "--scenarios", "2",
                "--max-replies", "2", "--candidates", "2", "--start", "any", "--llm", "openai", "--base-url",
                server.baseUrl(), "--model", "m", "--cache", cache.toString(), "--json"};
            CliRun first = parley(args);
            assertThat(first.code()).as(first.err()).isZero();
            int requests = server.requestCount();
            JsonNode a = Json.MAPPER.readTree(first.out());
            assertThat(a.get("backend").asText()).contains("openai:m").contains("llm-judge");
            assertThat(a.get("proposer").asText()).isEqualTo("openai:m");
            JsonNode one = a.at("/iterations/0");
            for (int p = 0; p < 2; p++) {
                List<String> names = new ArrayList<>();
                one.get("candidates").get(p).forEach(c -> names.add(c.get("name").asText()));
                assertThat(names).containsExactly("angry", "witty");
                assertThat(one.get("candidates").get(p).get(0).get("guidance").asText())
                        .as("a lexicon name plays the lexicon's entry").contains("angry tone");
                assertThat(one.get("candidates").get(p).get(1).get("guidance").asText())
                        .isEqualTo("Use wit and humour.");
                assertThat(one.get("chosen").get(p).asText()).isEqualTo("angry");
                assertThat(one.get("best_response_gain").get(p).asDouble()).isCloseTo(3.0, within(1e-9));
            }
            // Iteration 2: angry is in the population, so only witty is new.
            Set<String> second = new HashSet<>();
            a.at("/iterations/1/candidates/0").forEach(c -> second.add(c.get("name").asText()));
            assertThat(second).containsExactly("witty");
            assertThat(a.get("calls").get("total").asLong()).isPositive();
            assertThat(a.get("calls").get("cached").asLong()).isLessThan(a.get("calls").get("total").asLong());

            CliRun replay = parley(args);
            assertThat(replay.code()).as(replay.err()).isZero();
            assertThat(server.requestCount()).as("no HTTP call on the second run").isEqualTo(requests);
            JsonNode b = Json.MAPPER.readTree(replay.out());
            assertThat(b.get("calls").get("cached").asLong()).isEqualTo(b.get("calls").get("total").asLong());
            assertThat(b.get("iterations")).isEqualTo(a.get("iterations"));
        }
    }
}
