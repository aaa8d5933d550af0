package dev.parley.experiment;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.parley.dialogue.DialogueGame;
import dev.parley.dialogue.Domain;
import dev.parley.dialogue.LlmMoveGenerator;
import dev.parley.dialogue.Message;
import dev.parley.dialogue.MoveContext;
import dev.parley.dialogue.Rejection;
import dev.parley.dialogue.RewardModel;
import dev.parley.domain.fruit.FruitTrading;
import dev.parley.game.GameTree;
import dev.parley.game.State;
import dev.parley.llm.CachedChat;
import dev.parley.llm.CallAccounting;
import dev.parley.llm.ChatProvider;
import dev.parley.llm.LlmConfig;
import dev.parley.llm.LlmRewardModel;
import dev.parley.llm.RewardSpec;
import dev.parley.llm.cache.CacheMode;
import dev.parley.llm.testing.FakeOpenAiServer;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The model decides the content and Parley verifies it, through the real LangChain4j adapter against a loopback
 * server: a model that offers fruit the speaker does not hold, or accepts or rejects an offer that was never made,
 * has those answers refused and retried; no infeasible content reaches a transcript or the scorer; the judge is
 * shown every player's private information.
 */
class ModelVerificationTest {

    private static final Domain FRUIT = FruitTrading.domain();

    private static CachedChat chat(FakeOpenAiServer server) {
        LlmConfig config = LlmConfig.openAi(server.baseUrl(), "trader").withTimeout(Duration.ofSeconds(10))
                .withRetries(0, Duration.ofMillis(10));
        return new CachedChat(ChatProvider.backend(config, Map.of()), null, CacheMode.OFF, new CallAccounting());
    }

    @Test
    void aHallucinatingModelIsCaughtAndRetriedAndNothingInfeasibleReachesATranscript() {
        try (FakeOpenAiServer server = FakeOpenAiServer.start()) {
            server.fallback(request -> FakeOpenAiServer.Reply.content(LoopbackTrader.answer(request, true, "")));
            DialogueGame game = new DialogueGame(FRUIT, FRUIT.scenarios(2, 1),
                    new LlmMoveGenerator(chat(server), FRUIT.content(), FRUIT.prompts().background(), 3),
                    RewardModel.exact(FRUIT), DialogueGame.Settings.of(2, 1));
            GameTree tree = GameTree.compile(game);
            DialogueGame.Verification v = game.account().verification();
            // every move's first answer was infeasible, every retry feasible; fruit trading's schema narrows each
            // field to the speaker's feasible values, so the schema check is what catches them
            assertThat(v.requested()).isPositive();
            assertThat(v.rejected()).isEqualTo(v.requested());
            assertThat(v.byReason()).containsOnlyKeys(Rejection.SCHEMA);
            assertThat(tree.numNodes()).isGreaterThan(10);

            // walk every state: each message's content is feasible where it was said
            int messages = 0;
            for (State s : Terminals.of(game)) {
                List<Message> t = game.transcript(s);
                for (int i = 0; i < t.size(); i++) {
                    Message m = t.get(i);
                    MoveContext at = new MoveContext(game.scenario(s), m.speaker(), t.subList(0, i));
                    assertThat(FRUIT.content().rules().infeasible(m.moveId(), m.content(), at)).as(m.toString())
                            .isEmpty();
                    assertThat(m.content().toString()).doesNotContain("apple=9").doesNotContain("=10");
                    messages++;
                }
            }
            assertThat(messages).isPositive();
            // the refused answers were sent back with their reason
            assertThat(server.requests()).anySatisfy(r -> assertThat(r.path("messages").toString())
                    .contains("was refused: /offer"));
            assertThat(server.requests()).anySatisfy(r -> assertThat(r.path("messages").toString())
                    .contains("was refused: /terms"));
        }
    }

    @Test
    void theJudgeReadsTheWordsWithEveryPlayersPrivateInformation() {
        try (FakeOpenAiServer server = FakeOpenAiServer.start()) {
            server.fallback(LoopbackTrader::withFixedJudge);
            CachedChat chat = chat(server);
            DialogueGame game = new DialogueGame(FRUIT, FRUIT.scenarios(1, 1),
                    new LlmMoveGenerator(chat, FRUIT.content(), FRUIT.prompts().background(), 3),
                    RewardModel.judge(new LlmRewardModel(chat, new RewardSpec(FRUIT.prompts().background(),
                            FRUIT.prompts().rewardQuery(), FRUIT.minPayoff(), FRUIT.maxPayoff()), 1)),
                    DialogueGame.Settings.of(2, 1));
            State s = game.initialState().child(0);
            while (!s.isTerminal()) {
                s = s.child(s.legalActions()[0]);
            }
            assertThat(s.returns()).containsExactly(3.0, 3.0);
            List<JsonNode> judged = server.requests().stream().filter(r -> r.path("messages").toString()
                    .contains("The players' private information")).toList();
            assertThat(judged).hasSize(2);
            for (JsonNode r : judged) {
                String prompt = r.path("messages").get(1).path("content").asText();
                // both traders' baskets and values, whichever one is scored
                assertThat(prompt).contains("You are Alice. You have").contains("You are Bob. You have")
                        .contains("The dialogue:");
            }
            assertThat(game.backend()).contains("llm-judge:openai:trader");
        }
    }
}
