package dev.parley.aif;

import java.util.List;

/** A graph that breaks AIF's structural rules: duplicate ids, edges or locutions pointing at missing nodes. */
public class AifValidationException extends AifException {

    private static final long serialVersionUID = 1L;

    private final List<String> problems;

    public AifValidationException(List<String> problems) {
        super(problems.size() == 1 ? "invalid AIF graph: " + problems.get(0)
                : "invalid AIF graph (" + problems.size() + " problems): " + String.join("; ", problems));
        this.problems = List.copyOf(problems);
    }

    /** Every problem found, one sentence each. */
    public List<String> problems() {
        return problems;
    }
}
