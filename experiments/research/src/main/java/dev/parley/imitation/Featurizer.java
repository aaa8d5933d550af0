package dev.parley.imitation;

/** Turns an information state's text into a feature vector of fixed length. Thread-safe. */
public interface Featurizer {

    /** What makes the features, saved with a model so that a loaded model is fed the same kind. */
    String name();

    double[] features(String text);
}
