package dev.parley.aif;

/**
 * The node types of AIF as used by JSON-AIF and AIFdb. I-nodes hold content; L-nodes hold locutions ("Speaker :
 * words"); the others are scheme applications (S-nodes) that connect them.
 */
public enum AifNodeType {
    /** Information: a proposition. */
    I,
    /** Locution: something a participant said, text "Speaker : words". */
    L,
    /** Rule application: an inference from premises to a conclusion. */
    RA,
    /** Conflict application: an attack. */
    CA,
    /** Rephrase application: a reformulation of one proposition by another. */
    MA,
    /** Preference application. */
    PA,
    /** Transition application: the dialogue moved from one locution to the next. */
    TA,
    /** Illocutionary anchor: Asserting, Pure Questioning, Arguing, Agreeing, Disagreeing, ... */
    YA;

    /** Whether this is a scheme node (everything except I and L). */
    public boolean isScheme() {
        return this != I && this != L;
    }
}
