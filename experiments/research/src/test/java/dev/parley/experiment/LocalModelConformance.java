package dev.parley.experiment;

import dev.parley.dialogue.MoveGenerator;
import dev.parley.dialogue.testkit.MoveGeneratorConformance;

/**
 * The generator contract on the real model in-process (llama.cpp), as the local-model kits of each domain run it: a
 * move refused on every attempt is abandoned and counted, not forbidden, and there are only two playouts. A kit names
 * its domain.
 */
abstract class LocalModelConformance extends MoveGeneratorConformance {

    @Override
    protected MoveGenerator generator() {
        return LocalModels.generator(domain());
    }

    @Override
    protected boolean acceptsEveryMove() {
        return false;
    }

    @Override
    protected int playouts() {
        return 2; // every call is real CPU decoding: two random dialogues of three messages
    }
}
