package dev.parley.dgdl;

/** A place in a DGDL file: 1-based line, 1-based column. */
public record SourcePosition(int line, int column) {

    public static final SourcePosition NONE = new SourcePosition(0, 0);

    @Override
    public String toString() {
        return line + ":" + column;
    }
}
