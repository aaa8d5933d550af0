package dev.parley.imitation;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.ejml.data.DMatrixRMaj;

/**
 * A trained imitation network on disk (JSON): its layer sizes, the instruction names of its outputs, the features
 * it reads, and every parameter matrix row-major. Reading checks the shapes and says what is wrong, with the file.
 */
public final class ModelFile {

    public static final String FORMAT = "parley-imitation-mlp/1";
    private static final ObjectMapper JSON = new ObjectMapper();

    /** A network with what it predicts and from what. */
    public record Saved(Mlp network, List<String> labels, String featurizer) { }

    private ModelFile() {
    }

    public static void write(Path file, Saved saved) throws IOException {
        ObjectNode o = JSON.createObjectNode();
        o.put("format", FORMAT);
        o.put("featurizer", saved.featurizer());
        saved.labels().forEach(o.putArray("labels")::add);
        o.set("sizes", JSON.valueToTree(saved.network().sizes()));
        ArrayNode params = o.putArray("parameters");
        for (DMatrixRMaj m : saved.network().parameters()) {
            ArrayNode a = params.addArray();
            for (double v : m.data) {
                a.add(v);
            }
        }
        if (file.getParent() != null) {
            Files.createDirectories(file.getParent());
        }
        JSON.writeValue(file.toFile(), o);
    }

    /** @throws IllegalArgumentException with the file and what is wrong */
    public static Saved read(Path file) {
        JsonNode o;
        try {
            o = JSON.readTree(file.toFile());
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException(dev.parley.json.JsonErrors.inFile(file, e));
        } catch (IOException e) {
            throw new IllegalArgumentException(file + ": cannot read it: " + e.getMessage());
        }
        if (o == null || !FORMAT.equals(o.path("format").asText())) {
            throw new IllegalArgumentException(file + ": expected a model of format " + FORMAT);
        }
        JsonNode sizesNode = o.path("sizes");
        if (!sizesNode.isArray() || sizesNode.size() < 2) {
            throw new IllegalArgumentException(file + ": 'sizes' must list at least two layer sizes");
        }
        int[] sizes = new int[sizesNode.size()];
        for (int i = 0; i < sizes.length; i++) {
            sizes[i] = sizesNode.get(i).asInt();
            if (sizes[i] < 1) {
                throw new IllegalArgumentException(file + ": layer size " + i + " must be positive");
            }
        }
        List<String> labels = new ArrayList<>();
        o.path("labels").forEach(l -> labels.add(l.asText()));
        if (labels.size() != sizes[sizes.length - 1]) {
            throw new IllegalArgumentException(file + ": " + labels.size() + " labels for "
                    + sizes[sizes.length - 1] + " outputs");
        }
        JsonNode params = o.path("parameters");
        if (!params.isArray() || params.size() != 2 * (sizes.length - 1)) {
            throw new IllegalArgumentException(file + ": expected " + 2 * (sizes.length - 1) + " parameter arrays");
        }
        List<DMatrixRMaj> ms = new ArrayList<>();
        for (int l = 0; l + 1 < sizes.length; l++) {
            ms.add(matrix(file, params.get(2 * l), sizes[l + 1], sizes[l], "weights of layer " + (l + 1)));
            ms.add(matrix(file, params.get(2 * l + 1), 1, sizes[l + 1], "biases of layer " + (l + 1)));
        }
        return new Saved(Mlp.of(sizes, ms), labels, o.path("featurizer").asText());
    }

    private static DMatrixRMaj matrix(Path file, JsonNode a, int rows, int cols, String what) {
        if (!a.isArray() || a.size() != rows * cols) {
            throw new IllegalArgumentException(file + ": the " + what + " need " + rows * cols + " numbers, got "
                    + (a.isArray() ? a.size() : 0));
        }
        DMatrixRMaj m = new DMatrixRMaj(rows, cols);
        for (int i = 0; i < a.size(); i++) {
            if (!a.get(i).isNumber()) {
                throw new IllegalArgumentException(file + ": the " + what + " hold a non-number at " + i);
            }
            m.data[i] = a.get(i).asDouble();
        }
        return m;
    }
}
