package dev.parley.domain.debate;

import dev.parley.dialogue.Instruction;
import java.util.List;
import java.util.Objects;

/**
 * The offline meaning of a debate instruction: the order in which the debater reaches for the modes of persuasion
 * (its first choice of argument or rebuttal is of the first style that still has one left), and which of the other
 * side's points it answers first when two rebuttals are equally in style (the latest or the earliest).
 *
 * @param name         the instruction name
 * @param guidance     the words handed to a language model
 * @param order        the three styles, most preferred first
 * @param latestFirst  whether, among rebuttals of the same style, the one answering the most recent point wins
 */
public record DebateStyle(String name, String guidance, List<Style> order, boolean latestFirst) {

    public DebateStyle {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(guidance, "guidance");
        order = List.copyOf(order);
        if (order.size() != Style.values().length || order.stream().distinct().count() != order.size()) {
            throw new IllegalArgumentException("debate style " + name + ": order must list each style once");
        }
    }

    /** Rank of a style in this order (0 = first choice). */
    public int rank(Style style) {
        return order.indexOf(style);
    }

    public Instruction instruction() {
        return new Instruction(name, guidance);
    }
}
