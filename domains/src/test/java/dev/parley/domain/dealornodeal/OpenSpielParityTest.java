package dev.parley.domain.dealornodeal;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.parley.dialogue.Domain;
import dev.parley.dialogue.Instruction;
import dev.parley.dialogue.Message;
import dev.parley.dialogue.MoveContext;
import dev.parley.dialogue.Scenario;
import dev.parley.domain.support.EnginePlayout;
import dev.parley.testing.Require;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Parity with OpenSpiel's {@code bargaining} game (its Python wheel, installed by {@code scripts/openspiel-venv.sh}).
 * Two dialogues per board, on all 1,000 boards: one played by the offline planner (tone by board), one by random
 * legal moves and tones, each of at most 10 messages, on Parley's engine. The same offers are then played in
 * OpenSpiel, ending with its Agree action where Parley's dialogue ended with an accept, and otherwise in a game whose
 * offers run out where Parley's did (no deal, or cut off). Returns must be equal, and OpenSpiel must read the same
 * 1,000 boards from the bundled file.
 */
@Tag("python")
class OpenSpielParityTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    private record Case(int board, List<int[]> offers, boolean agree, double[] returns) { }

    private static Case toCase(Domain domain, Scenario s, int board, List<Message> transcript) {
        List<int[]> offers = new ArrayList<>();
        boolean agree = false;
        for (Message m : transcript) {
            if (m.moveId().equals(DealOrNoDeal.PROPOSE)) {
                offers.add(DealOrNoDeal.mine(m.get(DealOrNoDeal.OFFER)));
            }
            agree |= m.moveId().equals(DealOrNoDeal.ACCEPT);
        }
        return new Case(board, offers, agree, domain.scorer().score(s, transcript));
    }

    @Test
    void parleyAndOpenSpielGiveEqualReturnsOnTheSameDialogues(@TempDir Path dir) throws Exception {
        Path python = Require.openSpielPython();
        Domain domain = DealOrNoDeal.domain();
        List<Instruction> tones = domain.instructions();
        List<Case> cases = new ArrayList<>();
        for (Board b : Boards.all()) {
            Scenario s = DealOrNoDeal.scenario(b);
            Instruction tone = tones.get(b.index() % tones.size());
            List<Message> planned = EnginePlayout.play(domain, s, 10, turn -> new EnginePlayout.Choice(
                    domain.planner().chooseMove(new MoveContext(s, turn.speaker(), turn.transcript()), turn.legal(),
                            tone).orElseThrow(), tone));
            cases.add(toCase(domain, s, b.index(), planned));
            cases.add(toCase(domain, s, b.index(), EnginePlayout.random(domain, s, tones,
                    new SplittableRandom(b.index()), 10)));
        }
        long agreements = cases.stream().filter(Case::agree).count();
        assertThat(agreements).as("agreements among %d dialogues", cases.size()).isPositive()
                .isLessThan(cases.size());

        Path boards = dir.resolve("bargaining_instances1000.txt");
        try (InputStream in = OpenSpielParityTest.class.getResourceAsStream(Boards.RESOURCE)) {
            Files.copy(in, boards);
        }
        ObjectNode spec = JSON.createObjectNode().put("instances_file", boards.toString())
                .put("board_count", Boards.all().size());
        ArrayNode list = spec.putArray("cases");
        for (Case c : cases) {
            ObjectNode o = list.addObject().put("board", c.board()).put("agree", c.agree());
            ArrayNode offers = o.putArray("offers");
            c.offers().forEach(q -> offers.addArray().add(q[0]).add(q[1]).add(q[2]));
        }
        Path in = dir.resolve("cases.json");
        JSON.writeValue(in.toFile(), spec);
        Path script = dir.resolve("bargaining_parity.py");
        try (InputStream s = OpenSpielParityTest.class.getResourceAsStream("/openspiel/bargaining_parity.py")) {
            Files.copy(s, script);
        }
        Path out = dir.resolve("out.json");
        Process p = new ProcessBuilder(python.toString(), script.toString(), in.toString())
                .redirectOutput(out.toFile()).redirectError(dir.resolve("err.txt").toFile()).start();
        assertThat(p.waitFor(5, TimeUnit.MINUTES)).as("OpenSpiel finished").isTrue();
        assertThat(p.exitValue()).as(Files.readString(dir.resolve("err.txt"), StandardCharsets.UTF_8)).isZero();
        JsonNode result = JSON.readTree(out.toFile());

        JsonNode read = result.get("boards");
        assertThat(read).hasSize(Boards.all().size());
        for (Board b : Boards.all()) {
            assertThat(read.get(b.index()).asText()).as("board %d", b.index()).isEqualTo(b.line());
        }
        JsonNode returns = result.get("returns");
        assertThat(returns).hasSize(cases.size());
        for (int i = 0; i < cases.size(); i++) {
            Case c = cases.get(i);
            for (int player = 0; player < 2; player++) {
                assertThat(returns.get(i).get(player).asDouble()).as("board %d, %s, player %d", c.board(),
                        c.agree() ? "agreement" : "no agreement", player).isEqualTo(c.returns()[player]);
            }
        }
    }
}
