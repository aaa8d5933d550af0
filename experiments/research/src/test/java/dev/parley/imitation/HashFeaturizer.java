package dev.parley.imitation;

import java.util.SplittableRandom;

/** A deterministic function of the text (no model to load), so that the tests can recompute features. */
public final class HashFeaturizer implements Featurizer {

    @Override
    public String name() {
        return "hash";
    }

    @Override
    public double[] features(String text) {
        SplittableRandom r = new SplittableRandom(text.hashCode());
        double[] v = new double[8];
        for (int i = 0; i < v.length; i++) {
            v[i] = r.nextDouble() - 0.5;
        }
        return v;
    }
}
