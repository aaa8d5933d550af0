package dev.parley.imitation;

import dev.parley.agent.MiniLmWordingMatcher;

/** all-MiniLM-L6-v2 sentence embeddings (384 numbers, unit length), in-process: the paper's history embedding. */
public final class MiniLmFeaturizer implements Featurizer {

    public static final String NAME = "all-minilm-l6-v2";
    private final MiniLmWordingMatcher model = new MiniLmWordingMatcher();

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public double[] features(String text) {
        float[] v = model.embed(text);
        double[] out = new double[v.length];
        for (int i = 0; i < v.length; i++) {
            out[i] = v[i];
        }
        return out;
    }
}
