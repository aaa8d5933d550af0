package dev.parley.domain.debate;

import java.util.Locale;

/** Aristotle's modes of persuasion, the paper's debate instructions. */
public enum Style {
    /** Appeal to reason: evidence, numbers, consequences. */
    LOGOS,
    /** Appeal to emotion: people, stories, fears and hopes. */
    PATHOS,
    /** Appeal to character and authority: experts, institutions, credibility. */
    ETHOS;

    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }
}
