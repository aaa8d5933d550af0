package dev.parley.server;

import dev.parley.dgdl.Protocol;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Limits on an uploaded protocol, checked before any work is done with it: its size and bracket nesting and the
 * numbers it gives for seats are read off the text before it is parsed (a protocol asking for 10^11 participants must
 * not allocate them), the number of moves before parsing too, and the seats a dialogue would have after parsing,
 * before a dialogue is started. A protocol over a limit gets 413 (size) or 422, naming the limit.
 *
 * @param maxBytes        the largest DGDL text, in UTF-8 bytes
 * @param maxSeats        the most seats (participants) a dialogue of the protocol may have, and the largest number
 *                        any {@code min:} or {@code max:} may give
 * @param maxInteractions the most interactions (moves) a protocol may declare
 * @param maxNesting      the deepest nesting of brackets
 * @param maxUploaded     the most protocols that may be uploaded to a server (they are kept for good)
 */
public record ProtocolLimits(int maxBytes, int maxSeats, int maxInteractions, int maxNesting, int maxUploaded) {

    private static final Pattern COUNT = Pattern.compile("\\b(min|max)\\s*:\\s*([0-9]+)");
    private static final Pattern INTERACTION = Pattern.compile("\\binteraction\\s*\\(");

    public static final ProtocolLimits DEFAULT = new ProtocolLimits(64 * 1024, 64, 256, 32, 1000);

    public ProtocolLimits {
        if (maxBytes < 1 || maxSeats < 1 || maxInteractions < 1 || maxNesting < 1 || maxUploaded < 0) {
            throw new IllegalArgumentException("protocol limits must be positive");
        }
    }

    /** Checks the text before it is parsed. */
    void checkText(String dgdl, int utf8Bytes) {
        if (utf8Bytes > maxBytes) {
            throw new ServiceException.TooLarge("the protocol is " + utf8Bytes + " bytes, over the limit of " + maxBytes
                    + " bytes (protocol size)");
        }
        int depth = 0;
        int deepest = 0;
        boolean quoted = false;
        for (int i = 0; i < dgdl.length(); i++) {
            char ch = dgdl.charAt(i);
            if (ch == '"') {
                quoted = !quoted;
            } else if (!quoted && (ch == '(' || ch == '{' || ch == '[')) {
                deepest = Math.max(deepest, ++depth);
            } else if (!quoted && (ch == ')' || ch == '}' || ch == ']')) {
                depth--;
            }
        }
        if (deepest > maxNesting) {
            throw unprocessable("the protocol nests brackets " + deepest + " deep, over the limit of " + maxNesting
                    + " (nesting depth)");
        }
        Matcher m = COUNT.matcher(dgdl);
        while (m.find()) {
            String digits = m.group(2).replaceFirst("^0+(?=.)", "");
            if (digits.length() > 9 || Integer.parseInt(digits) > maxSeats) {
                throw unprocessable(m.group(1) + ":" + m.group(2) + " is over the limit of " + maxSeats
                        + " seats per dialogue (seats)");
            }
        }
        int interactions = 0;
        Matcher im = INTERACTION.matcher(dgdl);
        while (im.find()) {
            interactions++;
        }
        if (interactions > maxInteractions) {
            throw unprocessable("the protocol declares " + interactions + " interactions, over the limit of "
                    + maxInteractions + " (moves per protocol)");
        }
    }

    /** Checks that one more protocol may be uploaded. */
    void checkCount(int uploaded) {
        if (uploaded >= maxUploaded) {
            throw unprocessable("the server holds its maximum of " + maxUploaded + " uploaded protocols "
                    + "(uploaded protocols)");
        }
    }

    /** Checks a parsed protocol before a dialogue is started with it. */
    void checkParsed(Protocol p) {
        long seats = 0;
        for (Protocol.Player pl : p.players()) {
            seats += Math.max(1, pl.min());
        }
        if (seats > maxSeats) {
            throw unprocessable("protocol " + p.id() + " needs " + seats + " seats, over the limit of " + maxSeats
                    + " seats per dialogue (seats)");
        }
        if (p.interactionsById().size() > maxInteractions) {
            throw unprocessable("protocol " + p.id() + " declares " + p.interactionsById().size()
                    + " interactions, over the limit of " + maxInteractions + " (moves per protocol)");
        }
    }

    private static ServiceException unprocessable(String message) {
        return new ServiceException.OverLimit(message);
    }
}
