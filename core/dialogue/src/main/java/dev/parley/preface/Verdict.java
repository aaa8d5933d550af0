package dev.parley.preface;

import java.util.Optional;

/** The outcome of a check: accepted with a value, or rejected with a reason a model can act on. */
public record Verdict(Optional<String> value, Optional<String> reason) {

    public static Verdict accept(String value) {
        return new Verdict(Optional.of(value), Optional.empty());
    }

    public static Verdict reject(String reason) {
        return new Verdict(Optional.empty(), Optional.of(reason));
    }

    public boolean accepted() {
        return value.isPresent();
    }
}
