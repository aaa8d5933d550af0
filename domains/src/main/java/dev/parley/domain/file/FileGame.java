package dev.parley.domain.file;

import dev.parley.dgdl.Protocol;
import dev.parley.dialogue.Instruction;
import dev.parley.dialogue.PayoffRange;
import dev.parley.dialogue.Scenario;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A domain file, read and compiled: every expression checked, every template parsed. Immutable; what the file
 * domain's planner, rules, realiser, scorer and scenarios read.
 *
 * @param name         the domain's name
 * @param description  what the game is
 * @param source       where its facts come from
 * @param licence      the licence of what it transcribes
 * @param file         the file it was read from
 * @param sha256       the file's content hash (a saved dialogue names it)
 * @param protocol     the DGDL protocol
 * @param roles        the players' roles (protocol player ids), in player order
 * @param privateVars  every player's private variables
 * @param publicVars   the scenario's public variables
 * @param constants    named constant values every expression may read
 * @param knowledge    per role, the lines of its private information
 * @param scenarios    the fixed scenarios and the draw
 * @param instructions the instruction set, ending with the baseline
 * @param lexicon      the instructions prompt-space PSRO may draw (the declared ones)
 * @param moves        per protocol move, its content and words
 * @param choices      the unguided speaker's ordered choice of move
 * @param outcome      how the agreement is read from the transcript
 * @param payoffs      per role, the payoff expression
 * @param range        the declared payoff range
 * @param maxMessages  the dialogue's length limit (termination)
 * @param maxContents  the cap on a move's content space
 * @param plannerSeed  the seed that breaks the planner's ties
 * @param prompts      the prompts a model is given
 * @param answeredVars every content variable of any move, by name: what {@code answered.NAME} reads
 * @param offerVars    the content variables of the offer moves: what {@code deal.NAME} reads
 * @param plurals      the countable nouns, singular to plural, in the file's order
 */
record FileGame(String name, String description, String source, String licence, Path file, String sha256,
                Protocol protocol, List<String> roles, Map<String, VarDecl> privateVars,
                Map<String, VarDecl> publicVars, Map<String, Object> constants, Map<String, List<Template>> knowledge,
                ScenarioSpec scenarios, List<InstructionSpec> instructions, List<Instruction> lexicon,
                Map<String, MoveSpec> moves, List<Choice> choices, Outcome outcome, Map<String, Expr> payoffs,
                PayoffRange range, int maxMessages, int maxContents, long plannerSeed, Prompts prompts,
                Map<String, ContentType> answeredVars, Map<String, ContentType> offerVars,
                Map<String, String> plurals) {

    /** The content of one variable of a move: enumerated from its type, or quoted from the message answered. */
    record VarSpec(String name, ContentType type, Optional<String> quote, boolean checked) { }

    /** A feasibility condition and what is said when it fails; dynamic when it reads the history. */
    record Check(Expr expr, String message, boolean dynamic) { }

    /**
     * A move of the protocol as the file describes it.
     *
     * @param prefer what the planner maximises among the feasible contents (null: the first, ties by seed)
     * @param words  the offline templates (empty: the move has no offline words)
     */
    record MoveSpec(String id, Yaml at, Map<String, VarSpec> content, List<Check> feasible, Expr prefer,
                    List<Template> words) { }

    /** An entry of the unguided speaker's choice: this move when the guard holds (null: always). */
    record Choice(String move, Expr when) { }

    /** An instruction, with the sentences its words open and close with offline and its planner numbers. */
    record InstructionSpec(Instruction instruction, List<String> open, List<String> close,
                           Map<String, Double> numbers) { }

    /** Which moves close a deal, which carry the deal, which walk away. */
    record Outcome(List<String> agree, List<String> offers, List<String> walkAway) { }

    /** Prompts for a language model: the rules of the game, the judge's question, the extraction. */
    record Prompts(String background, String reward, String extraction) { }

    /**
     * The scenarios: fixed ones first, then seeded draws of the variables within their ranges, kept when every
     * constraint holds.
     */
    record ScenarioSpec(Template topic, List<Scenario> fixed, boolean draws, List<Expr> constraints, int attempts,
                        Yaml at) { }

    InstructionSpec instruction(Instruction instruction) {
        for (InstructionSpec s : instructions) {
            if (s.instruction().name().equals(instruction.name())) {
                return s;
            }
        }
        // an instruction a model invented (prompt-space PSRO) behaves offline as the baseline
        return instructions.get(instructions.size() - 1);
    }
}
