package dev.parley.server;

import dev.parley.server.store.StoredMove;
import static org.assertj.core.api.Assertions.assertThat;

import dev.parley.domain.protocols.ProtocolLibrary;
import dev.parley.engine.Dialogue;
import dev.parley.engine.DialogueJson;
import dev.parley.engine.ExternalConditionResolver;
import dev.parley.engine.Participant;
import dev.parley.engine.PerformedMove;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** A snapshot plus the log gives back exactly the dialogue that was saved. */
class SnapshotsTest {

    private static List<StoredMove> log(Dialogue d) {
        List<StoredMove> out = new ArrayList<>();
        for (PerformedMove m : d.history()) {
            out.add(new StoredMove(m.index(), m.speaker(), m.moveId(), m.target(), m.reply(), m.text(),
                    null, Snapshots.aif(m), null));
        }
        return out;
    }

    @Test
    void aSnapshotWithoutHistoryAndPropositionsRestoresTheSameStateAsTheFullSave() {
        ExternalConditionResolver r = ExternalConditionResolver.offlineDefault();
        Dialogue d = Dialogue.start(ProtocolLibrary.load("dc"), List.of(new Participant("White", "White"),
                new Participant("Black", "Black")), r);
        // repeated content (the challenge and a second statement reuse "it rains"), grounds with a new proposition
        assertThat(d.perform("White", "Statement", Map.of("p", "it rains"), null).accepted()).isTrue();
        assertThat(d.perform("Black", "Challenge", Map.of("p", "it rains"), null).accepted()).isTrue();
        assertThat(d.perform("White", "Ground", Map.of("q", "the sky is grey"), null).accepted()).isTrue();
        assertThat(d.perform("Black", "Statement", Map.of("p", "it rains"), null).accepted()).isTrue();
        String snapshot = Snapshots.of(d);
        assertThat(snapshot).contains("\"history\":[]").contains("\"propositions\":[]");
        Dialogue back = Snapshots.restore(snapshot, log(d), r);
        assertThat(DialogueJson.save(back)).isEqualTo(DialogueJson.save(d));
        // and both go on the same way
        for (Dialogue x : List.of(d, back)) {
            assertThat(x.perform("White", "Challenge", Map.of("p", "it rains"), null).accepted()).isTrue();
        }
        assertThat(DialogueJson.save(back)).isEqualTo(DialogueJson.save(d));
        assertThat(back.legalMoves("Black").toString()).isEqualTo(d.legalMoves("Black").toString());
    }
}
