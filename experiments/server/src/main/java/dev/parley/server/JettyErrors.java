package dev.parley.server;

import com.fasterxml.jackson.core.JsonProcessingException;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.Map;
import org.eclipse.jetty.http.HttpFields;
import org.eclipse.jetty.http.HttpHeader;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.server.handler.ErrorHandler;
import org.eclipse.jetty.util.Callback;

/**
 * Jetty's own refusals in the API's shape: a request Jetty turns away before Javalin sees it (headers too large
 * 431, a request line it cannot parse 400, a URI too long 414, a body over Jetty's limit 413, bad UTF-8 or an
 * ambiguous encoding in the path 400) is answered {@code {"error": "..."}} in JSON, like every other error, instead
 * of Jetty's HTML page. Never a stack trace.
 */
final class JettyErrors extends ErrorHandler {

    JettyErrors() {
        setShowStacks(false);
        setShowCauses(false);
    }

    /** An error body for every method, not only GET and POST as Jetty's default. */
    @Override
    public boolean errorPageForMethod(String method) {
        return true;
    }

    /** Refusals of the HTTP parser, before there is a request (no headers or body can be read from it). */
    @Override
    public ByteBuffer badMessageError(int status, String reason, HttpFields.Mutable fields) {
        fields.put(HttpHeader.CONTENT_TYPE, "application/json; charset=utf-8");
        fields.put(HttpHeader.CACHE_CONTROL, "no-store");
        return ByteBuffer.wrap(body(status, reason));
    }

    @Override
    protected void generateResponse(Request request, Response response, int code, String message, Throwable cause,
                                    Callback callback) throws IOException {
        response.getHeaders().put(HttpHeader.CONTENT_TYPE, "application/json; charset=utf-8");
        response.getHeaders().put(HttpHeader.CACHE_CONTROL, "no-store");
        response.getHeaders().put("X-Content-Type-Options", "nosniff");
        response.write(true, ByteBuffer.wrap(body(code, message)), callback);
    }

    static byte[] body(int status, String reason) {
        try {
            return DgepJson.MAPPER.writeValueAsBytes(DgepJson.error(message(status, reason), Map.of()));
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot write an error", e);
        }
    }

    /** What the client can act on, with Jetty's reason (its own fixed words, never the request's bytes). */
    static String message(int status, String reason) {
        String why = reason == null || reason.isBlank() ? "" : " (" + reason + ")";
        return switch (status) {
            case 400 -> "the request is malformed and was refused before it reached the API" + why;
            case 413 -> "the request is larger than this server accepts" + why;
            case 414 -> "the request's URI is longer than this server accepts" + why;
            case 431 -> "the request's headers are larger than this server accepts" + why;
            case 503 -> "the server is shutting down or overloaded; try again shortly" + why;
            default -> "the request was refused with status " + status + why;
        };
    }
}
