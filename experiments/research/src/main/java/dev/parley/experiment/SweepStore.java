package dev.parley.experiment;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The files of {@code parley sweep --out DIR}: {@code sweep.json}, a list of cells {@code {params, summary}} where
 * summary is one element of {@code experiment --json}, and {@code sweep.csv}, one row per cell. Both are rewritten
 * after every cell through a temporary file and an atomic rename, so an interrupted sweep leaves complete files
 * and resumes from them: a cell whose params are already in sweep.json is not run again.
 */
public final class SweepStore {

    private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    private final Path dir;
    private final List<ObjectNode> cells = new ArrayList<>();

    private SweepStore(Path dir) {
        this.dir = dir;
    }

    /** Opens {@code dir}, reading the cells a previous run wrote. */
    public static SweepStore open(Path dir) throws IOException {
        SweepStore store = new SweepStore(dir);
        Path file = dir.resolve("sweep.json");
        if (Files.exists(file)) {
            JsonNode root = JSON.readTree(file.toFile());
            if (root == null || !root.isArray()) {
                throw new IOException(file + " is not a list of sweep cells");
            }
            for (JsonNode cell : root) {
                if (!cell.has("params") || !cell.has("summary")) {
                    throw new IOException(file + ": a cell without params or summary");
                }
                store.cells.add((ObjectNode) cell);
            }
        }
        return store;
    }

    public List<ObjectNode> cells() {
        return List.copyOf(cells);
    }

    /** Whether a cell with these params is already written (numbers compared by value, as JSON reads them). */
    public boolean has(ObjectNode params) {
        ObjectNode p = normal(params);
        return cells.stream().anyMatch(c -> c.get("params").equals(p));
    }

    /** {@code params} as sweep.json reads it back (a long that fits an int is read as an int). */
    public static ObjectNode normal(ObjectNode params) {
        try {
            return (ObjectNode) JSON.readTree(JSON.writeValueAsString(params));
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    /** Adds a finished cell and rewrites sweep.json and sweep.csv atomically. */
    public void add(ObjectNode params, ObjectNode summary) throws IOException {
        ObjectNode cell = JSON.createObjectNode();
        cell.set("params", normal(params));
        cell.set("summary", summary);
        cells.add(cell);
        Files.createDirectories(dir);
        ArrayNode all = JSON.createArrayNode();
        cells.forEach(all::add);
        writeAtomically(dir.resolve("sweep.json"), JSON.writeValueAsString(all) + "\n");
        writeAtomically(dir.resolve("sweep.csv"), csv(cells));
    }

    static void writeAtomically(Path file, String text) throws IOException {
        Path tmp = file.resolveSibling(file.getFileName() + ".tmp");
        Files.writeString(tmp, text);
        try {
            Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } catch (AtomicMoveNotSupportedException e) {
            Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING);
        }
    }

    /**
     * One row per cell: its params, {@code exact} (false for a sampled cell's estimates), then NashConv and relative NashConv (mean, stderr, low, high), each player's
     * CFR gain (the same four), approximate stability, and the per-seed values joined by {@code ;}.
     */
    public static String csv(List<ObjectNode> cells) {
        List<String> paramNames = new ArrayList<>();
        int players = 0;
        for (ObjectNode c : cells) {
            c.get("params").fieldNames().forEachRemaining(n -> {
                if (!paramNames.contains(n)) {
                    paramNames.add(n);
                }
            });
            players = Math.max(players, c.get("summary").get("cfr_gain").size());
        }
        StringBuilder sb = new StringBuilder();
        List<String> header = new ArrayList<>(paramNames);
        header.add("exact");
        for (String f : List.of("nash_conv", "relative_nash_conv")) {
            header.addAll(List.of(f, f + "_stderr", f + "_low", f + "_high"));
        }
        for (int p = 0; p < players; p++) {
            header.addAll(List.of("role_" + p, "cfr_gain_" + p, "cfr_gain_" + p + "_stderr", "cfr_gain_" + p + "_low",
                    "cfr_gain_" + p + "_high"));
        }
        header.addAll(List.of("approximately_stable", "stable_seed_share", "nash_conv_per_seed"));
        for (int p = 0; p < players; p++) {
            header.add("cfr_gain_" + p + "_per_seed");
        }
        sb.append(String.join(",", header)).append('\n');
        for (ObjectNode c : cells) {
            JsonNode params = c.get("params");
            JsonNode s = c.get("summary");
            List<String> row = new ArrayList<>();
            for (String n : paramNames) {
                row.add(params.has(n) && !params.get(n).isNull() ? params.get(n).asText() : "");
            }
            // an estimated cell (a sampling solver on the lazy game) says so; exact reports carry true or nothing
            row.add(String.valueOf(s.path("exact").asBoolean(true)));
            for (String f : List.of("nash_conv", "relative_nash_conv")) {
                row.addAll(List.of(num(s.get(f)), num(s.get(f + "_stderr")), num(s.get(f + "_ci95").get(0)),
                        num(s.get(f + "_ci95").get(1))));
            }
            for (int p = 0; p < players; p++) {
                boolean has = p < s.get("cfr_gain").size();
                row.add(has && s.has("roles") ? s.get("roles").get(p).asText() : "");
                row.add(has ? num(s.get("cfr_gain").get(p)) : "");
                row.add(has ? num(s.get("cfr_gain_stderr").get(p)) : "");
                row.add(has ? num(s.get("cfr_gain_ci95").get(p).get(0)) : "");
                row.add(has ? num(s.get("cfr_gain_ci95").get(p).get(1)) : "");
            }
            JsonNode stable = s.get("approximately_stable");
            row.add(stable == null || stable.isNull() ? "" : stable.asText());
            row.add(num(s.get("stable_seed_share")));
            row.add(perSeed(s, r -> r.get("nash_conv")));
            for (int p = 0; p < players; p++) {
                final int q = p;
                row.add(perSeed(s, r -> r.get("cfr_gain").get(q)));
            }
            sb.append(String.join(",", row)).append('\n');
        }
        return sb.toString();
    }

    private static String perSeed(JsonNode summary, java.util.function.Function<JsonNode, JsonNode> figure) {
        List<String> values = new ArrayList<>();
        for (JsonNode r : summary.get("per_seed")) {
            JsonNode v = figure.apply(r);
            values.add(v == null ? "" : num(v));
        }
        return String.join(";", values);
    }

    private static String num(JsonNode v) {
        return v == null || v.isNull() ? "" : String.format(Locale.ROOT, "%.10g", v.asDouble());
    }
}
