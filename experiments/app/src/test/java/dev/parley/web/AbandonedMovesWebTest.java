package dev.parley.web;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.parley.dialogue.Contents;
import dev.parley.dialogue.Domain;
import dev.parley.dialogue.GenerationException;
import dev.parley.dialogue.Instruction;
import dev.parley.dialogue.Message;
import dev.parley.dialogue.MoveGenerator;
import dev.parley.dialogue.MoveRequest;
import dev.parley.dialogue.OfflineMoveGenerator;
import dev.parley.dialogue.Rejection;
import dev.parley.dialogue.Utterance;
import dev.parley.dialogue.testkit.ForwardingMoveGenerator;
import dev.parley.domain.fruit.FruitTrading;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A served game whose generator gave no words for some actions (a real model whose every attempt at a move was
 * refused: in the game that move is abandoned and the dialogue ends where it stands). The coach shows such an option
 * as abandoned, with no words, and never prefills a form from it; the person's move is located among the actions
 * that have words; a steered agent that draws an abandoned action breaks off, which ends the game there, and the
 * payoffs are the exact scorer's on what was said; after a restart the dialogue is still over and the agent does not
 * move again. Here a stand-in generator refuses every move of Bob and Alice's moves in one tone.
 */
@Tag("minilm")
class AbandonedMovesWebTest {

    private static final Domain FRUIT = FruitTrading.domain();
    /** The tone in which Alice gets no words: the domain's first instruction other than the baseline. */
    private static final String REFUSED_TONE = FRUIT.instructions().stream().map(Instruction::name)
            .filter(n -> !n.equals(Instruction.ANY.name())).findFirst().orElseThrow();

    @TempDir
    Path dir;

    /** The offline generator, but every move of Bob, and Alice's in {@link #REFUSED_TONE}, is refused on every attempt. */
    private static MoveGenerator abandoning(Domain d) {
        return new ForwardingMoveGenerator(new OfflineMoveGenerator(d.content()), "abandoning") {
            @Override
            public Utterance generate(MoveRequest request, long seed) {
                if (request.context().speaker() == 1 || request.instruction().name().equals(REFUSED_TONE)) {
                    throw new GenerationException("refused on every attempt (test)",
                            List.of(new Rejection(Rejection.WORDS_CONTENT, "the words do not say the content (test)")));
                }
                return inner.generate(request, seed);
            }
        };
    }

    @Test
    void anAbandonedOptionHasNoWordsAndAnAgentThatDrawsOneBreaksOffWhichEndsTheGame() throws Exception {
        String id;
        List<Message> said = new ArrayList<>();
        try (WebFixture web = new WebFixture(dir, List.of(), AbandonedMovesWebTest::abandoning, "abandoning")) {
            id = web.post("/ui/api/dialogues", Map.of("domain", "fruit-trading", "scenario", 0)).json()
                    .get("dialogueID").asText();
            String me = web.get("/dialogue/" + id + "/join/Alice").json().get("participantID").asText();
            assertThat(web.post("/ui/api/dialogues/" + id + "/agent", Map.of("role", "Bob")).status()).isEqualTo(200);
            JsonNode seat = null;
            long deadline = System.nanoTime() + 120_000_000_000L;
            while (System.nanoTime() < deadline) {
                seat = web.post("/ui/api/dialogues/" + id + "/seat", Map.of("participantID", me)).json();
                if (seat.path("coach").has("options")) {
                    break;
                }
                Thread.sleep(50);
            }
            assertThat(seat.path("coach").has("options")).as(String.valueOf(seat)).isTrue();
            int abandoned = 0;
            for (JsonNode o : seat.get("coach").get("options")) {
                boolean refused = o.get("instruction").asText().equals(REFUSED_TONE);
                assertThat(o.has("abandoned")).as(o.toString()).isEqualTo(refused);
                if (refused) {
                    abandoned++;
                    assertThat(o.get("abandoned").asText()).startsWith(Rejection.WORDS_CONTENT + ": ");
                    assertThat(o.get("text").asText()).isEmpty();
                } else {
                    assertThat(o.get("text").asText()).isNotBlank();
                }
            }
            assertThat(abandoned).isPositive();
            // every form is prefilled from an option with words
            JsonNode move = seat.get("moves").get(0);
            assertThat(move.get("suggestedText").asText()).isNotBlank();

            ObjectNode body = WebFixture.JSON.createObjectNode().put("speaker", me)
                    .put("text", move.get("suggestedText").asText());
            Map<String, Object> content = Contents.fromJsonObject(move.get("prefill"));
            body.set("reply", WebFixture.JSON.valueToTree(Contents.reply(content)));
            assertThat(web.post("/dialogue/" + id + "/interaction/" + move.get("moveID").asText(), body).status())
                    .isEqualTo(200);
            said.add(new Message(0, move.get("moveID").asText(), content, move.get("suggestedText").asText()));

            // Bob has no words for any action: the agent breaks off, and the game is over after Alice's message
            JsonNode d = null;
            while (System.nanoTime() < deadline) {
                d = web.get("/ui/api/dialogues/" + id).json();
                if (d.get("ended").asBoolean() && d.has("payoffs")) {
                    break;
                }
                Thread.sleep(50);
            }
            assertThat(d.get("ended").asBoolean()).as(String.valueOf(d)).isTrue();
            assertThat(d.get("transcript")).hasSize(1);
            assertThat(web.agentStateAfterTheEnd(id)).startsWith("broke off after 0 moves: ")
                    .contains("has no words in the game (" + Rejection.WORDS_CONTENT);
            double[] exact = FRUIT.scorer().score(FRUIT.scenarios(WebFixture.GAME.scenarios(), 1).get(0), said);
            assertThat(d.get("payoffs").get("Alice").asDouble()).isCloseTo(exact[0], within(1e-12));
            assertThat(d.get("payoffs").get("Bob").asDouble()).isCloseTo(exact[1], within(1e-12));
            JsonNode after = web.post("/ui/api/dialogues/" + id + "/seat", Map.of("participantID", me)).json();
            assertThat(after.get("ended").asBoolean()).isTrue();
            assertThat(after.get("moves")).isEmpty();
        }

        // a restart on the same store: the dialogue is still over, and the agent says nothing
        try (WebFixture web = new WebFixture(dir, List.of(), AbandonedMovesWebTest::abandoning, "abandoning")) {
            JsonNode d = web.get("/ui/api/dialogues/" + id).json();
            assertThat(d.get("ended").asBoolean()).as(d.toString()).isTrue();
            for (int i = 0; i < 600 && !d.get("agent").get("state").asText().startsWith("broke off"); i++) {
                Thread.sleep(50);
                d = web.get("/ui/api/dialogues/" + id).json();
            }
            assertThat(d.get("agent").get("state").asText()).startsWith("broke off");
            assertThat(d.get("transcript")).hasSize(1);
        }
    }
}
