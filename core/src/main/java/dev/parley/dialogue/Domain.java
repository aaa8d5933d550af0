package dev.parley.dialogue;

import dev.parley.dgdl.Protocol;
import java.util.List;

/**
 * A dialogue domain: the protocol the dialogue follows, the scenarios chance deals, the instructions a solver can
 * give, the offline content planner and the exact scorer, and the prompts an LLM backend uses.
 */
public interface Domain {

    /** The command-line name, e.g. {@code fruit-trading}. */
    String name();

    /** The DGDL protocol the dialogue follows. */
    Protocol protocol();

    /**
     * The protocol player id each game player takes, in player order (player 0 moves first).
     */
    List<String> protocolPlayers();

    /** The instruction set, ending with {@link Instruction#ANY} (the baseline). */
    List<Instruction> instructions();

    /** A larger lexicon from which prompt-space PSRO draws new instructions offline. */
    List<Instruction> instructionLexicon();

    /**
     * {@code count} scenarios; the first is the domain's default scenario, the rest are seeded draws.
     */
    List<Scenario> scenarios(int count, long seed);

    double minPayoff();

    double maxPayoff();

    ContentPlanner planner();

    OutcomeScorer scorer();

    /** The LLM prompts: background for generation, the reward query and the number-extraction query. */
    DomainPrompts prompts();

    /** Prompts used when a language model generates and judges. */
    record DomainPrompts(String background, String rewardQuery, String extractionQuery) { }
}
