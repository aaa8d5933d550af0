package dev.parley.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.parley.domain.DialogueDomains;
import org.junit.jupiter.api.Test;

/** Every command that takes any dialogue domain lists the registry's domains in its help, not a copy of them. */
class DomainHelpTest {

    @Test
    void theDomainOptionsHelpNamesEveryRegisteredDomain() {
        String[][] commands = {{"sweep"}, {"experiment"}, {"study", "reward"}, {"study", "steering"}};
        for (String[] command : commands) {
            String[] args = java.util.Arrays.copyOf(command, command.length + 1);
            args[command.length] = "--help";
            CliRun r = CliRun.parley(args);
            assertThat(r.code()).as(String.join(" ", command) + ": " + r.err()).isZero();
            String help = r.out().replaceAll("\\s+", " ");
            assertThat(help).as(String.join(" ", command)).contains(String.join(", ", DialogueDomains.names()));
        }
    }
}
