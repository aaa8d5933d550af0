package dev.parley.game;

import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;

/**
 * The information-state keys of a compiled tree, stored as a prefix tree. A player's key usually extends the key of
 * its own previous decision on the same path (a dialogue's key is the earlier key plus the messages said since), so
 * each key is kept as a reference to that earlier key plus the characters it adds, and identical additions are kept
 * once. A deep dialogue's keys would otherwise repeat the whole transcript at every decision: at 7 messages of fruit
 * trading that was most of the compiled tree's memory.
 *
 * <p>Lookup by key goes through an open-addressing table of 64-bit hashes; a hash match is confirmed by comparing
 * the stored segments with the key, so two keys with the same hash are still told apart. Keys are rebuilt on demand
 * ({@link #key(int)}); nothing here holds a whole key once it is added.
 */
final class InfosetKeys {

    private static final long FNV_OFFSET = 0xcbf29ce484222325L;
    private static final long FNV_PRIME = 0x100000001b3L;

    /** Per key: the key it extends (-1: none), the characters it adds, and the hash of the whole key. */
    private int[] prefix = new int[256];
    private String[] segment = new String[256];
    private long[] hash = new long[256];
    private int size;
    /** Open addressing: key id + 1, 0 for an empty slot. Its length is a power of two, at least twice the keys. */
    private int[] table = new int[512];
    /** Identical segments share one string while keys are added; dropped by {@link #seal()}. */
    private Map<String, String> segments = new HashMap<>();

    int size() {
        return size;
    }

    /** The id of {@code key}, or -1. */
    int find(String key) {
        return find(key, hash(key));
    }

    /** The id of {@code key}, whose {@link #hash} is {@code h}, or -1. */
    int find(String key, long h) {
        int mask = table.length - 1;
        for (int i = spread(h) & mask; ; i = (i + 1) & mask) {
            int id = table[i] - 1;
            if (id < 0) {
                return -1;
            }
            if (hash[id] == h && matches(id, key)) {
                return id;
            }
        }
    }

    /**
     * Adds {@code key}, which is not yet present, as {@code extended}'s key followed by the rest: {@code extended}
     * is the id of a key that {@code key} starts with, or -1 to store it whole.
     *
     * @param h              the key's {@link #hash}
     * @param extendedLength the length of {@code extended}'s key (ignored when it is -1)
     * @return the new key's id
     */
    int add(String key, long h, int extended, int extendedLength) {
        if (size == prefix.length) {
            int c = size * 2;
            prefix = Arrays.copyOf(prefix, c);
            segment = Arrays.copyOf(segment, c);
            hash = Arrays.copyOf(hash, c);
        }
        int id = size++;
        String rest = extended < 0 ? key : key.substring(extendedLength);
        String shared = segments == null ? rest : segments.putIfAbsent(rest, rest);
        prefix[id] = extended;
        segment[id] = shared != null ? shared : rest;
        hash[id] = h;
        if (2L * size > table.length) {
            rehash(table.length * 2);
        } else {
            insert(id);
        }
        return id;
    }

    /** The whole key of {@code id}. */
    String key(int id) {
        int length = 0;
        int depth = 0;
        for (int j = id; j >= 0; j = prefix[j]) {
            length += segment[j].length();
            depth++;
        }
        int[] chain = new int[depth];
        for (int j = id, k = depth - 1; j >= 0; j = prefix[j], k--) {
            chain[k] = j;
        }
        StringBuilder sb = new StringBuilder(length);
        for (int j : chain) {
            sb.append(segment[j]);
        }
        return sb.toString();
    }

    /** Whether {@code id}'s key is {@code key}: its segments compared from the end, nothing built. */
    boolean matches(int id, String key) {
        int end = key.length();
        for (int j = id; j >= 0; j = prefix[j]) {
            String s = segment[j];
            end -= s.length();
            if (end < 0 || !key.regionMatches(end, s, 0, s.length())) {
                return false;
            }
        }
        return end == 0;
    }

    /** Ends adding: the arrays are trimmed and the segment index is let go. */
    void seal() {
        prefix = Arrays.copyOf(prefix, size);
        segment = Arrays.copyOf(segment, size);
        hash = Arrays.copyOf(hash, size);
        segments = null;
    }

    /** Characters stored, over all segments (shared ones counted once per key that uses them). */
    long storedChars() {
        long n = 0;
        for (int i = 0; i < size; i++) {
            n += segment[i].length();
        }
        return n;
    }

    private void insert(int id) {
        int mask = table.length - 1;
        int i = spread(hash[id]) & mask;
        while (table[i] != 0) {
            i = (i + 1) & mask;
        }
        table[i] = id + 1;
    }

    private void rehash(int capacity) {
        table = new int[capacity];
        for (int id = 0; id < size; id++) {
            insert(id);
        }
    }

    private static int spread(long h) {
        return (int) (h ^ (h >>> 32));
    }

    /** FNV-1a over the key's chars. */
    static long hash(String key) {
        long h = FNV_OFFSET;
        for (int i = 0, n = key.length(); i < n; i++) {
            h = (h ^ key.charAt(i)) * FNV_PRIME;
        }
        return h;
    }
}
