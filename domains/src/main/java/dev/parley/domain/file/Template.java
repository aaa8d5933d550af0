package dev.parley.domain.file;

import dev.cel.runtime.CelVariableResolver;
import java.util.ArrayList;
import java.util.List;

/**
 * Words with expression placeholders, {@code "I give you ${items(content.offer.give)}."}: each placeholder compiled
 * once, in the scope of its place in the file.
 *
 * @param parts literal texts and expressions, in order
 */
record Template(List<Object> parts) {

    Template {
        parts = List.copyOf(parts);
    }

    /** Reads {@code ${...}} placeholders from the scalar at {@code at}; a placeholder must give text or a number. */
    static Template compile(Yaml at, ExprLanguage.Scope scope) {
        String text = at.string();
        List<Object> parts = new ArrayList<>();
        int i = 0;
        while (i < text.length()) {
            int open = text.indexOf("${", i);
            if (open < 0) {
                parts.add(text.substring(i));
                break;
            }
            if (open > i) {
                parts.add(text.substring(i, open));
            }
            // a placeholder may hold a map literal: find the brace that closes it
            int depth = 0;
            int close = -1;
            for (int j = open + 2; j < text.length(); j++) {
                char c = text.charAt(j);
                if (c == '{') {
                    depth++;
                } else if (c == '}') {
                    if (depth == 0) {
                        close = j;
                        break;
                    }
                    depth--;
                }
            }
            if (close < 0) {
                throw at.error("the placeholder at '" + text.substring(open, Math.min(text.length(), open + 20))
                        + "' is not closed: expected '}'");
            }
            parts.add(scope.compile(at, text.substring(open + 2, close), ExprLanguage.Expect.TEXT));
            i = close + 1;
        }
        return new Template(parts);
    }

    String render(CelVariableResolver vars) {
        StringBuilder b = new StringBuilder();
        for (Object p : parts) {
            if (p instanceof Expr e) {
                Object v = e.eval(vars);
                if (v instanceof Double d && d == Math.rint(d) && !Double.isInfinite(d)) {
                    b.append((long) (double) d);
                } else {
                    b.append(v);
                }
            } else {
                b.append((String) p);
            }
        }
        return b.toString();
    }
}
