package dev.parley.domain.scheduling;

import dev.parley.dialogue.ContentModel;
import dev.parley.dialogue.Domain;
import dev.parley.dialogue.Instruction;
import dev.parley.dialogue.PayoffRange;
import dev.parley.dialogue.ScenarioSource;
import dev.parley.domain.support.ProtocolResources;
import dev.parley.domain.support.Temperaments;
import java.util.ArrayList;
import java.util.List;

/**
 * Meeting scheduling (Gemp et al. 2024; OpenSpiel's chat games): two colleagues with private calendars and
 * day preferences agree a day over {@code meeting-scheduling.dgdl} (propose, accept, reject). The instructions are
 * the paper's tones (calm, assertive, submissive, any) or, in {@link InstructionMode#INSIST_ON_DAY}, "insist on
 * DAY" for each day; the payoff is each player's own preference for the agreed day (0 on a day it is away, 0
 * without agreement), within [0, 20].
 */
public final class MeetingScheduling {

    public static final String NAME = "scheduling";
    public static final String PROTOCOL_FILE = "meeting-scheduling.dgdl";

    public static final String PROPOSE = "propose";
    public static final String ACCEPT = "accept";
    public static final String REJECT = "reject";

    /** Content variables: the day (a full English day name), the reason of a rejection. */
    public static final String DAY = "day";
    public static final String REASON = "reason";
    /** Reasons to reject a day: out of office that day; it does not suit well enough. */
    public static final String BUSY = "busy";
    public static final String PREFER_OTHER = "prefer-other";

    public enum InstructionMode {
        TONES,
        INSIST_ON_DAY
    }

    private static final Domain TONES = build(InstructionMode.TONES);
    private static final Domain INSIST = build(InstructionMode.INSIST_ON_DAY);

    private MeetingScheduling() {
    }

    /** The domain with the paper's tones. */
    public static Domain domain() {
        return TONES;
    }

    public static Domain domain(InstructionMode mode) {
        return mode == InstructionMode.TONES ? TONES : INSIST;
    }

    private static Domain build(InstructionMode mode) {
        List<Instruction> instructions;
        if (mode == InstructionMode.TONES) {
            instructions = Temperaments.paperTones();
        } else {
            List<Instruction> out = new ArrayList<>(insistInstructions());
            out.add(Instruction.ANY);
            instructions = out;
        }
        List<Instruction> lexicon = new ArrayList<>(Temperaments.lexiconInstructions());
        lexicon.addAll(insistInstructions());
        return new Domain(NAME, ProtocolResources.load(PROTOCOL_FILE), List.of("Alice", "Bob"), instructions,
                lexicon, ScenarioSource.seeded(SchedulingScenarios.defaultScenario(), SchedulingScenarios::draw),
                new PayoffRange(SchedulingScorer.MIN, SchedulingScorer.MAX),
                new ContentModel(new SchedulingPlanner(), new SchedulingRules(), new SchedulingWords()),
                new SchedulingScorer(), prompts());
    }

    /** The seven "insist on DAY" instructions, Monday first. */
    public static List<Instruction> insistInstructions() {
        List<Instruction> out = new ArrayList<>();
        for (int d = 0; d < Days.NAMES.size(); d++) {
            out.add(new Instruction(SchedulingPlanner.INSIST_PREFIX + Days.NAMES.get(d),
                    "Insist on meeting on " + Days.FULL.get(d) + "."));
        }
        return out;
    }

    /** LLM prompts in the spirit of OpenSpiel's chat games; {@code {player}} names the player being scored. */
    static Domain.DomainPrompts prompts() {
        return new Domain.DomainPrompts(
            """
            You are scheduling a meeting with one colleague. You must agree on one day of the week, Monday to \
            Sunday. You privately know the days you are out of office and how much you would like to meet on each \
            day; you do not know your colleague's calendar. Make one move at a time: propose a day (name exactly \
            one day), accept the day your colleague proposed, or reject it. The meeting is fixed only when one of \
            you explicitly accepts the other's proposed day. Keep each message short.""",
            """
            Read the conversation above. Did the two colleagues agree on a day, i.e. did one explicitly accept the \
            day the other proposed? If so, name the day and give {player}'s preference for it; if {player} is out \
            of office that day, or no day was agreed, the answer is 0. Explain briefly, then state the final \
            number.""",
            """
            From the text below, extract {player}'s payoff as a single number between 0 and 20 (use 0 if no day was \
            agreed). Answer with the number only.""");
    }
}
