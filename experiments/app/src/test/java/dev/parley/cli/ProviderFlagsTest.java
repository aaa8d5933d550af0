package dev.parley.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.parley.llm.ChatBackend;
import dev.parley.llm.ChatProvider;
import dev.parley.llm.ProviderOption;
import dev.parley.llm.ProviderSettings;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;

/**
 * How providers' options become flags, with providers given directly rather than found: two that declare one name
 * share its flag (each keeping its own default), and one that would take a shared option's flag is refused when
 * the command line is built, naming the provider.
 */
class ProviderFlagsTest {

    @Command(name = "probe")
    static final class Probe implements Runnable {
        @Mixin
        LlmOptions llm;

        @Override
        public void run() {
        }
    }

    private record Fake(String name, List<ProviderOption> options) implements ChatProvider {
        @Override
        public ChatBackend open(ProviderSettings settings) {
            throw new UnsupportedOperationException("not opened here");
        }
    }

    private static final ChatProvider A = new Fake("a", List.of(new ProviderOption("topP", "P", "A's.", "0.9"),
            ProviderOption.toggle("warm", "A's switch.")));
    private static final ChatProvider B = new Fake("b", List.of(new ProviderOption("topP", "P", "B's.", "0.5")));

    private static Probe parsed(List<ChatProvider> providers, String... args) {
        Probe probe = new Probe();
        CommandLine cl = new CommandLine(probe);
        LlmOptions.install(cl, providers);
        cl.parseArgs(args);
        return probe;
    }

    @Test
    void aNameTwoProvidersDeclareIsOneFlagThatSetsBoth() {
        Probe given = parsed(List.of(A, B), "--top-p", "0.7", "--warm");
        assertThat(given.llm.valuesOf(A)).containsExactly(Map.entry("topP", "0.7"), Map.entry("warm", "true"));
        assertThat(given.llm.valuesOf(B)).containsExactly(Map.entry("topP", "0.7"));
        Probe none = parsed(List.of(A, B));
        assertThat(none.llm.valuesOf(A)).containsExactly(Map.entry("topP", "0.9"), Map.entry("warm", "false"));
        assertThat(none.llm.valuesOf(B)).containsExactly(Map.entry("topP", "0.5"));
    }

    @Test
    void anOptionThatWouldTakeASharedFlagIsRefusedNamingItsProvider() {
        ChatProvider clash = new Fake("hot", List.of(new ProviderOption("temperature", "T", "Clashes.", "1")));
        assertThatThrownBy(() -> parsed(List.of(A, clash))).isInstanceOf(IllegalStateException.class)
                .hasMessage("provider hot: option --temperature is already an option of probe");
    }
}
