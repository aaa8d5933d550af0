package dev.parley.server.store;

/** A protocol added through {@code PUT /protocol}. */
public record StoredProtocol(String name, String dgdl) {
}
