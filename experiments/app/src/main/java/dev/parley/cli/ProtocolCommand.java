package dev.parley.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.parley.aif.AifJson;
import dev.parley.dgdl.DgdlCheckException;
import dev.parley.dgdl.DgdlException;
import dev.parley.dgdl.Diagnostic;
import dev.parley.dgdl.Portability;
import dev.parley.dgdl.Protocol;
import dev.parley.dgdl.ProtocolChecker;
import dev.parley.dgdl.ProtocolParser;
import dev.parley.domain.protocols.ProtocolLibrary;
import dev.parley.engine.Dialogue;
import dev.parley.engine.DialogueStatus;
import dev.parley.engine.ExternalConditionResolver;
import dev.parley.engine.FixedExternalConditionResolver;
import dev.parley.engine.http.HttpExternalConditionResolver;
import dev.parley.engine.LegalMove;
import dev.parley.engine.MoveOutcome;
import dev.parley.engine.Participant;
import dev.parley.engine.PerformedMove;
import dev.parley.engine.StoreView;
import dev.parley.io.InputFiles;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code parley protocol check|play|list|show}: validate a DGDL protocol, play it from a script or interactively,
 * list the bundled protocols, print one's source.
 */
@Command(name = "protocol", mixinStandardHelpOptions = true,
        description = "Check a DGDL dialogue protocol or play it.",
        subcommands = {ProtocolCommand.Check.class, ProtocolCommand.Play.class, ProtocolCommand.ListBundled.class,
            ProtocolCommand.Show.class})
final class ProtocolCommand implements Runnable {

    @Spec
    CommandSpec spec;

    @Override
    public void run() {
        spec.commandLine().usage(spec.commandLine().getOut());
    }

    /**
     * Loads and checks a protocol file, or a bundled protocol by name ({@code ppd}, {@code dc}, ...); a DGDL error
     * is printed as {@code file:line:column: message}, exit 2.
     */
    static Protocol load(Path file) {
        if (!Files.exists(file)) {
            if (ProtocolLibrary.names().contains(file.toString())) {
                return ProtocolLibrary.load(file.toString());
            }
            throw new UserInputException(file + ": no such file (bundled protocols: "
                    + String.join(", ", ProtocolLibrary.names()) + ")");
        }
        return ProtocolParser.load(file);
    }

    /**
     * {@link #load}, or empty after printing why not to {@code err}: every check error on a line of its own
     * (fixing one at a time and re-running is slow), else the syntax error.
     */
    static Optional<Protocol> loadReporting(Path file, PrintWriter err) {
        try {
            return Optional.of(load(file));
        } catch (DgdlCheckException e) {
            for (Diagnostic d : e.errors()) {
                err.println(d.file() + ":" + d.position().line() + ":" + d.position().column() + ": " + d.message());
            }
        } catch (DgdlException e) {
            err.println(e.getMessage());
        }
        return Optional.empty();
    }

    @Command(name = "list", mixinStandardHelpOptions = true, description = "List the bundled protocols.")
    static final class ListBundled implements Callable<Integer> {

        @Mixin
        JsonOption json;

        @Override
        public Integer call() {
            PrintWriter out = json.out();
            if (json.on()) {
                ObjectNode root = Json.MAPPER.createObjectNode();
                ArrayNode arr = root.putArray("dgdl");
                ProtocolLibrary.names().forEach(arr::add);
                out.println(Json.write(root));
                return 0;
            }
            Table t = new Table("name", "game", "description");
            for (ProtocolLibrary.Entry e : ProtocolLibrary.entries()) {
                t.row(e.name(), ProtocolLibrary.load(e.name()).id(), e.description());
            }
            out.print(t.render());
            return 0;
        }
    }

    @Command(name = "show", mixinStandardHelpOptions = true,
            description = {"Print a bundled protocol's DGDL source, to start a protocol of your own from.",
                "With --moves, list any protocol's moves (bundled or a file, in any dialect) and the legal moves of "
                        + "each participant when a dialogue starts."})
    static final class Show implements Callable<Integer> {

        @Parameters(paramLabel = "NAME|FILE", description = "A bundled protocol (see protocol list); with --moves, "
                + "also a protocol file.")
        String name;

        @Option(names = "--moves", description = "List the moves and the legal moves at the start instead of the "
                + "source.")
        boolean moves;

        @Mixin
        JsonOption json;

        @Override
        public Integer call() {
            PrintWriter out = json.out();
            if (!moves) {
                if (json.on()) {
                    throw new UserInputException("--json needs --moves (the source is printed as it is)");
                }
                String text = ProtocolLibrary.text(name).orElseThrow(() -> new UserInputException("no bundled "
                        + "protocol '" + name + "' (bundled protocols: " + String.join(", ", ProtocolLibrary.names())
                        + "; a file's moves are listed with --moves)"));
                out.print(text.endsWith("\n") ? text : text + "\n");
                return 0;
            }
            Optional<Protocol> loaded = loadReporting(Path.of(name), json.err());
            if (loaded.isEmpty()) {
                return 2;
            }
            Protocol p = loaded.get();
            // the legal moves at the start come from a real dialogue, so they are the engine's, rules run
            Map<String, List<String>> legal = new LinkedHashMap<>();
            String refused = null;
            try {
                Dialogue d = Dialogue.start(p, participants(p));
                for (Participant pa : d.participants()) {
                    legal.put(pa.id(), d.legalMoveIds(pa.id()));
                }
            } catch (dev.parley.engine.DialogueException e) {
                refused = e.getMessage();
            }
            if (json.on()) {
                ObjectNode root = Json.MAPPER.createObjectNode().put("id", p.id())
                        .put("dialect", Check.dialectKey(p.dialect())).put("file", p.source());
                ArrayNode arr = root.putArray("moves");
                for (Protocol.Interaction i : p.interactions()) {
                    ObjectNode o = arr.addObject().put("id", i.id());
                    o.put("addressee", i.addressee().orElse(null));
                    i.content().forEach(o.putArray("content")::add);
                    o.put("opener", i.opener().orElse(null));
                }
                if (refused == null) {
                    ObjectNode l = root.putObject("legal_at_start");
                    legal.forEach((k, v) -> v.forEach(l.putArray(k)::add));
                    root.putNull("not_playable");
                } else {
                    root.putNull("legal_at_start");
                    root.put("not_playable", refused);
                }
                out.println(Json.write(root));
                return 0;
            }
            out.println("protocol " + p.id() + " (" + Check.dialectName(p.dialect()) + ") from " + p.source());
            Table t = new Table("move", "addressee", "content", "opener");
            for (Protocol.Interaction i : p.interactions()) {
                t.row(i.id(), i.addressee().orElse("-"), "{" + String.join(", ", i.content()) + "}",
                        i.opener().map(o -> "\"" + o + "\"").orElse("-"));
            }
            out.print(t.render());
            if (refused != null) {
                out.println("legal at the start: none: " + refused);
                return 0;
            }
            out.println("legal at the start:");
            Table l = new Table("participant", "legal moves");
            legal.forEach((k, v) -> l.row(k, v.isEmpty() ? "-" : String.join(", ", v)));
            out.print(l.render());
            return 0;
        }
    }

    @Command(name = "check", mixinStandardHelpOptions = true,
            description = "Validate a protocol: summary of roles, players, stores and moves, or the error.")
    static final class Check implements Callable<Integer> {

        @Parameters(paramLabel = "FILE.dgdl", description = "The protocol (DGEP 2, DGDL+ or the original DGDL), or a bundled name.")
        Path file;

        @Mixin
        JsonOption json;

        @Option(names = "--portable", description = "Name each construct DGEP 2's parser cannot read (exit 2 if any).")
        boolean portable;

        @Override
        public Integer call() {
            PrintWriter out = json.out();
            Optional<Protocol> loaded = loadReporting(file, json.err());
            if (loaded.isEmpty()) {
                return 2;
            }
            Protocol p = loaded.get();
            if (portable) {
                return portability(p, out);
            }
            List<Diagnostic> warnings = ProtocolChecker.check(p);
            if (json.on()) {
                out.println(Json.write(summary(p, warnings)));
                return 0;
            }
            out.println("protocol " + p.id() + " (" + dialectName(p.dialect()) + ") from " + p.source() + ": OK");
            out.println("roles: " + (p.roles().isEmpty() ? "-" : String.join(", ", p.roles())));
            out.println("participants: min " + p.minParticipants() + ", max "
                    + p.maxParticipants().map(String::valueOf).orElse("undefined"));
            out.println("turn taking: " + lower(p.turnTaking()) + ", backtracking: "
                    + (p.backtracking() ? "on" : "off"));
            Table players = new Table("player", "roles", "min", "max");
            for (Protocol.Player pl : p.players()) {
                players.row(pl.id(), pl.roles().isEmpty() ? "-" : String.join(", ", pl.roles()), pl.min(),
                        pl.max().map(String::valueOf).orElse("undefined"));
            }
            out.print(players.render());
            if (!p.stores().isEmpty()) {
                Table stores = new Table("store", "owner", "structure", "visibility");
                for (Protocol.Store s : p.stores()) {
                    stores.row(s.id(), String.join(", ", s.owners()), lower(s.structure()), lower(s.visibility()));
                }
                out.print(stores.render());
            }
            Table moves = new Table("move", "addressee", "content", "opener");
            for (Protocol.Interaction i : p.interactions()) {
                moves.row(i.id(), i.addressee().orElse("-"), "{" + String.join(", ", i.content()) + "}",
                        i.opener().map(o -> "\"" + o + "\"").orElse("-"));
            }
            out.print(moves.render());
            out.println("rules: " + (p.rules().isEmpty() ? "-" : String.join(", ",
                    p.rules().stream().map(r -> r.id() + " (" + lower(r.scope()) + ")").toList())));
            for (Diagnostic d : warnings) {
                out.println(d);
            }
            return 0;
        }

        static String dialectKey(dev.parley.dgdl.Dialect d) {
            return switch (d) {
                case DGEP2 -> "dgep2";
                case DGDL_PLUS -> "dgdl+";
                case ORIGINAL -> "original";
            };
        }

        static String dialectName(dev.parley.dgdl.Dialect d) {
            return switch (d) {
                case DGEP2 -> "DGEP 2";
                case DGDL_PLUS -> "DGDL+";
                case ORIGINAL -> "original DGDL";
            };
        }

        /** {@code --portable}: the constructs DGEP 2 cannot read, one per line; exit 2 when there are any. */
        private int portability(Protocol p, PrintWriter out) {
            String text = Files.exists(file) ? InputFiles.readText(file)
                    : ProtocolLibrary.text(file.toString()).orElseThrow();
            List<Diagnostic> found = Portability.check(text, p.source());
            if (json.on()) {
                ObjectNode root = Json.MAPPER.createObjectNode().put("id", p.id()).put("file", p.source())
                        .put("portable", found.isEmpty());
                ArrayNode list = root.putArray("not_portable");
                for (Diagnostic d : found) {
                    list.addObject().put("line", d.position().line()).put("column", d.position().column())
                            .put("message", d.message().substring("not portable to DGEP 2: ".length()));
                }
                out.println(Json.write(root));
            } else {
                found.forEach(out::println);
                out.println("protocol " + p.id() + ": " + (found.isEmpty() ? "portable to DGEP 2"
                        : found.size() + " construct" + (found.size() == 1 ? "" : "s") + " DGEP 2 cannot read"));
            }
            return found.isEmpty() ? 0 : 2;
        }

        private static ObjectNode summary(Protocol p, List<Diagnostic> warnings) {
            ObjectNode root = Json.MAPPER.createObjectNode();
            root.put("id", p.id()).put("dialect", dialectKey(p.dialect()));
            root.put("file", p.source());
            p.roles().forEach(root.putArray("roles")::add);
            ObjectNode parts = root.putObject("participants").put("min", p.minParticipants());
            p.maxParticipants().ifPresentOrElse(m -> parts.put("max", m), () -> parts.putNull("max"));
            root.put("turntaking", lower(p.turnTaking())).put("backtracking", p.backtracking());
            ArrayNode players = root.putArray("players");
            for (Protocol.Player pl : p.players()) {
                ObjectNode o = players.addObject().put("id", pl.id());
                pl.roles().forEach(o.putArray("roles")::add);
                o.put("min", pl.min());
                pl.max().ifPresentOrElse(m -> o.put("max", m), () -> o.putNull("max"));
            }
            ArrayNode stores = root.putArray("stores");
            for (Protocol.Store s : p.stores()) {
                ObjectNode o = stores.addObject().put("id", s.id());
                s.owners().forEach(o.putArray("owners")::add);
                o.put("structure", lower(s.structure())).put("visibility", lower(s.visibility()));
            }
            ArrayNode moves = root.putArray("moves");
            for (Protocol.Interaction i : p.interactions()) {
                ObjectNode o = moves.addObject().put("id", i.id());
                o.put("addressee", i.addressee().orElse(null));
                i.content().forEach(o.putArray("content")::add);
                o.put("opener", i.opener().orElse(null));
            }
            ArrayNode rules = root.putArray("rules");
            p.rules().forEach(r -> rules.addObject().put("id", r.id()).put("scope", lower(r.scope())));
            ArrayNode ws = root.putArray("warnings");
            for (Diagnostic d : warnings) {
                ws.addObject().put("line", d.position().line()).put("column", d.position().column())
                        .put("message", d.message());
            }
            return root;
        }
    }

    @Command(name = "play", mixinStandardHelpOptions = true,
            description = {"Play a protocol: every player joins under its own id (a player whose min is above 1 "
                    + "also joins as ID#2, ID#3, ...).",
                    "A script is a JSON list of {\"speaker\", \"move\", \"target\" (optional), \"reply\": {var: "
                            + "value}}; the play stops at a rejected step and exits with code 2, unless "
                            + "--allow-rejections reports it and goes on. Without --script and with a terminal, play "
                            + "interactively."})
    static final class Play implements Callable<Integer> {

        @Parameters(paramLabel = "FILE.dgdl", description = "The protocol file, or a bundled name (see protocol list).")
        Path file;

        @Option(names = "--script", paramLabel = "moves.json", description = "The moves to make.")
        Path script;

        @Mixin
        JsonOption json;

        @Option(names = "--allow-rejections",
                description = "Report a rejected step and go on with the script (exit 0) instead of stopping there.")
        boolean allowRejections;

        @Option(names = "--aif-out", paramLabel = "F", description = "Write the dialogue's JSON-AIF to F.")
        Path aifOut;

        @Option(names = "--external", paramLabel = "ID=true|false",
                description = "Value of an external condition (uriTest) by extURI id.")
        Map<String, String> external = new LinkedHashMap<>();

        @Option(names = "--external-default", paramLabel = "true|false", defaultValue = "true",
                description = "Value of external conditions not given with --external (default: ${DEFAULT-VALUE}).")
        String externalDefault;

        @Option(names = "--external-http", description = "Ask each extURI over HTTP (POST of the dialogue state).")
        boolean externalHttp;

        @Option(names = "--external-timeout", paramLabel = "MS", defaultValue = "5000",
                description = "Timeout of an HTTP external condition in ms (default: ${DEFAULT-VALUE}).")
        long externalTimeoutMs;

        /** The first rejected step, as "step N (speaker move) was rejected: reason"; null while none is. */
        private String rejected;

        @Override
        public Integer call() {
            PrintWriter out = json.out();
            PrintWriter err = json.err();
            Protocol p;
            try {
                p = load(file);
            } catch (DgdlException e) {
                err.println(e.getMessage());
                return 2;
            }
            List<ScriptStep> steps = script == null ? null : readScript(script);
            if (steps == null && System.console() == null) {
                throw new UserInputException("give --script moves.json (standard input is not a terminal)");
            }
            Dialogue d = Dialogue.start(p, participants(p), resolver());
            if (steps == null) {
                new InteractivePlay(d, new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8)),
                        out).run();
            } else if (json.on()) {
                ObjectNode root = Json.MAPPER.createObjectNode();
                ObjectNode initial = root.putObject("initial");
                initial.set("legal_moves", legalMoves(d));
                initial.set("stores", stores(d));
                ArrayNode arr = root.putArray("steps");
                for (ScriptStep s : steps) {
                    if (rejected != null) {
                        break;
                    }
                    MoveOutcome o = perform(d, s, arr.size() + 1);
                    ObjectNode step = arr.addObject().put("speaker", s.speaker()).put("move", s.move())
                            .put("accepted", o.accepted());
                    if (o.accepted()) {
                        step.putNull("error");
                    } else {
                        step.put("error", o.reason());
                    }
                    step.set("legal_moves", legalMoves(d));
                    step.set("stores", stores(d));
                }
                root.put("status", status(d));
                out.println(Json.write(root));
            } else {
                int n = 0;
                for (ScriptStep s : steps) {
                    if (rejected != null) {
                        break;
                    }
                    n++;
                    MoveOutcome o = perform(d, s, n);
                    if (o.accepted()) {
                        PerformedMove m = o.move().orElseThrow();
                        out.println(n + ". " + m.speaker() + (m.target() == null ? "" : " -> " + m.target()) + ": "
                                + m.moveId() + " \"" + m.text() + "\"");
                    } else {
                        out.println(n + ". rejected " + s.speaker() + " " + s.move() + ": " + o.reason());
                    }
                }
                printState(d, out);
            }
            if (aifOut != null) {
                try {
                    AifJson.write(d.aif(), aifOut);
                } catch (IOException e) {
                    throw new UserInputException(aifOut + ": cannot write AIF (" + e.getMessage() + ")");
                }
            }
            if (rejected != null) {
                err.println("parley: " + rejected + " (--allow-rejections goes on after rejected steps)");
                return Parley.EXIT_USAGE;
            }
            return 0;
        }

        private MoveOutcome perform(Dialogue d, ScriptStep s, int n) {
            MoveOutcome o = d.perform(s.speaker(), s.move(), s.reply(), s.target());
            if (!o.accepted() && !allowRejections) {
                rejected = "step " + n + " (" + s.speaker() + " " + s.move() + ") was rejected: " + o.reason();
            }
            return o;
        }

        private ExternalConditionResolver resolver() {
            Map<String, Boolean> values = new LinkedHashMap<>();
            external.forEach((k, v) -> values.put(k, bool(v, "--external " + k)));
            boolean fallback = bool(externalDefault, "--external-default");
            if (!externalHttp) {
                return new FixedExternalConditionResolver(values, fallback);
            }
            HttpExternalConditionResolver http = new HttpExternalConditionResolver(
                    Duration.ofMillis(externalTimeoutMs));
            return (id, uri, state) -> values.containsKey(id) ? values.get(id) : http.test(id, uri, state);
        }

        private static boolean bool(String v, String what) {
            String s = v.toLowerCase(Locale.ROOT);
            if (!s.equals("true") && !s.equals("false")) {
                throw new UserInputException(what + ": expected true or false, not '" + v + "'");
            }
            return Boolean.parseBoolean(s);
        }
    }

    /** Each player joins under its own id; a player needing more participants also joins as ID#2, ID#3, ... */
    static List<Participant> participants(Protocol p) {
        List<Participant> out = new ArrayList<>();
        for (Protocol.Player pl : p.players()) {
            int n = Math.max(1, pl.min());
            for (int k = 1; k <= n; k++) {
                out.add(new Participant(k == 1 ? pl.id() : pl.id() + "#" + k, pl.id()));
            }
        }
        return out;
    }

    record ScriptStep(String speaker, String move, String target, Map<String, String> reply) {
    }

    static List<ScriptStep> readScript(Path script) {
        JsonNode root;
        try {
            root = Json.MAPPER.readTree(InputFiles.readText(script));
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            throw new UserInputException(dev.parley.json.JsonErrors.inFile(script, e));
        }
        if (root == null || !root.isArray()) {
            throw new UserInputException(script + ": expected a JSON list of steps");
        }
        List<ScriptStep> steps = new ArrayList<>();
        for (int i = 0; i < root.size(); i++) {
            JsonNode s = root.get(i);
            String where = script + ": step " + (i + 1);
            if (!s.isObject()) {
                throw new UserInputException(where + ": expected an object {\"speaker\", \"move\", ...}");
            }
            String speaker = text(s, "speaker", where, true);
            String move = text(s, "move", where, true);
            String target = text(s, "target", where, false);
            Map<String, String> reply = new LinkedHashMap<>();
            JsonNode r = s.get("reply");
            if (r != null && !r.isNull()) {
                if (!r.isObject()) {
                    throw new UserInputException(where + ": \"reply\" must be an object {var: value}");
                }
                for (Iterator<Map.Entry<String, JsonNode>> it = r.fields(); it.hasNext(); ) {
                    Map.Entry<String, JsonNode> e = it.next();
                    if (!e.getValue().isValueNode() || e.getValue().isNull()) {
                        throw new UserInputException(where + ": reply." + e.getKey() + " must be text");
                    }
                    reply.put(e.getKey(), e.getValue().asText());
                }
            }
            for (Iterator<String> it = s.fieldNames(); it.hasNext(); ) {
                String f = it.next();
                if (!List.of("speaker", "move", "target", "reply").contains(f)) {
                    throw new UserInputException(where + ": unknown field \"" + f
                            + "\" (fields: speaker, move, target, reply)");
                }
            }
            steps.add(new ScriptStep(speaker, move, target, reply));
        }
        return steps;
    }

    private static String text(JsonNode s, String field, String where, boolean required) {
        JsonNode n = s.get(field);
        if (n == null || n.isNull()) {
            if (required) {
                throw new UserInputException(where + ": missing \"" + field + "\"");
            }
            return null;
        }
        if (!n.isTextual()) {
            throw new UserInputException(where + ": \"" + field + "\" must be text");
        }
        return n.asText();
    }

    static ObjectNode legalMoves(Dialogue d) {
        ObjectNode o = Json.MAPPER.createObjectNode();
        for (Participant p : d.participants()) {
            d.legalMoveIds(p.id()).forEach(o.putArray(p.id())::add);
        }
        return o;
    }

    static ObjectNode stores(Dialogue d) {
        ObjectNode o = Json.MAPPER.createObjectNode();
        for (StoreView s : d.stores()) {
            s.contents().forEach(o.putArray(s.id())::add);
        }
        return o;
    }

    static String status(Dialogue d) {
        return d.status() == DialogueStatus.ACTIVE ? "active" : "terminated";
    }

    static void printState(Dialogue d, PrintWriter out) {
        out.println("commitments:");
        for (StoreView s : d.stores()) {
            out.println("  " + s.id() + " (" + lower(s.visibility()) + " " + lower(s.structure()) + ", owner "
                    + String.join(", ", s.owners()) + "): " + s.contents());
        }
        out.println("legal moves:");
        for (Participant p : d.participants()) {
            List<LegalMove> moves = d.legalMoves(p.id());
            out.println("  " + p.id() + ": " + (moves.isEmpty() ? "-" : String.join(", ",
                    moves.stream().map(m -> m.moveId() + m.reply()).toList())));
        }
        out.println("status: " + status(d) + " (" + lower(d.status()) + ")");
    }

    static String lower(Enum<?> e) {
        return e.name().toLowerCase(Locale.ROOT);
    }
}
