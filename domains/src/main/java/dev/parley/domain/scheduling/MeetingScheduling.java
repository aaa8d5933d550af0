package dev.parley.domain.scheduling;

import dev.parley.dgdl.Protocol;
import dev.parley.dialogue.ContentPlanner;
import dev.parley.dialogue.Domain;
import dev.parley.dialogue.Instruction;
import dev.parley.dialogue.OutcomeScorer;
import dev.parley.dialogue.Scenario;
import dev.parley.domain.support.ProtocolResources;
import dev.parley.domain.support.Temperaments;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * Meeting scheduling (Gemp et al. 2024; OpenSpiel's chat games): two colleagues with private days out of office and
 * day preferences agree a day over {@code meeting-scheduling.dgdl} (propose, accept, reject). The instructions are
 * either the tones calm, assertive, submissive (the default) or "insist on DAY" for each day, with the baseline
 * {@code any} last; the payoff is the agreed day's preference, 0 without agreement or on a day away (0..20).
 */
public final class MeetingScheduling implements Domain {

    public static final String NAME = "scheduling";
    public static final String PROTOCOL_FILE = "meeting-scheduling.dgdl";

    public static final String PROPOSE = "propose";
    public static final String ACCEPT = "accept";
    public static final String REJECT = "reject";

    /** Content keys: the day (Mon..Sun) and a plan summary. */
    public static final String DAY = "day";
    public static final String SUMMARY = "summary";

    /** Which instruction set the solver chooses from. */
    public enum InstructionMode {
        /** calm, assertive, submissive, any. */
        TONES,
        /** insist-on-Mon ... insist-on-Sun, any. */
        INSIST_ON_DAY
    }

    private static final Protocol PROTOCOL = ProtocolResources.load(PROTOCOL_FILE);

    private final InstructionMode mode;
    private final SchedulingPlanner planner = new SchedulingPlanner();
    private final SchedulingScorer scorer = new SchedulingScorer();

    /** The default: tones. */
    public MeetingScheduling() {
        this(InstructionMode.TONES);
    }

    public MeetingScheduling(InstructionMode mode) {
        this.mode = Objects.requireNonNull(mode, "mode");
    }

    public InstructionMode mode() {
        return mode;
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
        if (mode == InstructionMode.TONES) {
            return Temperaments.paperTones();
        }
        List<Instruction> out = new ArrayList<>(insistInstructions());
        out.add(Instruction.ANY);
        return List.copyOf(out);
    }

    /** The tone lexicon followed by the seven insist instructions. */
    @Override
    public List<Instruction> instructionLexicon() {
        List<Instruction> out = new ArrayList<>(Temperaments.lexiconInstructions());
        out.addAll(insistInstructions());
        return List.copyOf(out);
    }

    @Override
    public List<Scenario> scenarios(int count, long seed) {
        return SchedulingScenarios.scenarios(count, seed);
    }

    @Override
    public double minPayoff() {
        return SchedulingScorer.MIN;
    }

    @Override
    public double maxPayoff() {
        return SchedulingScorer.MAX;
    }

    @Override
    public ContentPlanner planner() {
        return planner;
    }

    @Override
    public OutcomeScorer scorer() {
        return scorer;
    }

    @Override
    public DomainPrompts prompts() {
        return PROMPTS;
    }

    /** LLM prompts in the spirit of OpenSpiel's chat games; {@code {player}} names the player being scored. */
    static final DomainPrompts PROMPTS = new DomainPrompts(
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
