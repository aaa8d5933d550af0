package dev.parley.iccma;

import dev.parley.argument.ArgumentationFramework;
import dev.parley.argument.Extension;
import java.util.List;
import java.util.Optional;
import java.util.StringJoiner;

/**
 * The answer to an ICCMA problem, rendered in either competition's output: ICCMA 2023 (i23 input) writes an
 * extension as {@code w 1 2 5} and a decision as {@code YES}/{@code NO} with the witness extension on the next line
 * (for DC a YES, for DS a NO); ICCMA 2019 (apx, tgf input) writes {@code [a,b]}, {@code [[a,b],[c]]} and a bare
 * {@code YES}/{@code NO}. A missing extension (SE-ST with no stable extension) is {@code NO} in both. ICCMA 2023 had
 * no enumeration task; EE in its output is one {@code w} line per extension.
 */
public sealed interface IccmaAnswer {

    /** A YES/NO answer with the extension that shows it (for DC a YES, for DS a NO), when there is one. */
    record Decision(boolean yes, Optional<Extension> witness) implements IccmaAnswer {
    }

    /** SE: one extension, or none. */
    record Some(Optional<Extension> extension) implements IccmaAnswer {
    }

    /** EE: every extension. */
    record Every(List<Extension> extensions) implements IccmaAnswer {
        public Every {
            extensions = List.copyOf(extensions);
        }
    }

    /** The answer's text without a final newline. */
    default String render(ArgumentationFramework af, AfFormat format) {
        boolean y23 = format.iccma2023Output();
        if (this instanceof Decision d) {
            String word = d.yes() ? "YES" : "NO";
            return y23 && d.witness().isPresent() ? word + "\n" + w(d.witness().get()) : word;
        }
        if (this instanceof Some s) {
            return s.extension().map(e -> y23 ? w(e) : bracket(e)).orElse("NO");
        }
        List<Extension> all = ((Every) this).extensions();
        if (y23) {
            StringJoiner j = new StringJoiner("\n");
            all.forEach(e -> j.add(w(e)));
            return all.isEmpty() ? "NO" : j.toString();
        }
        StringJoiner j = new StringJoiner(",", "[", "]");
        all.forEach(e -> j.add(bracket(e)));
        return j.toString();
    }

    private static String w(Extension e) {
        StringBuilder b = new StringBuilder("w");
        for (int i : e.indices()) {
            b.append(' ').append(i + 1);
        }
        return b.toString();
    }

    private static String bracket(Extension e) {
        return "[" + String.join(",", e.arguments()) + "]";
    }
}
