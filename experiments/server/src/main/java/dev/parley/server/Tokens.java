package dev.parley.server;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.security.SecureRandom;
import java.util.Base64;
import java.util.HexFormat;

/**
 * Unguessable identifiers. A participant id is a bearer token (256 random bits from {@link SecureRandom},
 * URL-safe base64 without padding, 43 characters); the server keeps only its SHA-256, so the database never holds a
 * usable token. Dialogue ids are random too (128 bits), so dialogues cannot be enumerated.
 */
final class Tokens {

    private static final SecureRandom RANDOM = new SecureRandom();
    private static final Base64.Encoder URL_SAFE = Base64.getUrlEncoder().withoutPadding();

    private Tokens() {
    }

    static String participantToken() {
        return random(32);
    }

    static String dialogueId() {
        return random(16);
    }

    /** A short reference for an internal error, logged and returned so an operator can find the log line. */
    static String incident() {
        return random(6);
    }

    private static String random(int bytes) {
        byte[] b = new byte[bytes];
        RANDOM.nextBytes(b);
        return URL_SAFE.encodeToString(b);
    }

    /** The SHA-256 of a token, hex; what the server stores and compares. */
    static String hash(String token) {
        try {
            MessageDigest md = MessageDigest.getInstance("SHA-256");
            return HexFormat.of().formatHex(md.digest(token.getBytes(StandardCharsets.UTF_8)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is missing from this JVM", e);
        }
    }

    /** Constant-time comparison of two hashes. */
    static boolean sameHash(String a, String b) {
        return a != null && b != null && MessageDigest.isEqual(a.getBytes(StandardCharsets.US_ASCII),
                b.getBytes(StandardCharsets.US_ASCII));
    }
}
