package dev.parley.domain.file;

import dev.cel.runtime.CelEvaluationException;
import dev.cel.runtime.CelRuntime;
import dev.cel.runtime.CelVariableResolver;
import java.util.Set;

/**
 * One expression of a domain file, compiled and type-checked once when the file is loaded; evaluated as often as
 * the game needs, never parsed again.
 *
 * @param source     the expression's text
 * @param at         where it is in the file (for run-time errors)
 * @param program    the checked program
 * @param references the variables it reads (qualified names, e.g. {@code my.have})
 */
record Expr(String source, Yaml at, CelRuntime.Program program, Set<String> references) {

    /** The value for these variables; a failure (a missing key, a division by zero) is the file's, located. */
    Object eval(CelVariableResolver vars) {
        try {
            return program.eval(vars);
        } catch (CelEvaluationException e) {
            throw at.error("the expression '" + ExprLanguage.shown(source) + "' failed: "
                    + e.getMessage().replaceAll("\\s+", " "));
        }
    }

    boolean test(CelVariableResolver vars) {
        return (Boolean) eval(vars);
    }

    double number(CelVariableResolver vars) {
        Object v = eval(vars);
        if (v instanceof Number n) {
            return n.doubleValue();
        }
        throw at.error("the expression '" + ExprLanguage.shown(source) + "' gave " + v + ", not a number");
    }

    /** Whether it reads any of these variables, or a variable under one of these prefixes ({@code answered.}). */
    boolean reads(Set<String> names) {
        for (String r : references) {
            for (String n : names) {
                if (r.equals(n) || (n.endsWith(".") && r.startsWith(n))) {
                    return true;
                }
            }
        }
        return false;
    }
}
