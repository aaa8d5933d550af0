package dev.parley.cli;

import dev.parley.domain.Games;
import dev.parley.experiment.TreeSizeEstimate;
import dev.parley.gambit.Efg;
import dev.parley.game.Game;
import dev.parley.game.GameModelException;
import dev.parley.game.GameTree;
import dev.parley.game.TreeSize;
import dev.parley.game.TreeTooLargeException;
import dev.parley.io.InputFiles;
import dev.parley.registry.Suggestions;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;

/**
 * Resolves a {@code --game} argument: a built-in game with its parameters ({@link Games}:
 * {@code kuhn_poker(players=3)}, {@code fruit_trading(max_replies=2)}), or a Gambit {@code .efg} file.
 */
final class GameSources {

    private GameSources() {
    }

    /**
     * Compiles {@code g}, refusing first, in well under a second, a tree whose estimated size ({@link TreeSize}) is
     * over {@code cap} or over what this heap holds, instead of building for minutes and running out of memory.
     *
     * @param spelled  the game as the user wrote it, for the message
     * @param sampling whether a solver can run on the game itself: then a tree too large gives null, not an error
     * @param instead  what to do instead, for the refusal
     * @return the tree, or null when it is too large and {@code sampling} allows running without it
     */
    static GameTree compile(Game g, String spelled, int cap, boolean sampling, String instead) {
        long heap = TreeSizeEstimate.defaultMaxNodes(true);
        int limit = (int) Math.min(cap, heap);
        TreeSize size = TreeSize.against(g, limit, 1);
        try {
            if (size.exceeds(limit)) {
                String over = heap < cap
                        ? String.format(Locale.ROOT, "over the %,d nodes this Java heap holds (give Java more with"
                                + " PARLEY_JAVA_OPTS=-Xmx8g)", limit)
                        : String.format(Locale.ROOT, "over the limit of %,d nodes", limit);
                throw new TreeTooLargeException("its tree would have " + size.describe("plays") + ", " + over
                        + (sampling ? "" : "; " + instead));
            }
            return GameTree.compile(g, limit);
        } catch (TreeTooLargeException e) {
            if (sampling) {
                return null;
            }
            throw e.in("game '" + spelled + "'");
        } catch (GameModelException e) {
            throw e.in("game '" + spelled + "'");
        }
    }

    static Game load(String nameOrFile) {
        boolean namesAFile = nameOrFile.endsWith(".efg") || nameOrFile.contains("/");
        if (!namesAFile && Games.names(nameOrFile)) {
            return Games.load(nameOrFile); // a built-in name wins over a file of that name in this directory
        }
        if (!namesAFile && !Files.isRegularFile(Path.of(nameOrFile))) {
            throw new UserInputException("unknown game '" + nameOrFile + "'"
                    + Suggestions.didYouMean(nameOrFile, Games.names())
                    + "; run 'parley games' for the built-in games, or give a Gambit .efg file");
        }
        Path file = Path.of(nameOrFile);
        InputFiles.requireFile(file);
        try {
            return Efg.read(file);
        } catch (IOException e) {
            throw InputFiles.unreadable(file, e);
        }
    }
}
