package dev.parley.imitation;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.parley.io.InputFiles;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** The imitation dataset as JSON lines: domain, infoset, player, text, features, CFR policy (target). */
public final class DatasetFile {

    private static final ObjectMapper JSON = new ObjectMapper();

    private DatasetFile() {
    }

    static String line(SolvedGame.InfoState s) throws JsonProcessingException {
        ObjectNode o = JSON.createObjectNode();
        o.put("domain", s.domain()).put("infoset", s.infoset()).put("player", s.player()).put("reach", s.reach())
                .put("text", s.text());
        o.set("features", JSON.valueToTree(s.features()));
        o.set("target", JSON.valueToTree(s.target()));
        return JSON.writeValueAsString(o);
    }

    /** @throws IllegalArgumentException naming the file and line of a bad entry */
    public static List<SolvedGame.InfoState> read(Path file) {
        List<String> lines = InputFiles.readText(file).lines().toList();
        List<SolvedGame.InfoState> out = new ArrayList<>();
        for (int i = 0; i < lines.size(); i++) {
            if (lines.get(i).isBlank()) {
                continue;
            }
            try {
                JsonNode o = JSON.readTree(lines.get(i));
                out.add(new SolvedGame.InfoState(o.path("domain").asText(), o.path("infoset").asInt(),
                        o.path("player").asInt(), o.path("reach").asDouble(1), o.path("text").asText(), numbers(o.path("features")),
                        numbers(o.path("target"))));
            } catch (JsonProcessingException e) {
                throw new IllegalArgumentException(dev.parley.json.JsonErrors.inFile(file, i, e));
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException(file + ":" + (i + 1) + ": not a dataset line: " + e.getMessage());
            }
        }
        return out;
    }

    private static double[] numbers(JsonNode a) {
        if (!a.isArray() || a.isEmpty()) {
            throw new IllegalArgumentException("expected a non-empty array of numbers");
        }
        double[] v = new double[a.size()];
        for (int i = 0; i < v.length; i++) {
            v[i] = a.get(i).asDouble();
        }
        return v;
    }
}
