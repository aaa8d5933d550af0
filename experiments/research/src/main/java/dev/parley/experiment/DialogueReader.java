package dev.parley.experiment;

import dev.parley.dialogue.DialogueGame;
import dev.parley.dialogue.Scenario;
import dev.parley.game.GameTree;
import dev.parley.game.State;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.PriorityQueue;

/**
 * Makes a solved dialogue game readable: the most probable complete dialogues under a profile, with every message's
 * speaker, role, move, instruction, verified content and words.
 */
public final class DialogueReader {

    private DialogueReader() {
    }

    /** One message as a reader sees it. */
    public record ReadMessage(int player, String role, String move, String instruction, Map<String, Object> content,
                              String text) { }

    /**
     * One complete dialogue.
     *
     * @param profile     the profile it was played under ({@code eq_vs_eq}, ...)
     * @param scenario    the scenario's id
     * @param probability the probability of this whole dialogue under the profile (chance included)
     * @param payoffs     each player's payoff
     */
    public record ReadDialogue(String profile, String scenario, double probability, double[] payoffs,
                               List<ReadMessage> messages) {
        public ReadDialogue {
            payoffs = payoffs.clone();
            messages = List.copyOf(messages);
        }

        @Override
        public double[] payoffs() {
            return payoffs.clone();
        }
    }

    /**
     * The {@code n} most probable complete dialogues of {@code tree} (compiled from {@code game}) under the per-slot
     * {@code profile}, most probable first (ties: tree order).
     */
    public static List<ReadDialogue> mostProbable(DialogueGame game, GameTree tree, double[] profile,
                                                  String profileName, int n) {
        int nodes = tree.numNodes();
        double[] reach = new double[nodes];
        int[] parent = new int[nodes];
        parent[0] = -1;
        reach[0] = 1.0;
        Comparator<Integer> byReach = Comparator.<Integer>comparingDouble(i -> reach[i])
                .thenComparing(Comparator.<Integer>reverseOrder());
        PriorityQueue<Integer> best = new PriorityQueue<>(byReach);
        for (int node = 0; node < nodes; node++) {
            int pl = tree.player(node);
            if (pl == GameTree.TERMINAL) {
                if (reach[node] > 0 && n > 0) {
                    best.add(node);
                    if (best.size() > n) {
                        best.poll();
                    }
                }
                continue;
            }
            for (int c = tree.firstChild(node), end = c + tree.childCount(node); c < end; c++) {
                parent[c] = node;
                reach[c] = reach[node] * (pl == GameTree.CHANCE ? tree.chanceProbability(c)
                        : profile[tree.edgeSlot(c)]);
            }
        }
        List<Integer> chosen = new ArrayList<>(best);
        chosen.sort(byReach.reversed());
        List<ReadDialogue> out = new ArrayList<>();
        for (int leaf : chosen) {
            List<Integer> path = new ArrayList<>();
            for (int x = leaf; parent[x] >= 0; x = parent[x]) {
                path.add(0, tree.action(x));
            }
            State s = game.initialState();
            for (int a : path) {
                s = s.child(a);
            }
            Scenario sc = game.scenario(s);
            List<ReadMessage> messages = new ArrayList<>();
            for (DialogueGame.Turn t : game.turns(s)) {
                int p = t.message().speaker();
                messages.add(new ReadMessage(p, game.domain().protocolPlayers().get(p), t.message().moveId(),
                        t.instruction().name(), t.message().content(), t.message().text()));
            }
            out.add(new ReadDialogue(profileName, sc.id(), reach[leaf], s.returns(), messages));
        }
        return out;
    }

    /** A dialogue as a person reads it: a heading, then one line per message. */
    public static String render(ReadDialogue d) {
        StringBuilder sb = new StringBuilder();
        sb.append(String.format(java.util.Locale.ROOT, "[%s] scenario %s, probability %.4f, payoffs %s%n", d.profile(),
                d.scenario(), d.probability(), java.util.Arrays.toString(d.payoffs())));
        for (ReadMessage m : d.messages()) {
            sb.append(line(m.role(), m.move(), m.instruction(), m.text())).append('\n');
        }
        return sb.toString();
    }

    /** One message as a person reads it: {@code   Alice (propose, calm): words}. */
    public static String line(String role, String move, String instruction, String text) {
        return "  " + role + " (" + move + (instruction == null ? "" : ", " + instruction) + "): " + text;
    }
}
