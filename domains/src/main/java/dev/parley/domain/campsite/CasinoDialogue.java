package dev.parley.domain.campsite;

import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * One CaSiNo negotiation as recorded: the turns in order, and each camper's priorities, reasons and outcome.
 *
 * @param id        CaSiNo's {@code dialogue_id}
 * @param turns     the chat log in order
 * @param campers   the two campers by CaSiNo agent id ({@code mturk_agent_1}, {@code mturk_agent_2})
 * @param annotated whether the dialogue carries strategy annotations (396 of the 1,030 do)
 */
public record CasinoDialogue(int id, List<Turn> turns, Map<String, Camper> campers, boolean annotated) {

    public CasinoDialogue {
        turns = List.copyOf(turns);
        campers = Map.copyOf(campers);
    }

    /** What a turn is: free words or one of the four deal actions of CaSiNo's interface. */
    public enum Kind { UTTERANCE, SUBMIT, ACCEPT, REJECT, WALK_AWAY }

    /**
     * One turn.
     *
     * @param agent  the speaker's agent id
     * @param text   the words ({@code Submit-Deal} and the like for the deal actions)
     * @param mine   for a submit: the packages per item the submitter gets ({@code issue2youget}), else null
     * @param yours  for a submit: the packages per item the other camper gets ({@code issue2theyget}), else null
     * @param labels the annotators' strategy labels of an utterance; empty when it carries none
     */
    public record Turn(String agent, String text, Kind kind, int[] mine, int[] yours, List<String> labels) {
        public Turn {
            Objects.requireNonNull(agent, "agent");
            Objects.requireNonNull(text, "text");
            Objects.requireNonNull(kind, "kind");
            mine = mine == null ? null : mine.clone();
            yours = yours == null ? null : yours.clone();
            labels = List.copyOf(labels);
        }

        @Override
        public int[] mine() {
            return mine == null ? null : mine.clone();
        }

        @Override
        public int[] yours() {
            return yours == null ? null : yours.clone();
        }
    }

    /**
     * One participant.
     *
     * @param priorities item name to priority ({@code high}, {@code medium}, {@code low})
     * @param reasons    item name to the participant's own written reason for that priority
     * @param points     the recorded {@code points_scored}
     * @param satisfaction the recorded answer to "How satisfied are you with the negotiation outcome?" (1-5)
     * @param likeness   the recorded answer to "How much do you like your opponent?" (1-5)
     */
    public record Camper(String agent, Map<String, String> priorities, Map<String, String> reasons, int points,
                         int satisfaction, int likeness) {
        public Camper {
            priorities = Map.copyOf(priorities);
            reasons = Map.copyOf(reasons);
        }
    }

    /** The agent id of the camper who spoke first (the protocol's first player). */
    public String firstSpeaker() {
        return turns.get(0).agent();
    }

    /** The other camper's agent id. */
    public String other(String agent) {
        return campers.keySet().stream().filter(a -> !a.equals(agent)).findFirst().orElseThrow();
    }
}
