package dev.parley.experiment;

import dev.parley.dialogue.Domain;
import dev.parley.domain.debate.Debate;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;

/**
 * The generator contract on a real model in-process (llama.cpp), debate: the same contract as
 * {@link LocalModelFruitConformanceTest} (a move refused on every attempt is abandoned and counted, not forbidden).
 * It runs on request ({@code -Dparley.model.kit=true}) only because its minutes of CPU decoding would add to the
 * fruit-trading kit's in CI without reaching code the fruit kit does not.
 */
@Tag("model")
@EnabledIfSystemProperty(named = "parley.model.kit", matches = "true",
        disabledReason = "the debate kit on the real model takes minutes more; -Dparley.model.kit=true runs it")
class LocalModelDebateConformanceTest extends LocalModelConformance {

    @Override
    protected Domain domain() {
        return Debate.domain();
    }
}
