package dev.parley.argument;

import dev.parley.aif.AifGraph;
import dev.parley.aif.AifNode;
import dev.parley.aif.AifNodeType;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Reads the argument structure of an AIF graph as a Dung framework: every I-node is an argument (named by its
 * nodeID), every I → CA → I path an attack, every I → RA → I path a support (premise supports conclusion).
 *
 * <p>Dung frameworks have no support relation, so support is handled by a {@link SupportMode}:
 * <ul>
 *   <li>{@link SupportMode#DERIVED_ATTACKS} (default): the derived attacks of bipolar argumentation (Cayrol and
 *       Lagasquie-Schiex 2005): a <i>supported attack</i> — if a supports (through a chain of one or more RAs) b and b
 *       attacks c, then a attacks c — and an <i>indirect (secondary) attack</i> — if a attacks b and b supports
 *       (through a chain) c, then a attacks c: undermining a premise undermines what it was used to conclude. Only
 *       direct attacks are extended this way (no chains of derived attacks). Caveat: with convergent support (two
 *       independent RAs for one conclusion) attacking one premise still attacks the conclusion.</li>
 *   <li>{@link SupportMode#RECORD_ONLY}: supports are reported in the result but add no attacks.</li>
 * </ul>
 *
 * <p>What does not map is listed in {@link Result#skipped()} rather than dropped silently: a CA or RA whose source or
 * target side has no I-node (e.g. an undercutter, CA → RA, which a framework over propositions cannot express).
 * Edges from YA, TA, L, MA and PA nodes are dialogue or preference structure, not content relations, and are not
 * read here. A CA or RA with several I-node sources is read as each source attacking (supporting) each target.
 */
public final class AifToFramework {

    /** What to do with RA support; see the class comment. */
    public enum SupportMode { RECORD_ONLY, DERIVED_ATTACKS }

    /** {@code premise} supports {@code conclusion} through the RA node {@code schemeNodeID}. */
    public record Support(String premise, String conclusion, String schemeNodeID) {
    }

    /**
     * The framework, the text of each argument (nodeID → I-node text), the supports and direct attacks read, and
     * one sentence for each scheme node that could not be mapped.
     */
    public record Result(ArgumentationFramework framework, Map<String, String> texts, List<Support> supports,
                         List<Attack> directAttacks, List<String> skipped) {
        public Result {
            texts = Map.copyOf(texts);
            supports = List.copyOf(supports);
            directAttacks = List.copyOf(directAttacks);
            skipped = List.copyOf(skipped);
        }
    }

    private AifToFramework() {
    }

    public static Result convert(AifGraph graph) {
        return convert(graph, SupportMode.DERIVED_ATTACKS);
    }

    public static Result convert(AifGraph graph, SupportMode mode) {
        List<String> args = new ArrayList<>();
        Map<String, String> texts = new LinkedHashMap<>();
        for (AifNode n : graph.nodes(AifNodeType.I)) {
            args.add(n.nodeID());
            texts.put(n.nodeID(), n.text());
        }
        List<String> skipped = new ArrayList<>();
        Set<Attack> direct = new LinkedHashSet<>();
        links(graph, AifNodeType.CA, "attack", skipped, (ca, f, t) -> direct.add(new Attack(f, t)));
        List<Support> supports = new ArrayList<>();
        links(graph, AifNodeType.RA, "support", skipped, (ra, f, t) -> supports.add(new Support(f, t, ra.nodeID())));
        Set<Attack> all = new LinkedHashSet<>(direct);
        if (mode == SupportMode.DERIVED_ATTACKS && !supports.isEmpty()) {
            all.addAll(derived(args, direct, supports));
        }
        ArgumentationFramework af = ArgumentationFramework.of(args, all);
        return new Result(af, texts, supports, new ArrayList<>(direct), skipped);
    }

    private static List<Attack> derived(List<String> args, Set<Attack> direct, List<Support> supports) {
        Map<String, Integer> idx = new LinkedHashMap<>();
        for (String a : args) {
            idx.put(a, idx.size());
        }
        int n = args.size();
        List<List<Integer>> sup = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            sup.add(new ArrayList<>());
        }
        for (Support s : supports) {
            sup.get(idx.get(s.premise())).add(idx.get(s.conclusion()));
        }
        // reach[a] = arguments a supports through one or more RA steps
        List<Set<Integer>> reach = new ArrayList<>();
        for (int a = 0; a < n; a++) {
            Set<Integer> seen = new LinkedHashSet<>();
            List<Integer> stack = new ArrayList<>(sup.get(a));
            while (!stack.isEmpty()) {
                int b = stack.remove(stack.size() - 1);
                if (seen.add(b)) {
                    stack.addAll(sup.get(b));
                }
            }
            reach.add(seen);
        }
        List<Attack> r = new ArrayList<>();
        for (Attack at : direct) {
            int b = idx.get(at.attacker());
            int c = idx.get(at.attacked());
            for (int a = 0; a < n; a++) {
                if (reach.get(a).contains(b)) {
                    r.add(new Attack(args.get(a), at.attacked())); // supported attack
                }
            }
            for (int d : reach.get(c)) {
                r.add(new Attack(at.attacker(), args.get(d))); // indirect attack
            }
        }
        return r;
    }

    /** What one scheme node joining I-node {@code from} to I-node {@code to} adds. */
    private interface Link {
        void add(AifNode scheme, String from, String to);
    }

    /**
     * Reads every scheme node of a type (CA attacks, RA supports) the same way: each I-node leading into it is linked
     * to each I-node it leads to; a node without I-nodes on both sides is skipped, with why.
     */
    private static void links(AifGraph graph, AifNodeType type, String what, List<String> skipped, Link link) {
        for (AifNode s : graph.nodes(type)) {
            List<String> from = iNodes(graph.predecessors(s.nodeID()));
            List<String> to = iNodes(graph.successors(s.nodeID()));
            if (from.isEmpty() || to.isEmpty()) {
                skipped.add(describe(graph, s, from, to, what));
                continue;
            }
            for (String f : from) {
                for (String t : to) {
                    link.add(s, f, t);
                }
            }
        }
    }

    private static List<String> iNodes(List<AifNode> nodes) {
        List<String> r = new ArrayList<>();
        for (AifNode n : nodes) {
            if (n.type() == AifNodeType.I) {
                r.add(n.nodeID());
            }
        }
        return r;
    }

    private static String describe(AifGraph g, AifNode s, List<String> from, List<String> to, String what) {
        String target = g.successors(s.nodeID()).stream().map(n -> n.type() + " " + n.nodeID()).toList().toString();
        return s.type() + " node " + s.nodeID() + " was not read as an " + what + ": "
                + (from.isEmpty() ? "no I-node leads into it" : "it leads to no I-node (targets " + target + ")");
    }
}
