package dev.parley.server.store;

import java.util.Map;

/**
 * A move to append to the log: its index (the dialogue's version it was made at), what the engine made of it, its
 * JSON-AIF, and the client's free text and idempotency key (each may be null).
 */
public record NewMove(String dialogueId, int index, String speaker, String moveId, String target,
                      Map<String, String> reply, String locution, String aifJson, String words,
                      String idempotencyKey) {
}
