package dev.parley.domain.file;

import dev.parley.dialogue.testkit.DomainConformance;
import java.util.List;

/** An OpenSpiel chat-games config transcribed as a domain file keeps the domain contract:
 * {@code examples/domains/openspiel/trade-fruit.yaml}. */
class OpenSpielTradeFruitPlainConformanceTest extends DomainConformance {

    OpenSpielTradeFruitPlainConformanceTest() {
        super(FileDomains.load(ExampleDomains.file("openspiel/trade-fruit.yaml")).domain(),
                List.of("give:", "get:", "offer:", "terms", "too-little", "cannot-give", "content.", "my."),
                List.of(new String[] {"apple", "apples"}, new String[] {"banana", "bananas"},
                        new String[] {"blueberry", "blueberries"}, new String[] {"kiwi", "kiwis"}));
    }
}
