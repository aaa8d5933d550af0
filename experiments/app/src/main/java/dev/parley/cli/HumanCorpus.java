package dev.parley.cli;

import dev.parley.dialogue.Domain;
import dev.parley.domain.campsite.Campsite;
import dev.parley.domain.campsite.CasinoCorpus;
import dev.parley.domain.campsite.CasinoDialogue;
import dev.parley.study.HumanRewardStudy;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/** The people's corpus behind the studies on people: CaSiNo's three splits, for the campsite domain only. */
record HumanCorpus(List<CasinoDialogue> train, List<CasinoDialogue> valid, List<CasinoDialogue> test, Path testFile) {

    /** Reads the splits, refusing a domain without people's data and a missing or bad file, before any work. */
    static HumanCorpus load(Domain domain, Path testFile) {
        checkDomain(domain);
        if (!Files.isRegularFile(testFile)) {
            throw new UserInputException("the held-out CaSiNo test split is not at " + testFile + " (run from the "
                    + "repository root, or pass --test-file)");
        }
        return new HumanCorpus(CasinoCorpus.load(CasinoCorpus.Split.TRAIN),
                CasinoCorpus.load(CasinoCorpus.Split.VALID), CasinoCorpus.read(testFile), testFile);
    }

    /** Train and valid only: the held-out split is neither read nor required (its field is empty). */
    static HumanCorpus loadValid(Domain domain) {
        checkDomain(domain);
        return new HumanCorpus(CasinoCorpus.load(CasinoCorpus.Split.TRAIN),
                CasinoCorpus.load(CasinoCorpus.Split.VALID), List.of(), null);
    }

    /**
     * {@code n} dialogues of valid and of test, drawn by {@code seed} (0: every one); test is null when the held-out
     * split was not read ({@link #loadValid}).
     */
    Sample sample(int n, long seed) {
        return new Sample(HumanRewardStudy.sample(valid, n, seed),
                testFile == null ? null : HumanRewardStudy.sample(test, n, seed));
    }

    /** The dialogues a study on people reads: of valid, and of test unless it was not read (null). */
    record Sample(List<CasinoDialogue> valid, List<CasinoDialogue> test) {

        /** How many dialogues there are in all. */
        int size() {
            return valid.size() + (test == null ? 0 : test.size());
        }
    }

    private static void checkDomain(Domain domain) {
        if (!Campsite.NAME.equals(domain.name())) {
            throw new UserInputException("--domain " + domain.name() + " has no recorded human dialogues; the studies"
                    + " on people run on campsite (CaSiNo)");
        }
    }
}
