package dev.parley.experiment;

import dev.parley.game.Game;
import dev.parley.game.State;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;

/** Every terminal state of a (small) game, by a depth-first walk from its root: for tests that read each leaf. */
final class Terminals {

    private Terminals() {
    }

    static List<State> of(Game game) {
        List<State> out = new ArrayList<>();
        ArrayDeque<State> stack = new ArrayDeque<>();
        stack.push(game.initialState());
        while (!stack.isEmpty()) {
            State s = stack.pop();
            if (s.isTerminal()) {
                out.add(s);
                continue;
            }
            for (int a : s.legalActions()) {
                stack.push(s.child(a));
            }
        }
        return out;
    }
}
