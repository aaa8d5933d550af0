package dev.parley.domain.dealornodeal;

import dev.parley.dialogue.Domain;
import dev.parley.dialogue.testkit.DomainConformance;
import java.util.List;

class DealOrNoDealConformanceTest extends DomainConformance {

    @Override
    protected Domain domain() {
        return DealOrNoDeal.domain();
    }

    @Override
    protected List<String> forbiddenInWords() {
        return List.of("mine:", "yours:", "terms", "nodeal", "offer:");
    }

    @Override
    protected List<String[]> nouns() {
        return List.of(new String[] {"book", "books"}, new String[] {"hat", "hats"}, new String[] {"ball", "balls"});
    }
}
