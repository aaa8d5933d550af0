package dev.parley.cli;

import static dev.parley.cli.CliRun.parley;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.parley.llm.canned.CannedChatProvider;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A model backend added on the test class path alone ({@link CannedChatProvider}, listed in the test resources'
 * {@code META-INF/services}) is a value of {@code --llm}, its option is a flag of every command that takes the model
 * options, listed under its own heading, and its value reaches the provider, which checks it.
 */
class ProviderOptionsTest {

    private static final String DISARM = PrefaceCommandTest.DISARM.toString();

    @TempDir
    Path dir;

    @Test
    void aProviderOnTheClassPathIsABackendAndItsOptionReachesIt() {
        JsonNode j = parley("preface", "--dcrs", DISARM, "--llm", "canned", "--canned-reply", "deterrence works",
                "--cache-mode", "off", "--json").successJson();
        assertThat(j.get("backend").asText()).isEqualTo("canned:fixed");
        assertThat(j.get("text").asText()).isEqualTo("I disagree with \"Britain should disarm\" because deterrence"
                + " works");
        // the shared settings reach it too, and with no flag its option has its default
        JsonNode d = parley("preface", "--dcrs", DISARM, "--llm", "canned", "--model", "m", "--cache-mode", "off",
                "--json").successJson();
        assertThat(d.get("backend").asText()).isEqualTo("canned:m");
        assertThat(d.get("text").asText()).endsWith("because canned words");
    }

    @Test
    void theProviderChecksItsOptionWhicheverBackendRuns() {
        for (String llm : new String[] {"canned", "offline"}) {
            CliRun r = parley("preface", "--dcrs", DISARM, "--llm", llm, "--canned-reply", " ", "--cache-mode", "off");
            assertThat(r.code()).as(llm).isEqualTo(2);
            assertThat(r.err()).as(llm).isEqualTo("parley: --canned-reply must not be blank, got  \n");
            assertThat(r.out()).as(llm).isEmpty();
        }
    }

    @Test
    void anUnknownBackendIsRefusedNamingThoseFound() {
        CliRun r = parley("experiment", "--domain", "fruit-trading", "--llm", "magic");
        assertThat(r.code()).isEqualTo(2);
        assertThat(r.out()).isEmpty();
        assertThat(r.err()).isEqualTo("parley: Invalid value for option '--llm': no model backend 'magic'; the"
                + " backends found are offline, canned, local, openai (try: parley experiment --help)\n");
    }

    @Test
    void theHelpNamesTheProviderAndListsItsOptionUnderItsOwnHeading() {
        for (String command : new String[] {"preface", "experiment"}) {
            String help = parley(command, "--help").out();
            int shared = help.indexOf("\n" + HelpSections.GROUPS.get(LlmOptions.class) + "\n");
            int own = help.indexOf("\n" + HelpSections.providerHeading("canned") + "\n");
            assertThat(shared).as(command).isPositive();
            assertThat(own).as(command).isGreaterThan(shared);
            assertThat(help.indexOf("--canned-reply=TEXT")).as(command).isGreaterThan(own);
            assertThat(help.substring(own).replaceAll("\\s+", " "))
                    .contains("--canned-reply=TEXT What the canned model answers to every call."
                            + " Default: canned words.");
            // --llm names every backend found, the test's own among them
            assertThat(help.substring(shared, own).replaceAll("\\s+", " "))
                    .contains("Language-model backend: offline, canned, local, openai");
        }
    }

    @Test
    void aReplayOpensTheProviderForReplayOnly() {
        String cache = dir.resolve("calls.sqlite").toString();
        String[] args = {"preface", "--dcrs", DISARM, "--llm", "canned", "--cache", cache, "--json"};
        int before = CannedChatProvider.LIVE_OPENS.get();
        assertThat(parley(args).successJson().at("/llm_calls/model_calls").asInt()).isEqualTo(1);
        assertThat(CannedChatProvider.LIVE_OPENS.get()).isEqualTo(before + 1);
        String[] replay = java.util.Arrays.copyOf(args, args.length + 2);
        replay[args.length] = "--cache-mode";
        replay[args.length + 1] = "replay";
        JsonNode r = parley(replay).successJson();
        assertThat(r.at("/llm_calls/cache_hits").asInt()).isEqualTo(1);
        assertThat(r.at("/llm_calls/model_calls").asInt()).isZero();
        assertThat(CannedChatProvider.LIVE_OPENS.get()).isEqualTo(before + 1);
    }
}
