package dev.parley.server;

import dev.parley.error.ParleyException;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A refusal of the HTTP layer itself (the operator token, a wrong method, a body too slow or too large, no such
 * endpoint): the status and a message the client can act on, plus optional details (the methods allowed). What the
 * service refuses is a {@link ServiceException}, which names no status. Never carries a stack trace to the client.
 */
public final class ApiException extends ParleyException {

    private static final long serialVersionUID = 1L;

    private final int status;
    private final transient Map<String, Object> details;

    public ApiException(int status, String message) {
        this(status, message, Map.of());
    }

    public ApiException(int status, String message, Map<String, Object> details) {
        super(message, null, false, false);
        this.status = status;
        this.details = Collections.unmodifiableMap(new LinkedHashMap<>(details));
    }

    public int status() {
        return status;
    }

    public Map<String, Object> details() {
        return details;
    }
}
