package dev.parley.web;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.parley.dialogue.OfflineMoveGenerator;
import dev.parley.domain.protocols.ProtocolLibrary;
import dev.parley.server.DialogueService;
import dev.parley.server.ProtocolLimits;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A fruit trade against the steered agent on a server that holds one dialogue in memory ({@code --cached-dialogues
 * 1}): after each of the person's moves, two other dialogues are created and read, so the trade is let go of memory
 * and rebuilt from the store (with its domain, scenario and agent) on its next request. The agent answers every
 * move, its stored state follows it through the rebuilds, and the payoffs and the agent's end are as on a server
 * that holds everything.
 */
@Tag("minilm")
class CachedDomainDialogueTest {

    /** A bundled protocol with no domain: the dialogues that push the trade out of memory. */
    private static final String BARE = ProtocolLibrary.entries().get(0).name();

    @TempDir
    Path dir;

    @Test
    void aTradeLetGoOfMemoryAfterEveryMoveIsFinishedWithItsAgent() throws Exception {
        DialogueService.Settings oneHeld = new DialogueService.Settings(10_000, 3, ProtocolLimits.DEFAULT, 4000, 1,
                DialogueService.Settings.defaultCachedMoves());
        try (WebFixture web = new WebFixture(dir, List.of(), d -> new OfflineMoveGenerator(d.content()), "offline",
                oneHeld)) {
            String id = web.post("/ui/api/dialogues", Map.of("domain", "fruit-trading", "scenario", 0)).json()
                    .get("dialogueID").asText();
            String me = web.get("/dialogue/" + id + "/join/Alice").json().get("participantID").asText();
            assertThat(web.post("/ui/api/dialogues/" + id + "/agent", Map.of("role", "Bob")).status())
                    .isEqualTo(200);
            AtomicInteger others = new AtomicInteger();
            List<String> mine = web.playPersonToTheEnd(id, me, () -> {
                for (int i = 0; i < 2; i++) {
                    String other = web.get("/dialogue/new/" + BARE).json().get("dialogueID").asText();
                    assertThat(web.get("/dialogue/" + other + "/status").status()).isEqualTo(200);
                    others.incrementAndGet();
                }
            });
            assertThat(mine).isNotEmpty();
            assertThat(web.service.reloads()).as("the trade was rebuilt from the store").isGreaterThan(0);
            assertThat(web.service.heldDialogues()).isLessThanOrEqualTo(1 + 2); // busy ones may stay a moment
            JsonNode d = web.get("/ui/api/dialogues/" + id).json();
            assertThat(d.get("ended").asBoolean()).isTrue();
            assertThat(d.get("domain").get("name").asText()).isEqualTo("fruit-trading");
            assertThat(d.get("payoffs").has("Alice")).as(d.toString()).isTrue();
            assertThat(web.agentStateAfterTheEnd(id)).startsWith("finished");
            JsonNode transcript = web.get("/dialogue/" + id + "/transcript").json().get("transcript");
            // every one of the person's moves was answered by the agent, unless it ended the trade
            int alice = 0;
            for (JsonNode m : transcript) {
                if (m.get("player").asText().equals("Alice")) {
                    assertThat(m.get("text").asText()).isEqualTo(mine.get(alice++));
                }
            }
            assertThat(alice).isEqualTo(mine.size());
            assertThat(web.service.bindings()).containsKey(id);
            assertThat(web.service.bindings().get(id).agentSeat()).isNotNull();
        }
    }
}
