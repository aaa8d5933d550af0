package dev.parley.gambit;

import java.util.ArrayList;
import java.util.List;

/**
 * Splits a Gambit file into tokens with their line and column. Gambit's files have no comments; whitespace only
 * separates tokens. A string is {@code "..."} where a backslash takes the next character literally ({@code \"} is a
 * quote). Any other run of characters up to whitespace, a brace, a comma or a quote is a number if it reads as one
 * ({@code 3}, {@code -1/2}, {@code 0.25}, {@code 1e-3}) and a word otherwise ({@code EFG}, {@code R}, {@code p}).
 */
final class Lexer {

    private final String source;
    private final String text;
    private int pos;
    private int line = 1;
    private int column = 1;

    private Lexer(String source, String text) {
        this.source = source;
        this.text = text;
    }

    static List<Token> tokenize(String source, String text) {
        return new Lexer(source, text).run();
    }

    private List<Token> run() {
        List<Token> tokens = new ArrayList<>();
        while (true) {
            skipWhitespace();
            int startLine = line;
            int startColumn = column;
            if (pos >= text.length()) {
                tokens.add(new Token(Token.Kind.EOF, "", startLine, startColumn));
                return tokens;
            }
            char c = text.charAt(pos);
            switch (c) {
                case '{' -> {
                    advance();
                    tokens.add(new Token(Token.Kind.LBRACE, "{", startLine, startColumn));
                }
                case '}' -> {
                    advance();
                    tokens.add(new Token(Token.Kind.RBRACE, "}", startLine, startColumn));
                }
                case ',' -> {
                    advance();
                    tokens.add(new Token(Token.Kind.COMMA, ",", startLine, startColumn));
                }
                case '"' -> tokens.add(string(startLine, startColumn));
                default -> {
                    int start = pos;
                    while (pos < text.length() && !isDelimiter(text.charAt(pos))) {
                        advance();
                    }
                    String word = text.substring(start, pos);
                    Token.Kind kind = Numbers.looksLikeNumber(word) ? Token.Kind.NUMBER : Token.Kind.WORD;
                    tokens.add(new Token(kind, word, startLine, startColumn));
                }
            }
        }
    }

    private Token string(int startLine, int startColumn) {
        advance(); // opening quote
        StringBuilder sb = new StringBuilder();
        while (true) {
            if (pos >= text.length()) {
                throw new GambitFormatException(source, startLine, startColumn,
                        "unterminated string: no closing '\"' before the end of the file");
            }
            char c = text.charAt(pos);
            if (c == '"') {
                advance();
                return new Token(Token.Kind.STRING, sb.toString(), startLine, startColumn);
            }
            if (c == '\\' && pos + 1 < text.length()) {
                advance();
                c = text.charAt(pos);
            }
            sb.append(c);
            advance();
        }
    }

    /** The string literal that {@link #tokenize} reads back as {@code s}. */
    static String quote(String s) {
        StringBuilder sb = new StringBuilder(s.length() + 2).append('"');
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c == '"' || c == '\\') {
                sb.append('\\');
            }
            sb.append(c);
        }
        return sb.append('"').toString();
    }

    private static boolean isDelimiter(char c) {
        return Character.isWhitespace(c) || c == '{' || c == '}' || c == ',' || c == '"';
    }

    private void skipWhitespace() {
        while (pos < text.length() && Character.isWhitespace(text.charAt(pos))) {
            advance();
        }
    }

    /** Moves one character, counting "\r\n", "\n" and a lone "\r" as one line break each. */
    private void advance() {
        char c = text.charAt(pos++);
        if (c == '\n' || (c == '\r' && (pos >= text.length() || text.charAt(pos) != '\n'))) {
            line++;
            column = 1;
        } else if (c != '\r') {
            column++;
        }
    }
}
