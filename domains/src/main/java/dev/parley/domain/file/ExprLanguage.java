package dev.parley.domain.file;

import dev.cel.bundle.Cel;
import dev.cel.bundle.CelFactory;
import dev.cel.common.CelAbstractSyntaxTree;
import dev.cel.common.CelFunctionDecl;
import dev.cel.common.CelIssue;
import dev.cel.common.CelOptions;
import dev.cel.common.CelOverloadDecl;
import dev.cel.common.CelValidationException;
import dev.cel.common.ast.CelReference;
import dev.cel.common.types.CelKind;
import dev.cel.common.types.CelType;
import dev.cel.common.types.ListType;
import dev.cel.common.types.MapType;
import dev.cel.common.types.SimpleType;
import dev.cel.extensions.CelExtensions;
import dev.cel.parser.CelStandardMacro;
import dev.cel.runtime.CelEvaluationException;
import dev.cel.runtime.CelFunctionBinding;
import dev.parley.domain.support.Nlg;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import simplenlg.features.LexicalFeature;
import simplenlg.framework.LexicalCategory;
import simplenlg.framework.NLGElement;
import simplenlg.framework.WordElement;
import simplenlg.phrasespec.NPPhraseSpec;

/**
 * The expression language of domain files: CEL (Google's Common Expression Language: typed, side-effect free, not
 * Turing-complete) with a few helpers for this field. Each expression is compiled and type-checked once, in a
 * scope that declares exactly the variables its place in the file may read; {@code cel.bind(name, value, expr)}
 * names a value once (CEL's bindings extension) (so a planner expression that reads
 * another player's private information fails to load: the variable is undeclared there).
 *
 * <p>The helpers ({@code basket} is a {@code map(string, int)} of item counts):
 * <ul>
 *   <li>{@code worth(basket, values)}: the value of a basket under a player's unit values (int or double);</li>
 *   <li>{@code count(basket)}: the number of pieces; {@code kinds(basket)}: the number of items with a count;</li>
 *   <li>{@code covers(have, basket)}: whether {@code have} holds at least {@code basket};</li>
 *   <li>{@code weighted(scores, weights)}: the weighted mean of per-issue scores ({@code map(string, double)}) by
 *   a player's weights ({@code map(string, int)}), 0 when every weight is 0: a multi-issue utility;</li>
 *   <li>{@code complement(share, total)}: the rest of {@code total} once {@code share} is taken (a split's other
 *   side);</li>
 *   <li>{@code items(basket)}: the basket in words ("an apple and two bananas"), worded by SimpleNLG;</li>
 *   <li>{@code join(list)}: "a, b and c"; {@code number(n)}: "three";</li>
 *   <li>{@code clip(x, lo, hi)}, {@code abs(x)}, {@code max(a, b)}, {@code min(a, b)} on int and double.</li>
 * </ul>
 */
final class ExprLanguage {

    static final CelType BASKET = MapType.create(SimpleType.STRING, SimpleType.INT);
    static final CelType DOUBLES = MapType.create(SimpleType.STRING, SimpleType.DOUBLE);

    /** What a place in the file needs an expression to give. */
    enum Expect {
        BOOL("a boolean (true or false)"), NUMBER("a number"), TEXT("a text or a number"), ANY("a value");

        final String words;

        Expect(String words) {
            this.words = words;
        }
    }

    private final Map<String, String> plurals;

    /** @param plurals the countable nouns the file declares, singular to plural, for {@code items()} */
    ExprLanguage(Map<String, String> plurals) {
        this.plurals = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(plurals));
    }

    /** A set of declared variables; {@link #compiler()} builds the CEL environment once per scope. */
    final class Scope {
        private final Map<String, CelType> vars = new LinkedHashMap<>();
        private Cel cel;

        Scope var(String name, CelType type) {
            vars.put(name, type);
            cel = null;
            return this;
        }

        Scope vars(Map<String, CelType> more) {
            vars.putAll(more);
            cel = null;
            return this;
        }

        Scope copy() {
            Scope s = new Scope();
            s.vars.putAll(vars);
            return s;
        }

        Map<String, CelType> declared() {
            return vars;
        }

        private Cel compiler() {
            if (cel == null) {
                var b = CelFactory.standardCelBuilder()
                        .setOptions(CelOptions.current().build())
                        .setStandardMacros(CelStandardMacro.STANDARD_MACROS)
                        // cel.bind(name, value, expression): a value named once, not written out twice
                        .addCompilerLibraries(CelExtensions.bindings())
                        .addFunctionDeclarations(declarations())
                        .addFunctionBindings(bindings());
                vars.forEach(b::addVar);
                cel = b.build();
            }
            return cel;
        }

        /** Compiles the scalar at {@code at}; every problem is a located error. */
        Expr compile(Yaml at, Expect expect) {
            return compile(at, at.string(), expect);
        }

        Expr compile(Yaml at, String source, Expect expect) {
            CelAbstractSyntaxTree ast;
            try {
                ast = compiler().compile(source).getAst();
            } catch (CelValidationException e) {
                CelIssue issue = e.getErrors().get(0);
                throw at.errorAt(source, issue.getSourceLocation().getLine(), issue.getSourceLocation().getColumn(),
                        "in the expression '" + shown(source) + "': " + explain(issue.getMessage()));
            }
            CelType result = ast.getResultType();
            boolean ok = switch (expect) {
                case BOOL -> result.kind() == CelKind.BOOL || result.kind() == CelKind.DYN;
                case NUMBER -> result.kind() == CelKind.INT || result.kind() == CelKind.DOUBLE
                        || result.kind() == CelKind.UINT || result.kind() == CelKind.DYN;
                case TEXT -> switch (result.kind()) {
                    case STRING, INT, DOUBLE, UINT, BOOL, DYN -> true;
                    default -> false;
                };
                case ANY -> true;
            };
            if (!ok) {
                throw at.error("the expression '" + shown(source) + "' must give " + expect.words + ", but it"
                        + " gives " + result.name());
            }
            Set<String> refs = new LinkedHashSet<>();
            for (CelReference r : ast.getReferenceMap().values()) {
                if (r.overloadIds().isEmpty()) {
                    refs.add(r.name());
                }
            }
            try {
                return new Expr(source, at, compiler().createProgram(ast), Set.copyOf(refs));
            } catch (CelEvaluationException e) {
                throw at.error("the expression '" + shown(source) + "' cannot run: " + e.getMessage());
            }
        }
    }

    Scope scope() {
        return new Scope();
    }

    /** An expression on one line, cut to a readable length, for a message. */
    static String shown(String source) {
        String s = source.replaceAll("\\s+", " ").strip();
        return s.length() <= 72 ? s : s.substring(0, 69) + "...";
    }

    /** CEL's "undeclared reference to 'x' (in container '')" in words a file's author reads. */
    private static String explain(String message) {
        String m = message.replace(" (in container '')", "");
        if (m.startsWith("undeclared reference to ")) {
            return "unknown variable or function " + m.substring("undeclared reference to ".length())
                    + " (not declared here)";
        }
        return m;
    }

    private static List<CelFunctionDecl> declarations() {
        CelType listString = ListType.create(SimpleType.STRING);
        return List.of(
                fn("worth", o("worth_ii", SimpleType.INT, BASKET, BASKET), o("worth_id", SimpleType.DOUBLE, BASKET,
                        DOUBLES)),
                fn("count", o("count_b", SimpleType.INT, BASKET)),
                fn("kinds", o("kinds_b", SimpleType.INT, BASKET)),
                fn("covers", o("covers_bb", SimpleType.BOOL, BASKET, BASKET)),
                fn("complement", o("complement_bb", BASKET, BASKET, BASKET)),
                fn("weighted", o("weighted_db", SimpleType.DOUBLE, DOUBLES, BASKET)),
                fn("items", o("items_b", SimpleType.STRING, BASKET)),
                fn("join", o("join_l", SimpleType.STRING, listString)),
                fn("number", o("number_i", SimpleType.STRING, SimpleType.INT)),
                fn("clip", o("clip_ddd", SimpleType.DOUBLE, SimpleType.DOUBLE, SimpleType.DOUBLE, SimpleType.DOUBLE),
                        o("clip_iii", SimpleType.INT, SimpleType.INT, SimpleType.INT, SimpleType.INT)),
                fn("abs", o("abs_d", SimpleType.DOUBLE, SimpleType.DOUBLE), o("abs_i", SimpleType.INT,
                        SimpleType.INT)),
                fn("max", o("max_dd", SimpleType.DOUBLE, SimpleType.DOUBLE, SimpleType.DOUBLE),
                        o("max_ii", SimpleType.INT, SimpleType.INT, SimpleType.INT)),
                fn("min", o("min_dd", SimpleType.DOUBLE, SimpleType.DOUBLE, SimpleType.DOUBLE),
                        o("min_ii", SimpleType.INT, SimpleType.INT, SimpleType.INT)));
    }

    private static CelFunctionDecl fn(String name, CelOverloadDecl... overloads) {
        return CelFunctionDecl.newFunctionDeclaration(name, overloads);
    }

    private static CelOverloadDecl o(String id, CelType result, CelType... args) {
        return CelOverloadDecl.newGlobalOverload(id, result, args);
    }

    private List<CelFunctionBinding> bindings() {
        List<CelFunctionBinding> b = new ArrayList<>();
        b.add(CelFunctionBinding.from("worth_ii", Map.class, Map.class, (x, y) -> (long) worth(x, y)));
        b.add(CelFunctionBinding.from("worth_id", Map.class, Map.class, ExprLanguage::worth));
        b.add(CelFunctionBinding.from("count_b", Map.class, ExprLanguage::count));
        b.add(CelFunctionBinding.from("kinds_b", Map.class, ExprLanguage::kinds));
        b.add(CelFunctionBinding.from("covers_bb", Map.class, Map.class, ExprLanguage::covers));
        b.add(CelFunctionBinding.from("complement_bb", Map.class, Map.class, ExprLanguage::complement));
        b.add(CelFunctionBinding.from("weighted_db", Map.class, Map.class, ExprLanguage::weighted));
        b.add(CelFunctionBinding.from("items_b", Map.class, this::items));
        b.add(CelFunctionBinding.from("join_l", List.class, ExprLanguage::join));
        b.add(CelFunctionBinding.from("number_i", Long.class, n -> Nlg.numberWord((int) (long) n)));
        b.add(CelFunctionBinding.from("clip_ddd", List.of(Double.class, Double.class, Double.class),
                a -> Math.max((Double) a[1], Math.min((Double) a[2], (Double) a[0]))));
        b.add(CelFunctionBinding.from("clip_iii", List.of(Long.class, Long.class, Long.class),
                a -> Math.max((Long) a[1], Math.min((Long) a[2], (Long) a[0]))));
        b.add(CelFunctionBinding.from("abs_d", Double.class, Math::abs));
        b.add(CelFunctionBinding.from("abs_i", Long.class, Math::abs));
        b.add(CelFunctionBinding.from("max_dd", Double.class, Double.class, Math::max));
        b.add(CelFunctionBinding.from("max_ii", Long.class, Long.class, Math::max));
        b.add(CelFunctionBinding.from("min_dd", Double.class, Double.class, Math::min));
        b.add(CelFunctionBinding.from("min_ii", Long.class, Long.class, Math::min));
        return b;
    }

    static double worth(Map<?, ?> basket, Map<?, ?> values) {
        double w = 0;
        for (Map.Entry<?, ?> e : basket.entrySet()) {
            Object v = values.get(e.getKey());
            if (v instanceof Number n) {
                w += ((Number) e.getValue()).doubleValue() * n.doubleValue();
            }
        }
        return w;
    }

    static double weighted(Map<?, ?> scores, Map<?, ?> weights) {
        double sum = 0;
        double total = 0;
        for (Map.Entry<?, ?> e : scores.entrySet()) {
            Object w = weights.get(e.getKey());
            if (w instanceof Number n) {
                sum += ((Number) e.getValue()).doubleValue() * n.doubleValue();
                total += n.doubleValue();
            }
        }
        return total == 0 ? 0 : sum / total;
    }

    static long count(Map<?, ?> basket) {
        long n = 0;
        for (Object v : basket.values()) {
            n += ((Number) v).longValue();
        }
        return n;
    }

    static long kinds(Map<?, ?> basket) {
        long n = 0;
        for (Object v : basket.values()) {
            if (((Number) v).longValue() > 0) {
                n++;
            }
        }
        return n;
    }

    static boolean covers(Map<?, ?> have, Map<?, ?> basket) {
        for (Map.Entry<?, ?> e : basket.entrySet()) {
            long want = ((Number) e.getValue()).longValue();
            Object h = have.get(e.getKey());
            if (want > 0 && (h == null || ((Number) h).longValue() < want)) {
                return false;
            }
        }
        return true;
    }

    static Map<String, Long> complement(Map<?, ?> share, Map<?, ?> total) {
        Map<String, Long> out = new TreeMap<>();
        for (Map.Entry<?, ?> e : total.entrySet()) {
            Object s = share.get(e.getKey());
            out.put(String.valueOf(e.getKey()), ((Number) e.getValue()).longValue()
                    - (s == null ? 0 : ((Number) s).longValue()));
        }
        return out;
    }

    /** The plural of a declared countable noun; the noun itself ("sheep") when the file gives none. */
    String plural(String item) {
        return plurals.getOrDefault(item, item);
    }

    /** The items of a basket with a positive count, in the order the file declares them, in words. */
    String items(Map<?, ?> basket) {
        Nlg nlg = Nlg.get();
        List<NLGElement> phrases = new ArrayList<>();
        for (String item : order(basket)) {
            int n = (int) ((Number) basket.get(item)).longValue();
            if (n <= 0) {
                continue;
            }
            String plural = plurals.get(item);
            if (n == 1) {
                phrases.add(nlg.noun("a", item, false));
            } else if (plural != null) {
                // the file's own plural: SimpleNLG would otherwise pluralise the singular by its lexicon's rules
                WordElement word = new WordElement(item, LexicalCategory.NOUN);
                word.setFeature(LexicalFeature.PLURAL, plural);
                NPPhraseSpec np = nlg.factory().createNounPhrase(Nlg.numberWord(n), word);
                np.setPlural(true);
                phrases.add(np);
            } else {
                phrases.add(nlg.noun(Nlg.numberWord(n), item, true));
            }
        }
        return nlg.words(nlg.list(phrases));
    }

    private List<String> order(Map<?, ?> basket) {
        List<String> out = new ArrayList<>();
        for (String item : plurals.keySet()) {
            if (basket.containsKey(item)) {
                out.add(item);
            }
        }
        for (Object k : new TreeMap<>(basket).keySet()) {
            if (!out.contains(String.valueOf(k))) {
                out.add(String.valueOf(k));
            }
        }
        return out;
    }

    static String join(List<?> parts) {
        List<String> s = parts.stream().map(String::valueOf).toList();
        if (s.isEmpty()) {
            return "nothing";
        }
        if (s.size() == 1) {
            return s.get(0);
        }
        return String.join(", ", s.subList(0, s.size() - 1)) + " and " + s.get(s.size() - 1);
    }
}
