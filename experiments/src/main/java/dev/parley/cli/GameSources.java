package dev.parley.cli;

import dev.parley.domain.GameCatalog;
import dev.parley.gambit.Efg;
import dev.parley.game.Game;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** Resolves a {@code --game} argument: a built-in name, or a Gambit {@code .efg} file. */
final class GameSources {

    private GameSources() {
    }

    static Game load(String nameOrFile) {
        var entry = GameCatalog.find(nameOrFile);
        if (entry.isPresent()) {
            return entry.get().factory().get();
        }
        boolean looksLikeFile = nameOrFile.endsWith(".efg") || nameOrFile.contains("/");
        if (!looksLikeFile) {
            throw new UserInputException("unknown game '" + nameOrFile
                    + "'; run 'parley games' for the built-in games, or give a Gambit .efg file");
        }
        Path file = Path.of(nameOrFile);
        if (!Files.isRegularFile(file)) {
            throw new UserInputException("no such file: " + file);
        }
        try {
            return Efg.read(file);
        } catch (IOException e) {
            throw new UserInputException("cannot read " + file + ": " + e.getMessage());
        }
    }
}
