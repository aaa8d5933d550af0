package dev.parley.experiment;

import dev.parley.dialogue.Domain;
import dev.parley.dialogue.LlmMoveGenerator;
import dev.parley.dialogue.MoveGenerator;
import dev.parley.dialogue.testkit.MoveGeneratorConformance;
import dev.parley.domain.fruit.FruitTrading;
import dev.parley.llm.CachedChat;
import dev.parley.llm.CallAccounting;
import dev.parley.llm.ChatProvider;
import dev.parley.llm.LlmConfig;
import dev.parley.llm.cache.CacheMode;
import dev.parley.llm.testing.FakeOpenAiServer;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;

/** The generator contract on the LangChain4j OpenAI adapter against a loopback model that trades fruit. */
class LlmMoveGeneratorConformanceTest extends MoveGeneratorConformance {

    private static FakeOpenAiServer server;

    @BeforeAll
    static void start() {
        server = FakeOpenAiServer.start();
        // it hallucinates on every first attempt: the contract must hold through verification and retry
        server.fallback(request -> FakeOpenAiServer.Reply.content(LoopbackTrader.answer(request, true, "")));
    }

    @AfterAll
    static void stop() {
        server.close();
    }

    @Override
    protected MoveGenerator generator() {
        LlmConfig config = LlmConfig.openAi(server.baseUrl(), "trader").withTimeout(Duration.ofSeconds(10))
                .withRetries(0, Duration.ofMillis(10));
        return new LlmMoveGenerator(new CachedChat(ChatProvider.backend(config, Map.of()), null, CacheMode.OFF,
                new CallAccounting()), domain().content(), domain().prompts().background(), 3);
    }

    @Override
    protected Domain domain() {
        return FruitTrading.domain();
    }
}
