package dev.parley.dialogue;

import dev.parley.dgdl.Protocol;
import java.util.List;
import java.util.Objects;

/**
 * A dialogue domain: the protocol the dialogue follows, the players, the instructions a solver can give (and a
 * larger lexicon for prompt-space PSRO), the scenarios chance deals, the payoff range, the content model (offline
 * planner, content rules, realiser), the exact scorer and the prompts a language model is given.
 *
 * @param name               the command-line name, e.g. {@code fruit-trading}
 * @param protocolPlayers    the protocol player id each game player takes, in player order (player 0 moves first)
 * @param instructions       the instruction set, ending with {@link Instruction#ANY} (the baseline)
 * @param instructionLexicon the instructions prompt-space PSRO draws new ones from offline
 */
public record Domain(String name, Protocol protocol, List<String> protocolPlayers, List<Instruction> instructions,
                     List<Instruction> instructionLexicon, ScenarioSource scenarioSource, PayoffRange payoffRange,
                     ContentModel content, OutcomeScorer scorer, DomainPrompts prompts) {

    public Domain {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(protocol, "protocol");
        protocolPlayers = List.copyOf(protocolPlayers);
        instructions = List.copyOf(instructions);
        instructionLexicon = List.copyOf(instructionLexicon);
        Objects.requireNonNull(scenarioSource, "scenarioSource");
        Objects.requireNonNull(payoffRange, "payoffRange");
        Objects.requireNonNull(content, "content");
        Objects.requireNonNull(scorer, "scorer");
        Objects.requireNonNull(prompts, "prompts");
        if (instructions.isEmpty() || !instructions.get(instructions.size() - 1).isBaseline()) {
            throw new IllegalArgumentException("domain " + name + ": the instruction set must end with the baseline "
                    + Instruction.ANY.name());
        }
    }

    /** {@code count} scenarios; the first is the domain's default scenario, the rest are seeded draws. */
    public List<Scenario> scenarios(int count, long seed) {
        return scenarioSource.scenarios(count, seed);
    }

    public double minPayoff() {
        return payoffRange.min();
    }

    public double maxPayoff() {
        return payoffRange.max();
    }

    public ContentPlanner planner() {
        return content.planner();
    }

    /**
     * Prompts used when a language model generates and judges.
     *
     * @param background      the rules of the game, shown to a generating model
     * @param rewardQuery     the judge's scoring question; {@code {player}} is the scored player's name
     * @param extractionQuery the question that extracts the final number from the judge's answer
     */
    public record DomainPrompts(String background, String rewardQuery, String extractionQuery) { }
}
