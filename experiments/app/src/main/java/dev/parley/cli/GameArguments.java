package dev.parley.cli;

import dev.parley.domain.Games;
import dev.parley.domain.file.FileDomains;
import dev.parley.registry.GameSpec;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import picocli.CommandLine;

/**
 * Lets {@code --domain} take a dialogue game with parameters, as {@code --game} does:
 * {@code --domain fruit_trading(scenarios=4,max_replies=3,actions=instruction)} reads as
 * {@code --domain fruit-trading --scenarios 4 --max-replies 3 --actions instruction}, before picocli parses the
 * command. So a parameter and its flag cannot both be given (picocli refuses an option given twice), and each
 * command keeps its own defaults for the parameters not written. A parameter the command has no flag for is refused.
 */
final class GameArguments {

    /** Each dialogue-game parameter ({@link Games}) and the flag that carries it. */
    private static final Map<String, String> FLAGS = Map.of("scenarios", "--scenarios", "max_replies",
            "--max-replies", "actions", "--actions", "observe", "--observe", "seeds_per_message",
            "--seeds-per-message", "seed", "--seed");

    private GameArguments() {
    }

    /**
     * The arguments with every {@code --domain NAME(k=v,...)} expanded for the command they belong to.
     *
     * @throws UserInputException for a spec that is not a dialogue game or a parameter the command cannot take
     */
    static String[] expand(CommandLine root, String... args) {
        List<String> out = new ArrayList<>(args.length + 8);
        CommandLine command = root;
        for (int i = 0; i < args.length; i++) {
            String a = args[i];
            CommandLine sub = command.getSubcommands().get(a);
            if (sub != null) {
                command = sub;
            }
            String value = null;
            if (a.equals("--domain") && i + 1 < args.length) {
                value = args[++i];
            } else if (a.startsWith("--domain=")) {
                value = a.substring("--domain=".length());
            }
            if (value != null) {
                readFiles(value);
            } else if (command.getCommandName().equals("domains") && FileDomains.looksLikeFile(a)) {
                readFiles(a); // parley domains FILE: the positional domain
            }
            if (value == null || FileDomains.looksLikeFile(value) || !GameSpec.hasParameters(value)) {
                if (value != null) {
                    out.add("--domain");
                }
                out.add(value != null ? value : a);
                continue;
            }
            if (value.lastIndexOf(')') < value.length() - 1 && value.substring(value.lastIndexOf(')')).contains(",")) {
                throw new UserInputException("--domain: a list of games cannot carry parameters (" + value
                        + "); give one game with parameters, or the command's own options for all of them");
            }
            Games.Values v = Games.resolve(value);
            if (v.entry().domain() == null) {
                throw new UserInputException("--domain " + value + ": " + v.entry().name()
                        + " is not a dialogue game (it goes with --game)");
            }
            out.add("--domain");
            out.add(v.entry().domain().name());
            for (Map.Entry<String, String> p : v.given().entrySet()) {
                String flag = FLAGS.get(p.getKey());
                if (flag == null || command.getCommandSpec().findOption(flag) == null) {
                    throw new UserInputException("--domain " + value + ": parley " + command.getCommandName()
                            + " cannot set the game's " + p.getKey());
                }
                out.add(flag);
                out.add(p.getValue());
            }
        }
        return out.toArray(String[]::new);
    }

    /**
     * Reads every domain file a {@code --domain} value names (a list may mix names and files) before picocli parses
     * the command, so a bad file is reported as its own {@code FILE:line:column: ...} line, not as picocli's
     * "invalid value" around it.
     */
    private static void readFiles(String value) {
        for (String part : value.split(",")) {
            if (FileDomains.looksLikeFile(part)) {
                FileDomains.load(Path.of(part.strip()));
            }
        }
    }
}
