package dev.parley.cli;

import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * The options of the studies on people that judge or solve a seeded sample of the recorded dialogues (human-reward,
 * human-solver): the corpus and its held-out split, {@code --sample}, {@code --seed} and {@code --valid-only}.
 */
final class HumanSampleOptions {

    @Mixin
    HumanCorpusOptions people = new HumanCorpusOptions();

    @Mixin
    SeedOption seedOption = new SeedOption(1);

    @Mixin
    ValidOnlyOption split = new ValidOnlyOption();

    @Option(names = "--sample", defaultValue = "0", paramLabel = "N",
            description = "Study N dialogues of each split, drawn by --seed (default: all).")
    int sample;

    /**
     * {@code --sample} dialogues of each split read (test only without --valid-only), drawn by --seed; all for 0. A
     * negative sample is refused before anything is read.
     */
    HumanCorpus.Sample draw() {
        Bounds.atLeast(sample, 0, "--sample");
        return people.load(split.validOnly).sample(sample, seedOption.seed);
    }

    long seed() {
        return seedOption.seed;
    }
}
