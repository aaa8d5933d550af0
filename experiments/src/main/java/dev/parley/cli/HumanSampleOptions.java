package dev.parley.cli;

import picocli.CommandLine.Mixin;

/**
 * The options of the studies on people that judge or solve a seeded sample of the recorded dialogues (human-reward,
 * human-solver): the corpus and its held-out split, {@code --seed} and {@code --valid-only}. Each command keeps its
 * own {@code --sample}, whose help says what is done with each dialogue drawn.
 */
final class HumanSampleOptions {

    @Mixin
    HumanCorpusOptions people = new HumanCorpusOptions();

    @Mixin
    SeedOption seedOption = new SeedOption(1);

    @Mixin
    ValidOnlyOption split = new ValidOnlyOption();

    /** {@code n} dialogues of each split read (test only without --valid-only), drawn by --seed; 0 for all. */
    HumanCorpus.Sample draw(int n) {
        return people.load(split.validOnly).sample(n, seedOption.seed);
    }

    long seed() {
        return seedOption.seed;
    }
}
