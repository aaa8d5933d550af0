package dev.parley.cli;

import dev.parley.gambit.Efg;
import dev.parley.game.Game;
import dev.parley.game.GameTree;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code parley export}: any game Parley can build, dialogue games included, written as a file other tools read.
 * The {@code .efg} is the form both Gambit and OpenSpiel's {@code pyspiel.load_efg_game} read as it is (see
 * {@link Efg#write(GameTree)}), so a game posed in Parley can be solved by their solvers and the figures compared.
 */
@Command(name = "export", mixinStandardHelpOptions = true,
        description = "Write a game, dialogue games included, as a Gambit .efg file that Gambit and OpenSpiel's"
                + " pyspiel.load_efg_game read as it is.",
        footer = {"", "Example:",
            "  parley export --game 'fruit_trading(scenarios=2,max_replies=2)' --out fruit.efg",
            "  python -c \"import pyspiel; g = pyspiel.load_efg_game(open('fruit.efg').read())\""})
final class ExportCommand implements Callable<Integer> {

    /** The only format so far; the option names it so that a second can come without a new command. */
    private static final String EFG = "efg";

    @Spec
    CommandSpec spec;

    @Option(names = "--game", required = true, paramLabel = "SPEC|FILE.efg",
            description = "A built-in game with its parameters (see 'parley games'), for example"
                    + " fruit_trading(scenarios=2,max_replies=2), or a Gambit .efg file.")
    String game;

    @Option(names = "--format", defaultValue = EFG, paramLabel = "FORMAT",
            description = "efg (Gambit's extensive form, version 2). Default: ${DEFAULT-VALUE}.")
    String format;

    @Option(names = "--out", required = true, paramLabel = "FILE",
            description = "The file to write, replaced whole when the game is written; - for standard output.")
    String out;

    @Override
    public Integer call() throws IOException {
        if (!format.toLowerCase(Locale.ROOT).equals(EFG)) {
            throw new UserInputException("unknown --format " + format + "; expected efg");
        }
        Path file = out.equals("-") ? null : Path.of(out);
        OutputPaths.checkFile("--out", file);
        Game g = GameSources.load(game);
        GameTree tree = GameSources.compile(g, game, SolveCommand.MAX_TREE_NODES, false,
                "export a smaller game (fewer scenarios or messages)");
        String text = Efg.write(tree);
        if (file == null) {
            spec.commandLine().getOut().print(text);
            spec.commandLine().getOut().flush();
            return 0;
        }
        Path parent = file.toAbsolutePath().getParent();
        Files.createDirectories(parent);
        // written beside the target, then moved: a failed write leaves an earlier file whole (not createTempFile,
        // whose owner-only permissions the file would keep)
        Path tmp = parent.resolve("." + file.getFileName() + "." + ProcessHandle.current().pid() + ".tmp");
        try {
            Files.writeString(tmp, text);
            Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } finally {
            Files.deleteIfExists(tmp);
        }
        spec.commandLine().getOut().printf(Locale.ROOT, "wrote %s: %s, %d players, %,d nodes, %,d infosets%n",
                file, g.name(), tree.numPlayers(), tree.numNodes(), tree.numInfosets());
        return 0;
    }
}
