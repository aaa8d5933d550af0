package dev.parley.dialogue;

import java.util.List;
import java.util.Optional;

/**
 * How a dialogue game numbers its decision actions, so nothing else recomputes {@code action % k}. In the
 * move × instruction space action {@code m * k + i} is the protocol's {@code m}-th interaction under instruction
 * {@code i} (k instructions); in the instruction space action {@code i} is instruction {@code i} alone and the
 * speaker chooses its move itself. An action id means the same thing at every node.
 *
 * @param moves        the protocol's interaction ids, in declaration order
 * @param instructions the instruction set
 */
public record ActionCodec(List<String> moves, List<Instruction> instructions, ActionSpace space) {

    public ActionCodec {
        moves = List.copyOf(moves);
        instructions = List.copyOf(instructions);
        if (instructions.isEmpty()) {
            throw new IllegalArgumentException("an action codec needs at least one instruction");
        }
    }

    /** The number of distinct action ids. */
    public int size() {
        return space == ActionSpace.INSTRUCTION ? instructions.size() : moves.size() * instructions.size();
    }

    /** The action of interaction {@code move} (an index into {@link #moves}) under instruction {@code instruction}. */
    public int encode(int move, int instruction) {
        if (instruction < 0 || instruction >= instructions.size()) {
            throw new IllegalArgumentException("no instruction " + instruction);
        }
        if (space == ActionSpace.INSTRUCTION) {
            return instruction;
        }
        if (move < 0 || move >= moves.size()) {
            throw new IllegalArgumentException("no move " + move);
        }
        return move * instructions.size() + instruction;
    }

    /** The action of {@code moveId} under {@code instruction} (the move is ignored in the instruction space). */
    public int encode(String moveId, Instruction instruction) {
        int i = instructions.indexOf(instruction);
        if (i < 0) {
            throw new IllegalArgumentException("instruction " + instruction.name() + " is not in the set "
                    + instructions.stream().map(Instruction::name).toList());
        }
        return encode(space == ActionSpace.INSTRUCTION ? 0 : moves.indexOf(moveId), i);
    }

    /** The protocol move an action chooses; empty in the instruction space, where the speaker chooses it. */
    public Optional<String> move(int action) {
        check(action);
        return space == ActionSpace.INSTRUCTION ? Optional.empty()
                : Optional.of(moves.get(action / instructions.size()));
    }

    public Instruction instruction(int action) {
        check(action);
        return instructions.get(space == ActionSpace.INSTRUCTION ? action : action % instructions.size());
    }

    public int instructionIndex(int action) {
        check(action);
        return space == ActionSpace.INSTRUCTION ? action : action % instructions.size();
    }

    /** "propose/calm", or "calm" in the instruction space. */
    public String label(int action) {
        return move(action).map(m -> m + "/").orElse("") + instruction(action).name();
    }

    private void check(int action) {
        if (action < 0 || action >= size()) {
            throw new IllegalArgumentException("no action " + action + " (the game has " + size() + ")");
        }
    }
}
