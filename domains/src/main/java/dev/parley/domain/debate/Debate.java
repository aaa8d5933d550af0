package dev.parley.domain.debate;

import dev.parley.dialogue.ContentModel;
import dev.parley.dialogue.Domain;
import dev.parley.dialogue.Message;
import dev.parley.dialogue.PayoffRange;
import dev.parley.dialogue.ScenarioSource;
import dev.parley.domain.support.ProtocolResources;
import java.util.List;
import java.util.Map;

/**
 * Debate (Gemp et al. 2024): two debaters with private stances argue a proposition over {@code debate-game.dgdl}
 * (claim, argue, rebut, concede, close). Instructions are the styles logos, pathos, ethos and the baseline
 * {@code any}; the payoff is the judge's verdict in [0, 1]: offline, {@link DebateJudge} weighs the arguments made
 * as a value-based framework for the scenario's audience.
 */
public final class Debate {

    public static final String NAME = "debate";
    public static final String PROTOCOL_FILE = "debate-game.dgdl";

    public static final String CLAIM = "claim";
    public static final String ARGUE = "argue";
    public static final String REBUT = "rebut";
    public static final String CONCEDE = "concede";
    public static final String CLOSE = "close";

    /** The one content variable of every move: an argument. */
    public static final String ARGUMENT = "argument";
    /** The members of an argument: its claim, an optional premise, a bank reference, what a rebuttal attacks. */
    public static final String CLAIM_KEY = "claim";
    public static final String PREMISE = "premise";
    public static final String REF = "ref";
    public static final String TARGET = "target";

    private static final Domain BANKED = build(false);
    private static final Domain ALL = build(true);

    private Debate() {
    }

    /** Scenarios over the topics with an argument bank (what the offline game needs). */
    public static Domain domain() {
        return BANKED;
    }

    /**
     * @param allPropositions draw scenarios from all {@link DebateScenarios#PROPOSITIONS} (for language-model runs)
     *                        rather than from the banked topics only
     */
    public static Domain domain(boolean allPropositions) {
        return allPropositions ? ALL : BANKED;
    }

    private static Domain build(boolean allPropositions) {
        return new Domain(NAME, ProtocolResources.load(PROTOCOL_FILE), List.of("Alice", "Bob"),
                DebateStyles.paperStyles(), DebateStyles.lexiconInstructions(),
                ScenarioSource.seeded(DebateScenarios.defaultScenario(),
                        (id, random) -> DebateScenarios.draw(id, random, allPropositions)),
                new PayoffRange(DebateJudge.MIN, DebateJudge.MAX),
                new ContentModel(new DebatePlanner(), new DebateRules(), new DebateWords()), new DebateJudge(),
                prompts());
    }

    /** A member of a message's argument ({@link #CLAIM_KEY}, {@link #PREMISE}, {@link #REF}, {@link #TARGET}), or "". */
    public static String member(Message m, String key) {
        Object a = m.get(ARGUMENT);
        if (a instanceof Map<?, ?> map && map.get(key) instanceof String s) {
            return s;
        }
        return "";
    }

    /** LLM prompts in the spirit of OpenSpiel's chat games; {@code {player}} names the debater being scored. */
    static Domain.DomainPrompts prompts() {
        return new Domain.DomainPrompts(
            """
            You are taking part in a public debate on a proposition. You argue the side you are given, for or \
            against, in front of an audience. Make one move at a time: state your claim, give an argument for your \
            side, rebut a specific argument of your opponent, concede, or close the debate. Make each argument a \
            single clear point; keep each message short, and let your words state your claim (and your reason) in \
            the claim's own words.""",
            """
            You are the judge of the debate above. Consider which arguments were made, which were rebutted, and \
            what the audience cares about. Did {player} win the debate? Give a verdict for {player} between 0 (lost) \
            and 1 (won), 0.5 for a draw; a debater who conceded lost. Explain briefly, then state the verdict.""",
            """
            From the text below, extract the verdict for {player} as a single number between 0 and 1. Answer with \
            the number only.""");
    }
}
