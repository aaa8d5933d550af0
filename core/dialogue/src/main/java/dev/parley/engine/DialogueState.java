package dev.parley.engine;

import java.util.List;
import java.util.Map;

/**
 * A dialogue's state as plain values, sharing nothing mutable with the dialogue: what {@link DialogueJson} saves and
 * restores.
 */
record DialogueState(List<Participant> participants, Map<String, List<String>> roles,
                     Map<String, List<String>> stores, Map<String, List<String>> initialStores,
                     Map<String, List<String>> everInStores, Map<String, List<MoveTemplate>> next,
                     Map<String, List<MoveTemplate>> future, List<PerformedMove> history,
                     Map<String, String> runtimeVariables, DialogueStatus status, MoveAif.State aif) {
}
