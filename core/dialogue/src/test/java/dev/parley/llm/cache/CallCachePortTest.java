package dev.parley.llm.cache;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The port without a store: core's own class path holds no provider, and opening a cache says so. */
class CallCachePortTest {

    @Test
    void withoutAProviderOpeningIsAClearError(@TempDir Path dir) {
        assertThatThrownBy(() -> CallCache.open("jdbc:sqlite::memory:"))
                .isInstanceOf(CacheException.class)
                .hasMessage("cannot open the call cache at jdbc:sqlite::memory:: no call-cache provider on the class"
                        + " path accepts it (there is none)");
        Path file = dir.resolve("calls.sqlite");
        assertThatThrownBy(() -> CallCache.openFile(file))
                .isInstanceOf(CacheException.class)
                .hasMessage("cannot open the call cache " + file + ": no call-cache provider on the class path keeps"
                        + " caches in files");
    }

    @Test
    void theDefaultFileFollowsXdg() {
        assertThat(CallCache.defaultFile(Map.of("XDG_CACHE_HOME", "/var/cache/me")))
                .isEqualTo(Path.of("/var/cache/me/parley/llm-calls.sqlite"));
        assertThat(CallCache.defaultFile(Map.of("XDG_CACHE_HOME", "relative")))
                .isEqualTo(Path.of(System.getProperty("user.home"), ".cache", "parley", "llm-calls.sqlite"));
        assertThat(CallCache.defaultFile(Map.of()))
                .isEqualTo(Path.of(System.getProperty("user.home"), ".cache", "parley", "llm-calls.sqlite"));
    }
}
