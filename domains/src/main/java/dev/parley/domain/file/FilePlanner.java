package dev.parley.domain.file;

import dev.parley.dialogue.ContentPlanner;
import dev.parley.dialogue.Instruction;
import dev.parley.dialogue.MoveContext;
import dev.parley.dialogue.PrivateInfo;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The generic offline planner of a file domain. A move's content: every value of its finite content space
 * (narrowed by the baskets' bounds, quoted variables copied from the message answered) that meets the file's
 * feasibility conditions, the one the file's {@code prefer} expression rates highest, ties broken by the planner
 * seed. The move itself: the first of the file's {@code choose} entries whose move is legal and whose guard holds.
 * Reads only the speaker's own information and the public transcript (the expressions cannot name anything else).
 *
 * <p>The contents that meet the conditions not reading the history are computed once per player information and
 * move, and cached: a tree asks for the same player's plans at every node.
 */
final class FilePlanner implements ContentPlanner {

    private static final int CACHE_LIMIT = 4096;

    private final FileGame game;
    private final Map<Key, List<Candidate>> cache = new ConcurrentHashMap<>();

    private record Key(String move, PrivateInfo me, int speaker) { }

    /** A content that meets the static conditions: its Java value, its CEL variables, its place in the order. */
    private record Candidate(Map<String, Object> content, Map<String, Object> cel, int ordinal) { }

    FilePlanner(FileGame game) {
        this.game = game;
    }

    FileGame game() {
        return game;
    }

    @Override
    public Map<String, Object> plan(MoveContext context, String moveId, Instruction instruction) {
        FileGame.MoveSpec move = game.moves().get(moveId);
        if (move == null || move.content().isEmpty()) {
            return Map.of();
        }
        Map<String, Object> vars = Vars.speaker(game, context, instruction);
        Map<String, Object> quoted = new HashMap<>();
        Map<String, Object> quotedCel = new HashMap<>();
        for (FileGame.VarSpec v : move.content().values()) {
            v.quote().ifPresent(q -> {
                Object c = vars.get("answered." + q);
                quotedCel.put("content." + v.name(), c);
                Object said = context.last() == null ? null : context.last().get(q);
                quoted.put(v.name(), said == null ? javaZero(v.type()) : said);
            });
        }
        Candidate best = null;
        double bestScore = Double.NEGATIVE_INFINITY;
        long bestTie = 0;
        Map<String, Object> layer = new HashMap<>();
        var resolver = Vars.of(layer, vars);
        for (Candidate c : candidates(move, context)) {
            layer.clear();
            layer.putAll(c.cel());
            layer.putAll(quotedCel);
            boolean ok = true;
            for (FileGame.Check check : move.feasible()) {
                if (check.dynamic() && !check.expr().test(resolver)) {
                    ok = false;
                    break;
                }
            }
            if (!ok) {
                continue;
            }
            double score = move.prefer() == null ? 0 : move.prefer().number(resolver);
            long tie = tie(c.ordinal(), context);
            if (best == null || score > bestScore || (score == bestScore && tie < bestTie)) {
                best = c;
                bestScore = score;
                bestTie = tie;
            }
        }
        if (best == null) {
            throw new IllegalStateException(game.file() + ": move '" + moveId + "' has no feasible content for "
                    + context.me().role() + " in scenario " + context.scenario().id() + " after "
                    + context.transcript().size() + " messages");
        }
        Map<String, Object> out = new LinkedHashMap<>();
        for (FileGame.VarSpec v : move.content().values()) {
            out.put(v.name(), v.quote().isPresent() ? quoted.get(v.name()) : best.content().get(v.name()));
        }
        return out;
    }

    /**
     * How many contents of a move meet the conditions that do not read the history, for this player: 0 means the
     * planner has nothing to say for it (what {@code parley domain check} reports).
     */
    int staticContents(String moveId, PrivateInfo me, int speaker) {
        FileGame.MoveSpec move = game.moves().get(moveId);
        return enumerate(move, me, speaker).size();
    }

    /** A deterministic, seeded order among equally rated contents, from public facts only. */
    private long tie(int ordinal, MoveContext context) {
        long h = game.plannerSeed() * 0x9E3779B97F4A7C15L + ordinal * 0xBF58476D1CE4E5B9L
                + context.transcript().size() * 0x94D049BB133111EBL + context.speaker();
        h ^= h >>> 31;
        h *= 0x94D049BB133111EBL;
        return h ^ (h >>> 29);
    }

    private List<Candidate> candidates(FileGame.MoveSpec move, MoveContext context) {
        Key key = new Key(move.id(), context.me(), context.speaker());
        List<Candidate> c = cache.get(key);
        if (c == null) {
            if (cache.size() > CACHE_LIMIT) {
                cache.clear();
            }
            c = enumerate(move, context.me(), context.speaker());
            cache.put(key, c);
        }
        return c;
    }

    /** Every content of the move's space that meets the conditions that do not read the history. */
    private List<Candidate> enumerate(FileGame.MoveSpec move, PrivateInfo me, int speaker) {
        Bounds bounds = new Bounds(game, me, speaker);
        Map<String, Object> own = Vars.own(game, me, speaker);
        List<Map<String, Object>> combos = new ArrayList<>();
        combos.add(new LinkedHashMap<>());
        for (FileGame.VarSpec v : move.content().values()) {
            if (v.quote().isPresent()) {
                continue;
            }
            List<Object> values = v.type().values(bounds::of);
            List<Map<String, Object>> next = new ArrayList<>(combos.size() * values.size());
            for (Map<String, Object> partial : combos) {
                for (Object value : values) {
                    Map<String, Object> m = new LinkedHashMap<>(partial);
                    m.put(v.name(), value);
                    next.add(m);
                }
            }
            combos = next;
        }
        List<Candidate> out = new ArrayList<>();
        int ordinal = 0;
        for (Map<String, Object> content : combos) {
            Map<String, Object> cel = new HashMap<>();
            content.forEach((n, value) -> cel.put("content." + n, move.content().get(n).type().cel(value)));
            var resolver = Vars.of(cel, own);
            boolean ok = true;
            for (FileGame.Check check : move.feasible()) {
                if (!check.dynamic() && !check.expr().test(resolver)) {
                    ok = false;
                    break;
                }
            }
            if (ok) {
                out.add(new Candidate(content, cel, ordinal));
            }
            ordinal++;
        }
        return List.copyOf(out);
    }

    private static Object javaZero(ContentType type) {
        return type.values(b -> null).get(0);
    }

    @Override
    public Optional<String> chooseMove(MoveContext context, List<String> legalMoveIds, Instruction instruction) {
        if (game.choices().isEmpty()) {
            return Optional.empty();
        }
        var resolver = Vars.of(Vars.speaker(game, context, instruction));
        for (FileGame.Choice c : game.choices()) {
            if (legalMoveIds.contains(c.move()) && (c.when() == null || c.when().test(resolver))) {
                return Optional.of(c.move());
            }
        }
        return Optional.empty();
    }
}
