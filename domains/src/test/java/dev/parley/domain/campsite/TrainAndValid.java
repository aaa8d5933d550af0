package dev.parley.domain.campsite;

import java.util.ArrayList;
import java.util.List;

/** The corpus tests' sample of people's negotiations: the CaSiNo train split, then the valid split. */
final class TrainAndValid {

    private TrainAndValid() {
    }

    static List<CasinoDialogue> dialogues() {
        List<CasinoDialogue> all = new ArrayList<>(CasinoCorpus.load(CasinoCorpus.Split.TRAIN));
        all.addAll(CasinoCorpus.load(CasinoCorpus.Split.VALID));
        return List.copyOf(all);
    }
}
