package dev.parley.server.store;

/**
 * A place in a served dialogue: the public name the engine and every response use ({@code handle}: the protocol's
 * player id, or {@code Player#2}, {@code Player#3} ... when the player needs several participants), the protocol
 * player it plays, and the hash of the token of whoever joined it ({@code null} while free).
 */
public record Seat(String handle, String player, String tokenHash, long joinedAtMillis) {

    public boolean filled() {
        return tokenHash != null;
    }

    public Seat join(String hash, long at) {
        return new Seat(handle, player, hash, at);
    }
}
