package dev.parley.domain;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.parley.dialogue.ActionSpace;
import dev.parley.dialogue.DialogueGame;
import dev.parley.error.InputException;
import dev.parley.game.Game;
import dev.parley.game.GameTree;
import org.junit.jupiter.api.Test;

class GamesTest {

    @Test
    void oneListHoldsTheReferenceAndTheDialogueGames() {
        assertThat(Games.names()).containsExactly("kuhn_poker", "leduc_poker", "fruit_trading", "scheduling",
                "debate", "campsite", "deal_or_no_deal");
        assertThat(Games.find("debate").orElseThrow().domain().name()).isEqualTo("debate");
        assertThat(Games.find("kuhn_poker").orElseThrow().domain()).isNull();
        assertThat(Games.find("fruit_trading").orElseThrow().signature()).isEqualTo("fruit_trading(scenarios=4,"
                + "max_replies=3,actions=move-x-instruction,observe=words,seeds_per_message=1,seed=1)");
    }

    @Test
    void parametersBuildTheGameTheyName() {
        assertThat(Games.load("kuhn_poker").numPlayers()).isEqualTo(2);
        assertThat(Games.load("kuhn_poker(players=4)").numPlayers()).isEqualTo(4);
        DialogueGame g = (DialogueGame) Games.load("fruit_trading(scenarios=2,max_replies=2,actions=instruction)");
        assertThat(g.scenarios()).hasSize(2);
        assertThat(g.settings().maxReplies()).isEqualTo(2);
        assertThat(g.settings().actions()).isEqualTo(ActionSpace.INSTRUCTION);
        // the defaults are parley experiment's: the same tree as the offline game built by hand
        var d = DialogueDomains.require("fruit-trading");
        Game byHand = DialogueGame.offline(d, d.scenarios(4, 1), DialogueGame.Settings.of(3, 1));
        assertThat(GameTree.compile(Games.load("fruit_trading")).numNodes())
                .isEqualTo(GameTree.compile(byHand).numNodes());
    }

    @Test
    void theOldNamesKeepWorking() {
        assertThat(Games.load("kuhn_poker_3p").numPlayers()).isEqualTo(3);
        assertThat(Games.resolve("fruit-trading(max_replies=2)").spec().toString())
                .isEqualTo("fruit_trading(max_replies=2)");
        assertThat(Games.names("fruit-trading")).isTrue();
        assertThat(Games.names("my_game.efg")).isFalse();
    }

    @Test
    void unknownNamesAndParametersAreClearErrorsWithSuggestions() {
        assertThatThrownBy(() -> Games.load("fruit_tradng"))
                .isInstanceOf(InputException.class)
                .hasMessage("unknown game 'fruit_tradng'; did you mean fruit_trading?; the games are kuhn_poker,"
                        + " leduc_poker, fruit_trading, scheduling, debate, campsite, deal_or_no_deal");
        assertThatThrownBy(() -> Games.load("fruit_trading(scenario=4)"))
                .isInstanceOf(InputException.class)
                .hasMessage("game fruit_trading has no parameter 'scenario'; did you mean scenarios?; its parameters"
                        + " are scenarios, max_replies, actions, observe, seeds_per_message, seed");
        assertThatThrownBy(() -> Games.load("leduc_poker(players=3)"))
                .hasMessage("game leduc_poker has no parameter 'players'; it takes none");
        assertThatThrownBy(() -> Games.load("fruit_trading(max_replies=0)"))
                .hasMessage("game fruit_trading, parameter max_replies: must be at least 1, not 0");
        assertThatThrownBy(() -> Games.load("fruit_trading(actions=moves)"))
                .isInstanceOf(InputException.class)
                .hasMessageStartingWith("game fruit_trading, parameter actions: ");
    }
}
