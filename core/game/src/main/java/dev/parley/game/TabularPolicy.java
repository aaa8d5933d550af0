package dev.parley.game;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.parley.io.InputFiles;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/**
 * An immutable table from infoset key to action probabilities. Infosets it does not list are played uniformly,
 * which is also what {@link #uniform(GameTree)} makes explicit.
 *
 * <p>JSON form: {@code {"game": name, "infosets": [{"key", "player", "actions", "labels", "probabilities"}]}}.
 */
public final class TabularPolicy implements Policy {

    private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    /** One infoset's row. Arrays are copied in and out. */
    public record Row(int player, int[] actions, String[] labels, double[] probabilities) {
        public Row {
            Objects.requireNonNull(actions, "actions");
            Objects.requireNonNull(labels, "labels");
            Objects.requireNonNull(probabilities, "probabilities");
            if (actions.length != probabilities.length || labels.length != actions.length) {
                throw new IllegalArgumentException("actions, labels and probabilities differ in length");
            }
            actions = actions.clone();
            labels = labels.clone();
            probabilities = probabilities.clone();
        }

        @Override
        public int[] actions() {
            return actions.clone();
        }

        @Override
        public String[] labels() {
            return labels.clone();
        }

        @Override
        public double[] probabilities() {
            return probabilities.clone();
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof Row r && r.player == player && Arrays.equals(r.actions, actions)
                    && Arrays.equals(r.labels, labels) && Arrays.equals(r.probabilities, probabilities);
        }

        @Override
        public int hashCode() {
            return Objects.hash(player, Arrays.hashCode(actions), Arrays.hashCode(labels),
                    Arrays.hashCode(probabilities));
        }

        @Override
        public String toString() {
            return "Row[player=" + player + ", labels=" + Arrays.toString(labels) + ", probabilities="
                    + Arrays.toString(probabilities) + "]";
        }
    }

    private final String game;
    private final Map<String, Row> rows;

    public TabularPolicy(String game, Map<String, Row> rows) {
        this.game = Objects.requireNonNull(game, "game");
        this.rows = Collections.unmodifiableMap(new LinkedHashMap<>(rows));
    }

    /** The uniform policy over every infoset of {@code tree}. */
    public static TabularPolicy uniform(GameTree tree) {
        double[] slots = new double[tree.numSlots()];
        for (int i = 0; i < tree.numInfosets(); i++) {
            int n = tree.actionCount(i);
            Arrays.fill(slots, tree.slotStart(i), tree.slotStart(i) + n, 1.0 / n);
        }
        return fromSlots(tree, slots);
    }

    /**
     * A policy from per-slot probabilities (see {@link GameTree}); each infoset's slots are normalised, and an
     * infoset whose slots sum to zero is played uniformly.
     */
    public static TabularPolicy fromSlots(GameTree tree, double[] slotProbabilities) {
        if (slotProbabilities.length != tree.numSlots()) {
            throw new IllegalArgumentException("expected " + tree.numSlots() + " slots, got "
                    + slotProbabilities.length);
        }
        Map<String, Row> rows = new LinkedHashMap<>();
        for (int i = 0; i < tree.numInfosets(); i++) {
            int start = tree.slotStart(i);
            int n = tree.actionCount(i);
            int[] actions = new int[n];
            String[] labels = new String[n];
            double[] p = new double[n];
            double total = 0;
            for (int k = 0; k < n; k++) {
                actions[k] = tree.slotAction(start + k);
                labels[k] = tree.slotLabel(start + k);
                p[k] = slotProbabilities[start + k];
                total += p[k];
            }
            for (int k = 0; k < n; k++) {
                p[k] = total > 0 ? p[k] / total : 1.0 / n;
            }
            rows.put(tree.infosetKey(i), new Row(tree.infosetPlayer(i), actions, labels, p));
        }
        return new TabularPolicy(tree.name(), rows);
    }

    /** This policy as per-slot probabilities of {@code tree}; infosets missing here are uniform. */
    public double[] toSlots(GameTree tree) {
        double[] slots = new double[tree.numSlots()];
        for (int i = 0; i < tree.numInfosets(); i++) {
            int start = tree.slotStart(i);
            int n = tree.actionCount(i);
            int[] actions = new int[n];
            for (int k = 0; k < n; k++) {
                actions[k] = tree.slotAction(start + k);
            }
            double[] p = actionProbabilities(tree.infosetKey(i), actions);
            System.arraycopy(p, 0, slots, start, n);
        }
        return slots;
    }

    public String game() {
        return game;
    }

    /** The rows, keyed by infoset, in insertion order. */
    public Map<String, Row> rows() {
        return rows;
    }

    @Override
    public double[] actionProbabilities(String infosetKey, int[] legalActions) {
        Row row = rows.get(infosetKey);
        double[] p = new double[legalActions.length];
        if (row == null) {
            Arrays.fill(p, 1.0 / legalActions.length);
            return p;
        }
        int[] actions = row.actions;
        for (int k = 0; k < legalActions.length; k++) {
            int idx = indexOf(actions, legalActions[k]);
            if (idx < 0) {
                throw new IllegalArgumentException("policy row for infoset '" + infosetKey
                        + "' has no probability for action " + legalActions[k]);
            }
            p[k] = row.probabilities[idx];
        }
        return p;
    }

    private static int indexOf(int[] a, int v) {
        for (int i = 0; i < a.length; i++) {
            if (a[i] == v) {
                return i;
            }
        }
        return -1;
    }

    /** The JSON form of this policy. */
    public String toJson() {
        ObjectNode root = JSON.createObjectNode();
        root.put("game", game);
        ArrayNode list = root.putArray("infosets");
        for (Map.Entry<String, Row> e : rows.entrySet()) {
            Row r = e.getValue();
            ObjectNode o = list.addObject();
            o.put("key", e.getKey());
            o.put("player", r.player);
            ArrayNode a = o.putArray("actions");
            Arrays.stream(r.actions).forEach(a::add);
            ArrayNode l = o.putArray("labels");
            Arrays.stream(r.labels).forEach(l::add);
            ArrayNode p = o.putArray("probabilities");
            Arrays.stream(r.probabilities).forEach(p::add);
        }
        try {
            return JSON.writeValueAsString(root);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot serialise policy", e);
        }
    }

    /**
     * Reads the JSON form.
     *
     * @throws PolicyFormatException naming what is missing or malformed
     */
    public static TabularPolicy fromJson(String json) {
        try {
            return fromTree(JSON.readTree(json));
        } catch (JsonProcessingException e) {
            throw new PolicyFormatException("malformed JSON: " + dev.parley.json.JsonErrors.located(e));
        }
    }

    private static TabularPolicy fromTree(JsonNode root) {
        if (root == null || !root.isObject()) {
            throw new PolicyFormatException("a policy must be a JSON object with 'game' and 'infosets'");
        }
        JsonNode infosets = root.get("infosets");
        if (infosets == null || !infosets.isArray()) {
            throw new PolicyFormatException("missing array 'infosets'");
        }
        Map<String, Row> rows = new LinkedHashMap<>();
        int index = 0;
        for (JsonNode o : infosets) {
            String where = "infosets[" + index++ + "]";
            JsonNode key = o.get("key");
            JsonNode actions = o.get("actions");
            JsonNode probabilities = o.get("probabilities");
            if (key == null || !key.isTextual() || actions == null || !actions.isArray() || probabilities == null
                    || !probabilities.isArray() || actions.size() != probabilities.size()) {
                throw new PolicyFormatException(where + ": expected 'key' (string) and 'actions' and "
                        + "'probabilities' (arrays of equal length)");
            }
            int n = actions.size();
            int[] a = new int[n];
            String[] l = new String[n];
            double[] p = new double[n];
            JsonNode labels = o.get("labels");
            for (int k = 0; k < n; k++) {
                if (!actions.get(k).canConvertToInt() || !probabilities.get(k).isNumber()) {
                    throw new PolicyFormatException(where + ": actions must be integers and probabilities numbers");
                }
                a[k] = actions.get(k).asInt();
                p[k] = probabilities.get(k).asDouble();
                if (!(p[k] >= 0)) {
                    throw new PolicyFormatException(where + ": negative probability " + p[k]);
                }
                l[k] = labels != null && labels.size() == n ? labels.get(k).asText() : Integer.toString(a[k]);
            }
            checkDistribution(where + " ('" + key.asText() + "')", p);
            rows.put(key.asText(), new Row(o.path("player").asInt(-1), a, l, p));
        }
        return new TabularPolicy(root.path("game").asText(""), rows);
    }

    /** Tolerance on the sum of a row's probabilities (rounding of a policy written with 17 digits is far below). */
    public static final double DISTRIBUTION_TOLERANCE = 1e-9;

    /** A row must be a probability distribution: no actions is no row, and the probabilities sum to 1. */
    private static void checkDistribution(String where, double[] p) {
        if (p.length == 0) {
            throw new PolicyFormatException(where + ": no actions");
        }
        double sum = 0;
        for (double x : p) {
            if (x > 1 + DISTRIBUTION_TOLERANCE || Double.isInfinite(x)) {
                throw new PolicyFormatException(where + ": probability " + x + " is above 1");
            }
            sum += x;
        }
        if (Math.abs(sum - 1.0) > DISTRIBUTION_TOLERANCE) {
            throw new PolicyFormatException(where + ": probabilities sum to " + sum + ", not 1 (within "
                    + DISTRIBUTION_TOLERANCE + ")");
        }
    }

    public void write(Path file) throws IOException {
        Files.writeString(file, toJson());
    }

    /**
     * Reads a policy file.
     *
     * @throws PolicyFormatException naming the file, and the line and column of malformed JSON
     */
    public static TabularPolicy read(Path file) throws IOException {
        JsonNode root;
        try {
            root = JSON.readTree(InputFiles.readText(file));
        } catch (JsonProcessingException e) {
            throw new PolicyFormatException(dev.parley.json.JsonErrors.inFile(file, e));
        }
        try {
            return fromTree(root);
        } catch (PolicyFormatException e) {
            throw e.in(file.toString());
        }
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof TabularPolicy t && t.game.equals(game) && t.rows.equals(rows);
    }

    @Override
    public int hashCode() {
        return Objects.hash(game, rows);
    }

    @Override
    public String toString() {
        return "TabularPolicy[" + game + ", " + rows.size() + " infosets]";
    }
}
