package dev.parley.study;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.parley.domain.campsite.CasinoCorpus;
import dev.parley.domain.campsite.CasinoDialogue;
import java.util.List;
import org.junit.jupiter.api.Test;

class HumanSolverStudyTest {

    private static final List<CasinoDialogue> VALID = CasinoCorpus.load(CasinoCorpus.Split.VALID);

    /**
     * With one message no deal can be made and answered: every outcome is an unfinished negotiation or a walk-away,
     * and CaSiNo gives 5 points each for both, so the equilibrium pays exactly 5 and the gain is 5 minus the
     * recorded points.
     */
    @Test
    void aOneMessageGameCannotReachADealSoTheEquilibriumPaysFiveEach() {
        HumanSolverStudy.Report r = HumanSolverStudy.run(new HumanSolverStudy.Config(1, 20), VALID.subList(0, 3),
                null, () -> { });
        HumanSolverStudy.Figures f = r.valid();
        assertThat(f.dialogues()).isEqualTo(3);
        for (HumanSolverStudy.Case c : f.cases()) {
            assertThat(c.equilibrium()[0]).isCloseTo(5.0, within(1e-9));
            assertThat(c.equilibrium()[1]).isCloseTo(5.0, within(1e-9));
            assertThat(c.gain(0)).isCloseTo(5.0 - c.recorded()[0], within(1e-9));
        }
        double recordedFirst = f.cases().stream().mapToInt(c -> c.recorded()[0]).average().orElseThrow();
        assertThat(f.gain()[0].mean()).isCloseTo(5.0 - recordedFirst, within(1e-9));
        assertThat(f.wouldGain()[0].successes()).isZero(); // every recorded negotiation gave at least 5
    }

    /** With room for a deal and its answer the equilibrium pays within the domain's range and is nearly solved. */
    @Test
    void aLongerGameIsSolvedOnThePeoplesOwnPriorityTables() {
        CasinoDialogue d = VALID.get(0);
        HumanSolverStudy.Case c = HumanSolverStudy.solve(d, new HumanSolverStudy.Config(2, 200));
        String first = d.firstSpeaker();
        assertThat(c.recorded()).containsExactly(d.campers().get(first).points(),
                d.campers().get(d.other(first)).points());
        for (double v : c.equilibrium()) {
            assertThat(v).isBetween(5.0 - c.nashConv() - 1e-9, 36.0); // walking away guarantees 5
        }
        assertThat(c.nashConv()).isLessThan(1.0);
        assertThat(c.nodes()).isGreaterThan(1);
    }
}
