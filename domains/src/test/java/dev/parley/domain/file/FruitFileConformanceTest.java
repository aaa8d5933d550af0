package dev.parley.domain.file;

import dev.parley.dialogue.testkit.DomainConformance;
import java.util.List;

class FruitFileConformanceTest extends DomainConformance {

    FruitFileConformanceTest() {
        super(FileDomains.load(ExampleDomains.file("fruit-trading.yaml")).domain(),
                List.of("give:", "get:", "offer:", "terms", "too-little", "cannot-give", "content.", "my."),
                List.of(new String[] {"apple", "apples"}, new String[] {"banana", "bananas"},
                        new String[] {"blueberry", "blueberries"}, new String[] {"kiwi", "kiwis"}));
    }
}
