package dev.parley.server.store;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import java.nio.file.Path;
import java.time.Duration;
import java.util.AbstractMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 45, finding 1, in the store: an Error (out of memory, say) in the middle of a move's transaction, after the
 * dialogue's move count was raised. The old writer caught only RuntimeException: its thread died, every later move
 * waited forever, and the connection went back to the pool mid-transaction for its next user to commit the half.
 * Now the transaction is rolled back and its connection replaced, the move is refused, {@code writerProblem} says
 * so until the next move is stored, and the writer goes on.
 */
class WriterFaultTest {

    @TempDir
    Path dir;

    /** A reply that fails as the old server did when the heap ran out while writing it. */
    private static final Map<String, String> EXHAUSTING = new AbstractMap<>() {
        @Override
        public Set<Entry<String, String>> entrySet() {
            throw new OutOfMemoryError("Java heap space (simulated)");
        }
    };

    private static NewMove move(String id, int index, Map<String, String> reply) {
        return new NewMove(id, index, "Ann", "Say", "Ben", reply, "hello", "{}", null, null);
    }

    @Test
    void anErrorMidTransactionRollsBackRefusesTheMoveAndTheWriterGoesOn() {
        try (DialogueStore store = DialogueStore.open(dir.resolve("w.db").toString(), new DialogueStore.Options(1,
                true))) {
            store.createDialogue("d1", "chat", 1L, List.of(new Seat("Ann", "Ann", "h1", 1L),
                    new Seat("Ben", "Ben", "h2", 1L)), "{}", Optional.empty());
            assertTimeoutPreemptively(Duration.ofSeconds(20), () -> {
                // refused as not stored (the database was asked), not as of unknown outcome
                assertThatThrownBy(() -> store.recordMove(move("d1", 0, EXHAUSTING)))
                        .isInstanceOfSatisfying(StoreException.class, e -> assertThat(e.outcomeUnknown()).isFalse());
                // the raised move count was rolled back, not left for the next transaction to commit
                assertThat(store.moveCount("d1")).isZero();
                assertThat(store.writerProblem()).hasValueSatisfying(p -> assertThat(p).contains("OutOfMemory"));
                assertThat(store.recordMove(move("d1", 0, Map.of("p", "fine")))).isEqualTo(Recorded.STORED);
            });
            assertThat(store.moveCount("d1")).isEqualTo(1);
            assertThat(store.moves("d1", 0, 5)).extracting(StoredMove::reply).containsExactly(Map.of("p", "fine"));
            assertThat(store.writerProblem()).isEmpty();
        }
    }
}
