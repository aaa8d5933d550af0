package dev.parley.registry;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class RegistryTest {

    @Test
    void namesFindAndRequire() {
        AtomicInteger made = new AtomicInteger();
        Registry<String> r = Registry.<String>builder("colour").add("red", () -> "red#" + made.incrementAndGet())
                .add("green", () -> "green").alias("r", "red").build();
        assertThat(r.names()).containsExactly("red", "green");
        assertThat(r.find("red")).contains("red#1");
        assertThat(r.find("r")).contains("red#2");
        assertThat(r.find("blue")).isEmpty();
        assertThat(r.require("green")).isEqualTo("green");
        assertThatThrownBy(() -> r.require("blue")).isInstanceOfSatisfying(UnknownNameException.class, e -> {
            assertThat(e.getMessage()).isEqualTo("unknown colour 'blue'; expected one of red, green");
            assertThat(e.kind()).isEqualTo("colour");
            assertThat(e.name()).isEqualTo("blue");
            assertThat(e.known()).isEqualTo(List.of("red", "green"));
        });
    }

    @Test
    void duplicatesAndDanglingAliasesAreRefused() {
        assertThatThrownBy(() -> Registry.<String>builder("colour").add("red", () -> "a").add("red", () -> "b"))
                .hasMessage("colour 'red' is registered twice");
        assertThatThrownBy(() -> Registry.<String>builder("colour").alias("r", "red").build())
                .hasMessage("alias 'r' names no colour");
    }
}
