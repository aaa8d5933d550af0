package dev.parley.imitation;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.parley.experiment.Estimate;
import java.io.IOException;
import java.io.Writer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.ToDoubleFunction;

/**
 * The JSON of {@code parley imitate}: the figures as means over seeds with {@code _stderr} and {@code _ci95}
 * (t interval over seeds), and {@code per_seed}, where the per-information-state figures carry their own t interval
 * over the held-out information states.
 */
public final class ImitationJson {

    /** The figures summarised over seeds, in report order. */
    public static final List<String> FIGURES = List.of("train_cross_entropy", "train_kl", "train_uniform_kl",
            "heldout_cross_entropy", "heldout_kl", "uniform_kl", "nearest_neighbour_kl", "dim_share", "cfr_share");

    private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    private ImitationJson() {
    }

    static double figure(ImitationStudy.Run r, String name) {
        return switch (name) {
            case "train_cross_entropy" -> r.trainCrossEntropy();
            case "train_kl" -> ImitationStudy.mean(r.trainFit().kl());
            case "train_uniform_kl" -> ImitationStudy.mean(r.trainUniformKl());
            case "cfr_share" -> r.cfrCheck().dimShare();
            case "heldout_cross_entropy" -> ImitationStudy.mean(r.heldout().crossEntropy());
            case "heldout_kl" -> ImitationStudy.mean(r.heldout().kl());
            case "uniform_kl" -> ImitationStudy.mean(r.uniformKl());
            case "nearest_neighbour_kl" -> ImitationStudy.mean(r.neighbourKl());
            case "dim_share" -> r.metaGame().dimShare();
            default -> throw new IllegalArgumentException(name);
        };
    }

    public static ObjectNode report(String heldout, List<String> train, String split,
                                    List<ImitationStudy.Run> runs) {
        ObjectNode o = JSON.createObjectNode();
        o.put("heldout_domain", heldout);
        o.put("split", split);
        train.forEach(o.putArray("train_domains")::add);
        o.put("seeds", runs.size());
        o.put("meta_solver", runs.get(0).metaGame().solution().method());
        for (String f : FIGURES) {
            double[] v = runs.stream().mapToDouble(r -> figure(r, f)).toArray();
            Estimate e = Estimate.of(v);
            o.put(f, e.mean());
            o.put(f + "_stderr", e.stderr());
            o.putArray(f + "_ci95").add(e.low()).add(e.high());
        }
        ArrayNode per = o.putArray("per_seed");
        for (ImitationStudy.Run r : runs) {
            per.add(run(r));
        }
        return o;
    }

    static ObjectNode run(ImitationStudy.Run r) {
        ObjectNode o = JSON.createObjectNode();
        o.put("seed", r.seed());
        o.put("train_states", r.trainStates());
        o.put("validation_states", r.validationStates());
        o.put("heldout_states", r.heldoutStates());
        if (r.training() != null) {
            o.put("epochs", r.training().epochs());
            o.put("best_epoch", r.training().bestEpoch());
            o.put("validation_cross_entropy", r.training().validationLoss());
        } else {
            o.put("model", "loaded");
        }
        o.put("train_cross_entropy", r.trainCrossEntropy());
        o.put("train_kl", ImitationStudy.mean(r.trainFit().kl()));
        o.put("train_uniform_kl", ImitationStudy.mean(r.trainUniformKl()));
        perState(o, "heldout_cross_entropy", r.heldout().crossEntropy());
        perState(o, "heldout_kl", r.heldout().kl());
        perState(o, "uniform_kl", r.uniformKl());
        perState(o, "nearest_neighbour_kl", r.neighbourKl());
        o.put("dim_share", r.metaGame().dimShare());
        o.set("dim_share_by_player", JSON.valueToTree(r.metaGame().dimShareByPlayer()));
        o.put("cfr_share", r.cfrCheck().dimShare());
        o.set("meta_game", metaGame(r.metaGame()));
        // the same meta-game with the held-out game's own CFR policy in DIM's place: a check of the meta-game
        o.set("cfr_check", metaGame(r.cfrCheck()));
        return o;
    }

    static ObjectNode metaGame(ImitationStudy.MetaGame m) {
        ObjectNode o = JSON.createObjectNode();
        o.set("dim_share_by_player", JSON.valueToTree(m.dimShareByPlayer()));
        m.strategies().forEach(o.putArray("strategies")::add);
        o.set("row_payoffs", JSON.valueToTree(m.rowPayoffs()));
        o.set("column_payoffs", JSON.valueToTree(m.columnPayoffs()));
        ArrayNode profile = o.putArray("profile");
        double[][] p = m.solution().profile();
        for (double[] player : p) {
            ObjectNode x = profile.addObject();
            for (int s = 0; s < player.length; s++) {
                x.put(m.strategies().get(s), player[s]);
            }
        }
        o.set("payoffs", JSON.valueToTree(m.solution().payoffs()));
        o.put("max_regret", m.solution().maxRegret());
        return o;
    }

    private static void perState(ObjectNode o, String field, double[] values) {
        Estimate e = Estimate.of(values);
        o.put(field, e.mean());
        o.putArray(field + "_ci95_over_states").add(e.low()).add(e.high());
    }


    /** report.json, and dataset.jsonl (the first seed's training pool: text, features, CFR policy). */
    public static List<Path> writeAll(ObjectNode report, ImitationStudy.Run first, Path dir) throws IOException {
        Files.createDirectories(dir);
        List<Path> out = new ArrayList<>();
        Path rep = dir.resolve("report.json");
        Files.writeString(rep, JSON.writeValueAsString(report) + "\n");
        out.add(rep);
        Path data = dir.resolve("dataset.jsonl");
        try (Writer w = Files.newBufferedWriter(data)) {
            for (SolvedGame.InfoState s : first.dataset()) {
                w.write(DatasetFile.line(s));
                w.write('\n');
            }
        }
        out.add(data);
        return out;
    }

    static double[] values(List<ImitationStudy.Run> runs, ToDoubleFunction<ImitationStudy.Run> f) {
        return runs.stream().mapToDouble(f).toArray();
    }
}
