package dev.parley.experiment;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.parley.dialogue.DialogueGame;
import dev.parley.dialogue.Domain;
import dev.parley.dialogue.LlmMoveGenerator;
import dev.parley.dialogue.Message;
import dev.parley.dialogue.Rejection;
import dev.parley.dialogue.RewardModel;
import dev.parley.domain.fruit.FruitTrading;
import dev.parley.game.GameTree;
import dev.parley.game.State;
import dev.parley.llm.CachedChat;
import dev.parley.llm.CallAccounting;
import dev.parley.llm.ChatProvider;
import dev.parley.llm.LlmConfig;
import dev.parley.llm.cache.CacheMode;
import dev.parley.llm.testing.FakeOpenAiServer;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.function.Predicate;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * Words that repeat the prompt's instructions are refused as an echo through the whole move path (the real
 * LangChain4j adapter against a loopback model), even when the content they carry is feasible: a served SmolLM2
 * said Parley's refusal reason back as its message, and the verifier used to accept it. A reply that only says the
 * other side's message again is refused the same way, as a repeat.
 */
class PromptEchoRefusalTest {

    private static final Domain FRUIT = FruitTrading.domain();
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String ECHO = "Answer with only one JSON object: the move's content variables, then text.";
    /** A line of the prompt's history said by the other side: "- alice (propose): I will give you ...". */
    private static final Pattern THEIRS = Pattern.compile("(?m)^- (?!self )[^(\\n]+\\([^)]*\\): (.*)$");

    private static CachedChat chat(FakeOpenAiServer server) {
        LlmConfig config = LlmConfig.openAi(server.baseUrl(), "trader").withTimeout(Duration.ofSeconds(10))
                .withRetries(0, Duration.ofMillis(10));
        return new CachedChat(ChatProvider.backend(config, Map.of()), null, CacheMode.OFF, new CallAccounting());
    }

    /**
     * The server answers as the loopback trader (feasible content, words that state it), its words replaced by
     * what {@code words} gives for the request, when that is not null.
     */
    private static void answerWith(FakeOpenAiServer server, Function<JsonNode, String> words) {
        server.fallback(request -> {
            try {
                ObjectNode a = (ObjectNode) JSON.readTree(LoopbackTrader.answer(request, false, ""));
                String replaced = words.apply(request);
                if (replaced != null) {
                    a.put("text", replaced);
                }
                return FakeOpenAiServer.Reply.content(a.toString());
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        });
    }

    /** Words that echo the prompt when {@code echo} says so. */
    private static void echoWhen(FakeOpenAiServer server, Predicate<JsonNode> echo) {
        answerWith(server, request -> echo.test(request) ? ECHO : null);
    }

    private static DialogueGame game(FakeOpenAiServer server) {
        return new DialogueGame(FRUIT, FRUIT.scenarios(1, 1),
                new LlmMoveGenerator(chat(server), FRUIT.content(), FRUIT.prompts().background(), 3),
                RewardModel.exact(FRUIT), DialogueGame.Settings.of(2, 1));
    }

    /**
     * The game built, every refusal of {@code kind}, no move abandoned, and a retry that told the model why (its
     * messages contain {@code told}).
     */
    private static DialogueGame refusedOnlyAs(FakeOpenAiServer server, String kind, String told) {
        DialogueGame game = game(server);
        GameTree.compile(game);
        DialogueGame.Verification v = game.account().verification();
        assertThat(v.requested()).isPositive();
        assertThat(v.byReason()).containsOnlyKeys(kind);
        assertThat(v.abandoned()).isZero();
        assertThat(server.requests()).anySatisfy(r -> assertThat(r.path("messages").toString()).contains(told));
        return game;
    }

    @Test
    void anEchoIsRefusedAndAskedAgainAndNeverReachesATranscript() {
        try (FakeOpenAiServer server = FakeOpenAiServer.start()) {
            echoWhen(server, LoopbackTrader::firstAttempt);
            // the retry names the echoed words
            DialogueGame game = refusedOnlyAs(server, Rejection.ECHO,
                    "was refused: the words repeat the instructions (\\\"answer with only one json object");
            DialogueGame.Verification v = game.account().verification();
            assertThat(v.rejected()).isEqualTo(v.requested());
            int messages = 0;
            for (State s : Terminals.of(game)) {
                for (Message m : game.transcript(s)) {
                    assertThat(m.text()).doesNotContainIgnoringCase("JSON");
                    messages++;
                }
            }
            assertThat(messages).isPositive();
        }
    }

    @Test
    void aModelThatOnlyEchoesHasItsMovesAbandonedByThatReason() {
        try (FakeOpenAiServer server = FakeOpenAiServer.start()) {
            echoWhen(server, request -> true);
            DialogueGame game = game(server);
            GameTree.compile(game);
            DialogueGame.Verification v = game.account().verification();
            assertThat(v.abandoned()).isPositive();
            assertThat(v.abandonedByReason()).containsOnlyKeys(Rejection.ECHO);
            assertThat(v.byReason()).containsOnlyKeys(Rejection.ECHO);
        }
    }

    /** The last message of the other side in a request's prompt, or null before anyone spoke. */
    private static String lastOfTheirs(JsonNode request) {
        Matcher m = THEIRS.matcher(request.path("messages").get(0).path("content").asText());
        String last = null;
        while (m.find()) {
            last = m.group(1);
        }
        return last;
    }

    @Test
    void aReplyThatOnlyRepeatsTheOtherSideIsRefusedAndAskedAgain() {
        try (FakeOpenAiServer server = FakeOpenAiServer.start()) {
            answerWith(server, request -> LoopbackTrader.firstAttempt(request) ? lastOfTheirs(request) : null);
            DialogueGame game = refusedOnlyAs(server, Rejection.REPEAT,
                    "was refused: the words only repeat what the other side said");
            int replies = 0;
            for (State s : Terminals.of(game)) {
                List<Message> t = game.transcript(s);
                for (int i = 1; i < t.size(); i++) {
                    assertThat(t.get(i).text()).isNotEqualToIgnoringCase(t.get(i - 1).text());
                    replies++;
                }
            }
            assertThat(replies).isPositive();
        }
    }
}
