package dev.parley.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.parley.experiment.ReportWriter;
import java.util.List;

/**
 * The human table of a sweep: one row per cell, figures as mean ± half-width of the 95% t interval (a cell of one
 * seed: the figure alone, since one run has no spread to show). A sampled
 * cell's figures are estimates: its NashConv is a lower bound ({@code >=}), its row says {@code exact no}, and
 * stability is not judged from a bound.
 */
final class SweepTable {

    private SweepTable() {
    }

    static String render(List<ObjectNode> cells) {
        Table t = new Table("domain", "actions", "observe", "iterations", "max replies", "solver", "seeds", "exact",
                "NashConv", "CFR gain (per role)", "gain > NashConv", "seeds stable");
        for (ObjectNode c : cells) {
            JsonNode p = c.get("params");
            JsonNode s = c.get("summary");
            // one seed has no spread to show: its figures print alone, as parley experiment prints them
            boolean spread = p.get("seeds").asInt() > 1;
            boolean exact = s.path("exact").asBoolean(true);
            StringBuilder gains = new StringBuilder();
            for (int i = 0; i < s.get("cfr_gain").size(); i++) {
                gains.append(i == 0 ? "" : ", ").append(s.get("roles").get(i).asText()).append(' ')
                        .append(pm(s.get("cfr_gain").get(i).asDouble(), s.get("cfr_gain_ci95").get(i), spread));
            }
            JsonNode stable = s.get("approximately_stable");
            JsonNode share = s.get("stable_seed_share");
            t.row(p.get("domain").asText(), p.get("actions").asText(), p.get("observe").asText(),
                    p.get("iterations").isNull() ? "budget" : p.get("iterations").asText(),
                    p.get("max_replies").asInt(), p.get("solver").asText(), p.get("seeds").asInt(),
                    exact ? "yes" : "no (est.)",
                    (exact ? "" : ">= ") + pm(s.get("nash_conv").asDouble(), s.get("nash_conv_ci95"), spread), gains,
                    stable == null || stable.isNull() ? "not judged" : stable.asBoolean() ? "yes" : "no",
                    share == null || share.isNull() ? "-"
                            : Math.round(share.asDouble() * p.get("seeds").asInt()) + " of " + p.get("seeds").asInt());
        }
        return t.render();
    }

    private static String pm(double mean, JsonNode ci, boolean spread) {
        if (!spread) {
            return ReportWriter.f(mean);
        }
        double half = (ci.get(1).asDouble() - ci.get(0).asDouble()) / 2;
        return ReportWriter.f(mean) + " ± " + ReportWriter.f(half);
    }
}
