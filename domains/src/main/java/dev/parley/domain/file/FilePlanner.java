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
    private final Map<Own, Map<String, Object>> owns = new ConcurrentHashMap<>();
    private final Map<Plan, Map<String, Object>> plans = new ConcurrentHashMap<>();
    private final Map<Plan, Optional<String>> choices = new ConcurrentHashMap<>();
    /** Per move, the history variables its expressions read: a plan depends on the node through these only. */
    private final Map<String, List<String>> reads = new ConcurrentHashMap<>();

    private record Key(String move, PrivateInfo me, int speaker) { }

    private record Own(PrivateInfo me, int speaker) { }

    /** A plan (or a choice of move) by everything it depends on: so a tree asks the expressions once per value. */
    private record Plan(String move, PrivateInfo me, int speaker, String instruction, List<Object> values) { }

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
        Map<String, Object> own = own(context.me(), context.speaker());
        SpeakerScope scope = new SpeakerScope(game, own, context, instruction);
        Plan key = new Plan(moveId, context.me(), context.speaker(), instruction.name(), values(move, scope));
        Map<String, Object> memo = plans.get(key);
        if (memo == null) {
            memo = planAt(move, context, scope);
            if (plans.size() > 16 * CACHE_LIMIT) {
                plans.clear();
            }
            plans.put(key, memo);
        }
        return memo;
    }

    /** The values of the history variables the move's expressions read, in a fixed order. */
    private List<Object> values(FileGame.MoveSpec move, SpeakerScope scope) {
        List<String> names = reads.computeIfAbsent(move.id(), id -> dependencies(move));
        List<Object> out = new ArrayList<>(names.size());
        for (String n : names) {
            out.add(scope.get(n));
        }
        return out;
    }

    private List<String> dependencies(FileGame.MoveSpec move) {
        java.util.Set<String> names = new java.util.TreeSet<>();
        java.util.List<Expr> exprs = new ArrayList<>();
        move.feasible().forEach(c -> exprs.add(c.expr()));
        if (move.prefer() != null) {
            exprs.add(move.prefer());
        }
        for (Expr e : exprs) {
            for (String r : e.references()) {
                if (dynamic(r)) {
                    names.add(r);
                }
            }
        }
        // a quoted variable, and the last message it is quoted from
        move.content().values().forEach(v -> v.quote().ifPresent(q -> names.add("answered." + q)));
        return List.copyOf(names);
    }

    private static boolean dynamic(String name) {
        for (String d : Vars.DYNAMIC) {
            if (name.equals(d) || (d.endsWith(".") && name.startsWith(d))) {
                return true;
            }
        }
        return false;
    }

    Map<String, Object> own(PrivateInfo me, int speaker) {
        Own key = new Own(me, speaker);
        Map<String, Object> o = owns.get(key);
        if (o == null) {
            if (owns.size() > CACHE_LIMIT) {
                owns.clear();
            }
            o = Map.copyOf(Vars.own(game, me, speaker));
            owns.put(key, o);
        }
        return o;
    }

    private Map<String, Object> planAt(FileGame.MoveSpec move, MoveContext context, SpeakerScope vars) {
        String moveId = move.id();
        Map<String, Object> quoted = new HashMap<>();
        Map<String, Object> quotedCel = new HashMap<>();
        for (FileGame.VarSpec v : move.content().values()) {
            v.quote().ifPresent(q -> {
                Object c = vars.get("answered." + q);
                quotedCel.put("content." + v.name(), c);
                boolean answering = context.last() != null && context.last().speaker() != context.speaker();
                Object said = answering ? context.last().get(q) : null;
                quoted.put(v.name(), said == null ? javaZero(v.type()) : said);
            });
        }
        Candidate best = null;
        double bestScore = Double.NEGATIVE_INFINITY;
        long bestTie = 0;
        Map<String, Object> layer = new HashMap<>();
        dev.cel.runtime.CelVariableResolver resolver = name -> {
            Object v = layer.get(name);
            return v != null ? Optional.of(v) : vars.find(name);
        };
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
            long tie = tie(c.ordinal(), context.speaker());
            if (best == null || score > bestScore || (score == bestScore && tie < bestTie)) {
                best = c;
                bestScore = score;
                bestTie = tie;
            }
        }
        if (best == null) {
            // the file's conditions leave this speaker nothing to say here: the file's error, at the move
            throw move.at().error("the move '" + moveId + "' has no feasible content for " + context.me().role()
                    + " in scenario " + context.scenario().id() + " after " + context.transcript().size()
                    + " messages");
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

    /**
     * A deterministic, seeded order among equally rated contents: by the planner seed, the content and the speaker
     * only (not the node), so a plan is the same whichever node asks for it first.
     */
    private long tie(int ordinal, int speaker) {
        long h = game.plannerSeed() * 0x9E3779B97F4A7C15L + ordinal * 0xBF58476D1CE4E5B9L + speaker;
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
        Map<String, Object> own = own(me, speaker);
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
        SpeakerScope scope = new SpeakerScope(game, own(context.me(), context.speaker()), context, instruction);
        List<Object> values = new ArrayList<>(legalMoveIds);
        for (String n : reads.computeIfAbsent(" choose", id -> guards())) {
            values.add(scope.get(n));
        }
        Plan key = new Plan(" choose", context.me(), context.speaker(), instruction.name(), values);
        Optional<String> memo = choices.get(key);
        if (memo == null) {
            memo = Optional.empty();
            for (FileGame.Choice c : game.choices()) {
                if (legalMoveIds.contains(c.move()) && (c.when() == null || c.when().test(scope))) {
                    memo = Optional.of(c.move());
                    break;
                }
            }
            if (choices.size() > 16 * CACHE_LIMIT) {
                choices.clear();
            }
            choices.put(key, memo);
        }
        return memo;
    }

    /** The history variables the choice guards read. */
    private List<String> guards() {
        java.util.Set<String> names = new java.util.TreeSet<>();
        for (FileGame.Choice c : game.choices()) {
            if (c.when() != null) {
                c.when().references().stream().filter(FilePlanner::dynamic).forEach(names::add);
            }
        }
        return List.copyOf(names);
    }
}
