package dev.parley.domain.support;

import dev.parley.dialogue.Instruction;
import java.util.Objects;

/**
 * The offline meaning of a negotiation tone: how much a speaker demands, how fast it concedes and how readily it
 * accepts. The offline planners of fruit trading and meeting scheduling turn these numbers into offers, days and
 * accept decisions, so that a tone changes what is said and therefore the outcome.
 *
 * @param name        the instruction name
 * @param guidance    the words handed to a language model
 * @param demand      the opening demand, as a fraction of the speaker's own scale (fruit: of its mean unit value;
 *                    scheduling: of its best day's preference); above 1 demands more than the scale
 * @param concession  how much the demand drops with each offer the speaker has already made
 * @param acceptShare the share of its current demand an offer must reach for the speaker to accept it
 */
public record Temperament(String name, String guidance, double demand, double concession, double acceptShare) {

    public Temperament {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(guidance, "guidance");
        if (demand < 0 || concession < 0 || acceptShare < 0) {
            throw new IllegalArgumentException("temperament " + name + ": parameters must not be negative");
        }
    }

    /** The demand after {@code offersMade} own offers: never below zero. */
    public double demandAfter(int offersMade) {
        return Math.max(0.0, demand - concession * offersMade);
    }

    /** The instruction a solver plays for this temperament ({@link Instruction#ANY} for the baseline). */
    public Instruction instruction() {
        return name.equals(Instruction.ANY.name()) ? Instruction.ANY : new Instruction(name, guidance);
    }
}
