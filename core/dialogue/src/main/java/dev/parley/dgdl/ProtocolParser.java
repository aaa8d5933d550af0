package dev.parley.dgdl;

import dev.parley.io.InputFiles;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.function.Function;
import org.antlr.v4.runtime.BaseErrorListener;
import org.antlr.v4.runtime.CharStreams;
import org.antlr.v4.runtime.CommonTokenStream;
import org.antlr.v4.runtime.Lexer;
import org.antlr.v4.runtime.Parser;
import org.antlr.v4.runtime.ParserRuleContext;
import org.antlr.v4.runtime.RecognitionException;
import org.antlr.v4.runtime.Recognizer;
import org.antlr.v4.runtime.Token;
import org.antlr.v4.runtime.TokenStream;
import org.antlr.v4.runtime.misc.IntervalSet;
import org.antlr.v4.runtime.misc.ParseCancellationException;
import org.antlr.v4.runtime.tree.TerminalNode;

/**
 * The DGDL front end: reads either dialect (DGEP 2 or DGDL+) into one {@link Protocol}. Syntax errors become a
 * {@link DgdlSyntaxException} with file, line, column and what was expected. {@link #load} also runs the
 * {@link ProtocolChecker} and rejects a protocol with errors; warnings are left to the caller.
 */
public final class ProtocolParser {

    private ProtocolParser() {
    }

    /** Parses a file; the file name is used in messages. */
    public static Protocol parse(Path file) {
        return parse(read(file), file.toString());
    }

    /** Parses and checks a file: a protocol with errors is rejected with {@link DgdlCheckException}. */
    public static Protocol load(Path file) {
        return checked(parse(file));
    }

    /** Parses and checks DGDL text. */
    public static Protocol load(String text, String sourceName) {
        return checked(parse(text, sourceName));
    }

    private static Protocol checked(Protocol protocol) {
        List<Diagnostic> errors = ProtocolChecker.check(protocol).stream()
                .filter(d -> d.severity() == Diagnostic.Severity.ERROR).toList();
        if (!errors.isEmpty()) {
            throw new DgdlCheckException(protocol.source(), errors);
        }
        return protocol;
    }

    private static String read(Path file) {
        return InputFiles.readText(file);
    }

    /**
     * How deeply parentheses and braces may nest. The parser, the checker and the engine all walk conditions and
     * bodies recursively; real protocols nest a handful of levels, and this bound keeps every one of those walks
     * well inside a thread's stack (a server thread's included), so that deeper input is refused in one line.
     */
    public static final int MAX_NESTING = 100;

    /** Parses DGDL text of any of the three dialects. */
    public static Protocol parse(String text, String sourceName) {
        if (OriginalDgdlReader.looksOriginal(text, sourceName)) {
            return OriginalDgdlReader.parse(text, sourceName);
        }
        DgdlParser.FileContext tree = parseTree(new DgdlLexer(CharStreams.fromString(text, sourceName)),
                DgdlParser::new, DgdlParser::file, sourceName);
        return new Builder(sourceName, text).file(tree);
    }

    /**
     * Parses {@code lexer}'s text with one dialect's parser and start rule: nesting deeper than {@link #MAX_NESTING}
     * is refused before parsing, and the first syntax error is thrown as a {@link DgdlSyntaxException}.
     */
    static <P extends Parser, T> T parseTree(Lexer lexer, Function<TokenStream, P> parser, Function<P, T> rule,
            String sourceName) {
        lexer.removeErrorListeners();
        CommonTokenStream tokens = new CommonTokenStream(lexer);
        checkNesting(tokens, sourceName);
        P p = parser.apply(tokens);
        p.removeErrorListeners();
        p.addErrorListener(new FirstErrorListener(sourceName));
        try {
            return rule.apply(p);
        } catch (ParseCancellationException e) {
            if (e.getCause() instanceof DgdlSyntaxException s) {
                throw s;
            }
            throw e;
        }
    }

    /**
     * The constant of {@code type} that {@code text} names, in any case; else a DGDL error at {@code at}: the
     * {@code rule} it breaks, then "not" and the text.
     */
    static <E extends Enum<E>> E constant(Class<E> type, String text, String source, ParserRuleContext at,
            String rule) {
        try {
            return Enum.valueOf(type, text.toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            throw new DgdlException(source, new SourcePosition(at.getStart().getLine(),
                    at.getStart().getCharPositionInLine() + 1), rule + ", not " + text);
        }
    }

    /** Refuses nesting deeper than {@link #MAX_NESTING}, at the bracket that goes one level too deep. */
    static void checkNesting(CommonTokenStream tokens, String sourceName) {
        tokens.fill();
        int depth = 0;
        for (Token t : tokens.getTokens()) {
            String s = t.getText();
            if (s.equals("(") || s.equals("{")) {
                if (++depth > MAX_NESTING) {
                    throw new DgdlSyntaxException(sourceName,
                            new SourcePosition(t.getLine(), t.getCharPositionInLine() + 1), "'" + s + "'", "",
                            "parentheses and braces nest more than " + MAX_NESTING + " levels deep here; Parley reads "
                                    + "at most " + MAX_NESTING);
                }
            } else if (s.equals(")") || s.equals("}")) {
                depth = Math.max(0, depth - 1);
            }
        }
        tokens.seek(0);
    }

    /** Stops at the first syntax error and turns it into a {@link DgdlSyntaxException}. */
    static final class FirstErrorListener extends BaseErrorListener {
        private final String source;

        FirstErrorListener(String source) {
            this.source = source;
        }

        @Override
        public void syntaxError(Recognizer<?, ?> recognizer, Object offendingSymbol, int line, int column, String msg,
                                RecognitionException e) {
            String found = "?";
            if (offendingSymbol instanceof Token t) {
                found = t.getType() == Token.EOF ? "<end of file>" : "'" + t.getText() + "'";
            }
            String expected = "";
            if (recognizer instanceof Parser p) {
                IntervalSet set = e != null && e.getExpectedTokens() != null ? e.getExpectedTokens()
                        : p.getExpectedTokens();
                expected = describe(set, p);
            }
            String message = expected.isEmpty()
                    ? "unexpected " + found + " (" + msg + ")"
                    : "expected " + expected + " but found " + found;
            throw new ParseCancellationException(new DgdlSyntaxException(source,
                    new SourcePosition(line, column + 1), found, expected, message));
        }

        private static String describe(IntervalSet set, Parser p) {
            if (set == null || set.isNil()) {
                return "";
            }
            List<String> names = new ArrayList<>();
            for (int type : set.toList()) {
                names.add(type == Token.EOF ? "<end of file>" : display(p.getVocabulary().getDisplayName(type)));
            }
            return names.size() == 1 ? names.get(0) : "one of " + String.join(", ", names);
        }

        private static String display(String name) {
            return switch (name) {
                case "NAME" -> "a name";
                case "INT" -> "a number";
                case "STRING" -> "a quoted string";
                default -> name;
            };
        }
    }

    /** Turns the parse tree into model records. */
    private static final class Builder extends DgdlBaseVisitor<Object> {
        private final String source;
        private final String text;

        private String id;
        private Dialect dialect;
        private final List<String> roles = new ArrayList<>();
        private int minParticipants = 0;
        private Optional<Integer> maxParticipants = Optional.empty();
        private final List<Protocol.Player> players = new ArrayList<>();
        private final List<Protocol.Store> stores = new ArrayList<>();
        private Protocol.TurnTaking turnTaking = Protocol.TurnTaking.LIBERAL;
        private Optional<String> magnitude = Optional.empty();
        private boolean backtracking = false;
        private final List<Protocol.ExtUri> extUris = new ArrayList<>();
        private final List<Protocol.Rule> rules = new ArrayList<>();
        private final List<Protocol.Interaction> interactions = new ArrayList<>();

        Builder(String source, String text) {
            this.source = source;
            this.text = text;
        }

        Protocol file(DgdlParser.FileContext ctx) {
            if (ctx.game() != null) {
                dialect = Dialect.DGEP2;
                id = name(ctx.game().name());
                ctx.game().gameItem().forEach(this::gameItem);
            } else {
                dialect = Dialect.DGDL_PLUS;
                id = name(ctx.system().name());
                ctx.system().systemItem().forEach(this::systemItem);
            }
            return new Protocol(id, dialect, source, text, roles, minParticipants, maxParticipants, players, stores,
                    turnTaking, magnitude, backtracking, extUris, rules, interactions);
        }

        // ---- DGEP 2 ----

        private void gameItem(DgdlParser.GameItemContext item) {
            if (item instanceof DgdlParser.RolesDeclContext c) {
                roles.addAll(names(c.nameList()));
            } else if (item instanceof DgdlParser.ParticipantsDeclContext c) {
                minParticipants = bound(c.bound(0)).orElse(0);
                maxParticipants = bound(c.bound(1));
            } else if (item instanceof DgdlParser.PlayerDeclContext c) {
                players.add(player(c.name(), c.playerAttr(), c));
            } else if (item instanceof DgdlParser.StoreDeclContext c) {
                stores.add(store(c.name(), c.owners(), c.structure(), c.visibility(), c.contentList(), c));
            } else if (item instanceof DgdlParser.TurnTakingDeclContext c) {
                turnTaking = turnOrder(c.turnOrder());
            } else if (item instanceof DgdlParser.BacktrackingDeclContext c) {
                backtracking = c.onOff().getText().equals("on");
            } else if (item instanceof DgdlParser.ExtUriDeclContext c) {
                extUris.add(new Protocol.ExtUri(name(c.name()), unquote(c.STRING()), pos(c)));
            } else if (item instanceof DgdlParser.RuleDeclContext c) {
                rules.add(new Protocol.Rule(name(c.name()), scope(c.scope()), body(c.body()), pos(c)));
            } else if (item instanceof DgdlParser.InteractionDeclContext c) {
                Optional<String> addressee = Optional.empty();
                List<String> content = List.of();
                Optional<String> opener = Optional.empty();
                for (DgdlParser.InteractionAttrContext a : c.interactionAttr()) {
                    if (a instanceof DgdlParser.InteractionAddresseeContext ad) {
                        addressee = Optional.of(name(ad.name()));
                    } else if (a instanceof DgdlParser.InteractionContentContext ct) {
                        content = contentVariables(ct.contentList());
                    } else if (a instanceof DgdlParser.InteractionOpenerContext op) {
                        opener = Optional.of(unquote(op.STRING()));
                    }
                }
                interactions.add(new Protocol.Interaction(name(c.name()), addressee, content, opener, body(c.body()),
                        pos(c)));
            }
        }

        private List<Statement> body(DgdlParser.BodyContext ctx) {
            List<Statement> out = new ArrayList<>();
            for (DgdlParser.StatementContext s : ctx.statement()) {
                out.add(s.effect() != null ? effect(s.effect()) : conditional(s.conditional()));
            }
            return out;
        }

        private Conditional conditional(DgdlParser.ConditionalContext ctx) {
            List<Conditional.Branch> branches = new ArrayList<>();
            branches.add(new Conditional.Branch(conditions(ctx.conditions()), body(ctx.body())));
            for (DgdlParser.ElseIfContext e : ctx.elseIf()) {
                branches.add(new Conditional.Branch(conditions(e.conditions()), body(e.body())));
            }
            List<Statement> otherwise = ctx.elseBranch() == null ? List.of() : body(ctx.elseBranch().body());
            return new Conditional(branches, otherwise, pos(ctx));
        }

        // ---- DGDL+ ----

        private void systemItem(DgdlParser.SystemItemContext item) {
            if (item instanceof DgdlParser.TurnsDeclContext c) {
                for (DgdlParser.TurnAttrContext a : c.turnAttr()) {
                    if (a instanceof DgdlParser.MagnitudeAttrContext m) {
                        magnitude = Optional.of(name(m.name()));
                    } else if (a instanceof DgdlParser.OrderingAttrContext o) {
                        turnTaking = turnOrder(o.turnOrder());
                    }
                }
            } else if (item instanceof DgdlParser.PlusRolesDeclContext c) {
                roles.addAll(names(c.nameList()));
            } else if (item instanceof DgdlParser.PlayersDeclContext c) {
                minParticipants = bound(c.bound(0)).orElse(0);
                maxParticipants = bound(c.bound(1));
            } else if (item instanceof DgdlParser.PlusPlayerDeclContext c) {
                players.add(player(c.name(), c.plusPlayerAttr(), c));
            } else if (item instanceof DgdlParser.PlusStoreDeclContext c) {
                stores.add(store(c.name(), c.owners(), c.structure(), c.visibility(), c.contentList(), c));
            } else if (item instanceof DgdlParser.BacktrackDeclContext c) {
                backtracking = c.onOff().getText().equals("on");
            } else if (item instanceof DgdlParser.PlusExtUriDeclContext c) {
                extUris.add(new Protocol.ExtUri(name(c.name()), unquote(c.STRING()), pos(c)));
            } else if (item instanceof DgdlParser.PlusRuleDeclContext c) {
                rules.add(new Protocol.Rule(name(c.name()), scope(c.scope()), plusBody(c.plusBody()), pos(c)));
            } else if (item instanceof DgdlParser.PlusInteractionDeclContext c) {
                Optional<String> addressee = c.name().size() > 1 ? Optional.of(name(c.name(1))) : Optional.empty();
                List<String> content = c.contentList() == null ? List.of() : contentVariables(c.contentList());
                Optional<String> opener = c.STRING() == null ? Optional.empty() : Optional.of(unquote(c.STRING()));
                interactions.add(new Protocol.Interaction(name(c.name(0)), addressee, content, opener,
                        plusBody(c.plusBody()), pos(c)));
            }
        }

        private List<Statement> plusBody(DgdlParser.PlusBodyContext ctx) {
            List<Statement> out = new ArrayList<>();
            for (DgdlParser.PlusStatementContext s : ctx.plusStatement()) {
                out.add(s.effect() != null ? effect(s.effect()) : plusConditional(s.plusConditional()));
            }
            return out;
        }

        private Conditional plusConditional(DgdlParser.PlusConditionalContext ctx) {
            List<Conditional.Branch> branches = new ArrayList<>();
            List<DgdlParser.PlusBodyContext> bodies = ctx.plusBody();
            branches.add(new Conditional.Branch(conditions(ctx.conditions()), plusBody(bodies.get(0))));
            for (DgdlParser.PlusElseIfContext e : ctx.plusElseIf()) {
                branches.add(new Conditional.Branch(conditions(e.conditions()), plusBody(e.plusBody())));
            }
            List<Statement> otherwise = bodies.size() > 1 ? plusBody(bodies.get(1)) : List.of();
            return new Conditional(branches, otherwise, pos(ctx));
        }

        // ---- shared ----

        /**
         * A player declaration of either dialect: DGEP 2 writes {@code roles:{..}} and DGDL+ {@code roles{..}}, so
         * the grammar keeps two attribute rules (each dialect stays strict), read here as one.
         */
        private Protocol.Player player(DgdlParser.NameContext name, List<? extends ParserRuleContext> attributes,
                ParserRuleContext at) {
            List<String> playerRoles = new ArrayList<>();
            int min = 0;
            Optional<Integer> max = Optional.empty();
            for (ParserRuleContext a : attributes) {
                if (a instanceof DgdlParser.PlayerRolesContext r) {
                    playerRoles.addAll(names(r.nameList()));
                } else if (a instanceof DgdlParser.PlusPlayerRolesContext r) {
                    playerRoles.addAll(names(r.nameList()));
                } else if (a instanceof DgdlParser.PlayerMinContext m) {
                    min = bound(m.bound()).orElse(0);
                } else if (a instanceof DgdlParser.PlusPlayerMinContext m) {
                    min = bound(m.bound()).orElse(0);
                } else if (a instanceof DgdlParser.PlayerMaxContext m) {
                    max = bound(m.bound());
                } else if (a instanceof DgdlParser.PlusPlayerMaxContext m) {
                    max = bound(m.bound());
                }
            }
            return new Protocol.Player(name(name), playerRoles, min, max, pos(at));
        }

        private Effect effect(DgdlParser.EffectContext ctx) {
            return (Effect) visit(ctx);
        }

        @Override
        public Object visitMoveEffect(DgdlParser.MoveEffectContext c) {
            List<DgdlParser.NameContext> n = c.name();
            // name(0) is the move; then optionally the addressee (after '$'), then optionally the user.
            String addressee = null;
            String user = null;
            int next = 1;
            boolean hasAddressee = c.children.stream()
                    .anyMatch(ch -> ch instanceof TerminalNode t && t.getText().equals("$"));
            if (hasAddressee) {
                addressee = name(n.get(next++));
            }
            if (next < n.size()) {
                user = name(n.get(next));
            }
            return new Effect.Move(
                    Effect.MoveAction.valueOf(upper(c.moveAction())), Effect.MoveList.valueOf(upper(c.moveTime())),
                    name(n.get(0)), addressee, c.contentList() == null ? List.of() : terms(c.contentList()), user,
                    pos(c));
        }

        @Override
        public Object visitStoreEffect(DgdlParser.StoreEffectContext c) {
            return new Effect.Store(Effect.StoreAction.valueOf(upper(c.storeAction())), terms(c.contentList()),
                    name(c.name()), pos(c));
        }

        @Override
        public Object visitStatusEffect(DgdlParser.StatusEffectContext c) {
            return new Effect.SetStatus(Effect.Status.valueOf(upper(c.statusValue())), name(c.name()), pos(c));
        }

        @Override
        public Object visitAssignEffect(DgdlParser.AssignEffectContext c) {
            return new Effect.Assign(name(c.name(0)), name(c.name(1)), pos(c));
        }

        @Override
        public Object visitUnassignEffect(DgdlParser.UnassignEffectContext c) {
            return new Effect.Unassign(name(c.name(0)), name(c.name(1)), pos(c));
        }

        @Override
        public Object visitSaveEffect(DgdlParser.SaveEffectContext c) {
            return new Effect.Save(terms(c.contentList()), name(c.runtimeVar().name()), pos(c));
        }

        private List<Condition> conditions(DgdlParser.ConditionsContext ctx) {
            List<Condition> out = new ArrayList<>();
            for (DgdlParser.ConditionContext c : ctx.condition()) {
                out.add(new Condition(c.getChildCount() > 1, (Requirement) visit(c.requirement())));
            }
            return out;
        }

        @Override
        public Object visitEventRequirement(DgdlParser.EventRequirementContext c) {
            return new Requirement.Event(Requirement.EventTime.valueOf(upper(c.eventTime())), name(c.name(0)),
                    c.contentList() == null ? List.of() : terms(c.contentList()),
                    c.name().size() > 1 ? name(c.name(1)) : null, pos(c));
        }

        @Override
        public Object visitInRoleRequirement(DgdlParser.InRoleRequirementContext c) {
            return new Requirement.InRole(name(c.name(0)), name(c.name(1)), pos(c));
        }

        @Override
        public Object visitInspectRequirement(DgdlParser.InspectRequirementContext c) {
            return new Requirement.Inspect(Requirement.InspectPosition.valueOf(upper(c.inspectPosition())),
                    terms(c.contentList()), name(c.name(0)), c.name().size() > 1 ? name(c.name(1)) : null,
                    c.storeTime() == null ? Requirement.StoreTime.CURRENT
                            : Requirement.StoreTime.valueOf(upper(c.storeTime())), pos(c));
        }

        @Override
        public Object visitUriTestRequirement(DgdlParser.UriTestRequirementContext c) {
            return new Requirement.UriTest(name(c.name()), pos(c));
        }

        private List<Term> terms(DgdlParser.ContentListContext ctx) {
            List<Term> out = new ArrayList<>();
            for (DgdlParser.TermContext t : ctx.term()) {
                out.add((Term) visit(t));
            }
            return out;
        }

        @Override
        public Object visitVariableTerm(DgdlParser.VariableTermContext c) {
            return new Term.Variable(name(c.name()), c.getChildCount() > 1, pos(c));
        }

        @Override
        public Object visitLiteralTerm(DgdlParser.LiteralTermContext c) {
            return new Term.Literal(unquote(c.STRING()), pos(c));
        }

        @Override
        public Object visitRuntimeTerm(DgdlParser.RuntimeTermContext c) {
            return new Term.Runtime(name(c.runtimeVar().name()), pos(c));
        }

        /** An interaction's declared content: variables only ({@code {p, q}}). */
        private List<String> contentVariables(DgdlParser.ContentListContext ctx) {
            List<String> vars = new ArrayList<>();
            for (Term t : terms(ctx)) {
                if (t instanceof Term.Variable v && !v.negated()) {
                    vars.add(v.name());
                } else {
                    throw new DgdlSyntaxException(source, t.position(), t.toString(), "a content variable",
                            "expected a content variable (such as p) in an interaction's content but found " + t);
                }
            }
            return vars;
        }

        private Protocol.Store store(DgdlParser.NameContext id, DgdlParser.OwnersContext owners,
                                     DgdlParser.StructureContext structure, DgdlParser.VisibilityContext visibility,
                                     DgdlParser.ContentListContext content, ParserRuleContext at) {
            List<String> ownerNames = owners.nameList() != null ? names(owners.nameList()) : List.of(name(owners.name()));
            return new Protocol.Store(name(id), ownerNames, Protocol.Structure.valueOf(upper(structure)),
                    Protocol.Visibility.valueOf(upper(visibility)), content == null ? List.of() : terms(content),
                    pos(at));
        }

        private static Protocol.TurnTaking turnOrder(DgdlParser.TurnOrderContext c) {
            return Protocol.TurnTaking.valueOf(upper(c));
        }

        private static Protocol.Scope scope(DgdlParser.ScopeContext c) {
            return Protocol.Scope.valueOf(upper(c));
        }

        private Optional<Integer> bound(DgdlParser.BoundContext c) {
            if (c.INT() == null) {
                return Optional.empty();
            }
            String digits = c.INT().getText();
            try {
                return Optional.of(Integer.parseInt(digits));
            } catch (NumberFormatException e) {
                throw new DgdlSyntaxException(source, pos(c), digits, "a number up to " + Integer.MAX_VALUE,
                        "the number " + (digits.length() > 20 ? digits.substring(0, 17) + "..." : digits)
                                + " is too large (at most " + Integer.MAX_VALUE + ")");
            }
        }

        private static List<String> names(DgdlParser.NameListContext c) {
            return c.name().stream().map(Builder::name).toList();
        }

        private static String name(DgdlParser.NameContext c) {
            return c.getText();
        }

        private static String upper(ParserRuleContext c) {
            return c.getText().toUpperCase(Locale.ROOT);
        }

        private static SourcePosition pos(ParserRuleContext c) {
            return new SourcePosition(c.getStart().getLine(), c.getStart().getCharPositionInLine() + 1);
        }

        private static String unquote(TerminalNode s) {
            String raw = s.getText();
            StringBuilder sb = new StringBuilder(raw.length());
            for (int i = 1; i < raw.length() - 1; i++) {
                char ch = raw.charAt(i);
                if (ch == '\\' && i + 1 < raw.length() - 1) {
                    char n = raw.charAt(++i);
                    sb.append(switch (n) {
                        case 'n' -> '\n';
                        case 't' -> '\t';
                        default -> n;
                    });
                } else {
                    sb.append(ch);
                }
            }
            return sb.toString();
        }
    }
}
