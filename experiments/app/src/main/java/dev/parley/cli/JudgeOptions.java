package dev.parley.cli;

import dev.parley.experiment.Judge;
import picocli.CommandLine.Option;

/** The judge options of {@code experiment} and {@code sweep} (a picocli mixin), read as a typed {@link Judge}. */
final class JudgeOptions {

    @Option(names = "--judge", paramLabel = "exact|llm|llm-joint",
            description = "Payoffs from the domain's exact scorer (reads the verified content) or an LLM judge"
                    + " (reads the words with every player's private information; llm asks score-then-extract per"
                    + " player, the players at once; llm-joint asks once for every payoff). Default: exact offline,"
                    + " llm with a model.")
    String name;

    @Option(names = "--judge-summary",
            description = "With --judge llm: the judge first summarises the outcome (one call per dialogue), then"
                    + " scores each player from the words and the summary.")
    boolean summary;

    /** The judge named, or the default for the backend: exact offline, llm with a model. */
    Judge judge(LlmOptions llm) {
        return Judge.of(name, llm.offline(), summary);
    }
}
