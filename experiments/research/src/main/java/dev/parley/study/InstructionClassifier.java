package dev.parley.study;

import dev.parley.dialogue.Instruction;
import java.util.List;

/** Says which of a list of instructions a message was written under. Thread-safe. */
public interface InstructionClassifier {

    /** What classifies, for reports ("embedding:all-minilm-l6-v2", "llm:openai:gpt-4o"). */
    String name();

    /** The index in {@code labels} of the instruction recognised, or -1 when the classifier gave no valid answer. */
    int classify(String message, List<Instruction> labels);
}
