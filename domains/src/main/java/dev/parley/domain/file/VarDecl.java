package dev.parley.domain.file;

import dev.cel.common.types.CelType;
import dev.cel.common.types.MapType;
import dev.cel.common.types.SimpleType;
import dev.parley.dialogue.PrivateInfo;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;

/**
 * A scenario variable of a domain file: a player's private value or a public one. Held in {@link
 * PrivateInfo#numbers()} as Parley's built-in domains hold theirs: a scalar under its name, a per-key variable as
 * {@code name.key} ({@code have.apple}, as fruit trading keeps it), a text as its index in {@code oneOf}, a boolean
 * as 1 or 0. So the file's payoff expressions read the built-in domains' scenarios unchanged.
 *
 * @param name   the variable's name
 * @param base   int, double, bool or string
 * @param keys   the keys of a per-key variable (a declared set), or empty for a scalar
 * @param min    the least value a draw takes (int, double)
 * @param max    the greatest value a draw takes
 * @param oneOf  the texts a string variable takes
 * @param at     where it is declared
 */
record VarDecl(String name, Base base, List<String> keys, double min, double max, List<String> oneOf, Yaml at) {

    enum Base { INT, DOUBLE, BOOL, STRING }

    VarDecl {
        keys = List.copyOf(keys);
        oneOf = List.copyOf(oneOf);
    }

    CelType celType() {
        CelType scalar = switch (base) {
            case INT -> SimpleType.INT;
            case DOUBLE -> SimpleType.DOUBLE;
            case BOOL -> SimpleType.BOOL;
            case STRING -> SimpleType.STRING;
        };
        return keys.isEmpty() ? scalar : MapType.create(SimpleType.STRING, scalar);
    }

    /** The value in a player's information, under {@code prefix} ("" or "public."), as CEL reads it. */
    Object read(PrivateInfo info, String prefix) {
        if (keys.isEmpty()) {
            return scalar(info.number(prefix + name, 0));
        }
        Map<String, Object> m = new LinkedHashMap<>();
        for (String k : keys) {
            m.put(k, scalar(info.number(prefix + name + "." + k, 0)));
        }
        return m;
    }

    private Object scalar(double v) {
        return switch (base) {
            case INT -> (long) v;
            case DOUBLE -> v;
            case BOOL -> v != 0;
            case STRING -> v >= 0 && v < oneOf.size() ? oneOf.get((int) v) : "";
        };
    }

    /** Writes a value of the file (a plain YAML value) into {@code numbers}, refusing one of the wrong type. */
    void write(Yaml value, String prefix, Map<String, Double> numbers) {
        if (keys.isEmpty()) {
            numbers.put(prefix + name, number(value));
            return;
        }
        for (String k : keys) {
            numbers.put(prefix + name + "." + k, 0.0);
        }
        value.entries().forEach((k, v) -> {
            if (!keys.contains(k)) {
                throw v.error("unknown key '" + k + "' of " + name + ": expected one of " + String.join(", ", keys));
            }
            numbers.put(prefix + name + "." + k, number(v));
        });
    }

    private double number(Yaml v) {
        return switch (base) {
            case INT -> v.integer();
            case DOUBLE -> v.number();
            case BOOL -> v.bool() ? 1 : 0;
            case STRING -> {
                int i = oneOf.indexOf(v.string());
                if (i < 0) {
                    throw v.error("expected one of " + String.join(", ", oneOf) + " for " + name);
                }
                yield i;
            }
        };
    }

    /** A uniform draw within the declared range, into {@code numbers}. */
    void draw(SplittableRandom random, String prefix, Map<String, Double> numbers) {
        if (keys.isEmpty()) {
            numbers.put(prefix + name, drawOne(random));
            return;
        }
        for (String k : keys) {
            numbers.put(prefix + name + "." + k, drawOne(random));
        }
    }

    private double drawOne(SplittableRandom random) {
        return switch (base) {
            case INT -> (long) min + random.nextLong((long) max - (long) min + 1);
            case DOUBLE -> min + random.nextDouble() * (max - min);
            case BOOL -> random.nextBoolean() ? 1 : 0;
            case STRING -> random.nextInt(oneOf.size());
        };
    }
}
