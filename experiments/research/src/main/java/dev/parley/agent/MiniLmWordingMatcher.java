package dev.parley.agent;

import dev.langchain4j.data.embedding.Embedding;
import dev.langchain4j.store.embedding.CosineSimilarity;
import dev.langchain4j.model.embedding.EmbeddingModel;
import dev.langchain4j.model.embedding.onnx.allminilml6v2.AllMiniLmL6V2EmbeddingModel;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Wording distance from in-process sentence embeddings: all-MiniLM-L6-v2 (the ONNX model LangChain4j ships in a
 * Maven jar, run on the CPU, no network), cosine distance {@code 1 - cos}. Embeddings are cached per text, since the
 * game's wordings recur. Thread-safe; the model is loaded once, on first use.
 */
public final class MiniLmWordingMatcher implements WordingMatcher {

    private static final int CACHE_LIMIT = 50_000;
    private static volatile EmbeddingModel model;

    private final Map<String, float[]> cache = new ConcurrentHashMap<>();

    private static EmbeddingModel model() {
        EmbeddingModel m = model;
        if (m == null) {
            synchronized (MiniLmWordingMatcher.class) {
                m = model;
                if (m == null) {
                    m = new AllMiniLmL6V2EmbeddingModel();
                    model = m;
                }
            }
        }
        return m;
    }

    /** The embedding of a text (unit length, as the model gives it normalised). */
    public float[] embed(String text) {
        float[] v = cache.get(text);
        if (v == null) {
            Embedding e = model().embed(text).content();
            v = e.vector();
            if (cache.size() > CACHE_LIMIT) {
                cache.clear();
            }
            cache.put(text, v);
        }
        return v;
    }

    @Override
    public double distance(String a, String b) {
        if (a.equals(b)) {
            return 0;
        }
        return 1 - similarity(embed(a), embed(b));
    }

    /** Cosine similarity, LangChain4j's (zero vectors count as dissimilar). */
    static double similarity(float[] x, float[] y) {
        return CosineSimilarity.between(Embedding.from(x), Embedding.from(y));
    }
}
