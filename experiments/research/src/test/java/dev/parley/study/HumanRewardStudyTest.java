package dev.parley.study;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.parley.dialogue.Message;
import dev.parley.domain.campsite.CasinoCorpus;
import dev.parley.domain.campsite.CasinoDialogue;
import dev.parley.domain.campsite.CasinoReplay;
import dev.parley.llm.Payoffs;
import java.util.HashSet;
import java.util.List;
import org.junit.jupiter.api.Test;

class HumanRewardStudyTest {

    private static CasinoDialogue valid(int id) {
        return CasinoCorpus.load(CasinoCorpus.Split.VALID).stream().filter(d -> d.id() == id).findFirst()
                .orElseThrow();
    }

    @Test
    void theJudgeReadsEachSubmittedDealCamperByCamperAndEveryOtherTurnAsRecorded() {
        // dialogue 157: mturk_agent_1 speaks first and submits issue2youget {Food 1, Water 1, Firewood 2},
        // issue2theyget {Food 2, Water 2, Firewood 1}; mturk_agent_2 accepts
        CasinoReplay.Result r = CasinoReplay.replay(valid(157));
        List<Message> read = HumanRewardStudy.readable(r.scenario(), r.transcript());
        assertThat(read).hasSameSizeAs(r.transcript());
        assertThat(read.get(10).text()).isEqualTo("Submit-Deal (First gets 1 food, 1 water, 2 firewood; Second gets"
                + " 2 food, 2 water, 1 firewood)");
        assertThat(read.get(11).text()).isEqualTo("Accept-Deal");
        assertThat(read.get(0).text()).isEqualTo(r.transcript().get(0).text()).startsWith("Hello there!");
        for (int i = 0; i < read.size(); i++) {
            assertThat(read.get(i).content()).isEqualTo(r.transcript().get(i).content());
        }
    }

    @Test
    void aSampleIsDrawnBySeedInCorpusOrderAndZeroMeansAll() {
        List<CasinoDialogue> all = CasinoCorpus.load(CasinoCorpus.Split.VALID);
        assertThat(HumanRewardStudy.sample(all, 0, 1)).isEqualTo(all);
        assertThat(HumanRewardStudy.sample(all, 99, 1)).isEqualTo(all);
        List<CasinoDialogue> five = HumanRewardStudy.sample(all, 5, 1);
        assertThat(five).hasSize(5).isEqualTo(HumanRewardStudy.sample(all, 5, 1));
        assertThat(new HashSet<>(five)).hasSize(5);
        assertThat(five.stream().map(all::indexOf).toList()).isSorted();
        assertThat(HumanRewardStudy.sample(all, 5, 2)).isNotEqualTo(five);
    }

    @Test
    void figuresCountJudgeFailuresAndCompareWithTheRecordedPoints() {
        List<CasinoDialogue> two = List.of(valid(157), CasinoCorpus.load(CasinoCorpus.Split.VALID).get(1));
        // a judge that always says 20 for the first camper and cannot give a number for the second (0, clipped)
        HumanRewardStudy.Judge constant = (s, t) -> new Payoffs(List.of(20.0, 0.0), "constant", List.of("20", "?"), 1);
        HumanRewardStudy.Report r = HumanRewardStudy.run("constant", constant, two, null);
        assertThat(r.test()).isNull();
        HumanRewardStudy.Figures f = r.valid();
        assertThat(f.dialogues()).isEqualTo(2);
        assertThat(f.judgeFailures()).isEqualTo(2);
        double abs = 0;
        for (HumanRewardStudy.Case c : f.cases()) {
            abs += Math.abs(20 - c.recorded()[0]) + Math.abs(0 - c.recorded()[1]);
            assertThat(c.rawAnswers()).containsExactly("20", "?");
        }
        assertThat(f.meanAbsoluteError()).isCloseTo(abs / 4, within(1e-12));
        // the judge always says the first camper did better: right exactly where the recorded points say so
        long firstAhead = f.cases().stream().filter(c -> c.recorded()[0] > c.recorded()[1]).count();
        assertThat(f.whoDidBetter().successes()).isEqualTo(firstAhead);
    }
}
