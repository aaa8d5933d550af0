package dev.parley.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.parley.aif.AifCheck;
import dev.parley.aif.AifGraph;
import dev.parley.aif.AifJson;
import dev.parley.engine.ExternalConditionResolver;
import dev.parley.engine.LegalMove;
import dev.parley.server.DialogueService;
import dev.parley.server.store.DialogueStore;
import dev.parley.server.ProtocolRegistry;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The AIF the dialogue server keeps, for every protocol it serves out of the box: after every move of a seeded
 * random playthrough the dialogue's whole map passes {@code aif check}, and at the end it reads back through the
 * reader of real maps (as AIFdb JSON and as xAIF) into the same graph.
 */
class ServedAifTest {

    private static final int MOVES = 14;

    @Test
    void everyMoveOfEveryServedProtocolGivesWellFormedAif(@TempDir Path dir) {
        ProtocolRegistry registry = ServeCommand.registry(null);
        int checkedMoves = 0;
        try (DialogueService service = new DialogueService(registry, DialogueStore.open(dir.resolve("aif.db")
                .toString(), 1), ExternalConditionResolver.offlineDefault(), 100)) {
            for (String protocol : registry.names()) {
                String id = service.create(protocol);
                Map<String, String> tokens = new LinkedHashMap<>();
                for (DialogueService.SeatView seat : service.roles(id).seats()) {
                    tokens.put(seat.handle(), service.join(id, seat.handle()).participantId());
                }
                SplittableRandom rnd = new SplittableRandom(protocol.hashCode());
                int played = 0;
                for (int k = 0; k < MOVES; k++) {
                    List<Map.Entry<String, LegalMove>> legal = new ArrayList<>();
                    service.moves(id).forEach((who, ms) -> ms.forEach(m -> legal.add(Map.entry(who, m))));
                    if (legal.isEmpty()) {
                        break;
                    }
                    Map.Entry<String, LegalMove> pick = legal.get(rnd.nextInt(legal.size()));
                    Map<String, String> reply = new HashMap<>();
                    pick.getValue().reply().forEach((var, value) -> reply.put(var,
                            value == null || value.isBlank() || value.startsWith("$") ? "claim " + rnd.nextInt(4)
                                    : value));
                    service.perform(id, pick.getValue().moveId(), tokens.get(pick.getKey()), reply,
                            pick.getValue().target(), null, null);
                    played++;
                    AifGraph g = service.aif(id);
                    assertThat(AifCheck.check(g)).as("%s after move %d (%s)", protocol, played,
                            pick.getValue().moveId()).isEmpty();
                }
                assertThat(played).as("%s plays at least one move", protocol).isPositive();
                checkedMoves += played;
                AifGraph whole = service.aif(id);
                AifGraph viaAifdb = AifJson.read(AifJson.toJson(whole));
                AifGraph viaXaif = AifJson.read(AifJson.toXaif(whole));
                for (AifGraph back : List.of(viaAifdb, viaXaif)) {
                    assertThat(back.nodes()).as(protocol).containsExactlyElementsOf(whole.nodes());
                    assertThat(back.edges()).as(protocol).containsExactlyElementsOf(whole.edges());
                    assertThat(back.locutions()).as(protocol).containsExactlyElementsOf(whole.locutions());
                    assertThat(back.participants()).as(protocol).containsExactlyElementsOf(whole.participants());
                }
            }
        }
        assertThat(checkedMoves).isGreaterThan(registry.names().size());
    }
}
