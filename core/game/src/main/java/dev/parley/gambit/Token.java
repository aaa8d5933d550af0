package dev.parley.gambit;

/**
 * One lexical token of a Gambit file.
 *
 * @param kind   what it is
 * @param text   the unescaped content of a string, or the characters of any other token
 * @param line   1-based line of its first character
 * @param column 1-based column of its first character
 */
record Token(Kind kind, String text, int line, int column) {

    enum Kind { STRING, NUMBER, WORD, LBRACE, RBRACE, COMMA, EOF }

    /** How the token reads in an error message. */
    String describe() {
        return switch (kind) {
            case STRING -> "string \"" + abbreviate(text) + "\"";
            case NUMBER, WORD -> "\"" + abbreviate(text) + "\"";
            case LBRACE -> "'{'";
            case RBRACE -> "'}'";
            case COMMA -> "','";
            case EOF -> "end of file";
        };
    }

    private static String abbreviate(String s) {
        String oneLine = s.replace("\n", "\\n").replace("\r", "\\r");
        return oneLine.length() <= 40 ? oneLine : oneLine.substring(0, 37) + "...";
    }
}
