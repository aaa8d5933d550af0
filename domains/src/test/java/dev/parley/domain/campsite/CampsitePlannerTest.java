package dev.parley.domain.campsite;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class CampsitePlannerTest {

    /** Reasons CaSiNo's participants wrote for their low-priority item (train split), quoted or left out. */
    @Test
    void aConcessionQuotesALowPriorityReasonOnlyWhenItSaysTheCamperNeedsLittle() {
        assertThat(CampsitePlanner.saysLittleNeed("I already brought a lot of water with me.")).isTrue();
        assertThat(CampsitePlanner.saysLittleNeed("I brought a water purifier so I can get it from the river."))
                .isTrue();
        assertThat(CampsitePlanner.saysLittleNeed("I tend to be hot so don't need much firewood.")).isTrue();
        assertThat(CampsitePlanner.saysLittleNeed("I need food for nutrients and energy.")).isFalse();
        assertThat(CampsitePlanner.saysLittleNeed("I would like the water because if it is hot I would want enough"
                + " to drink so I don't get dehydrated.")).isFalse();
        assertThat(CampsitePlanner.saysLittleNeed("My friend is thinking of joining me later. I only brought enough"
                + " food for one person.")).isFalse();
    }
}
