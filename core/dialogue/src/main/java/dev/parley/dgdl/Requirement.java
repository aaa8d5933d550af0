package dev.parley.dgdl;

import java.util.List;

/** The tests a conditional can make. */
public sealed interface Requirement {

    SourcePosition position();

    enum EventTime { LAST, PAST }

    enum InspectPosition { IN, ON, TOP }

    enum StoreTime { INITIAL, PAST, CURRENT }

    /** {@code event(last|past, Move[, {content}][, User])}. */
    record Event(EventTime time, String moveId, List<Term> content, String user, SourcePosition position)
            implements Requirement {
        public Event {
            content = List.copyOf(content);
        }
    }

    /** {@code inrole(Player, Role)}. */
    record InRole(String user, String role, SourcePosition position) implements Requirement {
    }

    /** {@code inspect(in|on|top, {content}, Store[, User][, initial|past|current])}. */
    record Inspect(InspectPosition where, List<Term> content, String storeId, String user, StoreTime time,
                   SourcePosition position) implements Requirement {
        public Inspect {
            content = List.copyOf(content);
        }
    }

    /** {@code uriTest(Id)}: an external condition, decided by an {@code ExternalConditionResolver}. */
    record UriTest(String extUriId, SourcePosition position) implements Requirement {
    }
}
