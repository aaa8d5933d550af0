package dev.parley.domain.fruit;

import dev.parley.dialogue.testkit.DomainConformance;
import java.util.List;

class FruitTradingConformanceTest extends DomainConformance {

    FruitTradingConformanceTest() {
        super(FruitTrading.domain(),
                List.of("give:", "get:", "offer:", "terms", "too-little", "cannot-give", "propose ", "counter ",
                        "plan:", "summary", "in exchange for 1", "you receive"),
                List.of(new String[] {"apple", "apples"}, new String[] {"banana", "bananas"},
                        new String[] {"blueberry", "blueberries"}, new String[] {"kiwi", "kiwis"}));
    }
}
