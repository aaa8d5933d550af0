package dev.parley.dialogue;

import java.util.Objects;

/**
 * What a solver tells a speaker besides the move: a tone, a style, a proposal ("insist on Monday").
 *
 * @param name     a short identifier, e.g. {@code calm}; {@code any} is the unguided baseline
 * @param guidance the words handed to the generator with the move (empty for the baseline)
 */
public record Instruction(String name, String guidance) {

    /** The baseline: no guidance (the paper's "Any"). */
    public static final Instruction ANY = new Instruction("any", "");

    public Instruction {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(guidance, "guidance");
        if (name.isBlank()) {
            throw new IllegalArgumentException("an instruction needs a name");
        }
    }

    public boolean isBaseline() {
        return name.equals(ANY.name);
    }
}
