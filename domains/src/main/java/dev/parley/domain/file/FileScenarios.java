package dev.parley.domain.file;

import dev.parley.dialogue.PrivateInfo;
import dev.parley.dialogue.Scenario;
import dev.parley.dialogue.ScenarioSource;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;

/**
 * A file domain's scenarios: its fixed scenarios first (the first is the default), then seeded draws {@code draw-1},
 * {@code draw-2}, ... from one {@link SplittableRandom} seeded with the experiment's seed, as {@link
 * ScenarioSource#seeded} draws the built-ins'. A draw takes every variable uniformly within its declared range and
 * is kept when every constraint holds.
 */
final class FileScenarios implements ScenarioSource {

    private final FileGame game;

    FileScenarios(FileGame game) {
        this.game = game;
    }

    @Override
    public List<Scenario> scenarios(int count, long seed) {
        if (count < 1) {
            throw new IllegalArgumentException("the number of scenarios must be at least 1, got " + count);
        }
        List<Scenario> fixed = game.scenarios().fixed();
        List<Scenario> out = new ArrayList<>(fixed.subList(0, Math.min(count, fixed.size())));
        if (out.size() < count && !game.scenarios().draws()) {
            throw new IllegalArgumentException(game.name() + " has " + fixed.size() + " fixed scenarios and no draw:"
                    + " it cannot give " + count);
        }
        SplittableRandom random = new SplittableRandom(seed);
        for (int i = out.size(); i < count; i++) {
            String id = out.isEmpty() ? "default" : "draw-" + (i - fixed.size() + 1);
            out.add(draw(id, random));
        }
        return List.copyOf(out);
    }

    /** One draw; fails (the file's error) when no draw in the declared attempts meets the constraints. */
    Scenario draw(String id, SplittableRandom random) {
        for (int attempt = 0; attempt < game.scenarios().attempts(); attempt++) {
            List<Map<String, Double>> numbers = new ArrayList<>();
            Map<String, Double> pub = new HashMap<>();
            game.publicVars().values().forEach(d -> d.draw(random, "public.", pub));
            for (int p = 0; p < game.roles().size(); p++) {
                Map<String, Double> n = new HashMap<>(pub);
                game.privateVars().values().forEach(d -> d.draw(random, "", n));
                numbers.add(n);
            }
            // the constraints read numbers only: the knowledge lines are worded once a draw is kept
            List<PrivateInfo> bare = new ArrayList<>();
            for (int p = 0; p < numbers.size(); p++) {
                bare.add(new PrivateInfo(game.roles().get(p), "", List.of(), numbers.get(p)));
            }
            Map<String, Object> vars = Vars.everyone(game, new Scenario(id, "", bare));
            boolean ok = true;
            for (Expr c : game.scenarios().constraints()) {
                if (!c.test(Vars.of(vars))) {
                    ok = false;
                    break;
                }
            }
            if (ok) {
                return build(game, id, numbers);
            }
        }
        throw game.scenarios().at().error("no draw in " + game.scenarios().attempts() + " attempts meets the"
                + " constraints: widen the ranges, loosen the constraints or raise attempts");
    }

    /** A scenario from each player's numbers: the topic and each role's knowledge lines from the templates. */
    static Scenario build(FileGame game, String id, List<Map<String, Double>> numbers) {
        List<PrivateInfo> players = new ArrayList<>();
        Map<String, Object> topicVars = new HashMap<>(game.constants());
        PrivateInfo first = new PrivateInfo(game.roles().get(0), "", List.of(), numbers.get(0));
        game.publicVars().forEach((n, d) -> topicVars.put("public." + n, d.read(first, "public.")));
        for (int p = 0; p < game.roles().size(); p++) {
            String role = game.roles().get(p);
            PrivateInfo bare = new PrivateInfo(role, "", List.of(), numbers.get(p));
            Map<String, Object> vars = Vars.own(game, bare, p);
            vars.put("role", role);
            List<String> lines = new ArrayList<>();
            for (Template t : game.knowledge().getOrDefault(role, List.of())) {
                lines.add(t.render(Vars.of(vars)));
            }
            players.add(new PrivateInfo(role, "", lines, numbers.get(p)));
        }
        return new Scenario(id, game.scenarios().topic().render(Vars.of(topicVars)), players);
    }
}
