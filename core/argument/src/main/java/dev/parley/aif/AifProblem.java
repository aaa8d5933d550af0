package dev.parley.aif;

import java.util.Objects;

/** One structural problem of an AIF document, at a JSON path such as {@code $.edges[4].toID}. */
public record AifProblem(String path, String message) {

    public AifProblem {
        Objects.requireNonNull(path, "path");
        Objects.requireNonNull(message, "message");
    }

    @Override
    public String toString() {
        return path + ": " + message;
    }
}
