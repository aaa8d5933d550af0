package dev.parley.dialogue;

import dev.parley.llm.FinishedDialogue;
import dev.parley.llm.LlmRewardModel;
import dev.parley.llm.Payoffs;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * The one port through which a finished dialogue gets its payoffs: the domain's exact scorer, which reads the
 * verified content, or an LLM judge, which reads the words with every player's private information. Never null:
 * a game always has one. Thread-safe.
 */
public interface RewardModel {

    /** One payoff per player, clipped to the domain's range by the caller. */
    Payoffs score(Scenario scenario, List<Message> transcript);

    /** What produced the payoffs, shown in every report ("exact:fruit-trading", "llm-judge:openai:gpt-4o"). */
    String backend();

    /** The domain's exact scorer. */
    static RewardModel exact(Domain domain) {
        Objects.requireNonNull(domain, "domain");
        String label = "exact:" + domain.name();
        return new RewardModel() {
            @Override
            public Payoffs score(Scenario scenario, List<Message> transcript) {
                double[] v = domain.scorer().score(scenario, transcript);
                List<Double> values = new ArrayList<>(v.length);
                for (double x : v) {
                    values.add(x);
                }
                return Payoffs.exact(values, label);
            }

            @Override
            public String backend() {
                return label;
            }
        };
    }

    /** An LLM judge: each player is named by its role and its private lines are shown to the judge. */
    static RewardModel judge(LlmRewardModel judge) {
        Objects.requireNonNull(judge, "judge");
        return new RewardModel() {
            @Override
            public Payoffs score(Scenario scenario, List<Message> transcript) {
                return judge.score(finished(scenario, transcript));
            }

            @Override
            public String backend() {
                return judge.backend();
            }
        };
    }

    /** A finished dialogue as a judge sees it: names, every player's private lines, the words. */
    static FinishedDialogue finished(Scenario scenario, List<Message> transcript) {
        List<String> names = new ArrayList<>();
        List<String> info = new ArrayList<>();
        for (PrivateInfo p : scenario.players()) {
            names.add(p.role());
            info.add(String.join("\n", p.knowledge()));
        }
        List<FinishedDialogue.Turn> turns = new ArrayList<>();
        for (Message m : transcript) {
            turns.add(new FinishedDialogue.Turn(m.speaker(), m.text()));
        }
        return new FinishedDialogue(names, info, turns);
    }
}
