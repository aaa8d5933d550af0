package dev.parley.dgdl;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.antlr.v4.runtime.ParserRuleContext;

/**
 * Reading values out of an original DGDL parse tree, for {@link OriginalDgdlReader}: a declaration's items and
 * {@code key:value} properties, names and numbers, each refused with a {@link DgdlException} at its line and column
 * when it is not what the construct takes; and the notes of constructs the engine lacks, each once, where first used.
 */
final class OriginalSyntax {

    private final String source;
    private final List<Diagnostic> notes = new ArrayList<>();
    private final Set<String> noted = new LinkedHashSet<>();

    OriginalSyntax(String source) {
        this.source = source;
    }

    String source() {
        return source;
    }

    /** The notes made so far, in the order they were made. */
    List<Diagnostic> notes() {
        return List.copyOf(notes);
    }

    List<DgdlOriginalParser.UnitContext> items(DgdlOriginalParser.GroupContext g) {
        if (g.expr() == null) {
            return List.of();
        }
        if (g.expr().conj().size() > 1) {
            throw bad(g, "a declaration's items are separated by commas, not ||");
        }
        return g.expr().conj(0).unit();
    }

    void properties(List<DgdlOriginalParser.UnitContext> items,
                            Map<String, DgdlOriginalParser.ValueContext> out, List<String> allowed,
                            DgdlOriginalParser.GroupContext g) {
        String kind = items.get(0).getText();
        for (DgdlOriginalParser.UnitContext u : items.subList(1, items.size())) {
            if (!(u instanceof DgdlOriginalParser.PropertyContext p)) {
                throw bad(u, "expected key:value in {" + kind + ", ...} (keys: " + String.join(", ", allowed)
                        + "), found " + u.getText());
            }
            String key = name(p);
            if (!allowed.contains(key)) {
                throw bad(p, "{" + kind + ", ...} has no key " + key + "; its keys are " + String.join(", ", allowed));
            }
            if (out.put(key, p.value()) != null) {
                throw bad(p, key + " is given twice in {" + kind + ", ...}");
            }
        }
    }

    DgdlOriginalParser.ValueContext require(Map<String, DgdlOriginalParser.ValueContext> props, String key,
                                                    ParserRuleContext at, String kind) {
        DgdlOriginalParser.ValueContext v = props.get(key);
        if (v == null) {
            throw bad(at, "{" + kind + ", ...} needs " + key + ":");
        }
        return v;
    }

    /** The constant given as {@code key:}, or {@code otherwise} when the key is absent. */
    <E extends Enum<E>> E optionalConstant(Map<String, DgdlOriginalParser.ValueContext> props, String key,
                                                   E otherwise, String expected, String rule) {
        DgdlOriginalParser.ValueContext v = props.get(key);
        return v == null ? otherwise
                : ProtocolParser.constant(otherwise.getDeclaringClass(), plain(v, expected), source, v, rule);
    }

    static String name(DgdlOriginalParser.PropertyContext p) {
        return p.NAME().getText();
    }

    String plain(DgdlOriginalParser.ValueContext v, String what) {
        if (v.NAME() == null && v.INT() == null) {
            throw bad(v, "expected " + what + ", found " + v.getText());
        }
        return v.getText();
    }

    String wordOf(DgdlOriginalParser.ValueContext v, String what) {
        if (v.NAME() == null) {
            throw bad(v, "expected " + what + ", found " + v.getText());
        }
        return v.getText();
    }

    int number(DgdlOriginalParser.ValueContext v, String what) {
        if (v.INT() == null) {
            throw bad(v, what + " is a number, found " + v.getText());
        }
        try {
            return Integer.parseInt(v.getText());
        } catch (NumberFormatException e) {
            throw bad(v, what + " is too large: " + v.getText());
        }
    }

    String word(DgdlOriginalParser.UnitContext u, String what) {
        if (u instanceof DgdlOriginalParser.WordContext w && !w.getStart().getText().equals("!")) {
            return w.NAME().getText();
        }
        throw bad(u, "expected " + what + ", found " + u.getText());
    }

    List<String> words(DgdlOriginalParser.GroupContext g, String what) {
        List<String> out = new ArrayList<>();
        if (g.expr() == null) {
            return out;
        }
        if (g.expr().conj().size() > 1) {
            throw bad(g, "expected names separated by commas, found ||");
        }
        for (DgdlOriginalParser.UnitContext u : g.expr().conj(0).unit()) {
            out.add(word(u, what));
        }
        return out;
    }

    /** Notes a construct the engine lacks, once, where first used, with why it has no counterpart. */
    void note(ParserRuleContext at, String feature, String why) {
        note(pos(at), feature, why);
    }

    void note(SourcePosition at, String feature, String why) {
        if (noted.add(feature)) {
            notes.add(new Diagnostic(Diagnostic.Severity.WARNING, source, at, "not implemented: " + feature + " ("
                    + why + ")"));
        }
    }

    DgdlException bad(ParserRuleContext at, String message) {
        return new DgdlException(source, pos(at), message);
    }

    static SourcePosition pos(ParserRuleContext at) {
        return new SourcePosition(at.getStart().getLine(), at.getStart().getCharPositionInLine() + 1);
    }
}
