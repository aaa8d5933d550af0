package dev.parley.domain.fruit;

import dev.parley.dialogue.Message;
import dev.parley.dialogue.OutcomeScorer;
import dev.parley.dialogue.Scenario;
import java.util.List;

/**
 * Exact fruit-trading payoffs, read from the verified content. The agreed trade is the offer (propose or counter) that the first {@code accept}
 * answers: the last offer before it made by the other trader. Each trader's payoff is the value of what it receives
 * minus the value of what it gives, by its own unit values; 0 for both when nobody accepted, when no offer was on
 * the table, or when the trade cannot be carried out (a trader would give fruit it does not hold). Payoffs are
 * clipped to [{@value #MIN}, {@value #MAX}] (OpenSpiel's range): with up to 5 pieces worth up to 10 each, a lopsided
 * trade could otherwise exceed it.
 */
public final class FruitScorer implements OutcomeScorer {

    public static final double MIN = -20;
    public static final double MAX = 20;

    @Override
    public double[] score(Scenario scenario, List<Message> transcript) {
        double[] payoffs = new double[scenario.players().size()];
        int accept = -1;
        for (int i = 0; i < transcript.size(); i++) {
            if (transcript.get(i).moveId().equals(FruitTrading.ACCEPT)) {
                accept = i;
                break;
            }
        }
        if (accept < 0) {
            return payoffs;
        }
        int acceptor = transcript.get(accept).speaker();
        Message offer = null;
        for (int i = accept - 1; i >= 0 && offer == null; i--) {
            Message m = transcript.get(i);
            if (m.speaker() != acceptor && FruitPlanner.isOffer(m.moveId())) {
                offer = m;
            }
        }
        if (offer == null) {
            return payoffs;
        }
        int proposer = offer.speaker();
        int[] proposerGives = Fruits.gives(offer.get(FruitTrading.OFFER));
        int[] proposerGets = Fruits.gets(offer.get(FruitTrading.OFFER));
        if (!Fruits.covers(Fruits.have(scenario.player(proposer)), proposerGives)
                || !Fruits.covers(Fruits.have(scenario.player(acceptor)), proposerGets)) {
            return payoffs;
        }
        double[] vp = Fruits.values(scenario.player(proposer));
        double[] va = Fruits.values(scenario.player(acceptor));
        payoffs[proposer] = clip(Fruits.worth(proposerGets, vp) - Fruits.worth(proposerGives, vp));
        payoffs[acceptor] = clip(Fruits.worth(proposerGives, va) - Fruits.worth(proposerGets, va));
        return payoffs;
    }

    private static double clip(double v) {
        return Math.max(MIN, Math.min(MAX, v));
    }
}
