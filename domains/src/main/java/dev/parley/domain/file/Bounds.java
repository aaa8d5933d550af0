package dev.parley.domain.file;

import dev.parley.dialogue.PrivateInfo;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/** The per-item bounds ({@code x-max}) of a speaker's baskets, from its own information only. */
final class Bounds {

    private final FileGame game;
    private final Map<String, Object> own;
    private final Map<ContentType.Basket, Map<String, Long>> cache = new HashMap<>();

    Bounds(FileGame game, PrivateInfo me, int speaker) {
        this.game = game;
        this.own = Vars.own(game, me, speaker);
    }

    /** The bound of each item of a basket, or null when the basket has none. */
    Map<String, Long> of(ContentType.Basket basket) {
        if (basket.bound() == null) {
            return null;
        }
        return cache.computeIfAbsent(basket, b -> {
            Map<String, Long> out = new LinkedHashMap<>();
            Map<String, Object> item = new HashMap<>();
            for (String i : b.items()) {
                item.put("item", i);
                out.put(i, (long) b.bound().number(Vars.of(item, own)));
            }
            return out;
        });
    }

    /** Which item of the content goes over its bound, in words; empty when none does. */
    Optional<String> exceeded(FileGame.MoveSpec move, Map<String, Object> said) {
        for (FileGame.VarSpec v : move.content().values()) {
            if (v.quote().isEmpty()) {
                Optional<String> o = exceeded(v.type(), said.get("content." + v.name()), v.name());
                if (o.isPresent()) {
                    return o;
                }
            }
        }
        return Optional.empty();
    }

    private Optional<String> exceeded(ContentType type, Object value, String path) {
        if (type instanceof ContentType.Basket b && b.bound() != null) {
            Map<String, Long> bound = of(b);
            for (Map.Entry<?, ?> e : ((Map<?, ?>) value).entrySet()) {
                long n = ((Number) e.getValue()).longValue();
                long max = bound.getOrDefault(String.valueOf(e.getKey()), 0L);
                if (n > max) {
                    return Optional.of(path + ": " + n + " " + e.getKey() + " is more than the " + max
                            + " you may give");
                }
            }
        } else if (type instanceof ContentType.Obj o) {
            for (Map.Entry<String, ContentType> f : o.fields().entrySet()) {
                Optional<String> r = exceeded(f.getValue(), ((Map<?, ?>) value).get(f.getKey()), path + "."
                        + f.getKey());
                if (r.isPresent()) {
                    return r;
                }
            }
        }
        return Optional.empty();
    }
}
