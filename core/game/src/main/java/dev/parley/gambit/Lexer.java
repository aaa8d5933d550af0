package dev.parley.gambit;

import java.io.IOException;
import java.io.Reader;
import java.io.StringReader;
import java.io.UncheckedIOException;
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
    private final Reader in;
    private final char[] buffer = new char[1 << 16];
    private int length;
    private int pos;
    private boolean eof;
    private int line = 1;
    private int column = 1;

    /**
     * Reads tokens from {@code in} one at a time, so that a file is never held in memory as text or as a token list
     * (a large tree costs far less compiled than tokenised). An {@link IOException} of the reader escapes as an
     * {@link UncheckedIOException}.
     */
    Lexer(String source, Reader in) {
        this.source = source;
        this.in = in;
    }

    /** The next character, or -1 at the end of the input. */
    private int peekChar() {
        if (pos < length) {
            return buffer[pos];
        }
        if (eof) {
            return -1;
        }
        try {
            length = in.read(buffer, 0, buffer.length);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        pos = 0;
        if (length <= 0) {
            length = 0;
            eof = true;
            return -1;
        }
        return buffer[0];
    }

    /** The next token; the end of the input is an EOF token, again on every further call. */
    Token next() {
        skipWhitespace();
        int startLine = line;
        int startColumn = column;
        int c = peekChar();
        if (c < 0) {
            return new Token(Token.Kind.EOF, "", startLine, startColumn);
        }
        switch (c) {
            case '{' -> {
                advance();
                return new Token(Token.Kind.LBRACE, "{", startLine, startColumn);
            }
            case '}' -> {
                advance();
                return new Token(Token.Kind.RBRACE, "}", startLine, startColumn);
            }
            case ',' -> {
                advance();
                return new Token(Token.Kind.COMMA, ",", startLine, startColumn);
            }
            case '"' -> {
                return string(startLine, startColumn);
            }
            default -> {
                StringBuilder sb = new StringBuilder();
                while ((c = peekChar()) >= 0 && !isDelimiter((char) c)) {
                    sb.append((char) c);
                    advance();
                }
                String word = sb.toString();
                Token.Kind kind = Numbers.looksLikeNumber(word) ? Token.Kind.NUMBER : Token.Kind.WORD;
                return new Token(kind, word, startLine, startColumn);
            }
        }
    }

    /** Every token of {@code text}, the EOF token last (for tests and small inputs). */
    static List<Token> tokenize(String source, String text) {
        Lexer lexer = new Lexer(source, new StringReader(text));
        List<Token> tokens = new ArrayList<>();
        Token t;
        do {
            t = lexer.next();
            tokens.add(t);
        } while (t.kind() != Token.Kind.EOF);
        return tokens;
    }

    private Token string(int startLine, int startColumn) {
        advance(); // opening quote
        StringBuilder sb = new StringBuilder();
        while (true) {
            int c = peekChar();
            if (c < 0) {
                throw new GambitFormatException(source, startLine, startColumn,
                        "unterminated string: no closing '\"' before the end of the file");
            }
            if (c == '"') {
                advance();
                return new Token(Token.Kind.STRING, sb.toString(), startLine, startColumn);
            }
            if (c == '\\') {
                advance();
                int escaped = peekChar();
                if (escaped < 0) {
                    sb.append('\\');
                    continue;
                }
                c = escaped;
            }
            sb.append((char) c);
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
        int c;
        while ((c = peekChar()) >= 0 && Character.isWhitespace((char) c)) {
            advance();
        }
    }

    /** Moves one character, counting "\r\n", "\n" and a lone "\r" as one line break each. */
    private void advance() {
        char c = buffer[pos++];
        if (c == '\n' || (c == '\r' && peekChar() != '\n')) {
            line++;
            column = 1;
        } else if (c != '\r') {
            column++;
        }
    }
}
