package dev.parley.domain.debate;

import dev.parley.dgdl.Protocol;
import dev.parley.dialogue.ContentPlanner;
import dev.parley.dialogue.Domain;
import dev.parley.dialogue.Instruction;
import dev.parley.dialogue.OutcomeScorer;
import dev.parley.dialogue.Scenario;
import dev.parley.domain.support.ProtocolResources;
import java.util.List;

/**
 * Debate (Gemp et al. 2024): two debaters with private stances argue a proposition over {@code debate-game.dgdl}
 * (claim, argue, rebut, concede, close). Instructions are the styles logos, pathos, ethos and the baseline
 * {@code any}; the payoff is the judge's verdict in [0, 1]: offline, {@link DebateJudge} weighs the arguments made
 * as a value-based framework for the scenario's audience.
 */
public final class Debate implements Domain {

    public static final String NAME = "debate";
    public static final String PROTOCOL_FILE = "debate-game.dgdl";

    public static final String CLAIM = "claim";
    public static final String ARGUE = "argue";
    public static final String REBUT = "rebut";
    public static final String CONCEDE = "concede";
    public static final String CLOSE = "close";

    /** Content keys: the side claimed, the banked argument or rebuttal used, what a rebuttal attacks, a summary. */
    public static final String CLAIM_KEY = "claim";
    public static final String ARGUMENT = "argument";
    public static final String REBUTTAL = "rebuttal";
    public static final String ATTACKS = "attacks";
    public static final String SUMMARY = "summary";

    private static final Protocol PROTOCOL = ProtocolResources.load(PROTOCOL_FILE);

    private final boolean allPropositions;
    private final DebatePlanner planner = new DebatePlanner();
    private final DebateJudge judge = new DebateJudge();

    /** Scenarios over the topics with an argument bank (what the offline game needs). */
    public Debate() {
        this(false);
    }

    /**
     * @param allPropositions draw scenarios from all {@link DebateScenarios#PROPOSITIONS} (for language-model runs)
     *                        rather than from the banked topics only
     */
    public Debate(boolean allPropositions) {
        this.allPropositions = allPropositions;
    }

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public Protocol protocol() {
        return PROTOCOL;
    }

    @Override
    public List<String> protocolPlayers() {
        return List.of("Alice", "Bob");
    }

    @Override
    public List<Instruction> instructions() {
        return DebateStyles.paperStyles();
    }

    @Override
    public List<Instruction> instructionLexicon() {
        return DebateStyles.lexiconInstructions();
    }

    @Override
    public List<Scenario> scenarios(int count, long seed) {
        return DebateScenarios.scenarios(count, seed, allPropositions);
    }

    @Override
    public double minPayoff() {
        return DebateJudge.MIN;
    }

    @Override
    public double maxPayoff() {
        return DebateJudge.MAX;
    }

    @Override
    public ContentPlanner planner() {
        return planner;
    }

    @Override
    public OutcomeScorer scorer() {
        return judge;
    }

    @Override
    public DomainPrompts prompts() {
        return PROMPTS;
    }

    /** LLM prompts in the spirit of OpenSpiel's chat games; {@code {player}} names the debater being scored. */
    static final DomainPrompts PROMPTS = new DomainPrompts(
            """
            You are taking part in a public debate on a proposition. You argue the side you are given, for or \
            against, in front of an audience. Make one move at a time: state your claim, give an argument for your \
            side, rebut a specific argument of your opponent, concede, or close the debate. Make each argument a \
            single clear point; keep each message short.""",
            """
            You are the judge of the debate above. Consider which arguments were made, which were rebutted, and \
            what the audience cares about. Did {player} win the debate? Give a verdict for {player} between 0 (lost) \
            and 1 (won), 0.5 for a draw; a debater who conceded lost. Explain briefly, then state the verdict.""",
            """
            From the text below, extract the verdict for {player} as a single number between 0 and 1. Answer with \
            the number only.""");
}
