package dev.parley.server;

import java.io.IOException;
import java.io.OutputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;

/**
 * A move sent over a raw socket, headers and half the body, so that it is in flight while a test stops the server;
 * {@link #finish()} sends the rest and returns the raw answer.
 */
final class HalfSentMove implements AutoCloseable {

    private final Socket socket;
    private final OutputStream out;
    private final byte[] body;
    private final int half;

    /** Sends the headers and the first half of the body of a move "in flight" by {@code speaker} in dialogue id. */
    HalfSentMove(int port, String dialogueId, String speaker) throws IOException {
        body = ("{\"speaker\": " + Loopback.q(speaker) + ", \"reply\": {\"p\": \"in flight\"}}")
                .getBytes(StandardCharsets.UTF_8);
        half = body.length / 2;
        socket = new Socket("127.0.0.1", port);
        out = socket.getOutputStream();
        out.write(("POST /dialogue/" + dialogueId + "/interaction/Say HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                + "Content-Length: " + body.length + "\r\nConnection: close\r\n\r\n")
                .getBytes(StandardCharsets.US_ASCII));
        out.write(body, 0, half);
        out.flush();
    }

    /** Sends the second half of the body and reads the answer to the end. */
    String finish() throws IOException {
        out.write(body, half, body.length - half);
        out.flush();
        return new String(socket.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    }

    @Override
    public void close() throws IOException {
        socket.close();
    }
}
