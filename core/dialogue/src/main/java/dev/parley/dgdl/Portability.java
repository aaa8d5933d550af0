package dev.parley.dgdl;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;
import org.antlr.v4.runtime.CharStreams;
import org.antlr.v4.runtime.CommonTokenStream;
import org.antlr.v4.runtime.ParserRuleContext;
import org.antlr.v4.runtime.Token;
import org.antlr.v4.runtime.tree.ParseTree;
import org.antlr.v4.runtime.tree.TerminalNode;

/**
 * The constructs of a protocol that DGEP 2 cannot read, each at its position. Parley reads them all; a protocol
 * without any is portable to DGEP 2. They were found by running DGEP 2's own grammar (marksnaith/dgdl-parser,
 * {@code grammar/dgdl.g4}) over the bundled protocols, each construct removed in turn until nothing was left:
 * names that are not a capital letter and one or more letters or digits (underscores, one letter, lower case),
 * content variables of more than one letter, negated content ({@code !p}), backslashes in strings, strings in a
 * move's content, a runtime variable after the first place of a move's content, content variables inside
 * {@code event}, runtime variables inside {@code inspect}, a conditional followed by other effects or inside
 * another conditional, {@code if .. then}, {@code elseif} written otherwise than {@code elseif COND then},
 * {@code &} for {@code &&}, empty bodies, declarations out of DGEP 2's order, and the DGDL+ dialect. One more is
 * read by DGEP 2's parser but means nothing there: {@code $Speaker} as a pushed move's addressee (DGEP 2 looks for
 * a player or a role called Speaker).
 */
public final class Portability {

    /** A name as DGEP 2's lexer reads it: a capital letter and one or more letters or digits. */
    private static final Pattern DGEP_NAME = Pattern.compile("[A-Z][A-Za-z0-9]+");

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
        public Void visitSystem(DgdlParser.SystemContext c) {
            add(c.getStart(), "the DGDL+ dialect of DGEP 1 (DGEP 2 reads game(id:..){..} only)");
            return null; // nothing inside can be read either
        }

        @Override
        public Void visitGame(DgdlParser.GameContext c) {
            // DGEP 2: roles? participants player+ store* turntaking? backtracking? extURI* rule* interaction+
            int highest = -1;
            for (DgdlParser.GameItemContext item : c.gameItem()) {
                int rank = rank(item);
                if (rank < highest) {
                    add(item.getStart(), "'" + item.getStart().getText() + "' after '" + ORDER.get(highest)
                            + "' (DGEP 2 reads roles,"
                            + " participants, players, stores, turn taking, backtracking, extURIs, rules, then"
                            + " interactions, in that order)");
                }
                highest = Math.max(highest, rank);
            }
            return visitChildren(c);
        }

        private static final List<String> ORDER = List.of("roles", "participants", "player", "store", "turntaking",
                "backtracking", "extURI", "rule", "interaction");

        private static int rank(DgdlParser.GameItemContext item) {
            return ORDER.indexOf(item.getStart().getText());
        }

        @Override
        public Void visitName(DgdlParser.NameContext c) {
            String name = c.getText();
            if (c.getParent() instanceof DgdlParser.VariableTermContext) {
                return visitChildren(c); // content variables: see the interaction's content
            }
            if (name.contains("_")) {
                if (namesSeen.add(name)) {
                    add(c.getStart(), "the name '" + name + "' contains '_' (DGEP 2 reads letters and digits)");
                }
            } else if (!DGEP_NAME.matcher(name).matches() && !name.equals("speaker") && !name.equals("listener")
                    && namesSeen.add(name)) {
                add(c.getStart(), "the name '" + name + "' (DGEP 2 reads a capital letter and one or more letters"
                        + " or digits)");
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
        public Void visitVariableTerm(DgdlParser.VariableTermContext c) {
            if (c.getStart().getText().equals("!")) {
                add(c.getStart(), "the negated content " + c.getText() + " (DGEP 2's content holds variables and"
                        + " strings)");
            }
            return visitChildren(c);
        }

        @Override
        public Void visitTerminal(TerminalNode node) {
            Token t = node.getSymbol();
            if (t.getType() == DgdlLexer.STRING && t.getText().indexOf('\\') >= 0) {
                add(t, "a backslash in the string " + t.getText() + " (DGEP 2's strings hold no backslash or"
                        + " quote)");
            }
            return null;
        }

        @Override
        public Void visitInteractionDecl(DgdlParser.InteractionDeclContext c) {
            // DGEP 2: interaction(id:X, addressee:U, content:{..}, opener:"..") in that order, addressee a name
            int highest = -1;
            for (DgdlParser.InteractionAttrContext a : c.interactionAttr()) {
                int rank = a instanceof DgdlParser.InteractionAddresseeContext ? 0
                        : a instanceof DgdlParser.InteractionContentContext ? 1 : 2;
                if (rank < highest) {
                    add(a.getStart(), "'" + a.getStart().getText() + "' out of order (DGEP 2 reads an"
                            + " interaction's addressee, content and opener in that order)");
                }
                highest = Math.max(highest, rank);
                if (a instanceof DgdlParser.InteractionAddresseeContext ad && ad.getChildCount() > 3) {
                    add(ad.getStart(), "'$' before an interaction's addressee (DGEP 2 reads a name there)");
                }
            }
            return visitChildren(c);
        }

        @Override
        public Void visitPlayerDecl(DgdlParser.PlayerDeclContext c) {
            int highest = -1;
            for (DgdlParser.PlayerAttrContext a : c.playerAttr()) {
                int rank = a instanceof DgdlParser.PlayerRolesContext ? 0
                        : a instanceof DgdlParser.PlayerMinContext ? 1 : 2;
                if (rank <= highest) {
                    add(a.getStart(), "'" + a.getStart().getText() + "' out of order (DGEP 2 reads a player's"
                            + " roles, min and max once each, in that order)");
                }
                highest = Math.max(highest, rank);
            }
            return visitChildren(c);
        }

        @Override
        public Void visitBody(DgdlParser.BodyContext c) {
            if (c.statement().isEmpty()) {
                add(c.getStart(), "an empty body (DGEP 2 needs at least one effect)");
            }
            conditionalFirst(c.statement().stream().map(s -> s.conditional() != null ? s.conditional() : null)
                    .toList(), c.statement().size());
            if (c.getParent() instanceof DgdlParser.ConditionalContext
                    || c.getParent() instanceof DgdlParser.ElseIfContext
                    || c.getParent() instanceof DgdlParser.ElseBranchContext) {
                for (DgdlParser.StatementContext s : c.statement()) {
                    if (s.conditional() != null) {
                        add(s.getStart(), "a conditional inside a conditional (DGEP 2's branches hold effects"
                                + " only)");
                    }
                }
            }
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
        public Void visitConditional(DgdlParser.ConditionalContext c) {
            if (hasChild(c, "then")) {
                add(c.getStart(), "'if (..) then' (DGEP 2 reads 'if (..) {..}')");
            }
            return visitChildren(c);
        }

        @Override
        public Void visitElseIf(DgdlParser.ElseIfContext c) {
            if (hasChild(c, "(") || !hasChild(c, "then")) {
                add(c.getStart(), "'elseif' written otherwise than 'elseif CONDITION then {..}' (DGEP 2's form)");
            }
            return visitChildren(c);
        }

        @Override
        public Void visitConditions(DgdlParser.ConditionsContext c) {
            if (hasChild(c, "&")) {
                add(c.getStart(), "conditions joined by '&' (DGEP 2 reads '&&')");
            }
            return visitChildren(c);
        }

        private static boolean hasChild(ParserRuleContext c, String token) {
            for (ParseTree child : c.children) {
                if (child instanceof TerminalNode t && t.getText().equals(token)) {
                    return true;
                }
            }
            return false;
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
        public Void visitEventRequirement(DgdlParser.EventRequirementContext c) {
            if (c.contentList() != null) {
                for (DgdlParser.TermContext t : c.contentList().term()) {
                    if (t instanceof DgdlParser.VariableTermContext v) {
                        add(v.getStart(), "the content variable " + v.getText() + " inside event (DGEP 2 reads"
                                + " runtime variables and strings there)");
                    }
                }
            }
            return visitChildren(c);
        }

        @Override
        public Void visitMoveEffect(DgdlParser.MoveEffectContext c) {
            for (int i = 0; i + 1 < c.getChildCount(); i++) {
                if (c.getChild(i).getText().equals("$") && c.getChild(i + 1).getText().equals("Speaker")) {
                    add(c.getStart(), "$Speaker as the addressee of a pushed move (DGEP 2 reads it, but looks for a"
                            + " player or role called Speaker)");
                }
            }
            if (c.contentList() != null) {
                List<DgdlParser.TermContext> terms = c.contentList().term();
                for (int i = 0; i < terms.size(); i++) {
                    DgdlParser.TermContext t = terms.get(i);
                    if (t instanceof DgdlParser.LiteralTermContext) {
                        add(t.getStart(), "the string " + t.getText() + " in a move's content (DGEP 2 reads"
                                + " content and runtime variables there)");
                    } else if (t instanceof DgdlParser.RuntimeTermContext && i > 0) {
                        add(t.getStart(), "the runtime variable " + t.getText() + " after the first place of a"
                                + " move's content (DGEP 2's grammar reads one only first)");
                    }
                }
            }
            return visitChildren(c);
        }
    }
}
