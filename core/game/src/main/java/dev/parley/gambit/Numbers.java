package dev.parley.gambit;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.regex.Pattern;

/** Reading numbers exactly, and writing doubles so that they read back as the same double. */
final class Numbers {

    private static final Pattern DECIMAL = Pattern.compile("[+-]?(\\d+(\\.\\d*)?|\\.\\d+)([eE][+-]?\\d+)?");
    private static final Pattern FRACTION = Pattern.compile("[+-]?\\d+/\\d+");
    /** Exponents beyond this are refused: no game needs them and BigInteger.pow would take forever. */
    private static final int MAX_EXPONENT = 400;
    private static final long MAX_DENOMINATOR = 1_000_000_000L;

    private Numbers() {
    }

    static boolean looksLikeNumber(String s) {
        return DECIMAL.matcher(s).matches() || FRACTION.matcher(s).matches();
    }

    /**
     * The exact value of a number token.
     *
     * @throws IllegalArgumentException with a short reason when the token has a zero denominator or an absurd
     *                                  exponent
     */
    static Rational parse(String s) {
        int slash = s.indexOf('/');
        if (slash >= 0) {
            BigInteger num = new BigInteger(s.substring(0, slash));
            BigInteger den = new BigInteger(s.substring(slash + 1));
            if (den.signum() == 0) {
                throw new IllegalArgumentException("zero denominator");
            }
            return Rational.of(num, den);
        }
        BigDecimal d = new BigDecimal(s);
        if (Math.abs((long) d.scale()) > MAX_EXPONENT) {
            throw new IllegalArgumentException("too many digits or too large an exponent");
        }
        return Rational.of(d);
    }

    /**
     * Writes {@code value} exactly enough that {@link #parse} gives back the same double: a small fraction such as
     * {@code 1/3} when one maps to this double, else the shortest decimal that does, whichever is shorter.
     */
    static String format(double value) {
        if (!Double.isFinite(value)) {
            throw new IllegalArgumentException("cannot write " + value + " to a Gambit file");
        }
        if (value == 0) {
            return "0";
        }
        String decimal = new BigDecimal(Double.toString(value)).stripTrailingZeros().toPlainString();
        String fraction = fraction(value);
        return fraction != null && fraction.length() < decimal.length() ? fraction : decimal;
    }

    /** The first continued-fraction convergent of {@code value} that converts back to it, if one is small. */
    private static String fraction(double value) {
        Rational exact = Rational.of(new BigDecimal(value));
        BigInteger num = exact.num();
        BigInteger den = exact.den();
        // Convergents h/k of num/den.
        BigInteger h0 = BigInteger.ONE;
        BigInteger h1 = BigInteger.ZERO;
        BigInteger k0 = BigInteger.ZERO;
        BigInteger k1 = BigInteger.ONE;
        BigInteger a = num;
        BigInteger b = den;
        while (b.signum() != 0) {
            BigInteger[] qr = a.divideAndRemainder(b);
            BigInteger q = qr[0];
            BigInteger r = qr[1];
            if (r.signum() < 0) { // floor division for negative values
                q = q.subtract(BigInteger.ONE);
                r = r.add(b);
            }
            BigInteger h = q.multiply(h0).add(h1);
            BigInteger k = q.multiply(k0).add(k1);
            if (k.compareTo(BigInteger.valueOf(MAX_DENOMINATOR)) > 0) {
                return null;
            }
            Rational candidate = Rational.of(h, k);
            if (candidate.toDouble() == value) {
                return candidate.toString();
            }
            h1 = h0;
            h0 = h;
            k1 = k0;
            k0 = k;
            a = b;
            b = r;
        }
        return null;
    }
}
