package dev.parley.gambit;

import java.math.BigInteger;
import java.io.Reader;
import java.io.StringReader;

/** A cursor over the tokens of one file, with the expectations both parsers share. */
final class Tokens {

    private final String source;
    private final Lexer lexer;
    /** The one token of look-ahead the parsers need; null until peeked. */
    private Token lookahead;

    Tokens(String source, String text) {
        this(source, new StringReader(text));
    }

    /** Tokens read from {@code in} as they are needed, so that a large file is streamed. */
    Tokens(String source, Reader in) {
        this.source = source;
        this.lexer = new Lexer(source, in);
    }

    String source() {
        return source;
    }

    Token peek() {
        if (lookahead == null) {
            lookahead = lexer.next();
        }
        return lookahead;
    }

    Token next() {
        Token t = peek();
        lookahead = null;
        return t;
    }

    boolean at(Token.Kind kind) {
        return peek().kind() == kind;
    }

    GambitFormatException error(Token at, String detail) {
        return new GambitFormatException(source, at.line(), at.column(), detail);
    }

    /** "expected WHAT but found TOKEN" at the next token. */
    GambitFormatException expected(String what) {
        Token t = peek();
        return error(t, "expected " + what + " but found " + t.describe());
    }

    Token expect(Token.Kind kind, String what) {
        if (!at(kind)) {
            throw expected(what);
        }
        return next();
    }

    void expectWord(String word, String what) {
        if (!at(Token.Kind.WORD) || !peek().text().equals(word)) {
            throw expected(what);
        }
        next();
    }

    String string(String what) {
        return expect(Token.Kind.STRING, what).text();
    }

    Rational number(String what) {
        Token t = expect(Token.Kind.NUMBER, what);
        return value(t);
    }

    Rational value(Token t) {
        try {
            return Numbers.parse(t.text());
        } catch (IllegalArgumentException e) {
            throw error(t, "bad number " + t.describe() + ": " + e.getMessage());
        }
    }

    /** A whole number in {@code [min, max]}; {@code what} names it in messages. */
    int integer(String what, int min, int max) {
        Token t = peek();
        if (t.kind() != Token.Kind.NUMBER) {
            throw expected(what);
        }
        Rational r = value(t);
        if (!r.isInteger() || r.num().compareTo(BigInteger.valueOf(min)) < 0
                || r.num().compareTo(BigInteger.valueOf(max)) > 0) {
            String range = max == Integer.MAX_VALUE ? "at least " + min : "from " + min + " to " + max;
            throw error(t, "expected " + what + " (a whole number " + range + ") but found " + t.describe());
        }
        next();
        return r.num().intValueExact();
    }

    void skipCommas() {
        while (at(Token.Kind.COMMA)) {
            next();
        }
    }

    void expectEnd(String after) {
        if (!at(Token.Kind.EOF)) {
            throw expected("end of file after " + after);
        }
    }
}
