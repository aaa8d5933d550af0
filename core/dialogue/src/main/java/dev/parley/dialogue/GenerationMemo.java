package dev.parley.dialogue;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;

/**
 * What a {@link DialogueGame} remembers of its lazily generated tree, so that each message is generated once however
 * many walks reach it: generations per (scenario, transcript, move, instruction, seed), the moves a speaker chose for
 * itself, interned transcripts (a state knows its transcript by a small id, so keys never copy transcripts), and
 * payoffs per finished transcript (a judge scores each dialogue once). Thread-safe.
 *
 * <p>A memo that retains nothing ({@link DialogueGame.Memo#NONE}) answers every question afresh and gives every
 * transcript a new id: for a game walked once, where nothing is met twice and remembering is pure cost.
 */
final class GenerationMemo {

    /** {@code transcript} is an interned transcript id (0: no message yet); {@code moveId} "" for a chosen move. */
    record Key(int scenario, int transcript, String moveId, String instruction, long seed) { }

    private record TranscriptStep(int parent, Message message) { }

    private final Map<Key, Utterance> utterances = new ConcurrentHashMap<>();
    private final Map<Key, String> chosenMoves = new ConcurrentHashMap<>();
    /** Moves given up after every attempt was refused: asked again, they would be refused again. */
    private final Map<Key, GenerationException> failures = new ConcurrentHashMap<>();
    /** Interned transcripts: (parent transcript id, message) to the id of the transcript it extends. */
    private final Map<TranscriptStep, Integer> transcriptIds = new ConcurrentHashMap<>();
    private final AtomicInteger nextTranscriptId = new AtomicInteger(1);
    /** Payoffs per (scenario, transcript id) of a finished dialogue. */
    private final Map<Long, double[]> payoffs = new ConcurrentHashMap<>();
    private final boolean retain;

    GenerationMemo(DialogueGame.Memo memo) {
        this.retain = memo == DialogueGame.Memo.ALL;
    }

    /** The remembered generation, or null. */
    Utterance utterance(Key key) {
        return utterances.get(key);
    }

    /** Remembers a generation; returns the one remembered first when another thread raced this one. */
    Utterance remember(Key key, Utterance u) {
        return keepFirst(utterances, key, u);
    }

    /** The remembered failure of a generation, or null. */
    GenerationException failure(Key key) {
        return failures.get(key);
    }

    /** Remembers a failed generation; returns the one remembered first when another thread raced this one. */
    GenerationException fail(Key key, GenerationException e) {
        return keepFirst(failures, key, e);
    }

    /** {@code value} remembered under {@code key} unless another thread got there first; then the first one. */
    private <T> T keepFirst(Map<Key, T> memo, Key key, T value) {
        if (!retain) {
            return value;
        }
        T raced = memo.putIfAbsent(key, value);
        return raced != null ? raced : value;
    }

    String move(Key key, Supplier<String> choose) {
        if (!retain) {
            return choose.get();
        }
        return chosenMoves.computeIfAbsent(key, k -> choose.get());
    }

    /** The id of the transcript {@code parent} followed by {@code message}, the same for every walk that meets it. */
    int transcriptId(int parent, Message message) {
        if (!retain) {
            return nextTranscriptId.getAndIncrement();
        }
        return transcriptIds.computeIfAbsent(new TranscriptStep(parent, message),
                k -> nextTranscriptId.getAndIncrement());
    }

    double[] payoffs(int scenario, int transcriptId, Supplier<double[]> score) {
        if (!retain) {
            return score.get();
        }
        return payoffs.computeIfAbsent(((long) scenario << 32) | (transcriptId & 0xffffffffL), k -> score.get());
    }

    DialogueGame.Visited visited() {
        return new DialogueGame.Visited(utterances.size(), transcriptIds.size(), payoffs.size());
    }

    void clear() {
        utterances.clear();
        failures.clear();
        chosenMoves.clear();
        transcriptIds.clear();
        payoffs.clear();
    }
}
