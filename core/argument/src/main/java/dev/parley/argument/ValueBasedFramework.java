package dev.parley.argument;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;

/**
 * A value-based argumentation framework (Bench-Capon 2003, "Persuasion in practical argument using value-based
 * argumentation frameworks", J. Logic and Computation 13(3)): a Dung framework in which each argument promotes a
 * value. For an audience (a preference order over values), an attack of a on b <i>succeeds</i> — is a defeat —
 * unless the audience strictly prefers b's value to a's. The defeat graph is a Dung framework, judged by the usual
 * semantics.
 *
 * <p>Acceptance, following Bench-Capon (2003) and, for partial audiences, Bench-Capon, Doutre and Dunne (2007): an
 * argument is <i>objectively</i> accepted if it is in every preferred extension of the defeat graph for every total
 * order of the values (extending a given partial audience, if any), and <i>subjectively</i> accepted if it is in some
 * preferred extension for some such order. Distinct orders often give the same defeat graph; each graph is solved
 * once. The number of total orders grows as k!, so at most {@value #MAX_VALUES} values are allowed here.
 */
public final class ValueBasedFramework {

    /** Bound on distinct values for objective/subjective acceptance (9! = 362,880 orders). */
    public static final int MAX_VALUES = 9;

    private final ArgumentationFramework framework;
    private final String[] valueOf;
    private final List<String> values;

    private ValueBasedFramework(ArgumentationFramework framework, String[] valueOf) {
        this.framework = framework;
        this.valueOf = valueOf;
        this.values = List.copyOf(new LinkedHashSet<>(Arrays.asList(valueOf)));
    }

    /** Every argument of {@code framework} must have a value, and only its arguments may. */
    public static ValueBasedFramework of(ArgumentationFramework framework, Map<String, String> values) {
        String[] v = new String[framework.size()];
        List<String> missing = new ArrayList<>();
        for (int i = 0; i < v.length; i++) {
            v[i] = values.get(framework.name(i));
            if (v[i] == null) {
                missing.add(framework.name(i));
            }
        }
        if (!missing.isEmpty()) {
            throw new IllegalArgumentException("arguments without a value: " + missing);
        }
        for (String a : values.keySet()) {
            if (framework.indexOf(a) < 0) {
                throw new IllegalArgumentException("a value is given for " + a + ", which is not an argument");
            }
        }
        return new ValueBasedFramework(framework, v);
    }

    public ArgumentationFramework framework() {
        return framework;
    }

    public String valueOf(String argument) {
        int i = framework.indexOf(argument);
        if (i < 0) {
            throw new IllegalArgumentException("no argument named " + argument);
        }
        return valueOf[i];
    }

    /** Distinct values in order of first appearance. */
    public List<String> values() {
        return values;
    }

    /** The attacks that succeed for this audience, as a Dung framework over the same arguments. */
    public ArgumentationFramework defeatGraph(Audience audience) {
        List<Attack> defeats = new ArrayList<>();
        for (Attack a : framework.attackList()) {
            if (!audience.prefers(valueOf[framework.indexOf(a.attacked())], valueOf[framework.indexOf(a.attacker())])) {
                defeats.add(a);
            }
        }
        return ArgumentationFramework.of(framework.arguments(), defeats);
    }

    public List<Extension> preferredExtensions(Audience audience) {
        return defeatGraph(audience).preferredExtensions();
    }

    /** In every preferred extension for every total order of the values. */
    public boolean objectivelyAccepted(String argument) {
        return objectivelyAccepted(argument, Audience.none());
    }

    /** In every preferred extension for every total order of the values that extends {@code partial}. */
    public boolean objectivelyAccepted(String argument, Audience partial) {
        int a = index(argument);
        return forEachOrder(partial, exts -> exts.stream().allMatch(e -> e.contains(a)));
    }

    /** In some preferred extension for some total order of the values. */
    public boolean subjectivelyAccepted(String argument) {
        return subjectivelyAccepted(argument, Audience.none());
    }

    /** In some preferred extension for some total order of the values that extends {@code partial}. */
    public boolean subjectivelyAccepted(String argument, Audience partial) {
        int a = index(argument);
        return !forEachOrder(partial, exts -> exts.stream().noneMatch(e -> e.contains(a)));
    }

    /**
     * The status of every argument at once over every total order of the values that extends {@code partial}, in
     * the framework's argument order: one pass over the orders, each distinct defeat graph solved once.
     */
    public Map<String, Acceptance> acceptance(Audience partial) {
        checkValueCount();
        int n = framework.size();
        boolean[] inSome = new boolean[n];
        boolean[] inAll = new boolean[n];
        Arrays.fill(inAll, true);
        Map<ArgumentationFramework, Boolean> seen = new HashMap<>();
        for (List<String> order : partial.linearExtensions(values)) {
            ArgumentationFramework g = defeatGraph(Audience.ranking(order));
            if (seen.put(g, Boolean.TRUE) != null) {
                continue;
            }
            List<Extension> exts = g.preferredExtensions();
            for (int a = 0; a < n; a++) {
                boolean some = false;
                boolean all = true;
                for (Extension e : exts) {
                    boolean in = e.contains(a);
                    some |= in;
                    all &= in;
                }
                inSome[a] |= some;
                inAll[a] &= all;
            }
        }
        Map<String, Acceptance> out = new LinkedHashMap<>();
        for (int a = 0; a < n; a++) {
            out.put(framework.name(a), inAll[a] ? Acceptance.OBJECTIVE
                    : inSome[a] ? Acceptance.SUBJECTIVE : Acceptance.INDEFENSIBLE);
        }
        return out;
    }

    /** How many total orders of the values extend {@code partial}: the audiences {@link #acceptance} ranges over. */
    public int audienceCount(Audience partial) {
        checkValueCount();
        return partial.linearExtensions(values).size();
    }

    private void checkValueCount() {
        if (values.size() > MAX_VALUES) {
            throw new IllegalArgumentException("objective and subjective acceptance enumerate every order of the "
                    + values.size() + " values; at most " + MAX_VALUES + " are supported");
        }
    }

    private int index(String argument) {
        int a = framework.indexOf(argument);
        if (a < 0) {
            throw new IllegalArgumentException("no argument named " + argument);
        }
        return a;
    }

    /** Whether {@code test} holds for the preferred extensions of every defeat graph an order yields. */
    private boolean forEachOrder(Audience partial, Predicate<List<Extension>> test) {
        checkValueCount();
        Map<ArgumentationFramework, Boolean> seen = new HashMap<>();
        for (List<String> order : partial.linearExtensions(values)) {
            ArgumentationFramework g = defeatGraph(Audience.ranking(order));
            Boolean ok = seen.computeIfAbsent(g, k -> test.test(k.preferredExtensions()));
            if (!ok) {
                return false;
            }
        }
        return true;
    }
}
