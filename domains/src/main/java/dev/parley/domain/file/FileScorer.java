package dev.parley.domain.file;

import dev.parley.dialogue.Message;
import dev.parley.dialogue.OutcomeScorer;
import dev.parley.dialogue.Scenario;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * Exact payoffs of a file domain: each role's payoff expression over the final state. The deal is the offer (a move
 * of {@code outcome.offers}) that the first agreeing move answers: the last offer before it by another player; a
 * walk-away move before any agreement ends the dialogue without one. A payoff outside the declared range is the
 * file's error, reported with the scenario, the dialogue and the value.
 */
final class FileScorer implements OutcomeScorer {

    private final FileGame game;

    FileScorer(FileGame game) {
        this.game = game;
    }

    @Override
    public double[] score(Scenario scenario, List<Message> transcript) {
        Map<String, Object> vars = Vars.everyone(game, scenario);
        vars.putAll(outcome(transcript));
        double[] payoffs = new double[game.roles().size()];
        for (int p = 0; p < payoffs.length; p++) {
            String role = game.roles().get(p);
            Map<String, Object> mine = new java.util.HashMap<>();
            mine.put("me", (long) p);
            for (String n : game.privateVars().keySet()) {
                mine.put("my." + n, vars.get(role + "." + n));
            }
            Expr e = game.payoffs().get(role);
            double v = e.number(Vars.of(mine, vars));
            if (!(v >= game.range().min() && v <= game.range().max())) {
                throw e.at().error("the payoff of " + role + " is " + v + ", outside the declared range ["
                        + num(game.range().min()) + ", " + num(game.range().max()) + "], in scenario " + scenario.id()
                        + " after the dialogue " + transcript.stream().map(m -> game.roles().get(m.speaker()) + ":"
                        + m.moveId()).collect(Collectors.joining(", ", "[", "]")));
            }
            payoffs[p] = v;
        }
        return payoffs;
    }

    /** The outcome variables: agreed, deal.*, proposer, acceptor, walked, walker, messages. */
    Map<String, Object> outcome(List<Message> transcript) {
        Map<String, Object> v = new java.util.HashMap<>();
        game.offerVars().forEach((n, t) -> v.put("deal." + n, t.zero()));
        boolean agreed = false;
        long proposer = -1;
        long acceptor = -1;
        boolean walked = false;
        long walker = -1;
        for (int i = 0; i < transcript.size() && !agreed && !walked; i++) {
            Message m = transcript.get(i);
            if (game.outcome().walkAway().contains(m.moveId())) {
                walked = true;
                walker = m.speaker();
            } else if (game.outcome().agree().contains(m.moveId())) {
                for (int j = i - 1; j >= 0; j--) {
                    Message o = transcript.get(j);
                    if (o.speaker() != m.speaker() && game.outcome().offers().contains(o.moveId())) {
                        agreed = true;
                        proposer = o.speaker();
                        acceptor = m.speaker();
                        for (Map.Entry<String, ContentType> e : game.offerVars().entrySet()) {
                            if (o.content().containsKey(e.getKey())) {
                                v.put("deal." + e.getKey(), e.getValue().cel(o.get(e.getKey())));
                            }
                        }
                        break;
                    }
                }
                if (!agreed) {
                    break;
                }
            }
        }
        v.put("agreed", agreed);
        v.put("proposer", proposer);
        v.put("acceptor", acceptor);
        v.put("walked", walked);
        v.put("walker", walker);
        v.put("messages", (long) transcript.size());
        v.put("history", Vars.history(transcript));
        return v;
    }

    private static String num(double d) {
        return d == Math.rint(d) ? Long.toString((long) d) : Double.toString(d);
    }
}
