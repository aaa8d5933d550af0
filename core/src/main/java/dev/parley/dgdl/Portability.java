package dev.parley.dgdl;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.antlr.v4.runtime.CharStreams;
import org.antlr.v4.runtime.CommonTokenStream;
import org.antlr.v4.runtime.ParserRuleContext;
import org.antlr.v4.runtime.Token;

/**
 * The constructs of a protocol that DGEP 2's parser cannot read, each at its position. Parley reads them all; a
 * protocol without any is portable to DGEP 2. The five, found by feeding DGEP 2 the bundled protocols: underscores
 * in names, content variables of more than one letter, a conditional followed by other effects in the same body,
 * a runtime variable {@code $Var$} inside {@code inspect}, and {@code $Speaker} as a move's addressee.
 */
public final class Portability {

    private Portability() {
    }

    /** The constructs DGEP 2 cannot read, in file order; empty when the text is portable. */
    public static List<Diagnostic> check(String text, String source) {
        // Syntax and nesting are checked by the parser first, with its own errors.
        ProtocolParser.parse(text, source);
        DgdlLexer lexer = new DgdlLexer(CharStreams.fromString(text, source));
        lexer.removeErrorListeners();
        DgdlParser parser = new DgdlParser(new CommonTokenStream(lexer));
        parser.removeErrorListeners();
        Finder finder = new Finder(source);
        finder.visit(parser.file()); // depth is bounded: the parse above checked the nesting
        finder.found.sort(Comparator.comparingInt((Diagnostic d) -> d.position().line())
                .thenComparingInt(d -> d.position().column()));
        return finder.found;
    }

    private static final class Finder extends DgdlBaseVisitor<Void> {
        private final String source;
        private final List<Diagnostic> found = new ArrayList<>();
        private final Set<String> namesSeen = new HashSet<>();

        Finder(String source) {
            this.source = source;
        }

        private void add(Token at, String message) {
            found.add(new Diagnostic(Diagnostic.Severity.WARNING, source,
                    new SourcePosition(at.getLine(), at.getCharPositionInLine() + 1), "not portable to DGEP 2: "
                    + message));
        }

        @Override
        public Void visitName(DgdlParser.NameContext c) {
            String name = c.getText();
            if (name.contains("_") && namesSeen.add(name)) {
                add(c.getStart(), "the name '" + name + "' contains '_' (DGEP 2 reads letters and digits)");
            }
            return visitChildren(c);
        }

        @Override
        public Void visitInteractionContent(DgdlParser.InteractionContentContext c) {
            multiLetter(c.contentList());
            return visitChildren(c);
        }

        @Override
        public Void visitPlusInteractionDecl(DgdlParser.PlusInteractionDeclContext c) {
            if (c.contentList() != null) {
                multiLetter(c.contentList());
            }
            return visitChildren(c);
        }

        private void multiLetter(DgdlParser.ContentListContext list) {
            for (DgdlParser.TermContext t : list.term()) {
                if (t instanceof DgdlParser.VariableTermContext v && v.name().getText().length() > 1) {
                    add(v.getStart(), "the content variable '" + v.name().getText()
                            + "' has more than one letter (DGEP 2 reads single-letter variables)");
                }
            }
        }

        @Override
        public Void visitBody(DgdlParser.BodyContext c) {
            conditionalFirst(c.statement().stream().map(s -> s.conditional() != null ? s.conditional() : null)
                    .toList(), c.statement().size());
            return visitChildren(c);
        }

        @Override
        public Void visitPlusBody(DgdlParser.PlusBodyContext c) {
            conditionalFirst(c.plusStatement().stream().map(s -> s.plusConditional() != null
                    ? (ParserRuleContext) s.plusConditional() : null).toList(), c.plusStatement().size());
            return visitChildren(c);
        }

        /** {@code conditionals.get(i)} is statement i when it is a conditional, else null. */
        private void conditionalFirst(List<? extends ParserRuleContext> conditionals, int count) {
            for (int i = 0; i < count - 1; i++) {
                if (conditionals.get(i) != null) {
                    add(conditionals.get(i).getStart(), "a conditional followed by other effects in the same body"
                            + " (DGEP 2 reads a conditional only as a body's last statement)");
                    return;
                }
            }
        }

        @Override
        public Void visitInspectRequirement(DgdlParser.InspectRequirementContext c) {
            for (DgdlParser.TermContext t : c.contentList().term()) {
                if (t instanceof DgdlParser.RuntimeTermContext r) {
                    add(r.getStart(), "the runtime variable " + r.getText() + " inside inspect");
                }
            }
            return visitChildren(c);
        }

        @Override
        public Void visitMoveEffect(DgdlParser.MoveEffectContext c) {
            for (int i = 0; i + 1 < c.getChildCount(); i++) {
                if (c.getChild(i).getText().equals("$") && c.getChild(i + 1).getText().equals("Speaker")) {
                    add(c.getStart(), "$Speaker as the addressee of a pushed move");
                }
            }
            return visitChildren(c);
        }
    }
}
