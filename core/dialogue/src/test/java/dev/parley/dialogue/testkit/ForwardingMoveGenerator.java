package dev.parley.dialogue.testkit;

import dev.parley.dialogue.Instruction;
import dev.parley.dialogue.MoveContext;
import dev.parley.dialogue.MoveGenerator;
import dev.parley.dialogue.MoveRequest;
import dev.parley.dialogue.Utterance;
import dev.parley.preface.Dcrs;
import java.util.List;

/**
 * A move generator that passes every call to another: the base of the tests' generators that change one thing (refuse
 * some moves, count or record the calls) and leave the words and the move choice to the one they wrap. Its backend is
 * the inner one's unless a label of its own is given.
 */
public class ForwardingMoveGenerator implements MoveGenerator {

    protected final MoveGenerator inner;
    private final String backend;

    public ForwardingMoveGenerator(MoveGenerator inner) {
        this(inner, null);
    }

    public ForwardingMoveGenerator(MoveGenerator inner, String backend) {
        this.inner = inner;
        this.backend = backend;
    }

    @Override
    public Utterance generate(MoveRequest request, long seed) {
        return inner.generate(request, seed);
    }

    @Override
    public String chooseMove(MoveContext context, List<String> legalMoveIds, Instruction instruction,
                             Dcrs situation, long seed) {
        return inner.chooseMove(context, legalMoveIds, instruction, situation, seed);
    }

    @Override
    public String backend() {
        return backend != null ? backend : inner.backend();
    }
}
