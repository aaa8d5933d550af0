package dev.parley.cli;

import dev.parley.domain.GameCatalog;
import dev.parley.game.Game;

/** Resolves a {@code --game} argument: a built-in name, or a Gambit {@code .efg} file. */
final class GameSources {

    private GameSources() {
    }

    static Game load(String nameOrFile) {
        var entry = GameCatalog.find(nameOrFile);
        if (entry.isPresent()) {
            return entry.get().factory().get();
        }
        throw new UserInputException("unknown game '" + nameOrFile + "'; run 'parley games' for the built-in games");
    }
}
