package dev.parley.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;
import java.util.Locale;

/** The human table of a sweep: one row per cell, figures as mean ± half-width of the 95% t interval. */
final class SweepTable {

    private SweepTable() {
    }

    static String render(List<ObjectNode> cells) {
        Table t = new Table("domain", "actions", "observe", "iterations", "max replies", "solver", "seeds",
                "NashConv", "CFR gain (per role)", "gain > NashConv", "seeds stable");
        for (ObjectNode c : cells) {
            JsonNode p = c.get("params");
            JsonNode s = c.get("summary");
            StringBuilder gains = new StringBuilder();
            for (int i = 0; i < s.get("cfr_gain").size(); i++) {
                gains.append(i == 0 ? "" : ", ").append(s.get("roles").get(i).asText()).append(' ')
                        .append(pm(s.get("cfr_gain").get(i).asDouble(), s.get("cfr_gain_ci95").get(i)));
            }
            t.row(p.get("domain").asText(), p.get("actions").asText(), p.get("observe").asText(),
                    p.get("iterations").asInt(), p.get("max_replies").asInt(), p.get("solver").asText(),
                    p.get("seeds").asInt(), pm(s.get("nash_conv").asDouble(), s.get("nash_conv_ci95")), gains,
                    s.get("approximately_stable").asBoolean() ? "yes" : "no",
                    String.format(Locale.ROOT, "%.0f%%", 100 * s.get("stable_seed_share").asDouble()));
        }
        return t.render();
    }

    private static String pm(double mean, JsonNode ci) {
        double half = (ci.get(1).asDouble() - ci.get(0).asDouble()) / 2;
        return dev.parley.experiment.ReportWriter.f(mean) + " ± " + dev.parley.experiment.ReportWriter.f(half);
    }
}
