package dev.parley.dialogue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The offline backend: no network, no model. The domain's planner decides the content (it is the offline content
 * model) and the domain's surface realiser words it in the instruction's tone; both pass the same
 * {@link MoveVerifier} as a model's answer. The same request and seed always give the same move; another seed may
 * give other words. Every output is labelled {@value #BACKEND}.
 *
 * <p>This is a planner and a realiser, not a language model: it makes dialogue games runnable and testable
 * anywhere, and makes instructions change both content and words, but it does not reason.
 */
public final class OfflineMoveGenerator implements MoveGenerator {

    public static final String BACKEND = "offline-realiser";
    /** Other phrasings tried when the words fail their check (they never should: the test suite reads them all). */
    private static final int ATTEMPTS = 4;

    private final ContentModel model;
    private final MoveVerifier verifier;
    /** Checked words per (move, content, instruction, seed): the realiser is deterministic, and trees repeat them. */
    private final Map<String, String> words = new ConcurrentHashMap<>();
    private static final int WORDS_LIMIT = 100_000;

    public OfflineMoveGenerator(ContentModel model) {
        this.model = model;
        this.verifier = new MoveVerifier(model);
    }

    @Override
    public Utterance generate(MoveRequest request, long seed) {
        Map<String, Object> content = model.planner().plan(request.context(), request.moveId(),
                request.instruction());
        Optional<Rejection> bad = verifier.checkContent(request, content);
        if (bad.isPresent()) {
            throw new GenerationException(BACKEND + ": the planner's " + request.moveId() + " content "
                    + Contents.canonical(content) + " was refused (" + bad.get() + ")", List.of(bad.get()));
        }
        String key = request.moveId() + '\u0001' + Contents.canonical(content) + '\u0001'
                + request.instruction().name() + '\u0001' + request.instruction().guidance() + '\u0001' + seed;
        String known = words.get(key);
        if (known != null) {
            return new Utterance(known, content, 1, List.of(), List.of(known), 0);
        }
        List<Rejection> rejections = new ArrayList<>();
        List<String> raw = new ArrayList<>();
        for (int attempt = 0; attempt < ATTEMPTS; attempt++) {
            String words = model.realiser().realise(request.moveId(), content, request.instruction(),
                    seed + 7919L * attempt);
            raw.add(words);
            Optional<Rejection> r = verifier.checkWords(request.moveId(), content, words);
            if (r.isEmpty()) {
                if (rejections.isEmpty()) {
                    if (this.words.size() > WORDS_LIMIT) {
                        this.words.clear();
                    }
                    this.words.put(key, words);
                }
                return new Utterance(words, content, attempt + 1, rejections, raw, 0);
            }
            rejections.add(r.get());
        }
        throw new GenerationException(BACKEND + " found no acceptable words for the " + request.moveId()
                + " move; last refusal: " + rejections.get(rejections.size() - 1), rejections);
    }

    @Override
    public String chooseMove(MoveContext context, List<String> legalMoveIds, Instruction instruction,
                             dev.parley.preface.Dcrs situation, long seed) {
        return model.planner().chooseMove(context, legalMoveIds, instruction).filter(legalMoveIds::contains)
                .orElse(legalMoveIds.get(0));
    }

    @Override
    public String backend() {
        return BACKEND;
    }
}
