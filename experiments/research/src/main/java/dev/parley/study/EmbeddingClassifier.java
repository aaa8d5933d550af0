package dev.parley.study;

import dev.langchain4j.data.embedding.Embedding;
import dev.langchain4j.store.embedding.CosineSimilarity;
import dev.parley.agent.MiniLmWordingMatcher;
import dev.parley.dialogue.Instruction;
import java.util.List;

/**
 * The held-out classifier that runs offline: the instruction whose description (its guidance, "Respond in a calm,
 * balanced tone.") is nearest the message by cosine similarity of all-MiniLM-L6-v2 sentence embeddings (the ONNX
 * model in LangChain4j's Maven jar, run in-process). It has never seen a message of the study: nothing is fitted.
 */
public final class EmbeddingClassifier implements InstructionClassifier {

    private final MiniLmWordingMatcher model = new MiniLmWordingMatcher();

    @Override
    public String name() {
        return "embedding:all-minilm-l6-v2";
    }

    /** What the message is compared with: the guidance, or the name when an instruction has none. */
    static String description(Instruction i) {
        return i.guidance().isBlank() ? i.name() : i.guidance();
    }

    @Override
    public int classify(String message, List<Instruction> labels) {
        float[] m = model.embed(message);
        int best = -1;
        double bestSim = Double.NEGATIVE_INFINITY;
        for (int j = 0; j < labels.size(); j++) {
            double sim = similarity(m, model.embed(description(labels.get(j))));
            if (sim > bestSim) {
                bestSim = sim;
                best = j;
            }
        }
        return best;
    }

    /** Cosine similarity, LangChain4j's (zero vectors count as dissimilar). */
    static double similarity(float[] x, float[] y) {
        return CosineSimilarity.between(Embedding.from(x), Embedding.from(y));
    }
}
