package dev.parley.dialogue;
import java.util.Map;
import java.util.Optional;
/** Words a move's verified content in the requested tone: the offline backend's surface realiser (one per domain). Deterministic for a given seed; thread-safe. */
public interface SurfaceRealiser {
    /** One to three grammatical English sentences in the speaker's voice (first person), ending with punctuation, with no internal label or key in them. Another seed may choose another phrasing. */
    String realise(String moveId, Map<String, Object> content, Instruction instruction, long seed);
    /** Why {@code words} do not say {@code content} (e.g. an offer's items and counts, or the day, missing or different), or empty when they do. Used to check a language model's words against its structured content, so it must accept natural variants ("a kiwi" for 1 kiwi, "two bananas", singular/plural, any order of the items) and reject wrong counts, missing or extra fruits, another day. */
    Optional<String> mismatch(String moveId, Map<String, Object> content, String words);
}
