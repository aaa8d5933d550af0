package dev.parley.domain.fruit;

import dev.parley.dialogue.ContentPlanner;
import dev.parley.dialogue.Instruction;
import dev.parley.dialogue.Message;
import dev.parley.dialogue.PrivateInfo;
import dev.parley.dialogue.MoveContext;
import dev.parley.domain.support.MovePreference;
import dev.parley.domain.support.Temperament;
import dev.parley.domain.support.Temperaments;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The offline fruit trader. It reads only the speaker's own basket and valuations and the public transcript.
 *
 * <p><b>Offers.</b> The candidate offers give up to {@value #MAX_GIVE} pieces of each fruit the speaker holds and ask
 * for up to {@value #MAX_ASK} pieces of each fruit it does not hold (a trader asks for what it lacks; the other
 * trader's basket is unknown). The speaker's gain from an offer is the value of what it would get minus the value of
 * what it would give, by its own valuation. The tone sets a target gain: {@code demandAfter(k) × u}, where {@code u}
 * is the speaker's mean unit value and {@code k} the number of offers it has already made (so every tone concedes
 * over time, at its own rate). The offer made is the one with the smallest gain that still reaches the target (ties:
 * fewer pieces, then a fixed order), skipping offers the speaker has already made and never asking for more than
 * its earlier offers did; when no such offer reaches the target the best one below it is made. So an assertive trader asks for more, a submissive one gives away more of the
 * surplus, and the baseline sits in between with its own numbers.
 *
 * <p><b>Answers.</b> {@link #chooseMove} accepts the offer on the table when the speaker holds what it is asked
 * for and its gain is at least 1 and at least {@code acceptShare × target}; otherwise it counters (or rejects when it
 * cannot counter).
 *
 * <p>Candidate lists are computed once per private information and cached (they do not depend on the transcript).
 */
public final class FruitPlanner implements ContentPlanner {

    static final int MAX_GIVE = 3;
    static final int MAX_ASK = 3;
    private static final int STATES = 1 + MAX_GIVE + MAX_ASK;
    private static final int CACHE_LIMIT = 4096;

    private final Map<PrivateInfo, Candidates> cache = new ConcurrentHashMap<>();

    /** One player's candidate offers, sorted by gain, then pieces, then code. */
    private record Candidates(int[] codes, double[] gains, double unit) { }

    @Override
    public Map<String, Object> plan(MoveContext context, String moveId, Instruction instruction) {
        PrivateInfo me = context.me();
        return switch (moveId) {
            case FruitTrading.PROPOSE, FruitTrading.COUNTER ->
                    Map.of(FruitTrading.OFFER, offer(me, context.speaker(), context.transcript(), instruction));
            case FruitTrading.ACCEPT -> Map.of(FruitTrading.TERMS, tableOffer(context));
            case FruitTrading.REJECT -> {
                Map<String, Object> table = tableOffer(context);
                String reason = Fruits.covers(Fruits.have(me), Fruits.gets(table)) ? FruitTrading.TOO_LITTLE
                        : FruitTrading.CANNOT_GIVE;
                yield Map.of(FruitTrading.TERMS, table, FruitTrading.REASON, reason);
            }
            default -> Map.of();
        };
    }

    /** The offer on the table as the other trader made it; an empty offer when there is none. */
    static Map<String, Object> tableOffer(MoveContext context) {
        Message table = offerOnTable(context.speaker(), context.transcript());
        return table == null ? Fruits.offer(new int[Fruits.COUNT], new int[Fruits.COUNT])
                : Fruits.offer(Fruits.gives(table.get(FruitTrading.OFFER)),
                Fruits.gets(table.get(FruitTrading.OFFER)));
    }

    @Override
    public Optional<String> chooseMove(MoveContext context, List<String> legalMoveIds, Instruction instruction) {
        PrivateInfo me = context.me();
        int speaker = context.speaker();
        List<Message> transcript = context.transcript();
        Message table = offerOnTable(speaker, transcript);
        if (table != null && legalMoveIds.contains(FruitTrading.ACCEPT)) {
            int[] receive = Fruits.gives(table.get(FruitTrading.OFFER));
            int[] give = Fruits.gets(table.get(FruitTrading.OFFER));
            double[] values = Fruits.values(me);
            double gain = Fruits.worth(receive, values) - Fruits.worth(give, values);
            Temperament t = Temperaments.of(instruction);
            double target = t.demandAfter(offersMade(speaker, transcript)) * candidates(me).unit();
            if (Fruits.covers(Fruits.have(me), give) && gain >= 1.0 && gain >= t.acceptShare() * target - 1e-9) {
                return Optional.of(FruitTrading.ACCEPT);
            }
        }
        return MovePreference.firstLegal(legalMoveIds, FruitTrading.COUNTER, FruitTrading.PROPOSE, FruitTrading.REJECT);
    }

    private Map<String, Object> offer(PrivateInfo me, int speaker, List<Message> transcript, Instruction instruction) {
        Candidates c = candidates(me);
        if (c.codes().length == 0) {
            throw new IllegalStateException(me.role() + " holds no fruit to offer (every scenario gives each trader"
                    + " fruit)");
        }
        int made = 0;
        int[] madeCodes = new int[transcript.size()];
        double cap = Double.POSITIVE_INFINITY;
        for (Message m : transcript) {
            if (m.speaker() == speaker && isOffer(m.moveId())) {
                int[] give = Fruits.gives(m.get(FruitTrading.OFFER));
                int[] get = Fruits.gets(m.get(FruitTrading.OFFER));
                madeCodes[made++] = code(give, get);
                cap = Math.min(cap, Fruits.worth(get, Fruits.values(me)) - Fruits.worth(give, Fruits.values(me)));
            }
        }
        // never ask for more than an earlier offer did: a later offer concedes or holds, it does not harden
        double target = Math.min(Temperaments.of(instruction).demandAfter(made) * c.unit(), cap);
        int chosen = -1;
        int from = firstAtLeast(c.gains(), target - 1e-9);
        for (int i = from; i < c.codes().length && chosen < 0 && c.gains()[i] <= cap + 1e-9; i++) {
            if (!contains(madeCodes, made, c.codes()[i])) {
                chosen = c.codes()[i];
            }
        }
        for (int i = Math.min(from, c.codes().length) - 1; i >= 0 && chosen < 0; i--) {
            if (!contains(madeCodes, made, c.codes()[i])) {
                chosen = c.codes()[i];
            }
        }
        if (chosen < 0) {
            chosen = from < c.codes().length ? c.codes()[from] : c.codes()[c.codes().length - 1];
        }
        int[] give = new int[Fruits.COUNT];
        int[] get = new int[Fruits.COUNT];
        decode(chosen, give, get);
        return Fruits.offer(give, get);
    }

    /** The other trader's offer the speaker is answering, or null. */
    static Message offerOnTable(int speaker, List<Message> transcript) {
        return Message.answered(speaker, transcript, FruitPlanner::isOffer);
    }

    static boolean isOffer(String moveId) {
        return moveId.equals(FruitTrading.PROPOSE) || moveId.equals(FruitTrading.COUNTER);
    }

    private static int offersMade(int speaker, List<Message> transcript) {
        int n = 0;
        for (Message m : transcript) {
            if (m.speaker() == speaker && isOffer(m.moveId())) {
                n++;
            }
        }
        return n;
    }

    private Candidates candidates(PrivateInfo me) {
        Candidates c = cache.get(me);
        if (c == null) {
            if (cache.size() > CACHE_LIMIT) {
                cache.clear();
            }
            c = enumerate(Fruits.have(me), Fruits.values(me));
            cache.put(me, c);
        }
        return c;
    }

    /** Every offer that gives something held and asks for something lacking, sorted. */
    static Candidates enumerate(int[] have, double[] values) {
        int total = 1;
        for (int f = 0; f < Fruits.COUNT; f++) {
            total *= STATES;
        }
        Integer[] order = new Integer[total];
        double[] gainOf = new double[total];
        int[] pieces = new int[total];
        int n = 0;
        int[] give = new int[Fruits.COUNT];
        int[] get = new int[Fruits.COUNT];
        for (int code = 0; code < total; code++) {
            decode(code, give, get);
            boolean ok = true;
            int given = 0;
            int asked = 0;
            for (int f = 0; f < Fruits.COUNT && ok; f++) {
                if (give[f] > have[f] || (get[f] > 0 && have[f] > 0)) {
                    ok = false;
                }
                given += give[f];
                asked += get[f];
            }
            if (!ok || given == 0 || asked == 0) {
                continue;
            }
            gainOf[code] = Fruits.worth(get, values) - Fruits.worth(give, values);
            pieces[code] = given + asked;
            order[n++] = code;
        }
        // computed once per player and cached, so boxing here costs nothing on the hot path
        Arrays.sort(order, 0, n, (a, b) -> {
            int cmp = Double.compare(gainOf[a], gainOf[b]);
            if (cmp == 0) {
                cmp = Integer.compare(pieces[a], pieces[b]);
            }
            return cmp != 0 ? cmp : Integer.compare(a, b);
        });
        int[] codes = new int[n];
        double[] gains = new double[n];
        for (int i = 0; i < n; i++) {
            codes[i] = order[i];
            gains[i] = gainOf[codes[i]];
        }
        double unit = 0;
        for (double v : values) {
            unit += v;
        }
        return new Candidates(codes, gains, unit / values.length);
    }

    /** Per fruit a state: 0 nothing, 1..MAX_GIVE give that many, then ask 1..MAX_ASK. */
    static void decode(int code, int[] give, int[] get) {
        for (int f = 0; f < Fruits.COUNT; f++) {
            int s = code % STATES;
            code /= STATES;
            give[f] = s >= 1 && s <= MAX_GIVE ? s : 0;
            get[f] = s > MAX_GIVE ? s - MAX_GIVE : 0;
        }
    }

    /** The code of an offer; offers outside the candidate space get a code no candidate has. */
    static int code(int[] give, int[] get) {
        int code = 0;
        int base = 1;
        for (int f = 0; f < Fruits.COUNT; f++) {
            int s;
            if (give[f] > 0 && get[f] == 0 && give[f] <= MAX_GIVE) {
                s = give[f];
            } else if (get[f] > 0 && give[f] == 0 && get[f] <= MAX_ASK) {
                s = MAX_GIVE + get[f];
            } else if (give[f] == 0 && get[f] == 0) {
                s = 0;
            } else {
                return -1;
            }
            code += s * base;
            base *= STATES;
        }
        return code;
    }

    private static int firstAtLeast(double[] sorted, double x) {
        int lo = 0;
        int hi = sorted.length;
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (sorted[mid] < x) {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        return lo;
    }

    private static boolean contains(int[] a, int n, int x) {
        for (int i = 0; i < n; i++) {
            if (a[i] == x) {
                return true;
            }
        }
        return false;
    }
}
