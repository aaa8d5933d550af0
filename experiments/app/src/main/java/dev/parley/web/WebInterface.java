package dev.parley.web;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.parley.agent.Steering;
import dev.parley.dialogue.Contents;
import dev.parley.dialogue.Domain;
import dev.parley.dialogue.Scenario;
import dev.parley.engine.LegalMove;
import dev.parley.engine.PerformedMove;
import dev.parley.server.ServiceException;
import dev.parley.server.DialogueServer;
import dev.parley.server.DialogueService;
import io.javalin.http.Context;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * The web interface {@code parley serve} adds beside the DGEP API: the pages at {@code /} and {@code /ui/...}
 * (static files from the jar, plain HTML, CSS and a little JavaScript) and the JSON they read under
 * {@code /ui/api/...}. Moves are never made here: the page sends them through the API's interaction endpoint with
 * the seat's token; this only checks them first with the domain's verifier, so a refusal can give its reason.
 *
 * <p>Routes: {@code GET /}, {@code /ui/dialogue?id=ID}, {@code /ui/reports}, {@code /ui/reports/NAME[/FILE]},
 * {@code /ui/static/FILE}; {@code GET /ui/api/overview}, {@code GET|POST /ui/api/dialogues},
 * {@code GET /ui/api/dialogues/ID[?since=N]}, {@code POST /ui/api/dialogues/ID/seat|check|agent},
 * {@code GET /ui/api/reports}.
 */
public final class WebInterface implements DialogueServer.Extension {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Map<String, String> TYPES = Map.of("html", "text/html; charset=utf-8", "css",
            "text/css; charset=utf-8", "js", "text/javascript; charset=utf-8", "png", "image/png", "json",
            "application/json; charset=utf-8", "csv", "text/csv; charset=utf-8", "txt", "text/plain; charset=utf-8",
            "jsonl", "text/plain; charset=utf-8", "svg", "image/svg+xml");
    private static final java.util.Set<String> STATIC = java.util.Set.of("app.css", "common.js", "index.js",
            "dialogue.js", "reports.js");

    /** Draws the scenarios the operator did not choose. */
    private static final java.security.SecureRandom SECRET = new java.security.SecureRandom();

    private final DialogueService service;
    private final DomainPlay play;
    private final ReportsIndex reports;

    public WebInterface(DialogueService service, DomainPlay play, ReportsIndex reports) {
        this.service = service;
        this.play = play;
        this.reports = reports;
    }

    @Override
    public void routes(DialogueServer.Routes r) {
        r.get("/", ctx -> resource(ctx, "index.html"));
        r.get("/ui/dialogue", ctx -> resource(ctx, "dialogue.html"));
        r.get("/ui/static/{file}", ctx -> {
            String f = r.segments(ctx).get(2);
            if (!STATIC.contains(f)) {
                throw new ServiceException.NotFound("no such file: /ui/static/" + f);
            }
            resource(ctx, f);
        });
        r.get("/ui/reports", ctx -> resource(ctx, "reports.html"));
        io.javalin.http.Handler report = ctx -> {
            List<String> p = r.segments(ctx);
            int n = p.size();
            Path f = reports.file(p.get(2), n == 3 ? ReportsIndex.PAGE : p.get(3)).orElseThrow(() ->
                    new ServiceException.NotFound("no report " + p.get(2) + (n == 4 ? " or no file " + p.get(3)
                            : "") + " (see /ui/reports)"));
            file(ctx, f);
        };
        r.get("/ui/reports/{name}", report).get("/ui/reports/{name}/{file}", report);
        r.get("/ui/api/overview", ctx -> json(ctx, overview()));
        r.get("/ui/api/reports", ctx -> json(ctx, reportList()));
        r.get("/ui/api/dialogues", ctx -> {
            // the list names every dialogue and its free seats: the operator's alone (issue 45, finding 2)
            r.operator(ctx);
            json(ctx, dialogues());
        });
        r.post("/ui/api/dialogues", ctx -> {
            r.operator(ctx);
            json(ctx, create(fields(r.jsonBody(ctx), "protocol", "domain", "scenario")));
        });
        r.get("/ui/api/dialogues/{id}", ctx -> {
            json(ctx, dialogue(r.segments(ctx).get(3), since(ctx.queryParam("since")), r.isOperator(ctx)));
        });
        r.post("/ui/api/dialogues/{id}/seat", ctx -> {
            JsonNode body = fields(r.jsonBody(ctx), "participantID");
            json(ctx, seat(r.segments(ctx).get(3), text(body, "participantID")));
        });
        r.post("/ui/api/dialogues/{id}/check", ctx -> {
            JsonNode body = fields(r.jsonBody(ctx), "participantID", "moveID", "reply");
            json(ctx, check(r.segments(ctx).get(3), text(body, "participantID"), text(body, "moveID"),
                    body.get("reply")));
        });
        r.post("/ui/api/dialogues/{id}/agent", ctx -> {
            JsonNode body = fields(r.jsonBody(ctx), "role");
            r.operator(ctx);
            DomainPlay.Table t = table(r.segments(ctx).get(3));
            json(ctx, agentJson(play.invite(t, text(body, "role"))));
        });
    }

    // ------------------------------------------------------------------ data

    private JsonNode overview() {
        ObjectNode o = JSON.createObjectNode();
        service.available().forEach(o.putArray("protocols")::add);
        ArrayNode ds = o.putArray("domains");
        for (Domain d : play.domains()) {
            ObjectNode x = ds.addObject().put("name", d.name()).put("protocol", play.protocolName(d));
            d.protocolPlayers().forEach(x.putArray("players")::add);
            ArrayNode sc = x.putArray("scenarios");
            List<Scenario> scenarios = play.scenarios(d);
            for (int i = 0; i < scenarios.size(); i++) {
                sc.addObject().put("index", i).put("id", scenarios.get(i).id()).put("topic",
                        scenarios.get(i).topic());
            }
        }
        o.put("backend", play.settings().backend());
        o.put("maxReplies", play.settings().game().maxReplies());
        o.put("reports", reports.configured());
        return o;
    }

    private JsonNode create(JsonNode body) {
        if (body == null || !body.isObject()) {
            throw new ServiceException.Invalid("the body must be {\"protocol\": NAME} or {\"domain\": NAME, "
                    + "\"scenario\": K}");
        }
        if (body.hasNonNull("domain")) {
            JsonNode k = body.path("scenario");
            // not chosen: drawn at random, never a guessable default
            long scenario = SECRET.nextInt(play.settings().game().scenarios());
            if (!k.isMissingNode() && !k.isNull()) {
                // a whole number, as JSON Schema's integer (2.0 is one)
                if (!k.isNumber() || k.decimalValue().stripTrailingZeros().scale() > 0) {
                    throw new ServiceException.Invalid("\"scenario\" must be a whole number");
                }
                // beyond int is merely a scenario this server does not have (refused as such by create)
                scenario = k.decimalValue().toBigInteger().max(java.math.BigInteger.valueOf(Long.MIN_VALUE))
                        .min(java.math.BigInteger.valueOf(Long.MAX_VALUE)).longValueExact();
            }
            DomainPlay.Started started = play.start(text(body, "domain"), scenario);
            DomainPlay.Table t = started.table();
            ObjectNode o = JSON.createObjectNode().put("dialogueID", t.dialogueId()).put("domain", t.domain().name())
                    .put("scenario", t.scenario());
            return invitations(o, t.dialogueId(), started.invitations());
        }
        DialogueService.Created c = service.create(text(body, "protocol"), List.of());
        return invitations(JSON.createObjectNode().put("dialogueID", c.dialogueId()), c.dialogueId(),
                c.invitations());
    }

    /** One link per free seat, for the creator to give each player: the seat is taken with it alone. */
    private static ObjectNode invitations(ObjectNode o, String id, List<DialogueService.Invitation> invitations) {
        ArrayNode a = o.putArray("invitations");
        for (DialogueService.Invitation i : invitations) {
            a.addObject().put("player", i.handle()).put("invitation", i.code()).put("link", "/ui/dialogue?id="
                    + java.net.URLEncoder.encode(id, java.nio.charset.StandardCharsets.UTF_8) + "&invitation="
                    + java.net.URLEncoder.encode(i.code(), java.nio.charset.StandardCharsets.UTF_8) + "&seat="
                    + java.net.URLEncoder.encode(i.handle(), java.nio.charset.StandardCharsets.UTF_8));
        }
        return o;
    }

    private JsonNode dialogues() {
        ObjectNode o = JSON.createObjectNode();
        ArrayNode a = o.putArray("dialogues");
        for (String id : service.dialogueIds()) {
            DialogueService.StatusView v;
            try {
                v = service.status(id);
            } catch (ServiceException e) {
                a.addObject().put("id", id).put("status", "unavailable").put("error", e.getMessage());
                continue;
            }
            ObjectNode x = a.addObject().put("id", id).put("protocol", v.protocol())
                    .put("status", status(id, v)).put("moves", v.moveCount());
            play.table(id).ifPresent(t -> x.put("domain", t.domain().name()).put("scenario", t.scenario()));
            seats(x.putArray("participants"), v, id);
        }
        return o;
    }

    private String status(String id, DialogueService.StatusView v) {
        if (v.waiting()) {
            return "waiting for players";
        }
        return play.ended(id) ? "ended" : "active";
    }

    private void seats(ArrayNode a, DialogueService.StatusView v, String id) {
        Optional<DomainPlay.AgentState> agent = play.agent(id);
        for (DialogueService.SeatView s : v.seats()) {
            ObjectNode x = a.addObject().put("player", s.handle()).put("filled", s.filled());
            if (agent.isPresent() && agent.get().role().equals(s.handle())) {
                x.put("agent", true);
            }
        }
    }

    /**
     * {@code since}: the number of transcript entries the page has, any integer from 0 (one beyond the transcript
     * asks for nothing new, however large); a negative number or anything else is refused.
     */
    static int since(String s) {
        if (s == null) {
            return 0;
        }
        if (!s.matches("[+]?[0-9]+")) {
            throw new ServiceException.Invalid("since must be a whole number of 0 or more, not " + s);
        }
        java.math.BigInteger n = new java.math.BigInteger(s.startsWith("+") ? s.substring(1) : s);
        return n.min(java.math.BigInteger.valueOf(Integer.MAX_VALUE)).intValueExact();
    }

    /**
     * A dialogue as its page shows it. Its scenario is shown to the operator, and to everyone once the dialogue has
     * ended: knowing it, a player could compute the other's private information (issue 45, finding 3).
     */
    private JsonNode dialogue(String id, int since, boolean operator) {
        DialogueService.StatusView v = service.status(id);
        ObjectNode o = JSON.createObjectNode().put("id", id).put("protocol", v.protocol())
                .put("status", status(id, v)).put("ended", play.ended(id)).put("moves", v.moveCount());
        seats(o.putArray("participants"), v, id);
        List<DialogueService.Entry> entries = service.transcript(id);
        ArrayNode t = o.putArray("transcript");
        for (int i = since; i < entries.size(); i++) {
            PerformedMove m = entries.get(i).move();
            ObjectNode x = t.addObject().put("index", m.index()).put("player", m.speaker()).put("moveID", m.moveId());
            x.set("content", JSON.valueToTree(Contents.fromReply(m.reply())));
            x.put("text", entries.get(i).words() != null ? entries.get(i).words() : m.text());
            x.put("locution", m.text());
        }
        Optional<DomainPlay.Table> table = play.table(id);
        if (table.isPresent()) {
            DomainPlay.Table tb = table.get();
            ObjectNode d = o.putObject("domain").put("name", tb.domain().name());
            if (operator || play.ended(id)) {
                d.put("scenario", tb.scenario());
            }
            d.put("maxReplies", play.settings().game().maxReplies())
                    .put("solved", play.readyModel(tb.domain()).isPresent())
                    .put("solveMillis", play.solveMillis(tb.domain()).orElse(-1L))
                    .put("backend", play.settings().backend());
            tb.domain().protocolPlayers().forEach(d.putArray("players")::add);
            play.agent(id).ifPresent(a -> o.set("agent", agentJson(a)));
            play.payoffs(id).ifPresent(pay -> {
                ObjectNode po = o.putObject("payoffs");
                pay.forEach(po::put);
                o.put("judge", play.judge(tb.domain()));
            });
        }
        return o;
    }

    private static JsonNode agentJson(DomainPlay.AgentState a) {
        ObjectNode o = JSON.createObjectNode().put("role", a.role()).put("state", a.state());
        if (a.error() != null) {
            o.put("error", a.error());
        }
        return o;
    }

    /** A seat's view: its private information, its legal moves as forms, and the coach. */
    private JsonNode seat(String id, String token) {
        DialogueService.ParticipantMoves pm = service.moves(id, token);
        // the count the moves were read after: a page whose transcript shows fewer fetches the rest before the forms
        ObjectNode o = JSON.createObjectNode().put("player", pm.handle()).put("movesMade", pm.movesMade());
        Optional<DomainPlay.Table> table = play.table(id);
        boolean ended = play.ended(id);
        o.put("ended", ended);
        boolean waiting = service.status(id).waiting();
        o.put("waiting", waiting);
        table.ifPresent(t -> play.privateInfo(t, pm.handle()).forEach(o.putArray("private")::add));
        DomainPlay.Coaching coach = table.isPresent() && !ended && !waiting && !pm.moves().isEmpty()
                ? play.coach(table.get(), pm.handle()) : null;
        ArrayNode moves = o.putArray("moves");
        if (!ended && !waiting) {
            for (LegalMove m : pm.moves()) {
                ObjectNode x = moves.addObject().put("moveID", m.moveId()).put("opener", m.opener());
                ObjectNode reply = x.putObject("reply");
                m.reply().forEach(reply::put);
                if (m.target() != null) {
                    x.put("target", m.target());
                }
                if (m.targets().size() > 1) {
                    m.targets().forEach(x.putArray("targets")::add);
                }
                if (table.isPresent()) {
                    x.set("schema", play.schema(table.get(), pm.handle(), m));
                }
                if (coach != null) {
                    // the coach's most probable wording of this move prefills its form
                    coach.options().stream().filter(c -> c.moveId().equals(m.moveId()) && c.abandoned() == null)
                            .max(java.util.Comparator.comparingDouble(Steering.Option::probability))
                            .ifPresent(c -> {
                                x.set("prefill", JSON.valueToTree(c.content()));
                                x.put("suggestedText", c.utterance());
                            });
                }
            }
        }
        if (coach != null) {
            ObjectNode c = o.putObject("coach");
            if (coach.unavailable() != null) {
                c.put("unavailable", coach.unavailable());
            } else {
                ArrayNode a = c.putArray("options");
                coach.options().stream().sorted((u, w) -> Double.compare(w.probability(), u.probability()))
                        .forEach(op -> {
                            ObjectNode x = a.addObject().put("label", op.label()).put("moveID", op.moveId())
                                    .put("instruction", op.instruction()).put("probability", op.probability())
                                    .put("text", op.utterance());
                            x.set("content", JSON.valueToTree(op.content()));
                            if (op.abandoned() != null) {
                                x.put("abandoned", op.abandoned());
                            }
                        });
            }
        }
        return o;
    }

    /** The verifier's verdict on a move before the page sends it to the interaction endpoint. */
    private JsonNode check(String id, String token, String moveId, JsonNode replyNode) {
        DialogueService.ParticipantMoves pm = service.moves(id, token);
        Map<String, String> reply = new LinkedHashMap<>();
        if (replyNode != null && !replyNode.isNull()) {
            if (!replyNode.isObject()) {
                throw new ServiceException.Invalid("\"reply\" must be an object {variable: text}");
            }
            for (Iterator<Map.Entry<String, JsonNode>> it = replyNode.fields(); it.hasNext(); ) {
                Map.Entry<String, JsonNode> e = it.next();
                // text only, as the interaction endpoint takes it (null: no value): a number would not be sent as it
                // was typed
                if (e.getValue().isNull()) {
                    continue;
                }
                if (!e.getValue().isTextual()) {
                    throw new ServiceException.Invalid("\"reply." + e.getKey() + "\" must be text (a JSON string)");
                }
                reply.put(e.getKey(), e.getValue().asText());
            }
        }
        ObjectNode o = JSON.createObjectNode();
        Optional<String> refused = Optional.empty();
        if (pm.moves().stream().noneMatch(m -> m.moveId().equals(moveId))) {
            refused = Optional.of(moveId + " is not one of " + pm.handle() + "'s legal moves now"
                    + (pm.moves().isEmpty() ? " (it is not " + pm.handle() + "'s turn)" : " ("
                    + String.join(", ", pm.moves().stream().map(LegalMove::moveId).toList()) + ")"));
        } else if (play.table(id).isPresent()) {
            refused = play.refuse(play.table(id).get(), pm.handle(), moveId, reply);
        }
        o.put("ok", refused.isEmpty());
        refused.ifPresent(r -> o.put("reason", r));
        if (refused.isEmpty()) {
            // a domain's content as the engine and the agents read it (canonical JSON); a bare protocol's as typed
            ObjectNode out = o.putObject("reply");
            (play.table(id).isPresent() ? Contents.reply(Contents.fromReply(reply)) : reply).forEach(out::put);
        }
        return o;
    }

    private JsonNode reportList() {
        ObjectNode o = JSON.createObjectNode().put("configured", reports.configured());
        ArrayNode a = o.putArray("reports");
        for (ReportsIndex.Report r : reports.reports().values()) {
            // the name only: the server's own paths are nobody else's business
            ObjectNode x = a.addObject().put("name", r.name());
            try {
                x.put("modified", Files.getLastModifiedTime(r.dir().resolve(ReportsIndex.PAGE)).toString());
                Path json = r.dir().resolve("report.json");
                if (Files.isRegularFile(json, java.nio.file.LinkOption.NOFOLLOW_LINKS)) {
                    JsonNode j = JSON.readTree(json.toFile());
                    ArrayNode domains = x.putArray("domains");
                    if (j != null && j.isArray()) {
                        j.forEach(e -> domains.add(e.path("domain").asText() + " (" + e.path("solver").asText()
                                + ", " + e.path("backend").asText() + ")"));
                    }
                }
            } catch (IOException e) {
                x.put("error", "cannot read its report.json");
            }
        }
        return o;
    }

    private DomainPlay.Table table(String id) {
        service.status(id); // 404 for an unknown dialogue
        return play.table(id).orElseThrow(() -> new ServiceException.Conflict("dialogue " + id + " was not started from a "
                + "dialogue domain here, so there is no solved game to steer an agent by"));
    }

    // ------------------------------------------------------------------ responses

    /** The body, refused (400) when it has a field besides {@code allowed}: a misspelt field is not ignored. */
    private static JsonNode fields(JsonNode body, String... allowed) {
        if (body != null && body.isObject()) {
            List<String> known = List.of(allowed);
            for (Iterator<String> it = body.fieldNames(); it.hasNext(); ) {
                String f = it.next();
                if (!known.contains(f)) {
                    throw new ServiceException.Invalid("unknown field \"" + f + "\" (fields: "
                            + String.join(", ", known) + ")");
                }
            }
        }
        return body;
    }

    private static String text(JsonNode body, String field) {
        JsonNode v = body == null ? null : body.get(field);
        if (v == null || !v.isTextual() || v.asText().isEmpty()) {
            throw new ServiceException.Invalid("missing \"" + field + "\" (text)");
        }
        return v.asText();
    }

    private static void json(Context ctx, JsonNode body) {
        try {
            send(ctx, "json", JSON.writeValueAsBytes(body));
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot write a response", e);
        }
    }

    private static void resource(Context ctx, String name) {
        try (InputStream in = WebInterface.class.getResourceAsStream("/web/" + name)) {
            if (in == null) {
                throw new IllegalStateException("the jar lacks web/" + name);
            }
            send(ctx, name.substring(name.lastIndexOf('.') + 1), in.readAllBytes());
        } catch (IOException e) {
            throw new IllegalStateException("cannot read web/" + name, e);
        }
    }

    private static void file(Context ctx, Path f) {
        String name = f.getFileName().toString();
        try {
            send(ctx, name.substring(name.lastIndexOf('.') + 1), Files.readAllBytes(f));
        } catch (IOException e) {
            throw new ServiceException.NotFound("cannot read " + name);
        }
    }

    private static void send(Context ctx, String ext, byte[] bytes) {
        ctx.status(200);
        ctx.contentType(TYPES.getOrDefault(ext.toLowerCase(Locale.ROOT), "application/octet-stream"));
        ctx.header("Cache-Control", "no-store");
        ctx.header("X-Content-Type-Options", "nosniff");
        ctx.header("Referrer-Policy", "no-referrer");
        ctx.header("Content-Security-Policy", "default-src 'self'; img-src 'self' data:; style-src 'self' "
                + "'unsafe-inline'; script-src 'self'; frame-ancestors 'none'");
        ctx.result(bytes);
    }
}
