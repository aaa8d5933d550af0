package dev.parley.dgdl;

/** A statement of a body: an {@link Effect} or a {@link Conditional}. */
public sealed interface Statement permits Effect, Conditional {

    SourcePosition position();
}
