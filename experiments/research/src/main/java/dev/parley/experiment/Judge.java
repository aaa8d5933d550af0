package dev.parley.experiment;

import dev.parley.dialogue.Domain;
import dev.parley.dialogue.RewardModel;
import dev.parley.error.InvalidSettingException;
import dev.parley.llm.ChatBackend;
import dev.parley.llm.LlmRewardModel;
import dev.parley.llm.RewardSpec;
import java.util.List;

/**
 * What scores a finished dialogue, with the label reports give it: the domain's exact scorer, or an LLM judge that
 * reads the words with every player's private information, asked once per player or once for every payoff.
 */
public sealed interface Judge permits Judge.Exact, Judge.Llm {

    /** The names {@link #of} accepts, which are also the labels. */
    List<String> NAMES = List.of("exact", "llm", "llm-joint");

    /** The exact scorer. */
    Judge EXACT = new Exact();

    /** The label in reports and the name on the command line. */
    String label();

    /** Whether it needs a language model. */
    boolean usesModel();

    /**
     * Its reward model for {@code domain}.
     *
     * @param chat the model, {@code null} offline (only {@link Exact} needs none)
     * @param seed the judge's sampling seed
     */
    RewardModel rewardModel(Domain domain, ChatBackend chat, long seed);

    /**
     * The judge called {@code name}; {@code null} names the default, exact offline and per player with a model.
     *
     * @param summarise an LLM judge first summarises the outcome, then scores each player from the summary
     */
    static Judge of(String name, boolean offline, boolean summarise) {
        String n = name == null ? (offline ? "exact" : "llm") : name;
        return switch (n) {
            case "exact" -> EXACT;
            case "llm" -> new PerPlayer(summarise);
            case "llm-joint" -> new Joint(summarise);
            default -> throw new InvalidSettingException("judge", "'" + n + "'",
                    "must be " + String.join(", ", NAMES.subList(0, 2)) + " or " + NAMES.get(2));
        };
    }

    /** The domain's scorer, reading the verified content. */
    record Exact() implements Judge {
        @Override
        public String label() {
            return "exact";
        }

        @Override
        public boolean usesModel() {
            return false;
        }

        @Override
        public RewardModel rewardModel(Domain domain, ChatBackend chat, long seed) {
            return RewardModel.exact(domain);
        }
    }

    /** An LLM judge: it reads the words with every player's private information, so it needs a model. */
    sealed interface Llm extends Judge permits PerPlayer, Joint {

        /** Whether it first summarises the outcome, then scores each player from the summary. */
        boolean summarise();

        /** How it is asked for the payoffs. */
        LlmRewardModel.Protocol protocol();

        @Override
        default boolean usesModel() {
            return true;
        }

        @Override
        default RewardModel rewardModel(Domain domain, ChatBackend chat, long seed) {
            java.util.Objects.requireNonNull(chat, () -> "the " + label() + " judge needs a language model");
            RewardSpec spec = new RewardSpec(domain.prompts().background(), domain.prompts().rewardQuery(),
                    domain.minPayoff(), domain.maxPayoff());
            return RewardModel.judge(new LlmRewardModel(chat, spec, seed, summarise(), protocol()));
        }
    }

    /** An LLM judge asked score-then-extract for each player. */
    record PerPlayer(boolean summarise) implements Llm {
        @Override
        public String label() {
            return "llm";
        }

        @Override
        public LlmRewardModel.Protocol protocol() {
            return LlmRewardModel.Protocol.PER_PLAYER;
        }
    }

    /** An LLM judge asked once for every player's payoff. */
    record Joint(boolean summarise) implements Llm {
        @Override
        public String label() {
            return "llm-joint";
        }

        @Override
        public LlmRewardModel.Protocol protocol() {
            return LlmRewardModel.Protocol.JOINT;
        }
    }
}
