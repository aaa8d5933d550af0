package dev.parley.domain.campsite;

import dev.parley.dialogue.ContentModel;
import dev.parley.dialogue.Domain;
import dev.parley.dialogue.PayoffRange;
import dev.parley.domain.support.ProtocolResources;
import java.util.List;

/**
 * The campsite domain, from CaSiNo (Chawla et al., NAACL 2021): two campsite neighbours split 3 packages each of
 * food, water and firewood over the {@code campsite.dgdl} protocol (free utterances, submit, accept, reject, walk
 * away, under the corpus's turn rules). Scenarios are the real participants' priority tables from the train split,
 * with their own written reasons as the argument bank; instructions are CaSiNo's strategies in four groups (see
 * {@link Strategies}); the exact scorer is CaSiNo's: 5 points a high-priority package, 4 medium, 3 low, 5 each when
 * someone walks away.
 */
public final class Campsite {

    public static final String NAME = "campsite";
    public static final String PROTOCOL_FILE = "campsite.dgdl";

    public static final String SAY = "say";
    public static final String SUBMIT = "submit";
    public static final String ACCEPT = "accept";
    public static final String REJECT = "reject";
    public static final String WALK_AWAY = "walkaway";

    /** Content variables: a free utterance's item, claimed priority and reason; a deal; the deal answered. */
    public static final String ITEM = "item";
    public static final String PRIORITY = "priority";
    public static final String REASON = "reason";
    public static final String DEAL = "deal";
    public static final String TERMS = "terms";
    /** The two sides of a deal, from its submitter's side. */
    public static final String MINE = "mine";
    public static final String YOURS = "yours";
    /** The value of {@link #ITEM}, {@link #PRIORITY} and {@link #REASON} when an utterance names none. */
    public static final String NONE = "none";

    private static final class Holder {
        static final Domain DOMAIN = new Domain(NAME, ProtocolResources.load(PROTOCOL_FILE),
                List.of("First", "Second"), Strategies.instructions(), Strategies.lexicon(),
                CampsiteScenarios.source(), new PayoffRange(0, Items.MAX_POINTS),
                new ContentModel(new CampsitePlanner(), new CampsiteRules(), new CampsiteWords()),
                new CampsiteScorer(), prompts());
    }

    private Campsite() {
    }

    /** The campsite domain (its scenarios are read from the bundled train split on first use). */
    public static Domain domain() {
        return Holder.DOMAIN;
    }

    static Domain.DomainPrompts prompts() {
        return new Domain.DomainPrompts(
                """
                You and another camper are campsite neighbours preparing for a trip. There are 3 packages each of \
                food, water and firewood to split between you. You privately know how much you need each item \
                (high, medium or low priority) and why; you do not know the other camper's priorities. Each turn, \
                either say something (one short message), submit a deal (how many packages of each item each of \
                you gets; every package goes to one of you), or walk away. A submitted deal is answered by the \
                other camper: accept, reject, or walk away. Keep each message short.""",
                """
                Read the negotiation above. Was a deal accepted? If so, count how many packages of food, water and \
                firewood {player} gets in the accepted deal, and compute {player}'s points: 5 for each package of \
                {player}'s high-priority item, 4 for each of the medium one and 3 for each of the low one. If \
                someone walked away, or no deal was accepted, {player} scores 5. Show your calculation, then \
                state the final number.""",
                """
                From the text below, extract {player}'s final points as a single number between 0 and 36. Answer \
                with the number only.""");
    }
}
