package dev.parley.cfr;

/**
 * How {@link CfrSolver} rounds each {@code a += b * c} of its value and regret sums.
 *
 * <p>On games whose regrets tie exactly (the same payoffs behind several chance outcomes), the last bit of a sum
 * decides whether regret matching plays an action at all, and the sequence of policies then depends on rounding.
 * OpenSpiel's C++ CFR built the usual way ({@code -O3 -march=native} with GCC, whose default is
 * {@code -ffp-contract=fast}) fuses those multiply-adds; built with {@code -ffp-contract=off} it rounds every step.
 * Both are the same algorithm; Parley reproduces either, step for step.
 */
public enum CfrArithmetic {
    /** Every product and sum rounded on its own (Java's semantics; OpenSpiel built with -ffp-contract=off). */
    STRICT,
    /**
     * Each {@code a += b * c} as one fused multiply-add ({@link Math#fma}), as OpenSpiel's -march=native build on a
     * CPU with FMA. Only for reproducing that build: on a CPU without FMA instructions {@code Math.fma} is emulated
     * in software and many times slower.
     */
    FUSED
}
