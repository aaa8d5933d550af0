package dev.parley.experiment;

import dev.parley.dialogue.Instruction;
import dev.parley.dialogue.MoveContext;
import dev.parley.dialogue.MoveGenerator;
import dev.parley.dialogue.MoveRequest;
import dev.parley.dialogue.Utterance;
import java.util.List;

/**
 * A generator whose sampling seeds are moved by a run's offset, so that the R runs of {@code --seeds R} draw
 * independent samples from a language model (the game itself only numbers its seeds 0..K−1, the same in every
 * run). Offset 0 is the generator itself, so the first run is today's run exactly.
 */
public final class ShiftedSeeds implements MoveGenerator {

    /** A prime spacing: run i uses seeds i·STRIDE + 0..K−1, apart from every other run's for any sensible K. */
    static final long STRIDE = 1_000_003L;

    private final MoveGenerator inner;
    private final long offset;

    private ShiftedSeeds(MoveGenerator inner, long offset) {
        this.inner = inner;
        this.offset = offset;
    }

    /** The generator of run {@code run} (0 for the first): the generator itself for run 0. */
    public static MoveGenerator forRun(MoveGenerator inner, int run) {
        return run == 0 ? inner : new ShiftedSeeds(inner, run * STRIDE);
    }

    @Override
    public Utterance generate(MoveRequest request, long seed) {
        return inner.generate(request, seed + offset);
    }

    @Override
    public String chooseMove(MoveContext context, List<String> legalMoveIds, Instruction instruction,
                             dev.parley.preface.Dcrs situation, long seed) {
        return inner.chooseMove(context, legalMoveIds, instruction, situation, seed + offset);
    }

    @Override
    public String backend() {
        return inner.backend();
    }
}
