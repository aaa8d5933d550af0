package dev.parley.server;

import dev.parley.error.ParleyException;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A request the server refuses: the HTTP status and a message the client can act on (plus optional details such as
 * the line and column of a DGDL error). Never carries a stack trace to the client.
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

    static ApiException badRequest(String message) {
        return new ApiException(400, message);
    }

    static ApiException forbidden(String message) {
        return new ApiException(403, message);
    }

    static ApiException notFound(String message) {
        return new ApiException(404, message);
    }

    static ApiException conflict(String message) {
        return new ApiException(409, message);
    }
}
