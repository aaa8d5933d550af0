package dev.parley.domain.dealornodeal;

import dev.parley.dialogue.testkit.DomainConformance;
import java.util.List;

class DealOrNoDealConformanceTest extends DomainConformance {

    DealOrNoDealConformanceTest() {
        super(DealOrNoDeal.domain(),
                List.of("mine:", "yours:", "terms", "nodeal", "offer:"),
                List.of(new String[] {"book", "books"}, new String[] {"hat", "hats"}, new String[] {"ball", "balls"}));
    }
}
