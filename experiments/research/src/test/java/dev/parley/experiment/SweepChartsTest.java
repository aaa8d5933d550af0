package dev.parley.experiment;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;
import org.junit.jupiter.api.Test;

/** How sweep cells become chart lines when exact and estimated cells mix. */
class SweepChartsTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    private static ObjectNode cell(String solver, int length, Integer playouts, boolean exact) {
        ObjectNode c = JSON.createObjectNode();
        ObjectNode p = c.putObject("params");
        p.put("domain", "fruit-trading").put("max_replies", length).put("solver", solver).put("iterations", 50);
        if (playouts != null) {
            p.put("playouts", playouts);
        }
        ObjectNode s = c.putObject("summary");
        if (!exact) {
            s.put("exact", false);
        }
        return c;
    }

    @Test
    void estimatedCellsGetTheirOwnLineNamedEstimatedAndSampledOnlyParamsDoNotSplitExactOnes() {
        List<ObjectNode> cells = List.of(cell("cfr", 1, null, true), cell("cfr", 2, null, true),
                cell("mccfr-os", 1, 20, false), cell("mccfr-os", 2, 20, false));
        assertThat(SweepCharts.lines(cells, false).keySet()).containsExactly("cfr", "mccfr-os, est.");
        assertThat(SweepCharts.exact(cells.get(0))).isTrue();
        assertThat(SweepCharts.exact(cells.get(2))).isFalse();
        // two playout settings among the sampled cells: they vary, and name the sampled lines only
        List<ObjectNode> two = List.of(cell("cfr", 1, null, true), cell("mccfr-os", 1, 20, false),
                cell("mccfr-os", 1, 40, false));
        assertThat(SweepCharts.lines(two, false).keySet()).containsExactly("cfr", "mccfr-os, playouts 20, est.",
                "mccfr-os, playouts 40, est.");
    }
}
