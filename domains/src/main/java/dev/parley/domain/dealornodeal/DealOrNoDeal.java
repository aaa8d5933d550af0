package dev.parley.domain.dealornodeal;

import dev.parley.dialogue.ContentModel;
import dev.parley.dialogue.Domain;
import dev.parley.dialogue.PayoffRange;
import dev.parley.dialogue.PrivateInfo;
import dev.parley.dialogue.Scenario;
import dev.parley.domain.support.ProtocolResources;
import dev.parley.domain.support.Temperaments;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;

/**
 * Deal or No Deal (Lewis et al., EMNLP 2017) on OpenSpiel's 1,000 bargaining boards: two players split a pool of
 * books, hats and balls over the {@code deal-or-no-deal.dgdl} protocol (propose, accept, no deal). An accepted offer
 * gives the proposer what it named for itself and the other player the rest, each scoring its own values; no deal
 * scores 0 for both, as OpenSpiel's game does when its offers run out. Instructions are the paper's tones.
 */
public final class DealOrNoDeal {

    public static final String NAME = "deal-or-no-deal";
    public static final String PROTOCOL_FILE = "deal-or-no-deal.dgdl";

    public static final String PROPOSE = "propose";
    public static final String ACCEPT = "accept";
    public static final String NO_DEAL = "nodeal";

    public static final String OFFER = "offer";
    public static final String TERMS = "terms";
    public static final String MINE = "mine";
    public static final String YOURS = "yours";

    /** Item names in OpenSpiel's order (OpenSpiel calls the ball a basketball). */
    public static final List<String> ITEMS = List.of("book", "hat", "ball");
    public static final List<String> PLURALS = List.of("books", "hats", "balls");

    public static final String TOPIC = "Two players split a pool of books, hats and balls.";

    private static final class Holder {
        static final Domain DOMAIN = new Domain(NAME, ProtocolResources.load(PROTOCOL_FILE),
                List.of("Alice", "Bob"), Temperaments.paperTones(), Temperaments.lexiconInstructions(),
                DealOrNoDeal::scenarios, new PayoffRange(0, Boards.TOTAL_VALUE),
                new ContentModel(new DealPlanner(), new DealRules(), new DealWords()), new DealScorer(),
                prompts());
    }

    private DealOrNoDeal() {
    }

    public static Domain domain() {
        return Holder.DOMAIN;
    }

    /** Board 0 first, then a seeded draw of other boards without repeats. */
    static List<Scenario> scenarios(int count, long seed) {
        List<Board> all = Boards.all();
        if (count < 1 || count > all.size()) {
            throw new IllegalArgumentException("the number of boards must be 1 to " + all.size() + ", got " + count);
        }
        int[] order = new int[all.size() - 1];
        for (int i = 0; i < order.length; i++) {
            order[i] = i + 1;
        }
        SplittableRandom random = new SplittableRandom(seed);
        List<Scenario> out = new ArrayList<>();
        out.add(scenario(all.get(0)));
        for (int i = 0; i < count - 1; i++) {
            int j = i + random.nextInt(order.length - i);
            int t = order[i];
            order[i] = order[j];
            order[j] = t;
            out.add(scenario(all.get(order[i])));
        }
        return List.copyOf(out);
    }

    /** A board as a scenario: the pool is public, each player's values private. */
    public static Scenario scenario(Board b) {
        return new Scenario("board-" + b.index(), TOPIC, List.of(info("Alice", b.pool(), b.values(0)),
                info("Bob", b.pool(), b.values(1))));
    }

    private static PrivateInfo info(String role, int[] pool, int[] values) {
        Map<String, Double> numbers = new HashMap<>();
        for (int i = 0; i < Boards.ITEMS; i++) {
            numbers.put("pool." + ITEMS.get(i), (double) pool[i]);
            numbers.put("value." + ITEMS.get(i), (double) values[i]);
        }
        List<String> knowledge = List.of(
                "You are " + role + ". The pool has " + count(pool[0], 0) + ", " + count(pool[1], 1) + " and "
                        + count(pool[2], 2) + ".",
                "As " + role + ", you value each book at " + values[0] + ", each hat at " + values[1] + " and each ball at "
                        + values[2] + " (the whole pool is worth 10 to you).",
                "Without a deal both of you score 0.");
        return new PrivateInfo(role, "", knowledge, numbers);
    }

    static String count(int n, int item) {
        return n + " " + (n == 1 ? ITEMS.get(item) : PLURALS.get(item));
    }

    static int[] pool(PrivateInfo info) {
        int[] p = new int[Boards.ITEMS];
        for (int i = 0; i < Boards.ITEMS; i++) {
            p[i] = (int) info.number("pool." + ITEMS.get(i), 0);
        }
        return p;
    }

    static int[] values(PrivateInfo info) {
        int[] v = new int[Boards.ITEMS];
        for (int i = 0; i < Boards.ITEMS; i++) {
            v[i] = (int) info.number("value." + ITEMS.get(i), 0);
        }
        return v;
    }

    /** An offer content value from the proposer's side. */
    public static Map<String, Object> offer(int[] mine, int[] yours) {
        Map<String, Object> o = new LinkedHashMap<>();
        o.put(MINE, side(mine));
        o.put(YOURS, side(yours));
        return o;
    }

    private static Map<String, Object> side(int[] c) {
        Map<String, Object> m = new LinkedHashMap<>();
        for (int i = 0; i < Boards.ITEMS; i++) {
            m.put(ITEMS.get(i), c[i]);
        }
        return m;
    }

    static int[] mine(Object offer) {
        return read(offer, MINE);
    }

    static int[] yours(Object offer) {
        return read(offer, YOURS);
    }

    private static int[] read(Object offer, String key) {
        int[] out = new int[Boards.ITEMS];
        if (offer instanceof Map<?, ?> o && o.get(key) instanceof Map<?, ?> s) {
            for (int i = 0; i < Boards.ITEMS; i++) {
                out[i] = s.get(ITEMS.get(i)) instanceof Number n ? n.intValue() : 0;
            }
        }
        return out;
    }

    static int worth(int[] share, int[] values) {
        return share[0] * values[0] + share[1] * values[1] + share[2] * values[2];
    }

    static Domain.DomainPrompts prompts() {
        return new Domain.DomainPrompts(
                """
                You and another player split a pool of books, hats and balls. Each of you privately knows how much \
                each item is worth to you (the whole pool is worth 10 to each); you do not know the other's values. \
                Each turn, propose a split (how many of each item you take and the other gets; every item goes to \
                one of you), accept the other's last proposal, or end with no deal, which scores 0 for both.""",
                """
                Read the negotiation above. Was a proposal accepted? If so, list how many books, hats and balls \
                {player} gets in it and compute {player}'s score from {player}'s values per item. Without an \
                accepted proposal the score is 0. Show your calculation, then state the final number.""",
                """
                From the text below, extract {player}'s final score as a single number between 0 and 10. Answer \
                with the number only.""");
    }
}
