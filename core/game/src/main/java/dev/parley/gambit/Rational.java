package dev.parley.gambit;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.MathContext;

/**
 * An exact fraction, so that chance probabilities written as {@code 1/3} sum to exactly 1 and payoffs that add up
 * along a path lose nothing before they become doubles. Always normalised: {@code den > 0}, {@code gcd(num, den) = 1}.
 */
record Rational(BigInteger num, BigInteger den) implements Comparable<Rational> {

    static final Rational ZERO = new Rational(BigInteger.ZERO, BigInteger.ONE);
    static final Rational ONE = new Rational(BigInteger.ONE, BigInteger.ONE);

    static Rational of(BigInteger num, BigInteger den) {
        if (den.signum() == 0) {
            throw new ArithmeticException("zero denominator");
        }
        if (den.signum() < 0) {
            num = num.negate();
            den = den.negate();
        }
        BigInteger g = num.gcd(den);
        if (!g.equals(BigInteger.ONE) && g.signum() != 0) {
            num = num.divide(g);
            den = den.divide(g);
        }
        return new Rational(num, den);
    }

    static Rational of(long num, long den) {
        return of(BigInteger.valueOf(num), BigInteger.valueOf(den));
    }

    /** The exact value of a decimal such as {@code -0.25} or {@code 1.5e-3}. */
    static Rational of(BigDecimal d) {
        if (d.scale() <= 0) {
            return new Rational(d.toBigIntegerExact(), BigInteger.ONE);
        }
        return of(d.unscaledValue(), BigInteger.TEN.pow(d.scale()));
    }

    Rational add(Rational o) {
        if (den.equals(o.den)) {
            return of(num.add(o.num), den);
        }
        return of(num.multiply(o.den).add(o.num.multiply(den)), den.multiply(o.den));
    }

    int signum() {
        return num.signum();
    }

    boolean isInteger() {
        return den.equals(BigInteger.ONE);
    }

    double toDouble() {
        if (isInteger()) {
            return new BigDecimal(num).doubleValue();
        }
        // 34 significant digits, then one rounding to double: exact for every value a double can hold closely.
        return new BigDecimal(num).divide(new BigDecimal(den), MathContext.DECIMAL128).doubleValue();
    }

    @Override
    public int compareTo(Rational o) {
        return num.multiply(o.den).compareTo(o.num.multiply(den));
    }

    @Override
    public String toString() {
        return isInteger() ? num.toString() : num + "/" + den;
    }
}
