package dev.parley.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.parley.experiment.LoopbackTrader;
import dev.parley.llm.testing.FakeOpenAiServer;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * With a model, the cost curve's calls are the requests the model is sent: every move, every judge prompt. With the
 * cache off each request reaches the loopback server, so the series' calls add up to what the server received.
 */
class CostCurveModelCallsTest {

    @Test
    void theCurvesCallsAreTheRequestsTheModelReceived(@TempDir Path dir) throws Exception {
        try (FakeOpenAiServer server = FakeOpenAiServer.start()) {
            server.fallback(LoopbackTrader::withFixedJudge);
            CliRun r = CliRun.parley("experiment", "--domain", "fruit-trading", "--max-replies", "2",
                    "--scenarios", "1", "--llm", "openai", "--base-url", server.baseUrl(), "--model", "trader",
                    "--cache-mode", "off", "--judge", "llm", "--llm-concurrency", "1", "--curve",
                    "--iterations", "20", "--budget-calls", "60", "--out", dir.toString(), "--json");
            JsonNode series = r.successJson().get(0).get("series");
            assertThat(series).hasSize(3);
            long counted = 0;
            for (JsonNode s : series) {
                JsonNode points = s.get("points");
                // every series ends on a measured point (target, budget or, for full expansion, all calls up front)
                counted += points.get(points.size() - 1).get("calls").asLong();
            }
            assertThat(counted).as(series.toString()).isEqualTo(server.requestCount());
            // the full expansion's calls include the judge's: two prompts per player per finished dialogue
            long full = series.get(0).get("points").get(0).get("calls").asLong();
            long judged = server.requests().stream()
                    .filter(q -> q.path("messages").toString().contains("You extract numbers")).count();
            assertThat(judged).isPositive();
            assertThat(full).isGreaterThan(judged);
        }
    }
}
