package dev.parley.domain.dealornodeal;

import dev.parley.dialogue.Message;
import dev.parley.dialogue.OutcomeScorer;
import dev.parley.dialogue.Scenario;
import java.util.List;

/**
 * OpenSpiel's bargaining returns: an accepted offer gives its proposer the value of what it named for itself and
 * the other player the value of the rest (each by its own values); no deal, or a dialogue cut off before an accept,
 * gives 0 to both.
 */
public final class DealScorer implements OutcomeScorer {

    @Override
    public double[] score(Scenario scenario, List<Message> transcript) {
        double[] out = new double[2];
        for (int i = 0; i < transcript.size(); i++) {
            Message m = transcript.get(i);
            if (m.moveId().equals(DealOrNoDeal.NO_DEAL)) {
                return out;
            }
            if (m.moveId().equals(DealOrNoDeal.ACCEPT)) {
                Message offer = i > 0 ? transcript.get(i - 1) : null;
                if (offer == null || !offer.moveId().equals(DealOrNoDeal.PROPOSE) || offer.speaker() == m.speaker()) {
                    return out;
                }
                int p = offer.speaker();
                Object o = offer.get(DealOrNoDeal.OFFER);
                int[] pool = DealOrNoDeal.pool(scenario.player(p));
                int[] mine = DealOrNoDeal.mine(o);
                int[] yours = DealOrNoDeal.yours(o);
                for (int k = 0; k < Boards.ITEMS; k++) {
                    if (mine[k] + yours[k] != pool[k]) {
                        return out;
                    }
                }
                out[p] = DealOrNoDeal.worth(mine, DealOrNoDeal.values(scenario.player(p)));
                out[m.speaker()] = DealOrNoDeal.worth(yours, DealOrNoDeal.values(scenario.player(m.speaker())));
                return out;
            }
        }
        return out;
    }
}
