package dev.parley.cli;

import dev.parley.domain.Games;
import dev.parley.gambit.Efg;
import dev.parley.game.Game;
import dev.parley.io.InputFiles;
import dev.parley.registry.Suggestions;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Resolves a {@code --game} argument: a built-in game with its parameters ({@link Games}:
 * {@code kuhn_poker(players=3)}, {@code fruit_trading(max_replies=2)}), or a Gambit {@code .efg} file.
 */
final class GameSources {

    private GameSources() {
    }

    static Game load(String nameOrFile) {
        boolean looksLikeFile = nameOrFile.endsWith(".efg") || nameOrFile.contains("/")
                || Files.isRegularFile(Path.of(nameOrFile));
        if (!looksLikeFile && Games.names(nameOrFile)) {
            return Games.load(nameOrFile);
        }
        if (!looksLikeFile) {
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
