package dev.parley.cli;

import static dev.parley.cli.CliRun.parley;
import static org.assertj.core.api.Assertions.assertThat;

import dev.parley.llm.ChatProvider;
import dev.parley.nfg.MetaSolvers;
import dev.parley.solver.Solvers;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/**
 * Every command's and subcommand's {@code --help}: exit 0, no warning from picocli (a stray {@code %} in a
 * description is read as a format and printed as a WARN on standard error), and no line wider than 100 columns.
 */
class HelpTest {

    /** Every command path below {@code parley}, found from the command tree itself so new commands are covered. */
    private static List<List<String>> commandPaths() {
        List<List<String>> out = new ArrayList<>();
        collect(Parley.commandLine(CliEnvironment.system()), new ArrayList<>(), out);
        return out;
    }

    private static void collect(CommandLine cl, List<String> path, List<List<String>> out) {
        out.add(List.copyOf(path));
        cl.getSubcommands().forEach((name, sub) -> {
            // aliases are listed under their own names too; visit each command once
            if (!name.equals(sub.getCommandName())) {
                return;
            }
            path.add(name);
            collect(sub, path, out);
            path.remove(path.size() - 1);
        });
    }

    @Test
    void everyHelpIsCleanAndFitsInAHundredColumns() {
        List<List<String>> paths = commandPaths();
        assertThat(paths).as("the command tree").hasSizeGreaterThan(15);
        PrintStream realErr = System.err;
        for (List<String> path : paths) {
            if (path.equals(List.of("help"))) {
                continue;
            }
            List<String> args = new ArrayList<>(path);
            args.add("--help");
            ByteArrayOutputStream stderr = new ByteArrayOutputStream();
            CliRun r;
            // picocli's own warnings go to System.err, not to the command line's error writer
            System.setErr(new PrintStream(stderr, true, StandardCharsets.UTF_8));
            try {
                r = parley(args.toArray(String[]::new));
            } finally {
                System.setErr(realErr);
            }
            String label = "parley " + String.join(" ", args);
            assertThat(r.code()).as(label + ": " + r.err()).isZero();
            assertThat(r.out()).as(label).contains("Usage:");
            assertThat(stderr.toString(StandardCharsets.UTF_8) + r.err()).as(label).doesNotContain("WARN")
                    .isBlank();
            for (String line : r.out().split("\n", -1)) {
                assertThat(line.length()).as(label + ": line '" + line + "'").isLessThanOrEqualTo(100);
            }
        }
    }

    @Test
    void aFileNamedWithoutItsOptionIsPointedToIt(@TempDir Path dir) throws IOException {
        Path dcrs = Files.writeString(dir.resolve("move.dcrs.json"), "{}");
        CliRun preface = parley("preface", dcrs.toString());
        assertThat(preface.code()).isEqualTo(2);
        assertThat(preface.err()).isEqualTo("parley: Unmatched argument at index 1: '" + dcrs + "'; did you mean --dcrs "
                + dcrs + "? (try: parley preface --help)\n");
        // no guess where the file does not exist or two options take files (af: -f and --vaf)
        assertThat(parley("preface", dir.resolve("none.json").toString()).err()).doesNotContain("did you mean");
        assertThat(parley("af", dcrs.toString()).err()).doesNotContain("did you mean");
    }

    /**
     * A list option's label names one item: picocli repeats it after the separator, so a label that holds the
     * separator itself ("D1,D2,...") or a plural ("SPACES") printed "--disagreement=D1,D2,...[,D1,D2,......]".
     */
    @Test
    void aListOptionsLabelNamesOneItem() {
        List<String> bad = new ArrayList<>();
        collectLists(Parley.commandLine(CliEnvironment.system()), bad);
        assertThat(bad).isEmpty();
    }

    private static void collectLists(CommandLine cl, List<String> bad) {
        for (CommandLine.Model.OptionSpec o : cl.getCommandSpec().options()) {
            String label = o.paramLabel().replaceAll("^<|>$", "");
            if (!o.splitRegex().isEmpty() && (label.contains(o.splitRegex()) || label.endsWith("S"))) {
                bad.add(cl.getCommandSpec().qualifiedName() + " " + o.longestName() + "=" + label);
            }
        }
        cl.getSubcommands().values().stream().distinct().forEach(sub -> collectLists(sub, bad));
    }

    /** A synopsis fits in four lines and still names every option that must be given. */
    @Test
    void everySynopsisIsShortAndNamesTheRequiredOptions() {
        for (List<String> path : commandPaths()) {
            if (path.equals(List.of("help"))) {
                continue;
            }
            List<String> args = new ArrayList<>(path);
            args.add("--help");
            String help = parley(args.toArray(String[]::new)).out();
            List<String> synopsis = new ArrayList<>();
            for (String line : help.split("\n")) {
                if (!synopsis.isEmpty() && !line.startsWith(" ")) {
                    break;
                }
                if (line.startsWith("Usage:") || !synopsis.isEmpty()) {
                    synopsis.add(line);
                }
            }
            String label = "parley " + String.join(" ", path);
            assertThat(synopsis).as(label).isNotEmpty().hasSizeLessThanOrEqualTo(HelpSections.LONGEST_SYNOPSIS);
            CommandLine cl = Parley.commandLine(CliEnvironment.system());
            for (String name : path) {
                cl = cl.getSubcommands().get(name);
            }
            for (CommandLine.Model.OptionSpec o : cl.getCommandSpec().requiredArgs().stream()
                    .filter(a -> a instanceof CommandLine.Model.OptionSpec).map(a -> (CommandLine.Model.OptionSpec) a)
                    .toList()) {
                assertThat(String.join(" ", synopsis)).as(label + " names " + o.longestName())
                        .contains(o.longestName());
            }
        }
    }

    /**
     * The shared groups come after a command's own options, each under its heading: every command that mixes in the
     * language-model options lists all of them below "Language model", and none above it; each model backend's own
     * options follow under the backend's heading.
     */
    @Test
    void theLanguageModelOptionsStandApartUnderTheirHeading() {
        String heading = HelpSections.GROUPS.get(LlmOptions.class);
        List<String> llmOptions = new ArrayList<>();
        new CommandLine(new LlmOptions()).getCommandSpec().options().forEach(o -> llmOptions.add(o.longestName()));
        int commands = 0;
        int providers = 0;
        for (List<String> path : commandPaths()) {
            CommandLine cl = Parley.commandLine(CliEnvironment.system());
            for (String name : path) {
                cl = cl.getSubcommands().get(name);
            }
            boolean mixesIn = cl.getCommandSpec().mixins().values().stream()
                    .anyMatch(m -> m.userObject() instanceof LlmOptions);
            if (!mixesIn) {
                continue;
            }
            commands++;
            List<String> args = new ArrayList<>(path);
            args.add("--help");
            String help = parley(args.toArray(String[]::new)).out();
            String label = String.join(" ", path);
            int at = help.indexOf("\n" + heading + "\n");
            assertThat(at).as(label).isPositive();
            String before = help.substring(0, at);
            String after = help.substring(at);
            for (String option : llmOptions) {
                assertThat(listed(option).matcher(after).find()).as(label + " " + option).isTrue();
                assertThat(listed(option).matcher(before).find()).as(label + " " + option + " above the heading")
                        .isFalse();
            }
            // --llm names every backend found
            List<String> backends = new ArrayList<>(List.of("offline"));
            ChatProvider.all().forEach(p -> backends.add(p.name()));
            assertThat(after.replaceAll("\\s+", " ")).as(label + " --llm")
                    .contains("Language-model backend: " + String.join(", ", backends) + " (");
            // then each model backend's own options under its own heading, and nowhere above it
            for (ChatProvider p : ChatProvider.all()) {
                if (p.options().isEmpty()) {
                    continue;
                }
                providers++;
                int own = help.indexOf("\n" + HelpSections.providerHeading(p.name()) + "\n");
                assertThat(own).as(label + " " + p.name()).isGreaterThan(at);
                for (String option : LlmOptions.flags(p)) {
                    assertThat(listed(option).matcher(help.substring(own)).find()).as(label + " " + option).isTrue();
                    assertThat(listed(option).matcher(help.substring(0, own)).find())
                            .as(label + " " + option + " above " + p.name() + "'s heading").isFalse();
                }
            }
        }
        // llama.cpp's own options and the test class path's canned backend
        assertThat(providers / commands).as("backends with options of their own").isGreaterThanOrEqualTo(2);
        assertThat(commands).as("commands that mix in the language-model options").isGreaterThanOrEqualTo(10);
    }

    /** An option's line in the list starts with its names ("--timeout, --llm-timeout=SECONDS"). */
    private static Pattern listed(String option) {
        return Pattern.compile("(?m)^ {2,}(\\S+, )*" + Pattern.quote(option) + "[=, \\n]");
    }

    @Test
    void aMistypedCommandOrOptionGetsASuggestion() {
        CliRun command = parley("expriment");
        assertThat(command.code()).isEqualTo(2);
        assertThat(command.err()).contains("did you mean experiment?");
        CliRun option = parley("experiment", "--domian", "fruit-trading");
        assertThat(option.code()).isEqualTo(2);
        assertThat(option.err()).contains("did you mean --domain?");
    }

    @Test
    void anOptionGivenToTheCommandInsteadOfItsSubcommandNamesTheSubcommand() {
        CliRun corpus = parley("corpus", "--id", "404");
        assertThat(corpus.code()).isEqualTo(2);
        assertThat(corpus.err()).isEqualTo("parley: Unknown options: '--id', '404'; --id is an option of parley corpus"
                + " show (try: parley corpus --help)\n");
        CliRun study = parley("study", "--samples=3");
        assertThat(study.code()).isEqualTo(2);
        assertThat(study.err()).contains("; --samples is an option of parley study reward and of parley study"
                + " steering (try: parley study --help)");
        // an option no subcommand takes gets no such line
        CliRun none = parley("corpus", "--zzz");
        assertThat(none.code()).isEqualTo(2);
        assertThat(none.err()).doesNotContain("is an option of");
    }

    /**
     * An option whose values come from a registry names every value its command takes, so a solver or meta-solver
     * added to the registry cannot go unmentioned (experiment's and sweep's helps once left out the vector forms
     * they run).
     */
    @Test
    void everyRegisteredNameIsInTheHelpOfTheOptionThatTakesIt() {
        CommandLine parley = Parley.commandLine(CliEnvironment.system());
        Map<String, List<String>> solverHelps = Map.of(
                "solve", Solvers.names(), "experiment", Solvers.names(), "sweep", Solvers.names(),
                "imitate", Solvers.cfrNames());
        solverHelps.forEach((command, names) -> assertNamed(parley, command, "--solver", names));
        for (String command : new String[] {"nfg", "psro"}) {
            assertNamed(parley, command, "--meta-solver", MetaSolvers.names());
        }
    }

    private static void assertNamed(CommandLine parley, String command, String option, List<String> names) {
        String help = String.join(" ", parley.getSubcommands().get(command).getCommandSpec().findOption(option)
                .description());
        for (String name : names) {
            // a whole name: "cfr" must not be found inside "cfr+" or "mccfr-os"
            assertThat(Pattern.compile("(?<![\\w+-])" + Pattern.quote(name) + "(?![\\w+-])").matcher(help).find())
                    .as("parley %s %s names %s: %s", command, option, name, help).isTrue();
        }
    }

    @Test
    void aRunBuildsOnlyTheCommandItNamesAndTheVersionNeedsNone() {
        CommandLine one = Parley.commandLine(CliEnvironment.system(), "solve", "--game", "kuhn_poker");
        assertThat(one.getSubcommands()).containsOnlyKeys("solve");
        CommandLine all = Parley.commandLine(CliEnvironment.system(), "help", "solve");
        assertThat(all.getSubcommands().keySet()).containsAll(
                Parley.commandLine(CliEnvironment.system()).getSubcommands().keySet());
        assertThat(Parley.commandLine(CliEnvironment.system()).getSubcommands()).hasSize(Parley.COMMANDS.size());
        for (String v : new String[] {"--version", "-V"}) {
            CliRun r = parley(v);
            assertThat(r.code()).isZero();
            assertThat(r.out().strip()).matches("parley \\S+");
        }
        CliRun help = parley("help", "solve");
        assertThat(help.code()).as(help.err()).isZero();
        assertThat(help.out()).contains("--solver");
        CliRun usage = parley();
        assertThat(usage.out()).contains("experiment").contains("serve");
    }
}
