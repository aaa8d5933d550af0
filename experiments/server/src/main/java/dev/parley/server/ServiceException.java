package dev.parley.server;

import dev.parley.error.ParleyException;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Why the dialogue service refused a request, in the service's own terms. The service knows no HTTP: the server maps
 * each kind to a status in one table ({@link DialogueServer}). The message is one line the caller can act on; the
 * details (a DGDL error's line and column, say) travel beside it. Raised often and on purpose, so without a stack
 * trace.
 */
public abstract sealed class ServiceException extends ParleyException {

    private static final long serialVersionUID = 1L;

    private final transient Map<String, Object> details;

    private ServiceException(String message, Map<String, Object> details) {
        super(message, null, false, false);
        this.details = Collections.unmodifiableMap(new LinkedHashMap<>(details));
    }

    public Map<String, Object> details() {
        return details;
    }

    /** The request cannot be used as it is: malformed, a field missing or of the wrong kind, a DGDL error. */
    public static final class Invalid extends ServiceException {
        private static final long serialVersionUID = 1L;

        public Invalid(String message) {
            this(message, Map.of());
        }

        public Invalid(String message, Map<String, Object> details) {
            super(message, details);
        }
    }

    /** No such dialogue, protocol, domain, seat, role or participant. */
    public static final class NotFound extends ServiceException {
        private static final long serialVersionUID = 1L;

        public NotFound(String message) {
            super(message, Map.of());
        }
    }

    /** The caller presented a token that is not a participant's of this dialogue. */
    public static final class NotParticipant extends ServiceException {
        private static final long serialVersionUID = 1L;

        public NotParticipant(String message) {
            super(message, Map.of());
        }
    }

    /**
     * The dialogue is not in a state that allows it: an illegal move (with the engine's reason), a seat taken,
     * players missing, a name in use.
     */
    public static final class Conflict extends ServiceException {
        private static final long serialVersionUID = 1L;

        public Conflict(String message) {
            super(message, Map.of());
        }
    }

    /** The input is larger than the server takes at all (a protocol's text over its byte limit). */
    public static final class TooLarge extends ServiceException {
        private static final long serialVersionUID = 1L;

        public TooLarge(String message) {
            super(message, Map.of());
        }
    }

    /** The input is well formed but over a limit or inconsistent (text too long, a key reused for another move). */
    public static final class OverLimit extends ServiceException {
        private static final long serialVersionUID = 1L;

        public OverLimit(String message) {
            super(message, Map.of());
        }
    }

    /**
     * The service cannot do it now, though the request may succeed later: the database is down, the dialogue is
     * quarantined, the server is full, a game is not solved.
     */
    public static final class Unavailable extends ServiceException {
        private static final long serialVersionUID = 1L;

        public Unavailable(String message) {
            super(message, Map.of());
        }
    }
}
