package dev.parley.domain.dealornodeal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.parley.dialogue.Message;
import dev.parley.dialogue.MoveContext;
import dev.parley.dialogue.Scenario;
import dev.parley.domain.corpus.CorpusException;
import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class DealOrNoDealTest {

    @Test
    void theThousandBoardsAreReadAndEachPlayersValuesSumToTen() {
        List<Board> boards = Boards.all();
        assertThat(boards).hasSize(1000);
        // the file's first line: 1,2,3 8,1,0 4,0,2
        assertThat(boards.get(0).line()).isEqualTo("1,2,3 8,1,0 4,0,2");
        for (Board b : boards) {
            for (int p = 0; p < 2; p++) {
                assertThat(DealOrNoDeal.worth(b.pool(), b.values(p))).isEqualTo(10);
            }
        }
    }

    @Test
    void aBadBoardLineNamesTheFileAndTheLine() {
        assertThatThrownBy(() -> Boards.read(new ByteArrayInputStream("1,2,3 8,1,0 4,0,2\n1,2,3 8,1,1 4,0,2\n"
                .getBytes(StandardCharsets.UTF_8)), "boards.txt")).isInstanceOf(CorpusException.class)
                .hasMessage("boards.txt:2: a player's values sum to 13 over the pool, not 10");
    }

    @Test
    void anOfferMustSplitExactlyThePool() {
        Scenario s = DealOrNoDeal.scenario(Boards.all().get(0));
        MoveContext c = new MoveContext(s, 0, List.of());
        DealRules rules = new DealRules();
        assertThat(rules.infeasible(DealOrNoDeal.PROPOSE, Map.of(DealOrNoDeal.OFFER,
                DealOrNoDeal.offer(new int[] {1, 0, 0}, new int[] {0, 2, 3})), c)).isEmpty();
        assertThat(rules.infeasible(DealOrNoDeal.PROPOSE, Map.of(DealOrNoDeal.OFFER,
                DealOrNoDeal.offer(new int[] {2, 0, 0}, new int[] {0, 2, 3})), c))
                .contains("the offer splits 2 books, but the pool has 1");
    }

    @Test
    void anAcceptedOfferScoresEachSidesValuesAndNoDealScoresZero() {
        Scenario s = DealOrNoDeal.scenario(Boards.all().get(0)); // values 8,1,0 and 4,0,2
        Map<String, Object> offer = DealOrNoDeal.offer(new int[] {1, 1, 0}, new int[] {0, 1, 3});
        Message propose = new Message(0, DealOrNoDeal.PROPOSE, Map.of(DealOrNoDeal.OFFER, offer), "x");
        Message accept = new Message(1, DealOrNoDeal.ACCEPT, Map.of(DealOrNoDeal.TERMS, offer), "x");
        assertThat(new DealScorer().score(s, List.of(propose, accept))).containsExactly(9, 6);
        Message no = new Message(1, DealOrNoDeal.NO_DEAL, Map.of(), "x");
        assertThat(new DealScorer().score(s, List.of(propose, no))).containsExactly(0, 0);
    }
}
