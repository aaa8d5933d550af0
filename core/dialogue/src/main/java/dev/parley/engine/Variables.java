package dev.parley.engine;

import dev.parley.dgdl.Term;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** The runtime variables (values saved with {@code save(.., $Var$)}) and the values of terms. Saves are journaled. */
final class Variables {

    private final Journal journal;
    private final LinkedHashMap<String, String> saved = new LinkedHashMap<>();

    Variables(Journal journal) {
        this.journal = journal;
    }

    Variables copy(Journal to) {
        Variables c = new Variables(to);
        c.saved.putAll(saved);
        return c;
    }

    /** Every saved value (a copy). */
    Map<String, String> all() {
        return new LinkedHashMap<>(saved);
    }

    void restore(Map<String, String> values) {
        saved.putAll(values);
    }

    void save(String variable, String value) {
        String old = saved.put(variable, value);
        journal.push(() -> {
            if (old == null) {
                saved.remove(variable);
            } else {
                saved.put(variable, old);
            }
        });
    }

    List<String> values(List<Term> terms, EvalContext ctx, boolean required) {
        List<String> out = new ArrayList<>(terms.size());
        for (Term t : terms) {
            String v = value(t, ctx, required);
            if (v != null) {
                out.add(v);
            }
        }
        return out;
    }

    /** A term's value; {@code null} for an open variable when not {@code required}. */
    String value(Term t, EvalContext ctx, boolean required) {
        if (t instanceof Term.Literal l) {
            return l.text();
        }
        if (t instanceof Term.Runtime r) {
            String v = saved.get(r.name());
            if (v == null) {
                throw new EffectFailure(r.position(), "runtime variable $" + r.name() + "$ has not been saved yet");
            }
            return v;
        }
        Term.Variable v = (Term.Variable) t;
        String value = ctx.reply().get(v.name());
        if (value == null) {
            if (required) {
                throw new EffectFailure(v.position(), "content variable " + v.name() + " has no value here");
            }
            return null;
        }
        return v.negated() ? negate(value) : value;
    }

    static String negate(String value) {
        return value.startsWith("!") ? value.substring(1) : "!" + value;
    }
}
