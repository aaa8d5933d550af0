package dev.parley.cli;

import dev.parley.dialogue.Domain;
import java.nio.file.Path;
import picocli.CommandLine.Option;

/** The options of the studies on people: the domain with people's dialogues, and where its held-out split is. */
final class HumanCorpusOptions {

    @Option(names = "--domain", required = true, paramLabel = "DOMAIN", converter = DomainConverter.class,
            description = "campsite (the one domain with recorded people's negotiations: CaSiNo).")
    Domain domain;

    @Option(names = "--test-file", paramLabel = "FILE", description = "The held-out CaSiNo test split (default "
            + "corpora/heldout/casino/casino_test.json).")
    Path testFile = dev.parley.domain.campsite.CasinoCorpus.HELD_OUT;

    /** The splits; with {@code validOnly} the held-out one is neither read nor required. */
    HumanCorpus load(boolean validOnly) {
        return validOnly ? HumanCorpus.loadValid(domain) : HumanCorpus.load(domain, testFile);
    }
}
