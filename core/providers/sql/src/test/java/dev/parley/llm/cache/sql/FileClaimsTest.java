package dev.parley.llm.cache.sql;

import static org.assertj.core.api.Assertions.assertThat;

import dev.parley.llm.cache.CallCache;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Claims on a SQLite cache file (between processes; across processes in {@code SharedSqliteCallCacheTest}). */
class FileClaimsTest {

    private static final String KEY = "0123456789abcdef" + "0".repeat(48);
    private static final String OTHER = "fedcba9876543210" + "0".repeat(48);

    @Test
    void aFileCacheClaimsAndAnInMemoryOneDoesNot(@TempDir Path dir) {
        Path db = dir.resolve("calls.sqlite");
        try (CallCache file = CallCache.openFile(db); CallCache memory = CallCache.open("jdbc:sqlite::memory:")) {
            assertThat(file.claimsAcrossProcesses()).isTrue();
            assertThat(memory.claimsAcrossProcesses()).isFalse();
            assertThat(memory.tryClaim(KEY)).as("nobody to coordinate with").isTrue();
            // reading a cache leaves no side file; the first claim makes it
            assertThat(Files.exists(dir.resolve("calls.sqlite.claims"))).isFalse();
            assertThat(file.tryClaim(KEY)).isTrue();
            assertThat(Files.exists(dir.resolve("calls.sqlite.claims"))).isTrue();
            file.release(KEY);
        }
    }

    @Test
    void aClaimHeldByOneCacheIsRefusedToAnotherUntilReleasedOrClosed(@TempDir Path dir) {
        Path db = dir.resolve("calls.sqlite");
        try (CallCache second = CallCache.openFile(db)) {
            try (CallCache first = CallCache.openFile(db)) {
                assertThat(first.tryClaim(KEY)).isTrue();
                assertThat(second.tryClaim(KEY)).as("held by the first").isFalse();
                assertThat(first.tryClaim(KEY)).as("a claim is not re-entrant").isFalse();
                assertThat(second.tryClaim(OTHER)).as("another key is free").isTrue();
                first.release(KEY);
                assertThat(second.tryClaim(KEY)).as("released").isTrue();
                second.release(KEY);
                assertThat(first.tryClaim(KEY)).isTrue();
            }
            // closing a cache lets its claims go
            assertThat(second.tryClaim(KEY)).isTrue();
        }
    }

    @Test
    void offsetsAreNonNegativeAndLeaveRoomForTheLockedByte() {
        for (long id : new long[] {0L, 1L, -1L, Long.MAX_VALUE, Long.MIN_VALUE, SqlCallCache.lockId(KEY)}) {
            long at = FileClaims.offset(id);
            assertThat(at).isNotNegative();
            assertThat(at + 1).isPositive();
        }
    }
}
