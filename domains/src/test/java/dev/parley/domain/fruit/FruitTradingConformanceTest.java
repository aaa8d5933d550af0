package dev.parley.domain.fruit;

import dev.parley.dialogue.Domain;
import dev.parley.dialogue.testkit.DomainConformance;
import java.util.List;

class FruitTradingConformanceTest extends DomainConformance {

    @Override
    protected Domain domain() {
        return FruitTrading.domain();
    }

    @Override
    protected List<String> forbiddenInWords() {
        return List.of("give:", "get:", "offer:", "terms", "too-little", "cannot-give", "propose ", "counter ",
                "plan:", "summary", "in exchange for 1", "you receive");
    }

    @Override
    protected List<String[]> nouns() {
        return List.of(new String[] {"apple", "apples"}, new String[] {"banana", "bananas"},
                new String[] {"blueberry", "blueberries"}, new String[] {"kiwi", "kiwis"});
    }
}
