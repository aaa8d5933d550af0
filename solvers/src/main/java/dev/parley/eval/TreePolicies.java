package dev.parley.eval;

import dev.parley.game.GameTree;

/** Checks shared by the evaluators: a slot policy must match its tree. */
final class TreePolicies {

    private TreePolicies() {
    }

    static void requireSlots(GameTree tree, double[] slotPolicy) {
        if (slotPolicy.length != tree.numSlots()) {
            throw new IllegalArgumentException("policy has " + slotPolicy.length + " slots; the tree of '"
                    + tree.name() + "' has " + tree.numSlots());
        }
    }
}
