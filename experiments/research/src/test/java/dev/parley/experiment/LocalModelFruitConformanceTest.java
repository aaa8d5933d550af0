package dev.parley.experiment;

import dev.parley.dialogue.Domain;
import dev.parley.domain.fruit.FruitTrading;
import org.junit.jupiter.api.Tag;

/**
 * The generator contract on a real model in-process (llama.cpp), fruit trading, with SmolLM2 135M Instruct: every
 * move it performs was verified and has the move's variables, one seed gives the same dialogue (and the same
 * refusals) twice, a chosen move is legal. SmolLM2 often has a move refused three times (its words do not state the
 * offer it chose: docs/real-model/verification.md); such a move is abandoned and counted, which the kit checks, and
 * how often it happens is a measured figure, not part of the contract ({@link #acceptsEveryMove()}).
 */
@Tag("model")
class LocalModelFruitConformanceTest extends LocalModelConformance {

    @Override
    protected Domain domain() {
        return FruitTrading.domain();
    }
}
