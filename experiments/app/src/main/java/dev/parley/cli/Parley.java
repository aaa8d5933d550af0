package dev.parley.cli;

import dev.parley.error.InvalidSettingException;
import dev.parley.error.ParleyException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.List;
import picocli.CommandLine.Command;
import picocli.CommandLine;

/**
 * The {@code parley} command line. Every subcommand prints a table by default and JSON with {@code --json}; bad
 * input ends with one line on standard error and exit code 2, never a stack trace.
 */
@Command(name = "parley",
        mixinStandardHelpOptions = true,
        versionProvider = Parley.Version.class,
        description = "Steer dialogue agents with game theory: solve games, run dialogue protocols and experiments.")
public final class Parley implements Runnable {

    /**
     * The commands, in the order {@code parley --help} lists them. They are added to the command tree when a run
     * needs them ({@link #commandLine(CliEnvironment, String...)}): picocli reflects over a command's whole option
     * model, and over all of them that loaded some 1,700 classes (Jackson, the domains, the server) even for
     * {@code parley --version}.
     */
    static final List<Class<?>> COMMANDS = List.of(
            GamesCommand.class,
            DomainsCommand.class,
            DomainCommand.class,
            SolveCommand.class,
            ExportCommand.class,
            ExperimentCommand.class,
            SweepCommand.class,
            StudyCommand.class,
            ImitateCommand.class,
            ProtocolCommand.class,
            CorpusCommand.class,
            AfCommand.class,
            AifCommand.class,
            PrefaceCommand.class,
            CacheCommand.class,
            NfgCommand.class,
            PsroCommand.class,
            ServeCommand.class,
            ServeBenchCommand.class,
            SteerCommand.class,
            CommandLine.HelpCommand.class);

    /** Exit code for bad input (arguments, files, games). */
    public static final int EXIT_USAGE = 2;
    /** Exit code for an unexpected internal failure. */
    public static final int EXIT_INTERNAL = 1;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public void run() {
        spec.commandLine().usage(spec.commandLine().getOut());
    }

    public static void main(String[] args) {
        System.exit(execute(new PrintWriter(System.out, true), new PrintWriter(System.err, true), args));
    }

    /** Runs the command line with the given streams; returns the exit code. Used by {@link #main} and tests. */
    public static int execute(PrintWriter out, PrintWriter err, String... args) {
        return execute(out, err, CliEnvironment.system(), args);
    }

    /** The same with the environment variables and home directory given (tests pass their own). */
    public static int execute(PrintWriter out, PrintWriter err, CliEnvironment environment, String... args) {
        if (args.length == 1 && (args[0].equals("--version") || args[0].equals("-V"))) {
            // answered without building the command tree: picocli's reflection alone costs more than the JVM's start
            out.println(new Version().getVersion()[0]);
            out.flush();
            return 0;
        }
        CommandLine cl = commandLine(environment, args);
        cl.setOut(out);
        cl.setErr(err);
        cl.setParameterExceptionHandler((thrown, argv) -> {
            // a mistyped option is the cause of the required option it seems to leave out: name it first
            List<String> unmatched = thrown.getCommandLine().getUnmatchedArguments();
            CommandLine.ParameterException ex = thrown instanceof CommandLine.UnmatchedArgumentException
                    || unmatched.isEmpty() ? thrown
                    : new CommandLine.UnmatchedArgumentException(thrown.getCommandLine(), unmatched);
            ex.getCommandLine().getErr().println("parley: " + plain(ex.getMessage()) + suggestion(ex)
                    + " (try: parley " + commandPath(ex.getCommandLine()) + "--help)");
            return EXIT_USAGE;
        });
        cl.setExecutionExceptionHandler((ex, commandLine, parseResult) -> {
            // every error Parley reports to its user (bad input, an unsolvable game, a failing model or store) is
            // mapped here once; an unknown name on the command line is bad input wherever the lookup happens
            if (ex instanceof ParleyException) {
                commandLine.getErr().println("parley: " + Flags.render(commandLine,
                        ex instanceof InvalidSettingException s ? s.messageFor(Flags.of(commandLine, s.field()))
                                : ex.getMessage()));
                return EXIT_USAGE;
            }
            org.slf4j.LoggerFactory.getLogger(Parley.class).debug("internal error", ex);
            commandLine.getErr().println("parley: internal error: " + ex);
            return EXIT_INTERNAL;
        });
        int code;
        try {
            code = cl.execute(GameArguments.expand(cl, args));
        } catch (ParleyException e) {
            // a --domain game spec that cannot be read: refused before any command runs
            err.println("parley: " + e.getMessage());
            code = EXIT_USAGE;
        } catch (OutOfMemoryError e) {
            // Picocli hands errors on untouched; a user asking for too large a game gets one line, not a trace.
            err.println("parley: out of memory (Java's heap limit is " + Runtime.getRuntime().maxMemory() / (1 << 20)
                    + " MB): the input is too large for it; give Java more with PARLEY_JAVA_OPTS=-Xmx8g, or use a"
                    + " smaller game");
            code = EXIT_USAGE;
        } catch (StackOverflowError e) {
            org.slf4j.LoggerFactory.getLogger(Parley.class).debug("stack overflow", e);
            err.println("parley: internal error: the input is nested too deeply for the call stack");
            code = EXIT_INTERNAL;
        }
        out.flush();
        err.flush();
        return code;
    }

    /** The whole command tree, its parts made with {@code environment}; not yet given streams or handlers. */
    static CommandLine commandLine(CliEnvironment environment) {
        CommandLine cl = new CommandLine(new Parley(), new Factory(environment));
        for (Class<?> command : COMMANDS) {
            cl.addSubcommand(command);
        }
        LlmOptions.install(cl);
        HelpSections.install(cl);
        return cl;
    }

    /**
     * The command tree {@code args} need: only the command they name when they name one (other than help), else the
     * whole tree (for the usage, help and the suggestions for a mistyped name).
     */
    static CommandLine commandLine(CliEnvironment environment, String... args) {
        if (args.length > 0) {
            for (Class<?> command : COMMANDS) {
                Command c = command.getAnnotation(Command.class);
                if (command != CommandLine.HelpCommand.class
                        && (c.name().equals(args[0]) || List.of(c.aliases()).contains(args[0]))) {
                    CommandLine cl = new CommandLine(new Parley(), new Factory(environment));
                    cl.addSubcommand(command);
                    LlmOptions.install(cl);
                    HelpSections.install(cl);
                    return cl;
                }
            }
        }
        return commandLine(environment);
    }

    /** Picocli's closest names for a mistyped command or option ("; did you mean experiment?"), or nothing. */
    private static String suggestion(CommandLine.ParameterException ex) {
        if (!(ex instanceof CommandLine.UnmatchedArgumentException u)) {
            return "";
        }
        if (!u.getSuggestions().isEmpty()) {
            // picocli orders them closest first; the rest are rarely what was meant
            return "; did you mean " + u.getSuggestions().get(0) + "?";
        }
        String owner = ownerOf(u.getCommandLine(), u.getUnmatched());
        return owner.isEmpty() ? fileOptionFor(u.getCommandLine(), u.getUnmatched()) : owner;
    }

    /**
     * A file named bare to a command that takes files only through an option ('parley preface x.json') is likely
     * meant for that option: the one required option that takes a file, else the command's one file option.
     */
    static String fileOptionFor(CommandLine cl, List<String> unmatched) {
        if (unmatched.isEmpty() || unmatched.get(0).startsWith("-")
                || !cl.getCommandSpec().positionalParameters().isEmpty()
                || !isFile(unmatched.get(0))) {
            return "";
        }
        List<CommandLine.Model.OptionSpec> files = cl.getCommandSpec().options().stream()
                .filter(o -> o.paramLabel().contains("FILE")).toList();
        List<CommandLine.Model.OptionSpec> required = files.stream().filter(o -> o.required()).toList();
        List<CommandLine.Model.OptionSpec> pick = required.size() == 1 ? required : files;
        return pick.size() == 1 ? "; did you mean " + pick.get(0).longestName() + " " + unmatched.get(0) + "?" : "";
    }

    /**
     * Where the first unknown option belongs when it is a subcommand's ('parley corpus --id 404' means 'parley corpus
     * show --id 404'); empty when no subcommand takes it.
     */
    static String ownerOf(CommandLine cl, List<String> unmatched) {
        String option = unmatched.stream().filter(a -> a.startsWith("-")).findFirst().orElse(null);
        if (option == null) {
            return "";
        }
        String name = option.contains("=") ? option.substring(0, option.indexOf('=')) : option;
        List<String> owners = cl.getSubcommands().values().stream().distinct()
                .filter(sub -> sub.getCommandSpec().findOption(name) != null)
                .map(sub -> "parley " + commandPath(sub).strip()).toList();
        return owners.isEmpty() ? "" : "; " + name + " is an option of " + String.join(" and of ", owners);
    }

    private static boolean isFile(String name) {
        try {
            return Files.isRegularFile(Path.of(name));
        } catch (InvalidPathException e) {
            return false;
        }
    }

    /** Picocli's message, with its doubled word for a map option's bad KEY=VALUE ("Value for option option"). */
    static String plain(String message) {
        return message == null ? "" : message.replace("option option ", "option ");
    }

    private static String commandPath(CommandLine cl) {
        StringBuilder sb = new StringBuilder();
        for (CommandLine c = cl; c.getParent() != null; c = c.getParent()) {
            sb.insert(0, c.getCommandName() + " ");
        }
        return sb.toString();
    }

    /** Makes the commands' parts, handing the environment to those that read it. */
    private record Factory(CliEnvironment environment) implements CommandLine.IFactory {
        @Override
        public <K> K create(Class<K> cls) throws Exception {
            if (cls == LlmOptions.class) {
                return cls.cast(new LlmOptions(environment));
            }
            return CommandLine.defaultFactory().create(cls);
        }
    }

    /** The version from the jar's manifest, or "development". */
    static final class Version implements CommandLine.IVersionProvider {
        @Override
        public String[] getVersion() {
            String v = Parley.class.getPackage().getImplementationVersion();
            return new String[] {"parley " + (v == null ? "0.1.0" : v)};
        }
    }
}
