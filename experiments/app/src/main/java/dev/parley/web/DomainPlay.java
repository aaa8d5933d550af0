package dev.parley.web;

import dev.parley.agent.AgentException;
import dev.parley.agent.DgepClient;
import dev.parley.agent.SteeredAgent;
import dev.parley.agent.Steering;
import dev.parley.agent.SteeringModel;
import dev.parley.agent.WordingMatcher;
import dev.parley.dialogue.Contents;
import dev.parley.dialogue.Domain;
import dev.parley.dialogue.Message;
import dev.parley.dialogue.MoveContext;
import dev.parley.dialogue.MoveVerifier;
import dev.parley.dialogue.Rejection;
import dev.parley.dialogue.RewardModel;
import dev.parley.dialogue.Scenario;
import dev.parley.domain.file.FileDomains;
import dev.parley.engine.LegalMove;
import dev.parley.engine.PerformedMove;
import dev.parley.server.ServiceException;
import dev.parley.server.DialogueService;
import dev.parley.server.store.DomainBinding;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.function.Function;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Dialogues played in a dialogue domain: which domain and scenario a served dialogue is, the domain's solved game
 * (solved once per domain, in the background, on first use), the steered agents invited into them, the coach's
 * advice for a seat, the verifier's check of a person's move, and the payoffs once a dialogue ends.
 *
 * <p>What a dialogue was started as (domain, scenario, game settings) is stored with the dialogue, in the same
 * transaction, and so is its steered agent (seat, token, and where it stands after each of its moves). After a
 * restart, or a kill, every such dialogue comes back whole: the domain's game is solved again in the background (the
 * solver is deterministic, so it is the same game and the same policy), the coach advises again once it is, and the
 * agent resumes from its stored progress once the server listens ({@link #resume()}). A dialogue whose stored game
 * settings differ from this server's (it was restarted with other {@code --scenarios}, say) is served as a plain
 * protocol dialogue, and the log says why.
 */
public final class DomainPlay implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(DomainPlay.class);
    private static final ObjectMapper JSON = new ObjectMapper();

    /**
     * How the domains' games are built and judged.
     *
     * @param game       the game every agent and coach of a domain plays by (scenarios, length limit, observation)
     * @param solve      solves a domain's game with these settings (its move generator: the offline planner and
     *                   realiser, or a language model)
     * @param reward     a domain's reward model (its exact scorer, or a judge)
     * @param matcher    how a person's free words are matched to the game's wordings
     * @param backend    what generates the words, for the page ("offline", "openai:gpt-4o-mini")
     */
    public record Settings(SteeringModel.Settings game, Function<Domain, SteeringModel> solve,
                           Function<Domain, RewardModel> reward, WordingMatcher matcher, String backend) {
    }

    /** A served dialogue of a domain: the scenario chance dealt (its index in the game's scenarios). */
    public record Table(String dialogueId, Domain domain, int scenario) {
    }

    /** An invited agent's progress, for the page. */
    public record AgentState(String role, String state, String error) {
    }

    /** A seat's coach: every move x instruction with its probability and words, or why there is none now. */
    public record Coaching(List<Steering.Option> options, String unavailable) {
    }

    private final List<Domain> domains;
    private final Settings settings;
    private final DialogueService service;
    private final Supplier<URI> server;
    private final Map<String, Table> tables = new ConcurrentHashMap<>();
    private final Map<String, CompletableFuture<SteeringModel>> models = new ConcurrentHashMap<>();
    private final Map<String, AgentState> agents = new ConcurrentHashMap<>();
    private final Map<String, Map<String, Double>> payoffs = new ConcurrentHashMap<>();
    /**
     * Dialogues whose agent broke off, with why: the action it drew has no words in the game (a real model's every
     * attempt at them was refused), which ends the game where it stands.
     */
    private final Map<String, String> brokeOff = new ConcurrentHashMap<>();
    /** Agents found in the store at start, resumed once the server listens. */
    private final Map<String, DomainBinding> toResume = new ConcurrentHashMap<>();
    private final Map<String, Long> solveMillis = new ConcurrentHashMap<>();
    private final ExecutorService work = Executors.newCachedThreadPool(r -> {
        Thread t = new Thread(r, "parley-web-agents");
        t.setDaemon(true);
        return t;
    });

    /** @param server the server's own address, which the invited agents play through (known once it listens) */
    public DomainPlay(List<Domain> domains, Settings settings, DialogueService service, Supplier<URI> server) {
        this.domains = List.copyOf(domains);
        this.settings = settings;
        this.service = service;
        this.server = server;
        restore();
    }

    /** The game settings a dialogue's solved game is built with, as stored beside the dialogue. */
    private String gameJson() {
        SteeringModel.Settings g = settings.game();
        return JSON.createObjectNode().put("scenarios", g.scenarios()).put("maxReplies", g.maxReplies())
                .put("seed", g.seed()).put("observe", g.observe().name()).put("backend", settings.backend())
                .toString();
    }

    /**
     * How a dialogue names its domain in the store: a built-in domain by its name, a domain file by its name and the
     * file's content hash ({@code name@sha256:HEX}), so that a file changed since is noticed after a restart.
     */
    static String bindingName(Domain d) {
        return FileDomains.of(d).map(f -> d.name() + HASHED + f.sha256()).orElse(d.name());
    }

    /** The domain's name in a stored binding. */
    static String domainName(String binding) {
        int at = binding.indexOf(HASHED);
        return at < 0 ? binding : binding.substring(0, at);
    }

    private static final String HASHED = "@sha256:";

    /** Takes back the domain dialogues the store holds, and starts solving their games. */
    private void restore() {
        String game = gameJson();
        service.bindings().forEach((id, b) -> {
            Optional<Domain> d = domain(domainName(b.domain()));
            if (d.isEmpty()) {
                LOG.warn("dialogue {} was started from domain {}, which this server does not offer; it is served as "
                        + "a plain protocol dialogue", id, b.domain());
                return;
            }
            if (!bindingName(d.get()).equals(b.domain())) {
                // a domain file changed since the dialogue began: its rules may differ, so it is not re-read silently
                LOG.warn("dialogue {} was started from {}, but the domain file is now {}; it is served as a plain "
                        + "protocol dialogue", id, b.domain(), bindingName(d.get()));
                return;
            }
            if (!b.gameJson().equals(game)) {
                LOG.warn("dialogue {} was started with game settings {}, this server's are {}; it is served as a "
                        + "plain protocol dialogue", id, b.gameJson(), game);
                return;
            }
            tables.put(id, new Table(id, d.get(), b.scenario()));
            model(d.get());
            if (b.agentSeat() != null) {
                String off = progress(b.agentState()).brokeOff();
                if (off != null) {
                    brokeOff.put(id, off);
                }
                agents.put(id, new AgentState(b.agentSeat(), "resuming after a restart", null));
                toResume.put(id, b);
            }
        });
        if (!tables.isEmpty()) {
            LOG.info("{} domain dialogues restored, {} with a steered agent to resume", tables.size(),
                    toResume.size());
        }
    }

    /**
     * Resumes the steered agents of the restored dialogues, each from where it stood. Call once the server listens:
     * the agents play through it.
     */
    public void resume() {
        for (String id : List.copyOf(toResume.keySet())) {
            DomainBinding b = toResume.remove(id);
            Table t = tables.get(id);
            if (t == null || b == null) {
                continue;
            }
            SteeredAgent.Progress from = progress(b.agentState());
            String player = service.roles(id).seats().stream().filter(s -> s.handle().equals(b.agentSeat()))
                    .map(DialogueService.SeatView::player).findFirst().orElse(b.agentSeat());
            DgepClient client = new DgepClient(server.get(), Duration.ofSeconds(30));
            LOG.info("dialogue {}: resuming the steered agent as {} after {} of its moves", id, b.agentSeat(),
                    from.actions().size());
            start(t, b.agentSeat(), client, new DgepClient.Joined(b.agentToken(), b.agentSeat(), player), from);
        }
    }

    private static String progressJson(SteeredAgent.Progress p) {
        com.fasterxml.jackson.databind.node.ObjectNode o = JSON.createObjectNode().put("draws", p.draws());
        com.fasterxml.jackson.databind.node.ObjectNode a = o.putObject("actions");
        new java.util.TreeMap<>(p.actions()).forEach((k, v) -> a.put(Integer.toString(k), v));
        if (p.brokeOff() != null) {
            o.put("brokeOff", p.brokeOff());
        }
        return o.toString();
    }

    private static SteeredAgent.Progress progress(String json) {
        if (json == null) {
            return SteeredAgent.Progress.START;
        }
        try {
            com.fasterxml.jackson.databind.JsonNode n = JSON.readTree(json);
            Map<Integer, Integer> actions = new java.util.HashMap<>();
            n.path("actions").fields().forEachRemaining(e -> actions.put(Integer.parseInt(e.getKey()),
                    e.getValue().asInt()));
            return new SteeredAgent.Progress(actions, n.path("draws").asInt(),
                    n.hasNonNull("brokeOff") ? n.get("brokeOff").asText() : null);
        } catch (java.io.IOException | RuntimeException e) {
            // without it the tracker places the agent's own moves by their words, which the game wrote
            LOG.warn("a stored agent state cannot be read ({}); the agent resumes from the transcript alone",
                    e.getMessage());
            return SteeredAgent.Progress.START;
        }
    }

    /** How long the domain's game took to solve here (since this server started), if it is solved. */
    public Optional<Long> solveMillis(Domain d) {
        return Optional.ofNullable(solveMillis.get(d.name()));
    }

    public List<Domain> domains() {
        return domains;
    }

    public Settings settings() {
        return settings;
    }

    /** The scenarios a dialogue of {@code domain} may be dealt (the game's, in order). */
    public List<Scenario> scenarios(Domain domain) {
        return domain.scenarios(settings.game().scenarios(), settings.game().seed());
    }

    public Optional<Domain> domain(String name) {
        return domains.stream().filter(d -> d.name().equals(name)).findFirst();
    }

    /** A dialogue just started: its table and the invitations to its seats, for its creator. */
    public record Started(Table table, List<DialogueService.Invitation> invitations) {
    }

    /** Starts a dialogue of the domain's protocol in scenario {@code scenario}; its game is solved meanwhile. */
    public Table create(String domainName, long scenario) {
        return start(domainName, scenario).table();
    }

    /** As {@link #create}, with the invitations to the seats. */
    public Started start(String domainName, long scenario) {
        Domain d = domain(domainName).orElseThrow(() -> new ServiceException.NotFound("no dialogue domain " + domainName
                + " (domains: " + String.join(", ", domains.stream().map(Domain::name).toList()) + ")"));
        if (scenario < 0) {
            throw new ServiceException.Invalid("scenario must be 0 or more, got " + scenario);
        }
        if (scenario >= settings.game().scenarios()) {
            // a well-formed number this server's game has no scenario for (it was started with --scenarios N)
            throw new ServiceException.NotFound("no scenario " + scenario + ": this server's game has scenarios 0 to "
                    + (settings.game().scenarios() - 1));
        }
        int k = (int) scenario; // below the scenario count, an int
        model(d); // start solving now: a person reads the page before the first turn
        DialogueService.Created c = service.create(protocolName(d), List.of(),
                Optional.of(DomainBinding.of(bindingName(d), k, gameJson())));
        Table t = new Table(c.dialogueId(), d, k);
        tables.put(c.dialogueId(), t);
        return new Started(t, c.invitations());
    }

    /**
     * The name the server offers the domain's protocol under: the domain's own name, unless that name serves another
     * protocol (the library's {@code debate} is not the debate domain's game), then whichever name serves it.
     */
    public String protocolName(Domain d) {
        return service.nameOf(d.protocol(), d.name()).orElseThrow(() -> new ServiceException.Unavailable(
                "this server does not offer the " + d.name() + " domain's protocol (" + d.protocol().source() + ")"));
    }

    public Optional<Table> table(String dialogueId) {
        return Optional.ofNullable(tables.get(dialogueId));
    }

    private CompletableFuture<SteeringModel> model(Domain d) {
        return models.computeIfAbsent(d.name(), n -> CompletableFuture.supplyAsync(() -> {
            LOG.info("solving the {} game for the web interface", n);
            long t0 = System.nanoTime();
            SteeringModel m = settings.solve().apply(d);
            long ms = (System.nanoTime() - t0) / 1_000_000;
            solveMillis.put(n, ms);
            LOG.info("the {} game is solved, in {} ms", n, ms);
            return m;
        }, work));
    }

    /** The solved game, or empty while it is being solved. */
    public Optional<SteeringModel> readyModel(Domain d) {
        CompletableFuture<SteeringModel> f = model(d);
        if (!f.isDone()) {
            return Optional.empty();
        }
        return Optional.of(await(f));
    }

    private static SteeringModel await(CompletableFuture<SteeringModel> f) {
        try {
            return f.get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new ServiceException.Unavailable("interrupted while the game was being solved");
        } catch (ExecutionException e) {
            throw new ServiceException.Unavailable("the game could not be solved: " + e.getCause().getMessage());
        }
    }

    /** The transcript as the agents read it: the speaker's words where it sent some, else the locution. */
    List<DgepClient.Said> said(String dialogueId) {
        List<DgepClient.Said> out = new ArrayList<>();
        for (DialogueService.Entry e : service.transcript(dialogueId)) {
            PerformedMove m = e.move();
            out.add(new DgepClient.Said(m.index(), m.speaker(), m.moveId(), m.reply(), m.target(),
                    e.words() != null ? e.words() : m.text()));
        }
        return out;
    }

    /** The transcript as the domain reads it: speaker index, verified content, words. */
    private static List<Message> messages(Domain d, List<DgepClient.Said> said) {
        List<Message> out = new ArrayList<>();
        for (DgepClient.Said s : said) {
            out.add(new Message(d.protocolPlayers().indexOf(s.player()), s.moveId(), Contents.fromReply(s.reply()),
                    s.text()));
        }
        return out;
    }

    /**
     * Whether the dialogue is over for its game: the protocol ended, nobody can move, the length limit, or its agent
     * broke off (the action it drew has no words in the game, which ends the game there).
     */
    public boolean ended(String dialogueId) {
        if (brokeOff.containsKey(dialogueId)) {
            return true;
        }
        DialogueService.StatusView v = service.status(dialogueId);
        if (!v.engineStatus().acceptsMoves()) {
            return true;
        }
        if (tables.containsKey(dialogueId) && v.moveCount() >= settings.game().maxReplies()) {
            return true;
        }
        return !v.waiting() && service.moves(dialogueId).values().stream().allMatch(List::isEmpty);
    }

    /** The payoffs of an ended domain dialogue by player, from the reward model (computed once). */
    public Optional<Map<String, Double>> payoffs(String dialogueId) {
        Table t = tables.get(dialogueId);
        if (t == null || !ended(dialogueId)) {
            return Optional.empty();
        }
        return Optional.of(payoffs.computeIfAbsent(dialogueId, id -> {
            Scenario s = scenarios(t.domain()).get(t.scenario());
            List<Double> v = settings.reward().apply(t.domain()).score(s, messages(t.domain(), said(id))).values();
            Map<String, Double> byPlayer = new java.util.LinkedHashMap<>();
            for (int p = 0; p < t.domain().protocolPlayers().size(); p++) {
                byPlayer.put(t.domain().protocolPlayers().get(p), v.get(p));
            }
            return byPlayer;
        }));
    }

    public String judge(Domain d) {
        return settings.reward().apply(d).backend();
    }

    /** The private information of the seat {@code player} in the dialogue's scenario. */
    public List<String> privateInfo(Table t, String player) {
        int p = t.domain().protocolPlayers().indexOf(player);
        return p < 0 ? List.of() : scenarios(t.domain()).get(t.scenario()).player(p).knowledge();
    }

    /** Each content variable's JSON Schema for {@code move} said by {@code player} now. */
    public com.fasterxml.jackson.databind.node.ObjectNode schema(Table t, String player, LegalMove move) {
        int p = t.domain().protocolPlayers().indexOf(player);
        if (p < 0) {
            return null;
        }
        Scenario s = scenarios(t.domain()).get(t.scenario());
        return t.domain().content().rules().schema(move.moveId(), new MoveContext(s, p,
                messages(t.domain(), said(t.dialogueId()))));
    }

    /**
     * The verifier's reason to refuse {@code reply} for {@code moveId} by {@code player} (a fruit the trader does
     * not hold, terms that are not the offer on the table), or empty. The protocol's own checks come after, at the
     * interaction endpoint.
     */
    public Optional<String> refuse(Table t, String player, String moveId, Map<String, String> reply) {
        int p = t.domain().protocolPlayers().indexOf(player);
        if (p < 0) {
            return Optional.of(player + " is not a player of the " + t.domain().name() + " game");
        }
        String off = brokeOff.get(t.dialogueId());
        if (off != null) {
            return Optional.of("the dialogue is over: the steered agent broke off (" + off + ")");
        }
        if (ended(t.dialogueId())) {
            return Optional.of("the dialogue is over (the game ends after " + settings.game().maxReplies()
                    + " messages or when the protocol ends)");
        }
        Scenario s = scenarios(t.domain()).get(t.scenario());
        Map<String, Object> content;
        try {
            content = Contents.fromReply(reply);
        } catch (IllegalArgumentException e) {
            return Optional.of("the content cannot be read: " + e.getMessage());
        }
        Optional<Rejection> r = new MoveVerifier(t.domain().content()).checkSaid(moveId, content,
                new MoveContext(s, p, messages(t.domain(), said(t.dialogueId()))));
        return r.map(Rejection::detail);
    }

    /** The coach for {@code player}'s seat: empty options with the reason when there is no advice now. */
    public Coaching coach(Table t, String player) {
        Optional<SteeringModel> m = readyModel(t.domain());
        if (m.isEmpty()) {
            return new Coaching(List.of(), "the solver is still solving the " + t.domain().name() + " game");
        }
        if (ended(t.dialogueId())) {
            return new Coaching(List.of(), "the dialogue is over");
        }
        try {
            List<DgepClient.Said> said = said(t.dialogueId());
            List<Steering.Option> options = Steering.options(m.get(), t.scenario(), player, said, settings.matcher());
            return new Coaching(options, null);
        } catch (AgentException e) {
            return new Coaching(List.of(), e.getMessage());
        }
    }

    public Optional<AgentState> agent(String dialogueId) {
        return Optional.ofNullable(agents.get(dialogueId));
    }

    /** Seats a steered agent in {@code role}: it joins now and plays by the solved game until the game ends. */
    public AgentState invite(Table t, String role) {
        if (!t.domain().protocolPlayers().contains(role)) {
            // a well-formed name of no seat: 404, as join answers for a player or role the protocol lacks
            throw new ServiceException.NotFound("the " + t.domain().name() + " game has no player " + role + " (players: "
                    + String.join(", ", t.domain().protocolPlayers()) + ")");
        }
        AgentState prior = agents.putIfAbsent(t.dialogueId(), new AgentState(role, "joining", null));
        if (prior != null) {
            throw new ServiceException.Conflict("dialogue " + t.dialogueId() + " has a steered agent already (as "
                    + prior.role() + ")");
        }
        DgepClient client = new DgepClient(server.get(), Duration.ofSeconds(30));
        DgepClient.Joined joined;
        try {
            // the seat is taken now, so nobody moves before the agent is there, though the game may still be solving;
            // in this process, as the operator who invited it: the seat's invitation is its creator's to hand out
            DialogueService.Joined j = service.join(t.dialogueId(), role);
            joined = new DgepClient.Joined(j.participantId(), j.handle(), j.player());
        } catch (RuntimeException e) {
            agents.remove(t.dialogueId());
            throw e;
        }
        try {
            service.saveAgent(t.dialogueId(), role, joined.participantId(), progressJson(SteeredAgent.Progress.START));
        } catch (RuntimeException e) {
            // seated, but a restart would not know it is the agent's seat: say so rather than play unrecoverably
            agents.remove(t.dialogueId());
            throw new ServiceException.Unavailable("the agent joined as " + role + " but could not be stored: "
                    + e.getMessage());
        }
        start(t, role, client, joined, SteeredAgent.Progress.START);
        return agents.get(t.dialogueId());
    }

    private void start(Table t, String role, DgepClient client, DgepClient.Joined joined,
                       SteeredAgent.Progress from) {
        set(t, role, "waiting for the solver", null);
        work.execute(() -> {
            try {
                SteeringModel m = await(model(t.domain()));
                set(t, role, "playing", null);
                SteeredAgent agent = new SteeredAgent(client, m.game(),
                        m.equilibrium(), t.scenario(), settings.game().seed(), Duration.ofMillis(250),
                        Duration.ofHours(2), "web-agent", settings.matcher());
                SteeredAgent.Outcome o = agent.play(t.dialogueId(), joined, from, p -> {
                    try {
                        service.saveAgent(t.dialogueId(), role, joined.participantId(), progressJson(p));
                    } catch (RuntimeException e) {
                        // the move itself is stored; without this the tracker places it by its words on resume
                        LOG.warn("dialogue {}: the agent's progress was not stored: {}", t.dialogueId(),
                                e.getMessage());
                    }
                });
                if (o.brokeOff() != null) {
                    brokeOff.put(t.dialogueId(), o.brokeOff());
                    set(t, role, "broke off after " + (from.actions().size() + o.decisions().size()) + " moves: "
                            + o.brokeOff() + "; the game ends here", null);
                } else {
                    set(t, role, "finished after " + (from.actions().size() + o.decisions().size()) + " moves",
                            null);
                }
            } catch (RuntimeException e) {
                LOG.warn("steered agent in dialogue {} as {} stopped: {}", t.dialogueId(), role, e.getMessage());
                set(t, role, "stopped", e.getMessage());
            }
        });
    }

    private void set(Table t, String role, String state, String error) {
        agents.put(t.dialogueId(), new AgentState(role, state, error));
    }

    @Override
    public void close() {
        work.shutdownNow();
    }
}
