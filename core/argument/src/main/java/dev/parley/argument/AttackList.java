package dev.parley.argument;

import java.util.Arrays;
import java.util.List;

/**
 * Attacks gathered by argument index before a framework is built: two growing {@code int} arrays (8 bytes an attack,
 * no object per attack), so a framework of millions of attacks is gathered in memory proportional to its attacks.
 * The framework builder, the ICCMA reader and the generated benchmark frameworks all gather their attacks here.
 */
public final class AttackList {

    private int[] from;
    private int[] to;
    private int count;

    public AttackList() {
        this(16);
    }

    /** A list with room for {@code capacity} attacks before it first grows. */
    public AttackList(int capacity) {
        from = new int[Math.max(16, capacity)];
        to = new int[from.length];
    }

    /** Adds the attack of argument {@code attacker} on argument {@code attacked} (0-based indices). */
    public void add(int attacker, int attacked) {
        if (count == from.length) {
            int grown = count + (count >> 1);
            from = Arrays.copyOf(from, grown);
            to = Arrays.copyOf(to, grown);
        }
        from[count] = attacker;
        to[count] = attacked;
        count++;
    }

    /** The framework over arguments {@code 1..n} with these attacks ({@link ArgumentationFramework#numbered}). */
    public ArgumentationFramework numbered(int n) {
        return ArgumentationFramework.numbered(n, from, to, count);
    }

    /** The framework over {@code names} with these attacks ({@link ArgumentationFramework#indexed}). */
    public ArgumentationFramework indexed(List<String> names) {
        return ArgumentationFramework.indexed(names, from, to, count);
    }

    /** The framework over {@code names}, distinct and covering every index used, as the builder keeps them. */
    ArgumentationFramework trusted(List<String> names) {
        return new ArgumentationFramework(names, from, to, count);
    }
}
