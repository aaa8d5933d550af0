package dev.parley.preface;

/**
 * One way a document breaks the DCRS schema.
 *
 * @param pointer the JSON pointer of the offending value ("" is the whole document)
 * @param rule    the schema keyword that failed ("required", "enum", "type", ...)
 * @param message what was expected, in words
 * @param line    1-based line of the offending value in the source text, or 0 if unknown
 * @param column  1-based column, or 0 if unknown
 */
public record SchemaViolation(String pointer, String rule, String message, int line, int column) {

    /** "line 4, column 7: /topic/stance: does not have a value in the enumeration [...] (rule: enum)". */
    public String describe() {
        String where = line > 0 ? "line " + line + ", column " + column + ": " : "";
        return where + (pointer.isEmpty() ? "/" : pointer) + ": " + message + " (rule: " + rule + ")";
    }
}
