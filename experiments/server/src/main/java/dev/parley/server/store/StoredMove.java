package dev.parley.server.store;

import java.util.Map;

/**
 * One row of the move log. {@code locution} is the engine's text (the opener filled in), {@code words} what the
 * client sent as its free text (null when it sent none), {@code aifJson} the move's compact JSON-AIF.
 */
public record StoredMove(int seq, String speaker, String moveId, String target, Map<String, String> reply,
                         String locution, String words, String aifJson, String idempotencyKey) {
}
