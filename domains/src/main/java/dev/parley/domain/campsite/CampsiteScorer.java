package dev.parley.domain.campsite;

import dev.parley.dialogue.Message;
import dev.parley.dialogue.OutcomeScorer;
import dev.parley.dialogue.Scenario;
import java.util.List;

/**
 * CaSiNo's points, read from the verified content: an accepted deal gives each camper 5 points for each package of
 * its high-priority item, 4 for medium and 3 for low ({@code points_scored} in the corpus); a walk-away gives 5 to
 * each. A dialogue that ends without either (a game cut off before anyone accepted or walked away) scores as a
 * walk-away: 5 each is what either camper can always secure. The accepted deal is the last one submitted before the
 * first accept; a deal that is not a split of the packages scores as no deal.
 */
public final class CampsiteScorer implements OutcomeScorer {

    @Override
    public double[] score(Scenario scenario, List<Message> transcript) {
        double[] walk = {Items.WALK_AWAY, Items.WALK_AWAY};
        for (int i = 0; i < transcript.size(); i++) {
            Message m = transcript.get(i);
            if (m.moveId().equals(Campsite.WALK_AWAY)) {
                return walk;
            }
            if (m.moveId().equals(Campsite.ACCEPT)) {
                Message deal = null;
                for (int j = i - 1; j >= 0 && deal == null; j--) {
                    if (transcript.get(j).moveId().equals(Campsite.SUBMIT)) {
                        deal = transcript.get(j);
                    }
                }
                if (deal == null || deal.speaker() == m.speaker()) {
                    return walk;
                }
                int[] mine = Items.mine(deal.get(Campsite.DEAL));
                int[] yours = Items.yours(deal.get(Campsite.DEAL));
                if (Items.illegal(mine, yours) != null) {
                    return walk;
                }
                double[] out = new double[2];
                out[deal.speaker()] = Items.worth(mine, Items.points(scenario.player(deal.speaker())));
                out[m.speaker()] = Items.worth(yours, Items.points(scenario.player(m.speaker())));
                return out;
            }
        }
        return walk;
    }
}
