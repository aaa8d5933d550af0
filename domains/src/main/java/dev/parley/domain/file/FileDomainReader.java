package dev.parley.domain.file;

import dev.cel.common.types.CelType;
import dev.cel.common.types.ListType;
import dev.cel.common.types.MapType;
import dev.cel.common.types.SimpleType;
import dev.parley.dgdl.Protocol;
import dev.parley.dgdl.ProtocolParser;
import dev.parley.dialogue.Instruction;
import dev.parley.dialogue.PayoffRange;
import dev.parley.dialogue.Scenario;
import dev.parley.domain.protocols.ProtocolLibrary;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * Reads a domain file into a {@link FileGame}: every key checked, every expression compiled and type-checked in the
 * scope of its place, every template parsed, the protocol loaded and matched against the file's roles and moves.
 * The first problem is thrown as a {@link DomainFileException} at its line and column. The format is documented in
 * {@code docs/file-domains.md} and its JSON Schema is {@code dev/parley/domain/file/domain-file.schema.json}.
 */
final class FileDomainReader {

    static final List<String> TOP = List.of("parley", "name", "description", "source", "licence", "protocol",
            "sets", "constants", "private", "public", "players", "scenarios", "instructions", "moves", "choose",
            "outcome", "payoffs", "termination", "prompts", "planner");
    private static final Pattern NAME = Pattern.compile("[a-z0-9][a-z0-9-]*");
    private static final Pattern IDENT = Pattern.compile("[A-Za-z_][A-Za-z0-9_]*");
    private static final Set<String> RESERVED = Set.of("my", "public", "content", "answered", "deal", "tone", "me",
            "turn", "my_turns", "instruction", "answering", "answered_move", "agreed", "proposer", "acceptor",
            "walked", "walker", "messages", "players", "item", "role", "history", "true", "false", "null", "in", "as",
            "break", "const", "continue", "else", "for", "function", "if", "import", "let", "loop", "package",
            "namespace", "return", "var", "void", "while");

    private final Path path;
    private final String file;
    private final Map<String, String> plurals = new LinkedHashMap<>();
    private final Map<String, List<String>> sets = new LinkedHashMap<>();
    private final Map<String, Object> constants = new LinkedHashMap<>();
    private final Map<String, CelType> constantTypes = new LinkedHashMap<>();
    private ExprLanguage language;

    private FileDomainReader(Path path) {
        this.path = path;
        this.file = path.toString();
    }

    static FileGame read(Path path) {
        return new FileDomainReader(path).read();
    }

    private FileGame read() {
        Yaml root = Yaml.read(path);
        Map<String, Yaml> f = root.fields(TOP);
        if (f.containsKey("parley") && f.get("parley").integer() != 1) {
            throw f.get("parley").error("this Parley reads format version 1 (parley: 1)");
        }
        String name = root.require(f, "name").string();
        if (!NAME.matcher(name).matches()) {
            throw f.get("name").error("expected a command-line name: lower-case letters, digits and '-'");
        }
        String description = root.require(f, "description").string();
        String source = f.containsKey("source") ? f.get("source").string() : "";
        String licence = f.containsKey("licence") ? f.get("licence").string() : "";
        Protocol protocol = protocol(root.require(f, "protocol"));

        if (f.containsKey("sets")) {
            readSets(f.get("sets"));
        }
        language = new ExprLanguage(plurals);
        if (f.containsKey("constants")) {
            f.get("constants").entries().forEach((k, v) -> {
                ident(k, v, "a constant");
                Object value = v.plain();
                constants.put(k, value);
                constantTypes.put(k, typeOf(value));
            });
        }
        Map<String, VarDecl> privateVars = f.containsKey("private") ? vars(f.get("private")) : Map.of();
        Map<String, VarDecl> publicVars = f.containsKey("public") ? vars(f.get("public")) : Map.of();

        // players
        Yaml playersNode = root.require(f, "players");
        List<String> roles = new ArrayList<>();
        Map<String, Yaml> knowledgeNodes = new LinkedHashMap<>();
        for (Yaml p : playersNode.list()) {
            Map<String, Yaml> pf = p.fields(List.of("role", "knowledge"));
            Yaml roleNode = p.require(pf, "role");
            String role = roleNode.string();
            ident(role, roleNode, "a role");
            if (protocol.player(role).isEmpty()) {
                throw roleNode.error("the protocol " + protocol.id() + " has no player '" + role + "' (its players: "
                        + String.join(", ", protocol.players().stream().map(Protocol.Player::id).toList()) + ")");
            }
            if (roles.contains(role)) {
                throw roleNode.error("the role '" + role + "' is declared twice");
            }
            roles.add(role);
            if (pf.containsKey("knowledge")) {
                knowledgeNodes.put(role, pf.get("knowledge"));
            }
        }
        if (roles.size() < 2) {
            throw playersNode.error("a dialogue game needs at least 2 players, found " + roles.size());
        }

        // scopes
        ExprLanguage.Scope base = language.scope().vars(constantTypes);
        ExprLanguage.Scope own = base.copy();
        privateVars.forEach((n, d) -> own.var("my." + n, d.celType()));
        publicVars.forEach((n, d) -> own.var("public." + n, d.celType()));
        own.var("me", SimpleType.INT);
        ExprLanguage.Scope knowledgeScope = own.copy().var("role", SimpleType.STRING);
        ExprLanguage.Scope topicScope = base.copy();
        publicVars.forEach((n, d) -> topicScope.var("public." + n, d.celType()));
        ExprLanguage.Scope everyone = topicScope.copy().var("players", ListType.create(SimpleType.DYN));
        for (String role : roles) {
            privateVars.forEach((n, d) -> everyone.var(role + "." + n, d.celType()));
        }
        Map<String, List<Template>> knowledge = new LinkedHashMap<>();
        knowledgeNodes.forEach((role, node) -> {
            List<Template> lines = new ArrayList<>();
            for (Yaml line : node.listOrOne()) {
                lines.add(Template.compile(line, knowledgeScope));
            }
            knowledge.put(role, List.copyOf(lines));
        });

        // instructions
        List<FileGame.InstructionSpec> instructions = instructions(f.get("instructions"), root);
        List<Instruction> lexicon = instructions.stream().map(FileGame.InstructionSpec::instruction)
                .filter(i -> !i.isBaseline()).toList();
        Set<String> toneKeys = instructions.get(instructions.size() - 1).numbers().keySet();

        // moves: first the content types of every move, so answered.* and deal.* are known
        Yaml movesNode = root.require(f, "moves");
        Map<String, Yaml> moveNodes = movesNode.entries();
        Map<String, Protocol.Interaction> interactions = protocol.interactionsById();
        for (Map.Entry<String, Yaml> e : moveNodes.entrySet()) {
            if (!interactions.containsKey(e.getKey())) {
                throw e.getValue().error("the protocol " + protocol.id() + " has no move '" + e.getKey()
                        + "' (its moves: " + String.join(", ", interactions.keySet()) + ")");
            }
        }
        Map<String, Map<String, Yaml>> moveFields = new LinkedHashMap<>();
        Map<String, Map<String, Yaml>> contentNodes = new LinkedHashMap<>();
        for (Protocol.Interaction in : protocol.interactions()) {
            Yaml node = moveNodes.get(in.id());
            Map<String, Yaml> mf = node == null ? Map.of() : node.fields(List.of("content", "feasible", "prefer",
                    "words"));
            moveFields.put(in.id(), mf);
            Map<String, Yaml> cn = mf.containsKey("content") ? mf.get("content").entries() : Map.of();
            for (String v : in.content()) {
                if (!cn.containsKey(v)) {
                    Yaml at = node == null ? movesNode : (mf.containsKey("content") ? mf.get("content") : node);
                    throw at.error("the protocol's move '" + in.id() + "' has the content variable '" + v
                            + "': expected moves." + in.id() + ".content." + v + " (a finite JSON Schema or a quote)");
                }
            }
            for (Map.Entry<String, Yaml> c : cn.entrySet()) {
                if (!in.content().contains(c.getKey())) {
                    throw c.getValue().error("the protocol's move '" + in.id() + "' has no content variable '"
                            + c.getKey() + "' (it has: " + String.join(", ", in.content()) + ")");
                }
            }
            contentNodes.put(in.id(), cn);
        }
        Map<String, ContentType> answeredVars = new LinkedHashMap<>();
        Map<String, Map<String, Yaml>> quotes = new LinkedHashMap<>();
        Map<String, Map<String, ContentType>> moveTypes = new LinkedHashMap<>();
        ExprLanguage.Scope boundScope = own.copy().var("item", SimpleType.STRING);
        contentNodes.forEach((move, cn) -> {
            Map<String, ContentType> types = new LinkedHashMap<>();
            Map<String, Yaml> q = new LinkedHashMap<>();
            cn.forEach((v, node) -> {
                if (node.isMap() && node.entries().containsKey("quote")) {
                    q.put(v, node);
                } else {
                    ContentType t = contentType(node, boundScope);
                    types.put(v, t);
                    ContentType before = answeredVars.putIfAbsent(v, t);
                    if (before != null && !before.cel().equals(t.cel())) {
                        throw node.error("the content variable '" + v + "' has another type in another move");
                    }
                }
            });
            moveTypes.put(move, types);
            quotes.put(move, q);
        });
        // a quote may quote a quote (the landlord's terms quote the tenant's): settle their types first, in any order
        for (boolean grew = true; grew; ) {
            grew = false;
            for (Map<String, Yaml> q : quotes.values()) {
                for (Map.Entry<String, Yaml> e : q.entrySet()) {
                    Yaml of = e.getValue().entries().get("quote");
                    ContentType t = of == null ? null : answeredVars.get(of.string());
                    if (t != null && !answeredVars.containsKey(e.getKey())) {
                        answeredVars.put(e.getKey(), t);
                        grew = true;
                    }
                }
            }
        }
        Map<String, Map<String, FileGame.VarSpec>> specs = new LinkedHashMap<>();
        quotes.forEach((move, q) -> {
            Map<String, FileGame.VarSpec> vs = new LinkedHashMap<>();
            for (String v : contentNodes.get(move).keySet()) {
                if (q.containsKey(v)) {
                    Yaml node = q.get(v);
                    Map<String, Yaml> qf = node.fields(List.of("quote", "checked", "description"));
                    String of = qf.get("quote").string();
                    ContentType t = answeredVars.get(of);
                    if (t == null) {
                        throw qf.get("quote").error("no move has a content variable '" + of + "' to quote (known: "
                                + String.join(", ", answeredVars.keySet()) + ")");
                    }
                    answeredVars.putIfAbsent(v, t);
                    boolean checked = qf.containsKey("checked") && qf.get("checked").bool();
                    vs.put(v, new FileGame.VarSpec(v, t, Optional.of(of), checked));
                } else {
                    Yaml node = contentNodes.get(move).get(v);
                    boolean checked = !(node.entries().containsKey("x-checked"))
                            || node.entries().get("x-checked").bool();
                    vs.put(v, new FileGame.VarSpec(v, moveTypes.get(move).get(v), Optional.empty(), checked));
                }
            }
            specs.put(move, vs);
        });

        ExprLanguage.Scope speaker = own.copy().var("turn", SimpleType.INT).var("my_turns", SimpleType.INT)
                .var("instruction", SimpleType.STRING).var("answering", SimpleType.BOOL)
                .var("answered_move", SimpleType.STRING).var("history", ListType.create(SimpleType.DYN));
        toneKeys.forEach(k -> speaker.var("tone." + k, SimpleType.DOUBLE));
        answeredVars.forEach((n, t) -> speaker.var("answered." + n, t.cel()));

        Yaml plannerNode = f.get("planner");
        Map<String, Yaml> pf = plannerNode == null ? Map.of() : plannerNode.fields(List.of("max_contents", "seed"));
        int maxContents = pf.containsKey("max_contents") ? (int) pf.get("max_contents").integer() : 100_000;
        long plannerSeed = pf.containsKey("seed") ? pf.get("seed").integer() : 0;

        Map<String, FileGame.MoveSpec> moves = new LinkedHashMap<>();
        for (Protocol.Interaction in : protocol.interactions()) {
            Map<String, FileGame.VarSpec> vs = specs.get(in.id());
            Map<String, Yaml> mf = moveFields.get(in.id());
            Yaml at = moveNodes.getOrDefault(in.id(), movesNode);
            double size = 1;
            for (FileGame.VarSpec v : vs.values()) {
                if (v.quote().isEmpty()) {
                    size *= v.type().size();
                }
            }
            if (size > maxContents) {
                throw at.error("the content space of the move '" + in.id() + "' has " + String.format("%.0f", size)
                        + " contents, more than the cap of " + maxContents + " (planner.max_contents)");
            }
            ExprLanguage.Scope moveScope = speaker.copy();
            ExprLanguage.Scope wordScope = base.copy().var("instruction", SimpleType.STRING);
            Set<String> dynamic = new LinkedHashSet<>(Vars.DYNAMIC);
            vs.forEach((n, v) -> {
                moveScope.var("content." + n, v.type().cel());
                wordScope.var("content." + n, v.type().cel());
                if (v.quote().isPresent()) {
                    dynamic.add("content." + n);
                }
            });
            List<FileGame.Check> checks = new ArrayList<>();
            if (mf.containsKey("feasible")) {
                for (Yaml c : mf.get("feasible").listOrOne()) {
                    Yaml exprNode;
                    String message;
                    if (c.isMap()) {
                        Map<String, Yaml> cf = c.fields(List.of("check", "message"));
                        exprNode = c.require(cf, "check");
                        message = cf.containsKey("message") ? cf.get("message").string()
                                : "the condition '" + exprNode.string() + "' does not hold";
                    } else {
                        exprNode = c;
                        message = "the condition '" + c.string() + "' does not hold";
                    }
                    Expr e = moveScope.compile(exprNode, ExprLanguage.Expect.BOOL);
                    checks.add(new FileGame.Check(e, message, e.reads(dynamic)));
                }
            }
            Expr prefer = mf.containsKey("prefer") ? moveScope.compile(mf.get("prefer"), ExprLanguage.Expect.NUMBER)
                    : null;
            List<Template> words = new ArrayList<>();
            if (mf.containsKey("words")) {
                for (Yaml w : mf.get("words").listOrOne()) {
                    words.add(Template.compile(w, wordScope));
                }
            }
            moves.put(in.id(), new FileGame.MoveSpec(in.id(), at, vs, checks, prefer, words));
        }

        // choose
        List<FileGame.Choice> choices = new ArrayList<>();
        if (f.containsKey("choose")) {
            for (Yaml c : f.get("choose").list()) {
                Map<String, Yaml> cf = c.fields(List.of("move", "when"));
                Yaml mv = c.require(cf, "move");
                if (!interactions.containsKey(mv.string())) {
                    throw mv.error("the protocol " + protocol.id() + " has no move '" + mv.string() + "'");
                }
                choices.add(new FileGame.Choice(mv.string(), cf.containsKey("when")
                        ? speaker.compile(cf.get("when"), ExprLanguage.Expect.BOOL) : null));
            }
        }

        // outcome
        FileGame.Outcome outcome = outcome(root.require(f, "outcome"), interactions.keySet());
        Map<String, ContentType> offerVars = new LinkedHashMap<>();
        for (String o : outcome.offers()) {
            specs.get(o).forEach((n, v) -> offerVars.putIfAbsent(n, v.type()));
        }

        // payoffs
        Yaml payNode = root.require(f, "payoffs");
        List<String> payKeys = new ArrayList<>(List.of("range", "each", "judge"));
        payKeys.addAll(roles);
        Map<String, Yaml> payf = payNode.fields(payKeys);
        List<Yaml> range = payNode.require(payf, "range").list();
        if (range.size() != 2 || !(range.get(0).number() < range.get(1).number())) {
            throw payf.get("range").error("expected [min, max] with min < max");
        }
        PayoffRange payoffRange = new PayoffRange(range.get(0).number(), range.get(1).number());
        ExprLanguage.Scope payScope = everyone.copy().var("me", SimpleType.INT).var("agreed", SimpleType.BOOL)
                .var("walked", SimpleType.BOOL).var("proposer", SimpleType.INT).var("acceptor", SimpleType.INT)
                .var("walker", SimpleType.INT).var("messages", SimpleType.INT)
                .var("history", ListType.create(SimpleType.DYN));
        privateVars.forEach((n, d) -> payScope.var("my." + n, d.celType()));
        offerVars.forEach((n, t) -> payScope.var("deal." + n, t.cel()));
        Map<String, Expr> payoffs = new LinkedHashMap<>();
        Expr each = payf.containsKey("each") ? payScope.compile(payf.get("each"), ExprLanguage.Expect.NUMBER) : null;
        for (String role : roles) {
            if (payf.containsKey(role)) {
                payoffs.put(role, payScope.compile(payf.get(role), ExprLanguage.Expect.NUMBER));
            } else if (each != null) {
                payoffs.put(role, each);
            } else {
                throw payNode.error("no payoff for the role '" + role + "': expected payoffs." + role
                        + " or payoffs.each");
            }
        }

        // termination, prompts
        int maxMessages = 8;
        if (f.containsKey("termination")) {
            Map<String, Yaml> tf = f.get("termination").fields(List.of("max_messages", "protocol_end"));
            if (tf.containsKey("max_messages")) {
                maxMessages = (int) tf.get("max_messages").integer();
                if (maxMessages < 1) {
                    throw tf.get("max_messages").error("expected at least 1 message");
                }
            }
        }
        FileGame.Prompts prompts = prompts(f.get("prompts"), description, payoffRange);

        // scenarios
        Yaml scNode = root.require(f, "scenarios");
        Map<String, Yaml> sf = scNode.fields(List.of("topic", "fixed", "draw"));
        Template topic = Template.compile(scNode.require(sf, "topic"), topicScope);
        boolean draws = false;
        List<Expr> constraints = new ArrayList<>();
        int attempts = 10_000;
        if (sf.containsKey("draw")) {
            Yaml d = sf.get("draw");
            if (d.isScalar()) {
                draws = d.bool();
            } else {
                draws = true;
                Map<String, Yaml> df = d.fields(List.of("constraints", "attempts"));
                if (df.containsKey("constraints")) {
                    for (Yaml c : df.get("constraints").listOrOne()) {
                        constraints.add(everyone.compile(c, ExprLanguage.Expect.BOOL));
                    }
                }
                if (df.containsKey("attempts")) {
                    attempts = (int) df.get("attempts").integer();
                }
            }
        }
        if (!draws && !sf.containsKey("fixed")) {
            throw scNode.error("no scenarios: expected scenarios.fixed, scenarios.draw, or both");
        }
        FileGame.ScenarioSpec spec = new FileGame.ScenarioSpec(topic, List.of(), draws, List.copyOf(constraints),
                attempts, sf.containsKey("draw") ? sf.get("draw") : scNode);
        FileGame partial = new FileGame(name, description, source, licence, path, sha256(path), protocol,
                List.copyOf(roles), privateVars, publicVars, Map.copyOf(constants), Map.copyOf(knowledge), spec,
                List.copyOf(instructions), lexicon, Map.copyOf(moves), List.copyOf(choices), outcome,
                Map.copyOf(payoffs), payoffRange, maxMessages, maxContents, plannerSeed, prompts,
                Map.copyOf(answeredVars), Map.copyOf(offerVars), java.util.Collections.unmodifiableMap(plurals));
        List<Scenario> fixed = new ArrayList<>();
        if (sf.containsKey("fixed")) {
            for (Yaml s : sf.get("fixed").list()) {
                fixed.add(fixedScenario(partial, s, fixed));
            }
        }
        FileGame game = new FileGame(name, description, source, licence, path, partial.sha256(), protocol,
                partial.roles(), privateVars, publicVars, partial.constants(), partial.knowledge(),
                new FileGame.ScenarioSpec(topic, List.copyOf(fixed), draws, spec.constraints(), attempts, spec.at()),
                partial.instructions(), lexicon, partial.moves(), partial.choices(), outcome, partial.payoffs(),
                payoffRange, maxMessages, maxContents, plannerSeed, prompts, partial.answeredVars(),
                partial.offerVars(), partial.plurals());
        if (draws) {
            // a draw the constraints never allow is the file's error, found now rather than mid-run
            new FileScenarios(game).draw("check", new java.util.SplittableRandom(0));
        }
        return game;
    }

    private Protocol protocol(Yaml node) {
        if (node.isMap()) {
            Map<String, Yaml> pf = node.fields(List.of("file"));
            Yaml fn = node.require(pf, "file");
            Path dgdl = (path.toAbsolutePath().getParent() == null ? Path.of(".") : path.toAbsolutePath().getParent())
                    .resolve(fn.string()).normalize();
            if (!Files.isRegularFile(dgdl)) {
                throw fn.error("no DGDL file " + dgdl + " (a path relative to this file)");
            }
            return ProtocolParser.load(dgdl);
        }
        String name = node.string();
        if (!ProtocolLibrary.names().contains(name)) {
            throw node.error("no bundled protocol '" + name + "': expected one of " + String.join(", ",
                    ProtocolLibrary.names()) + ", or {file: PATH.dgdl}");
        }
        return ProtocolLibrary.load(name);
    }

    private void readSets(Yaml node) {
        node.entries().forEach((set, v) -> {
            ident(set, v, "a set");
            List<String> keys = new ArrayList<>();
            if (v.isMap()) {
                v.entries().forEach((singular, plural) -> {
                    keys.add(singular);
                    plurals.put(singular, plural.string());
                });
            } else {
                for (Yaml k : v.list()) {
                    keys.add(k.string());
                }
            }
            if (keys.isEmpty()) {
                throw v.error("a set needs at least one key");
            }
            sets.put(set, List.copyOf(keys));
        });
    }

    private Map<String, VarDecl> vars(Yaml node) {
        Map<String, VarDecl> out = new LinkedHashMap<>();
        node.entries().forEach((n, v) -> {
            ident(n, v, "a variable");
            Map<String, Yaml> vf = v.fields(List.of("type", "per", "min", "max", "one_of", "description"));
            Yaml typeNode = v.require(vf, "type");
            VarDecl.Base base = switch (typeNode.string()) {
                case "int" -> VarDecl.Base.INT;
                case "double" -> VarDecl.Base.DOUBLE;
                case "bool" -> VarDecl.Base.BOOL;
                case "string" -> VarDecl.Base.STRING;
                default -> throw typeNode.error("expected a type: int, double, bool or string");
            };
            List<String> keys = List.of();
            if (vf.containsKey("per")) {
                keys = sets.get(vf.get("per").string());
                if (keys == null) {
                    throw vf.get("per").error("no set '" + vf.get("per").string() + "' (sets: " + String.join(", ",
                            sets.keySet()) + ")");
                }
            }
            List<String> oneOf = new ArrayList<>();
            if (base == VarDecl.Base.STRING) {
                for (Yaml o : v.require(vf, "one_of").list()) {
                    oneOf.add(o.string());
                }
            }
            double min = 0;
            double max = 0;
            if (base == VarDecl.Base.INT || base == VarDecl.Base.DOUBLE) {
                min = base == VarDecl.Base.INT ? v.require(vf, "min").integer() : v.require(vf, "min").number();
                max = base == VarDecl.Base.INT ? v.require(vf, "max").integer() : v.require(vf, "max").number();
                if (min > max) {
                    throw vf.get("max").error("expected max >= min");
                }
            }
            out.put(n, new VarDecl(n, base, keys, min, max, oneOf, v));
        });
        return out;
    }

    private List<FileGame.InstructionSpec> instructions(Yaml node, Yaml root) {
        List<FileGame.InstructionSpec> out = new ArrayList<>();
        FileGame.InstructionSpec baseline = null;
        Set<String> keys = null;
        Yaml keysAt = null;
        Map<String, Yaml> entries = node == null ? Map.of() : node.entries();
        for (Map.Entry<String, Yaml> e : entries.entrySet()) {
            Yaml v = e.getValue();
            String guidance;
            List<String> open = new ArrayList<>();
            List<String> close = new ArrayList<>();
            Map<String, Double> numbers = new LinkedHashMap<>();
            if (v.isScalar()) {
                guidance = v.string();
            } else {
                Map<String, Yaml> inf = v.fields(List.of("guidance", "open", "close", "numbers"));
                guidance = inf.containsKey("guidance") ? inf.get("guidance").string() : "";
                if (inf.containsKey("open")) {
                    inf.get("open").listOrOne().forEach(y -> open.add(y.string()));
                }
                if (inf.containsKey("close")) {
                    inf.get("close").listOrOne().forEach(y -> close.add(y.string()));
                }
                if (inf.containsKey("numbers")) {
                    inf.get("numbers").entries().forEach((k, x) -> {
                        ident(k, x, "an instruction number");
                        numbers.put(k, x.number());
                    });
                }
            }
            if (keys == null) {
                keys = numbers.keySet();
                keysAt = v;
            } else if (!keys.equals(numbers.keySet())) {
                throw v.error("the instruction '" + e.getKey() + "' has the numbers " + numbers.keySet()
                        + ", the others " + keys + ": every instruction needs the same numbers");
            }
            boolean isAny = e.getKey().equals(Instruction.ANY.name());
            if (isAny && !guidance.isEmpty()) {
                throw v.error("the baseline 'any' gives no guidance: leave guidance out");
            }
            FileGame.InstructionSpec spec = new FileGame.InstructionSpec(isAny ? Instruction.ANY
                    : new Instruction(e.getKey(), guidance), List.copyOf(open), List.copyOf(close), Map.copyOf(
                    numbers));
            if (isAny) {
                baseline = spec;
            } else {
                out.add(spec);
            }
        }
        if (baseline == null) {
            if (keys != null && !keys.isEmpty()) {
                throw keysAt.error("the instructions have numbers " + keys + ": declare them for the baseline 'any'"
                        + " too (instructions.any.numbers)");
            }
            baseline = new FileGame.InstructionSpec(Instruction.ANY, List.of(), List.of(), Map.of());
        }
        out.add(baseline);
        return out;
    }

    private FileGame.Outcome outcome(Yaml node, Set<String> moves) {
        Map<String, Yaml> of = node.fields(List.of("agree", "offers", "walk_away"));
        return new FileGame.Outcome(moveList(of.get("agree"), moves, node, "agree"),
                moveList(of.get("offers"), moves, node, "offers"),
                of.containsKey("walk_away") ? moveList(of.get("walk_away"), moves, node, "walk_away") : List.of());
    }

    private List<String> moveList(Yaml node, Set<String> moves, Yaml parent, String key) {
        if (node == null) {
            throw parent.error("missing key '" + key + "'");
        }
        List<String> out = new ArrayList<>();
        for (Yaml m : node.listOrOne()) {
            if (!moves.contains(m.string())) {
                throw m.error("the protocol has no move '" + m.string() + "' (its moves: " + String.join(", ", moves)
                        + ")");
            }
            out.add(m.string());
        }
        return List.copyOf(out);
    }

    private FileGame.Prompts prompts(Yaml node, String description, PayoffRange range) {
        Map<String, Yaml> pf = node == null ? Map.of() : node.fields(List.of("background", "reward", "extraction"));
        String lo = number(range.min());
        String hi = number(range.max());
        return new FileGame.Prompts(
                pf.containsKey("background") ? pf.get("background").string() : description,
                pf.containsKey("reward") ? pf.get("reward").string() : "Read the dialogue above and the private"
                        + " information of every player. How good is the outcome for {player}, on a scale from " + lo
                        + " to " + hi + "? If nothing was agreed, say what {player} gets without agreement. Show"
                        + " your reasoning, then state the final number.",
                pf.containsKey("extraction") ? pf.get("extraction").string() : "From the text below, extract the"
                        + " final payoff of {player} as a single number between " + lo + " and " + hi + ". Answer with"
                        + " the number only.");
    }

    private Scenario fixedScenario(FileGame game, Yaml node, List<Scenario> before) {
        List<String> keys = new ArrayList<>(List.of("id", "public", "players"));
        Map<String, Yaml> sf = node.fields(keys);
        String id = node.require(sf, "id").string();
        for (Scenario s : before) {
            if (s.id().equals(id)) {
                throw sf.get("id").error("the scenario id '" + id + "' is used twice");
            }
        }
        Map<String, Double> pub = new LinkedHashMap<>();
        Map<String, Yaml> pubNodes = sf.containsKey("public") ? sf.get("public").entries() : Map.of();
        game.publicVars().forEach((n, d) -> {
            Yaml v = pubNodes.get(n);
            if (v == null) {
                throw node.error("scenario " + id + ": missing the public variable '" + n + "'");
            }
            d.write(v, "public.", pub);
        });
        for (Map.Entry<String, Yaml> e : pubNodes.entrySet()) {
            if (!game.publicVars().containsKey(e.getKey())) {
                throw e.getValue().error("unknown public variable '" + e.getKey() + "'");
            }
        }
        Map<String, Yaml> players = node.require(sf, "players").fields(game.roles());
        List<Map<String, Double>> numbers = new ArrayList<>();
        for (String role : game.roles()) {
            Yaml p = players.get(role);
            if (p == null) {
                throw sf.get("players").error("scenario " + id + ": missing the player '" + role + "'");
            }
            Map<String, Yaml> pv = p.fields(List.copyOf(game.privateVars().keySet()));
            Map<String, Double> n = new LinkedHashMap<>(pub);
            game.privateVars().forEach((name, d) -> {
                Yaml v = pv.get(name);
                if (v == null) {
                    throw p.error("scenario " + id + ", " + role + ": missing the variable '" + name + "'");
                }
                d.write(v, "", n);
            });
            numbers.add(n);
        }
        return FileScenarios.build(game, id, numbers);
    }

    private ContentType contentType(Yaml node, ExprLanguage.Scope boundScope) {
        Map<String, Yaml> f = node.fields(List.of("type", "minimum", "maximum", "enum", "properties", "required",
                "additionalProperties", "description", "x-items", "x-max", "x-checked"));
        String type = node.require(f, "type").string();
        switch (type) {
            case "integer" -> {
                long min = node.require(f, "minimum").integer();
                long max = node.require(f, "maximum").integer();
                if (min > max) {
                    throw f.get("maximum").error("expected maximum >= minimum");
                }
                return new ContentType.Int(min, max);
            }
            case "string" -> {
                List<String> values = new ArrayList<>();
                for (Yaml v : node.require(f, "enum").list()) {
                    values.add(v.string());
                }
                if (values.isEmpty()) {
                    throw f.get("enum").error("expected at least one value");
                }
                return new ContentType.Text(List.copyOf(values));
            }
            case "boolean" -> {
                return new ContentType.Bool();
            }
            case "object" -> {
                if (f.containsKey("x-items")) {
                    String set = f.get("x-items").string();
                    List<String> items = sets.get(set);
                    if (items == null) {
                        throw f.get("x-items").error("no set '" + set + "' (sets: " + String.join(", ", sets.keySet())
                                + ")");
                    }
                    Yaml counts = node.require(f, "additionalProperties");
                    Map<String, Yaml> cf = counts.fields(List.of("type", "minimum", "maximum", "description"));
                    if (!counts.require(cf, "type").string().equals("integer")) {
                        throw cf.get("type").error("expected integer: a basket maps items to counts");
                    }
                    long min = counts.require(cf, "minimum").integer();
                    long max = counts.require(cf, "maximum").integer();
                    if (min < 0 || max < Math.max(1, min)) {
                        throw cf.get("maximum").error("expected 0 <= minimum and 1 <= maximum >= minimum");
                    }
                    Expr bound = f.containsKey("x-max") ? boundScope.compile(f.get("x-max"),
                            ExprLanguage.Expect.NUMBER) : null;
                    return new ContentType.Basket(set, items, min, max, bound);
                }
                Map<String, ContentType> fields = new LinkedHashMap<>();
                node.require(f, "properties").entries().forEach((k, v) -> fields.put(k, contentType(v, boundScope)));
                if (fields.isEmpty()) {
                    throw f.get("properties").error("expected at least one property");
                }
                if (f.containsKey("required")) {
                    List<String> req = f.get("required").list().stream().map(Yaml::string).toList();
                    if (!req.containsAll(fields.keySet())) {
                        throw f.get("required").error("every property must be required (a finite content space),"
                                + " expected " + fields.keySet());
                    }
                }
                return new ContentType.Obj(fields);
            }
            default -> throw f.get("type").error("expected a finite type: integer (with minimum and maximum), string"
                    + " (with enum), boolean, or object (with properties, or x-items and additionalProperties)");
        }
    }

    private void ident(String name, Yaml at, String what) {
        if (!IDENT.matcher(name).matches()) {
            throw at.error("'" + name + "' cannot name " + what + ": expected letters, digits and _ (an expression"
                    + " names it)");
        }
        if (RESERVED.contains(name)) {
            throw at.error("'" + name + "' is a reserved name: choose another for " + what);
        }
    }

    private static CelType typeOf(Object v) {
        if (v instanceof Long) {
            return SimpleType.INT;
        }
        if (v instanceof Double) {
            return SimpleType.DOUBLE;
        }
        if (v instanceof Boolean) {
            return SimpleType.BOOL;
        }
        if (v instanceof String) {
            return SimpleType.STRING;
        }
        if (v instanceof List<?> l) {
            return ListType.create(common(l));
        }
        Map<?, ?> m = (Map<?, ?>) v;
        return MapType.create(SimpleType.STRING, common(m.values()));
    }

    private static CelType common(java.util.Collection<?> values) {
        CelType t = null;
        for (Object o : values) {
            CelType u = typeOf(o);
            if (t == null) {
                t = u;
            } else if (!t.equals(u)) {
                return SimpleType.DYN;
            }
        }
        return t == null ? SimpleType.DYN : t;
    }

    private static String number(double d) {
        return d == Math.rint(d) ? Long.toString((long) d) : Double.toString(d);
    }

    static String sha256(Path path) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(Files.readAllBytes(path)));
        } catch (java.io.IOException e) {
            throw new DomainFileException(path.toString(), -1, -1, "cannot read the file: " + e.getMessage());
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
