package dev.parley.dialogue;

import dev.parley.dialogue.testkit.MoveGeneratorConformance;
import java.util.List;

class OfflineMoveGeneratorConformanceTest extends MoveGeneratorConformance {

    private static final Domain HAGGLE = HaggleDomain.domain(List.of(HaggleDomain.scenario("cheap", 3, 9),
            HaggleDomain.scenario("poor", 3, 6)));

    @Override
    protected MoveGenerator generator() {
        return new OfflineMoveGenerator(HAGGLE.content());
    }

    @Override
    protected Domain domain() {
        return HAGGLE;
    }
}
