package dev.parley.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.PrintWriter;
import java.io.StringWriter;
import org.junit.jupiter.api.Test;

/** {@code parley serve-bench}, {@code parley steer} and {@code parley steer demo} through the command line. */
class ServerCommandsTest {

    record Run(int code, String out, String err) {
        JsonNode json() throws Exception {
            return Json.MAPPER.readTree(out);
        }
    }

    static Run parley(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int code = Parley.execute(new PrintWriter(out), new PrintWriter(err), args);
        return new Run(code, out.toString(), err.toString());
    }

    @Test
    void aSmallLoadRunStopsByItselfWithoutErrors() throws Exception {
        Run r = parley("serve-bench", "--dialogues", "8", "--moves", "6", "--json");
        assertThat(r.code()).as(r.err()).isZero();
        JsonNode j = r.json();
        assertThat(j.get("moves").asInt()).isEqualTo(48);
        assertThat(j.get("errors").asInt()).isZero();
        assertThat(j.get("dialogues_with_wrong_transcript").asInt()).isZero();
        assertThat(j.get("p50_ms").asDouble()).isPositive().isLessThanOrEqualTo(j.get("p99_ms").asDouble());
    }

    @Test
    void theDemoPlaysASteeredAgentAgainstABaselineAndPrintsTranscriptAndPayoffs() throws Exception {
        Run r = parley("steer", "demo", "--domain", "fruit-trading", "--scenarios", "1", "--iterations", "30",
                "--json");
        assertThat(r.code()).as(r.err()).isZero();
        JsonNode j = r.json();
        assertThat(j.get("transcript")).isNotEmpty();
        assertThat(j.get("transcript").get(0).get("player").asText()).isEqualTo("Alice");
        assertThat(j.get("payoffs").get("Alice").isNumber()).isTrue();
        assertThat(j.get("payoffs").get("Bob").isNumber()).isTrue();
        assertThat(j.get("agents")).extracting(a -> a.get("agent").asText()).containsExactly("steered", "baseline");
        int decisions = j.get("agents").get(0).get("decisions").size() + j.get("agents").get(1).get("decisions")
                .size();
        assertThat(decisions).isEqualTo(j.get("transcript").size());
        JsonNode first = j.get("agents").get(0).get("decisions").get(0);
        double total = 0;
        for (JsonNode p : first.get("probabilities")) {
            total += p.asDouble();
        }
        assertThat(total).isCloseTo(1.0, org.assertj.core.data.Offset.offset(1e-9));
    }

    @Test
    void badArgumentsAreOneLineAndExitTwo() {
        Run missing = parley("steer", "--domain", "fruit-trading");
        assertThat(missing.code()).isEqualTo(2);
        assertThat(missing.err().strip()).isEqualTo("parley: steer needs --server URL, --dialogue ID and --role R "
                + "(or: parley steer demo --domain D)");
        Run domain = parley("steer", "demo", "--domain", "chess");
        assertThat(domain.code()).isEqualTo(2);
        assertThat(domain.err().strip()).startsWith("parley: Invalid value for option '--domain': unknown dialogue"
                + " domain 'chess'; expected one of fruit-trading");
        for (String option : new String[] {"--poll-ms", "--turn-timeout"}) {
            Run zero = parley("steer", "demo", "--domain", "debate", option, "0");
            assertThat(zero.code()).isEqualTo(2);
            assertThat(zero.err()).isEqualTo("parley: " + option + " must be at least 1, got 0\n");
        }
        Run bench = parley("serve-bench", "--dialogues", "0");
        assertThat(bench.code()).isEqualTo(2);
        assertThat(bench.err().lines().count()).isEqualTo(1);
        Run serve = parley("serve", "--protocols", "/no/such/dir");
        assertThat(serve.code()).isEqualTo(2);
        assertThat(serve.err().strip()).isEqualTo("parley: /no/such/dir: no such directory (--protocols)");
        Run mysql = parley("serve", "--db", "jdbc:mysql://127.0.0.1/dgep", "--port", "0");
        assertThat(mysql.code()).isEqualTo(2);
        assertThat(mysql.err().strip()).isEqualTo("parley: no JDBC driver for jdbc:mysql://127.0.0.1/dgep on the class"
                + " path (Parley ships SQLite's and PostgreSQL's: a SQLite file, jdbc:sqlite:FILE or"
                + " jdbc:postgresql://HOST:PORT/DATABASE)");
    }

    /** A server that is not there is found before the game is solved: a hundred million iterations never start. */
    @Test
    @org.junit.jupiter.api.Timeout(value = 120, unit = java.util.concurrent.TimeUnit.SECONDS)
    void steerFindsAServerThatIsNotThereBeforeSolving() throws Exception {
        int port;
        try (java.net.ServerSocket free = new java.net.ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
            port = free.getLocalPort();
        }
        Run r = parley("steer", "--domain", "fruit-trading", "--server", "http://127.0.0.1:" + port, "--dialogue",
                "d1", "--role", "Alice", "--iterations", "100000000");
        assertThat(r.code()).isEqualTo(2);
        assertThat(r.err().strip()).isEqualTo("parley: cannot reach http://127.0.0.1:" + port + "/: connection"
                + " refused (is a Parley or DGEP server running there?)");
    }
}
