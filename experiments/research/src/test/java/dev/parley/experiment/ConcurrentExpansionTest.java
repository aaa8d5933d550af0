package dev.parley.experiment;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.parley.cfr.CfrSolver;
import dev.parley.cfr.CfrVariant;
import dev.parley.dialogue.DialogueGame;
import dev.parley.dialogue.Domain;
import dev.parley.dialogue.LlmMoveGenerator;
import dev.parley.dialogue.RewardModel;
import dev.parley.domain.fruit.FruitTrading;
import dev.parley.eval.Exploitability;
import dev.parley.game.GameTree;
import dev.parley.game.TreeBuilder;
import dev.parley.llm.CachedChat;
import dev.parley.llm.CallAccounting;
import dev.parley.llm.ChatProvider;
import dev.parley.llm.LlmConfig;
import dev.parley.llm.LlmRewardModel;
import dev.parley.llm.RewardSpec;
import dev.parley.llm.cache.CacheMode;
import dev.parley.llm.cache.CallCache;
import dev.parley.llm.testing.FakeOpenAiServer;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The concurrent expansion (work queue, a state's children at once, the judge's players at once) builds the tree
 * that sequential compilation builds, node for node and information set for information set, so every solver's
 * figures are unchanged; and it pays for each distinct request once.
 */
class ConcurrentExpansionTest {

    private static final Domain FRUIT = FruitTrading.domain();

    private record Built(GameTree tree, double nashConv, List<JsonNode> requests) { }

    private static Built build(Path cacheFile, int concurrency, LlmRewardModel.Protocol protocol) {
        try (FakeOpenAiServer server = FakeOpenAiServer.start();
             CallCache cache = CallCache.openFile(cacheFile)) {
            server.latency(Duration.ofMillis(2)).fallback(request -> {
                String all = request.path("messages").toString();
                if (all.contains("You extract numbers")) {
                    // the number depends on the assessment, so a mixed-up answer would change the payoffs
                    return FakeOpenAiServer.Reply.content("{\"value\": " + (Math.floorMod(all.hashCode(), 7) - 3)
                            + "}");
                }
                if (all.contains("The players' private information")) {
                    if (LoopbackTrader.move(request).endsWith("payoffs")) { // the joint judgement's schema
                        return FakeOpenAiServer.Reply.content("{\"assessment\": \"x\", \"Alice\": "
                                + (Math.floorMod(all.hashCode(), 5) - 2) + ", \"Bob\": "
                                + (Math.floorMod(all.hashCode(), 3) - 1) + "}");
                    }
                    return FakeOpenAiServer.Reply.content("Assessment " + Math.floorMod(all.hashCode(), 1000));
                }
                return FakeOpenAiServer.Reply.content(LoopbackTrader.answer(request, true, ""));
            });
            LlmConfig config = LlmConfig.openAi(server.baseUrl(), "trader").withTimeout(Duration.ofSeconds(30))
                    .withRetries(0, Duration.ofMillis(10));
            CachedChat chat = new CachedChat(ChatProvider.backend(config, Map.of()), cache, CacheMode.READ_WRITE,
                    new CallAccounting(), concurrency);
            RewardSpec spec = new RewardSpec(FRUIT.prompts().background(), FRUIT.prompts().rewardQuery(),
                    FRUIT.minPayoff(), FRUIT.maxPayoff());
            DialogueGame game = new DialogueGame(FRUIT, FRUIT.scenarios(2, 1),
                    new LlmMoveGenerator(chat, FRUIT.content(), FRUIT.prompts().background(), 3),
                    RewardModel.judge(new LlmRewardModel(chat, spec, 1, false, protocol)),
                    DialogueGame.Settings.of(3, 1));
            GameTree tree = new TreeBuilder(concurrency, 1_000_000, n -> { }).build(game).tree();
            CfrSolver cfr = new CfrSolver(tree, CfrVariant.CFR);
            cfr.run(100);
            return new Built(tree, Exploitability.nashConv(tree, cfr.averagePolicySlots()), server.requests());
        }
    }

    @Test
    void theConcurrentBuildIsTheSequentialTreeAndPaysEachRequestOnce(@TempDir Path dir) {
        for (LlmRewardModel.Protocol protocol : LlmRewardModel.Protocol.values()) {
            Built one = build(dir.resolve(protocol + "-1.sqlite"), 1, protocol);
            Built eight = build(dir.resolve(protocol + "-8.sqlite"), 8, protocol);
            GameTree a = one.tree();
            GameTree b = eight.tree();
            assertThat(b.numNodes()).as(protocol.name()).isEqualTo(a.numNodes()).isGreaterThan(100);
            assertThat(b.numInfosets()).isEqualTo(a.numInfosets());
            for (int n = 0; n < a.numNodes(); n++) {
                assertThat(b.player(n)).isEqualTo(a.player(n));
                assertThat(b.parent(n)).isEqualTo(a.parent(n));
                assertThat(b.infoset(n)).isEqualTo(a.infoset(n));
                for (int p = 0; p < 2; p++) {
                    assertThat(b.utility(n, p)).isEqualTo(a.utility(n, p));
                }
            }
            for (int i = 0; i < a.numInfosets(); i++) {
                assertThat(b.infosetKey(i)).isEqualTo(a.infosetKey(i));
            }
            // the same tree, so the same solver run gives the same figure, to the last bit
            assertThat(eight.nashConv()).isEqualTo(one.nashConv());
            // the payoffs are not all equal: the tree would not tell a mixed-up judgement from a right one
            Set<Double> payoffs = new HashSet<>();
            for (int n = 0; n < a.numNodes(); n++) {
                if (a.player(n) == GameTree.TERMINAL) {
                    payoffs.add(a.utility(n, 0));
                }
            }
            assertThat(payoffs).hasSizeGreaterThan(2);
            // both builds asked the same distinct requests, each once
            Set<String> distinctOne = new HashSet<>();
            one.requests().forEach(r -> distinctOne.add(r.toString()));
            Set<String> distinctEight = new HashSet<>();
            eight.requests().forEach(r -> distinctEight.add(r.toString()));
            assertThat(distinctOne).hasSize(one.requests().size());
            assertThat(distinctEight.size()).isEqualTo(eight.requests().size());
            assertThat(distinctEight.equals(distinctOne)).as("the same requests").isTrue();
        }
    }
}
