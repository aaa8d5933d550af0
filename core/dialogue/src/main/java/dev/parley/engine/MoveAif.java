package dev.parley.engine;

import dev.parley.aif.AifEdge;
import dev.parley.aif.AifGraph;
import dev.parley.aif.AifNode;
import dev.parley.aif.AifNodeType;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The JSON-AIF one move adds: an L-node for the locution, a TA from the previous locution, I-nodes for the content
 * (an I-node with the same text is reused), YA anchors for the illocution, and an RA (the move argues: first
 * variable the conclusion, the rest premises) or a CA (the move attacks: the rest attack the first, or a single
 * proposition attacks the previous move's) anchored on the TA.
 *
 * <p>DGDL declares no illocutionary force, so the force is read from the move's id and opener (documented in the
 * README): "Rebut", "Disagree", "Counter", "Object", "Reject", "Attack" attack; "Argue", "Since", "Justify",
 * "Reason", "Support" or an opener with "because" argue; "Why"/"Challenge" challenge; "Question"/"Ask"/"CQ"
 * question; "Concede"/"Accept"/"Agree" agree; "Retract"/"Withdraw" retract; anything else asserts.
 */
final class MoveAif {

    enum Force {
        ATTACK("Disagreeing"), ARGUE("Arguing"), CHALLENGE("Challenging"), QUESTION("Pure Questioning"),
        AGREE("Agreeing"), RETRACT("Retracting"), ASSERT("Asserting");

        final String illocution;

        Force(String illocution) {
            this.illocution = illocution;
        }
    }

    /** What the dialogue remembers between moves to continue its AIF: ids, the last L-node, known I-nodes. */
    record State(long nextId, AifNode lastLocution, List<AifNode> lastPropositions, Map<String, AifNode> propositions) {
    }

    /** The fragment and the I-node ids of this move's content, in content order. */
    record Built(AifGraph delta, AifNode locution, List<AifNode> propositions, long nextId) {
    }

    private MoveAif() {
    }

    static Force force(String moveId, String opener) {
        String id = moveId.toLowerCase(Locale.ROOT);
        String op = opener == null ? "" : opener.toLowerCase(Locale.ROOT);
        if (containsAny(id, "rebut", "disagree", "counter", "object", "contradict", "attack", "undercut", "reject")
                || op.startsWith("i disagree")) {
            return Force.ATTACK;
        }
        if (containsAny(id, "argue", "since", "because", "justify", "reason", "support", "ground")
                || op.contains("because")) {
            return Force.ARGUE;
        }
        if (containsAny(id, "why", "challenge")) {
            return Force.CHALLENGE;
        }
        if (containsAny(id, "question", "ask", "cq", "inquir") || op.startsWith("is there")) {
            return Force.QUESTION;
        }
        if (containsAny(id, "concede", "accept", "agree", "grant")) {
            return Force.AGREE;
        }
        if (containsAny(id, "retract", "withdraw")) {
            return Force.RETRACT;
        }
        return Force.ASSERT;
    }

    private static boolean containsAny(String s, String... parts) {
        for (String p : parts) {
            if (s.contains(p)) {
                return true;
            }
        }
        return false;
    }

    static Built build(State state, String speaker, String text, Force force, List<String> contents) {
        // The builder allocates ids after the largest id of its base graph, so the base carries the nodes this
        // move links to plus (when needed) a marker holding the dialogue's last id; the marker is never in the delta.
        List<AifNode> base = new ArrayList<>();
        if (state.lastLocution() != null) {
            base.add(state.lastLocution());
        }
        for (String c : contents) {
            AifNode known = state.propositions().get(c);
            if (known != null && !base.contains(known)) {
                base.add(known);
            }
        }
        for (AifNode n : state.lastPropositions()) {
            if (!base.contains(n)) {
                base.add(n);
            }
        }
        String markerId = Long.toString(state.nextId() - 1);
        if (state.nextId() > 1 && base.stream().noneMatch(n -> n.nodeID().equals(markerId))) {
            base.add(AifNode.of(markerId, "", AifNodeType.I));
        }
        AifGraph.Builder b = new AifGraph(base, List.<AifEdge>of()).toBuilder();
        String l = b.locution(speaker, text);
        String ta = state.lastLocution() == null ? null : b.transition(state.lastLocution().nodeID(), l);
        List<String> is = new ArrayList<>();
        for (String c : contents) {
            AifNode known = state.propositions().get(c);
            is.add(known != null ? known.nodeID() : b.proposition(c));
        }
        String anchor = ta != null ? ta : l;
        if (force == Force.ARGUE && is.size() >= 2) {
            for (String premise : is.subList(1, is.size())) {
                b.illocution(Force.ASSERT.illocution, l, premise);
            }
            String ra = b.inference(is.subList(1, is.size()), is.get(0));
            b.illocution(force.illocution, anchor, ra);
        } else if (force == Force.ATTACK && is.size() >= 2) {
            for (String attacker : is.subList(1, is.size())) {
                b.illocution(Force.ASSERT.illocution, l, attacker);
                String ca = b.conflict(attacker, is.get(0));
                b.illocution(force.illocution, anchor, ca);
            }
        } else if (force == Force.ATTACK && is.size() == 1 && !state.lastPropositions().isEmpty()
                && !state.lastPropositions().get(0).nodeID().equals(is.get(0))) {
            b.illocution(Force.ASSERT.illocution, l, is.get(0));
            String ca = b.conflict(is.get(0), state.lastPropositions().get(0).nodeID());
            b.illocution(force.illocution, anchor, ca);
        } else {
            for (String i : is) {
                b.illocution(force.illocution, l, i);
            }
        }
        AifGraph delta = b.buildDelta();
        long max = state.nextId() - 1;
        for (AifNode n : delta.nodes()) {
            max = Math.max(max, numeric(n.nodeID()));
        }
        for (AifEdge e : delta.edges()) {
            max = Math.max(max, numeric(e.edgeID()));
        }
        AifNode locution = delta.node(l).orElseThrow();
        List<AifNode> props = new ArrayList<>();
        for (String i : is) {
            props.add(delta.node(i).orElseThrow());
        }
        return new Built(delta, locution, props, max + 1);
    }

    private static long numeric(String id) {
        try {
            return Long.parseLong(id);
        } catch (NumberFormatException e) {
            return 0;
        }
    }
}
