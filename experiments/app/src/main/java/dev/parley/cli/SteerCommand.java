package dev.parley.cli;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.parley.agent.AgentException;
import dev.parley.agent.DgepClient;
import dev.parley.agent.MiniLmWordingMatcher;
import dev.parley.agent.SteeredAgent;
import dev.parley.agent.Steering;
import dev.parley.agent.SteeringModel;
import dev.parley.dialogue.Contents;
import dev.parley.dialogue.Domain;
import dev.parley.dialogue.Observation;
import dev.parley.domain.DialogueDomains;
import dev.parley.engine.ExternalConditionResolver;
import dev.parley.experiment.DialogueReader;
import dev.parley.game.TabularPolicy;
import dev.parley.io.InputFiles;
import dev.parley.server.DialogueServer;
import dev.parley.server.DialogueService;
import dev.parley.server.ProtocolRegistry;
import dev.parley.server.store.DialogueStore;
import java.io.IOException;
import java.io.PrintWriter;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** {@code parley steer}: an agent that plays a served dialogue by the solver's policy; {@code steer demo}. */
@Command(name = "steer", mixinStandardHelpOptions = true,
        description = {"Join a served dialogue and play it as the solver says: at each turn the move x instruction "
                + "is drawn from the equilibrium policy of the domain's dialogue game (solved with CFR+ first, or "
                + "read with --policy), and its words are filled through PrEFACE.",
                "Each decision is printed with its probabilities."},
        subcommands = {SteerCommand.Demo.class})
final class SteerCommand implements Callable<Integer> {

    /** The game and policy options both commands share. */
    static final class GameOptions {
        @Option(names = "--domain", paramLabel = "DOMAIN", converter = DomainConverter.class,
                completionCandidates = DomainNames.class, description = "Dialogue domain: ${COMPLETION-CANDIDATES}.")
        Domain domain;

        @Mixin
        DialogueGameOptions dealt = new DialogueGameOptions(2, 4);

        @Option(names = "--scenario", defaultValue = "0", paramLabel = "K",
                description = "Which of them holds this agent's private information (default: ${DEFAULT-VALUE}).")
        int scenario;

        @Mixin
        IterationsOption solving = new IterationsOption();

        @Option(names = "--policy", paramLabel = "FILE", description = "Play this policy (TabularPolicy JSON) "
                + "instead of solving.")
        Path policy;

        @Mixin
        PolicyOutOption policyOut = new PolicyOutOption();

        @Option(names = "--poll-ms", defaultValue = "50", paramLabel = "MS",
                description = "How often to look for the turn (default: ${DEFAULT-VALUE}).")
        long pollMs;

        @Mixin
        ObserveOption observing = new ObserveOption();

        @Option(names = "--turn-timeout", defaultValue = "300", paramLabel = "SECONDS",
                description = "Give up after waiting this long for a turn (default: ${DEFAULT-VALUE}).")
        long timeoutSeconds;

        Domain domain() {
            if (domain == null) {
                throw new UserInputException("--domain is required (domains: " + String.join(", ",
                        DialogueDomains.names()) + ")");
            }
            return domain;
        }

        SteeringModel model(Domain d, LlmOptions.Session session) {
            dealt.check();
            policyOut.check();
            // each named alone, in the words every command uses for a count below its minimum
            Bounds.atLeast(solving.iterations, 1, "--iterations");
            Bounds.atLeast(pollMs, 1, "--poll-ms");
            Bounds.atLeast(timeoutSeconds, 1, "--turn-timeout");
            Bounds.between(scenario, 0, dealt.scenarios - 1, "--scenario");
            Observation observation = observing.observation();
            SteeringModel.Settings s = new SteeringModel.Settings(dealt.scenarios, dealt.maxReplies(), dealt.seed(), 4,
                    observation);
            SteeringModel m;
            if (policy != null) {
                TabularPolicy p;
                try {
                    p = TabularPolicy.read(policy);
                } catch (IOException e) {
                    throw InputFiles.unreadable(policy, e);
                }
                if (!p.game().equals(d.name())) {
                    throw new UserInputException(policy + ": a policy for game " + p.game() + ", not " + d.name());
                }
                try {
                    m = SteeringModel.withPolicy(d, session.moves(d), s, p);
                } catch (IllegalArgumentException e) {
                    throw new UserInputException(policy + ": does not fit this game (" + e.getMessage() + ")");
                }
            } else {
                m = SteeringModel.solve(d, session.moves(d), s, solving.iterations);
            }
            policyOut.write(m.equilibrium());
            return m;
        }
    }

    @Option(names = "--server", paramLabel = "URL", description = "The DGEP-compatible server.")
    URI server;

    @Option(names = "--dialogue", paramLabel = "ID", description = "The dialogue to join.")
    String dialogue;

    @Option(names = "--role", paramLabel = "R", description = "The role or player to join as.")
    String role;

    @Option(names = "--baseline", description = "Play the unguided baseline (instruction any) instead.")
    boolean baseline;

    @Option(names = "--state", paramLabel = "FILE",
            description = "Advise offline instead of playing: for the dialogue in FILE ({\"role\", \"scenario\", "
                    + "\"transcript\": [{\"player\", \"moveID\", \"text\"}]}), print the solver's distribution "
                    + "over move x instruction for the role and the utterance PrEFACE fills for the chosen one.")
    Path state;

    @Mixin
    JsonOption json;

    @Mixin
    GameOptions game;

    @Mixin
    LlmOptions llm;

    @Override
    public Integer call() {
        if (state != null) {
            return advise();
        }
        if (server == null || dialogue == null || role == null) {
            throw new UserInputException("steer needs --server URL, --dialogue ID and --role R (or: parley steer "
                    + "demo --domain D)");
        }
        Domain d = game.domain();
        DgepClient client = new DgepClient(server, Duration.ofSeconds(30));
        // the server and the dialogue are looked up before the game is solved, which can take minutes
        client.active(dialogue);
        try (LlmOptions.Session session = llm.open()) {
            SteeringModel m = game.model(d, session);
            SteeredAgent agent = new SteeredAgent(client, m.game(),
                    baseline ? m.baseline() : m.equilibrium(), game.scenario, game.dealt.seed(),
                    Duration.ofMillis(game.pollMs), Duration.ofSeconds(game.timeoutSeconds),
                    baseline ? "baseline" : "steered", new MiniLmWordingMatcher());
            SteeredAgent.Outcome o = agent.play(dialogue, role);
            print(json.out(), m, List.of(o), json.on());
        }
        return 0;
    }

    /** {@code --state}: the library call {@link Steering#advise}, printed. */
    private int advise() {
        Domain d = game.domain();
        StateFile file = StateFile.read(state);
        try (LlmOptions.Session session = llm.open()) {
            SteeringModel m = game.model(d, session);
            Steering.Advice advice;
            try {
                advice = Steering.advise(m, file.scenario(), file.role(), file.transcript(),
                        new MiniLmWordingMatcher());
            } catch (AgentException e) {
                throw e.in(state.toString());
            }
            PrintWriter out = json.out();
            if (json.on()) {
                ObjectNode root = Json.MAPPER.createObjectNode().put("domain", d.name())
                        .put("backend", m.game().backend()).put("player", advice.player());
                ObjectNode dist = root.putObject("distribution");
                advice.distribution().forEach(dist::put);
                root.put("chosen", advice.chosen()).put("move", advice.moveId())
                        .put("instruction", advice.instruction()).put("utterance", advice.utterance());
                root.set("content", Json.MAPPER.valueToTree(advice.content()));
                root.put("distance", advice.distance());
                out.println(Json.write(root));
            } else {
                out.println(d.name() + " (" + m.game().backend() + "): advice for " + advice.player());
                Table t = new Table("move/instruction", "probability");
                for (var e : Steering.ranked(advice)) {
                    t.row(e.getKey(), String.format(Locale.ROOT, "%.3f", e.getValue()));
                }
                out.print(t.render());
                out.println("chosen: " + advice.chosen());
                out.println("utterance: " + advice.utterance());
            }
        }
        return 0;
    }

    /** The dialogue state a {@code --state} file describes. */
    record StateFile(String role, int scenario, List<DgepClient.Said> transcript) {
        static StateFile read(Path file) {
            com.fasterxml.jackson.databind.JsonNode root;
            try {
                root = Json.MAPPER.readTree(InputFiles.readText(file));
            } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
                throw new UserInputException(dev.parley.json.JsonErrors.inFile(file, e));
            }
            if (root == null || !root.isObject() || !root.path("role").isTextual()
                    || !root.path("transcript").isArray()) {
                throw new UserInputException(file + ": expected an object with \"role\" (a player) and "
                        + "\"transcript\" (a list of {\"player\", \"moveID\", \"content\", \"text\"}), and optionally "
                        + "\"scenario\" (a number)");
            }
            List<DgepClient.Said> said = new ArrayList<>();
            int i = 0;
            for (com.fasterxml.jackson.databind.JsonNode m : root.get("transcript")) {
                if (!m.path("player").isTextual() || !m.path("moveID").isTextual() || !m.path("text").isTextual()
                        || (m.has("content") && !m.get("content").isObject())) {
                    throw new UserInputException(file + ": transcript[" + i + "] needs \"player\", \"moveID\" and "
                            + "\"text\" (strings) and, for a move with content, \"content\" (an object)");
                }
                Map<String, Object> content = m.has("content") ? Contents.fromJsonObject(m.get("content"))
                        : Map.of();
                // the move is located by its content; the words pick the nearest wording under --observe words
                said.add(new DgepClient.Said(i++, m.get("player").asText(), m.get("moveID").asText(),
                        Contents.reply(content), null, m.get("text").asText()));
            }
            return new StateFile(root.get("role").asText(), root.path("scenario").asInt(0), said);
        }
    }

    /** The game a figure is measured on, in words: steer's defaults differ from experiment's. */
    static String gameSize(SteeringModel m) {
        return String.format(Locale.ROOT, "a game of %d scenarios, at most %d messages, %s observed (%,d nodes,"
                + " %,d infosets)", m.game().scenarios().size(), m.game().settings().maxReplies(),
                m.game().settings().observe().label(), m.tree().numNodes(), m.tree().numInfosets());
    }

    static void print(PrintWriter out, SteeringModel m, List<SteeredAgent.Outcome> outcomes, boolean json) {
        List<String> players = m.game().domain().protocolPlayers();
        List<DgepClient.Said> transcript = outcomes.get(0).transcript();
        double[] payoffs = outcomes.get(0).payoffs();
        if (json) {
            ObjectNode root = Json.MAPPER.createObjectNode();
            root.put("domain", m.game().domain().name()).put("backend", m.game().backend())
                    .put("nash_conv", m.nashConv());
            // the game the figure is for: steer's defaults are not experiment's
            root.put("scenarios", m.game().scenarios().size())
                    .put("max_replies", m.game().settings().maxReplies())
                    .put("observe", m.game().settings().observe().label())
                    .put("nodes", m.tree().numNodes()).put("infosets", m.tree().numInfosets());
            ArrayNode t = root.putArray("transcript");
            for (DgepClient.Said s : transcript) {
                ObjectNode o = t.addObject().put("index", s.index()).put("player", s.player())
                        .put("moveID", s.moveId()).put("text", s.text());
                s.reply().forEach(o.putObject("reply")::put);
            }
            ObjectNode pay = root.putObject("payoffs");
            for (int p = 0; p < players.size(); p++) {
                if (payoffs == null) {
                    pay.putNull(players.get(p));
                } else {
                    pay.put(players.get(p), payoffs[p]);
                }
            }
            ArrayNode agents = root.putArray("agents");
            for (SteeredAgent.Outcome o : outcomes) {
                ObjectNode a = agents.addObject().put("agent", o.label()).put("player", o.player());
                ArrayNode ds = a.putArray("decisions");
                for (SteeredAgent.Decision d : o.decisions()) {
                    ObjectNode x = ds.addObject().put("index", d.transcriptIndex()).put("chosen", d.chosen())
                            .put("text", d.text());
                    d.probabilities().forEach(x.putObject("probabilities")::put);
                }
            }
            out.println(Json.write(root));
            return;
        }
        out.println(m.game().domain().name() + " (" + m.game().backend() + "), equilibrium NashConv "
                + String.format(Locale.ROOT, "%.4f", m.nashConv()) + " on " + gameSize(m));
        for (SteeredAgent.Outcome o : outcomes) {
            out.println(o.label() + " agent as " + o.player() + ":");
            Table t = new Table("move", "chosen", "p", "policy");
            for (SteeredAgent.Decision d : o.decisions()) {
                t.row(d.transcriptIndex(), d.chosen(), String.format(Locale.ROOT, "%.3f",
                        d.probabilities().get(d.chosen())), policy(d));
            }
            out.print(t.render());
        }
        out.println("transcript:");
        Map<Integer, SteeredAgent.Decision> byIndex = new java.util.HashMap<>();
        outcomes.forEach(o -> o.decisions().forEach(d -> byIndex.put(d.transcriptIndex(), d)));
        for (DgepClient.Said s : transcript) {
            SteeredAgent.Decision d = byIndex.get(s.index());
            // the agents' own words and instructions; another participant's words as served
            out.println(DialogueReader.line(s.player(), s.moveId(), d == null ? null : d.instruction(),
                    d == null ? s.text() : d.text()));
        }
        List<String> parts = new ArrayList<>();
        for (int p = 0; p < players.size(); p++) {
            parts.add(players.get(p) + " " + (payoffs == null ? "-" : String.format(Locale.ROOT, "%+.2f",
                    payoffs[p])));
        }
        out.println("payoffs: " + String.join(", ", parts) + (payoffs == null ? " (the game did not end)" : ""));
    }

    private static String policy(SteeredAgent.Decision d) {
        List<String> parts = new ArrayList<>();
        d.probabilities().forEach((a, q) -> {
            if (q >= 0.005) {
                parts.add(a + " " + String.format(Locale.ROOT, "%.2f", q));
            }
        });
        return String.join(", ", parts);
    }

    /** {@code parley steer demo}: an in-process server and two agents, one steered, one baseline. */
    @Command(name = "demo", mixinStandardHelpOptions = true,
            description = "Start a server on loopback, create a dialogue of the domain's protocol, and let a steered "
                    + "agent and a baseline agent (instruction any) play it over HTTP; print the transcript, the "
                    + "payoffs and every decision.")
    static final class Demo implements Callable<Integer> {

        @Option(names = "--steered-role", defaultValue = "Alice", paramLabel = "R",
                description = "The player the steered agent takes (default: ${DEFAULT-VALUE}); the baseline takes "
                        + "the other.")
        String steeredRole;

        @Mixin
        JsonOption json;

        @Mixin
        GameOptions game;

        @Mixin
        LlmOptions llm;

        @Override
        public Integer call() throws Exception {
            Domain d = game.domain();
            List<String> players = d.protocolPlayers();
            if (players.size() != 2 || !players.contains(steeredRole)) {
                throw new UserInputException("--steered-role must be one of " + players);
            }
            String baselineRole = players.get(0).equals(steeredRole) ? players.get(1) : players.get(0);
            Path dir = Files.createTempDirectory("parley-steer-demo");
            try (LlmOptions.Session session = llm.open()) {
                SteeringModel m = game.model(d, session);
                ProtocolRegistry registry = new ProtocolRegistry();
                registry.add(d.name(), ProtocolRegistry.Origin.BUNDLED, d.protocol());
                try (DialogueService service = new DialogueService(registry,
                        DialogueStore.open(dir.resolve("demo.db").toString(), 1),
                        ExternalConditionResolver.offlineDefault(), 100);
                     DialogueServer server = DialogueServer.start(service,
                             new DialogueServer.Config("127.0.0.1", 0, 1 << 16, 4))) {
                    DgepClient client = new DgepClient(server.uri(), Duration.ofSeconds(30));
                    String id = client.newDialogue(d.name());
                    Duration poll = Duration.ofMillis(game.pollMs);
                    Duration timeout = Duration.ofSeconds(game.timeoutSeconds);
                    SteeredAgent steered = new SteeredAgent(client, m.game(), m.equilibrium(), game.scenario,
                            game.dealt.seed(), poll, timeout, "steered");
                    SteeredAgent base = new SteeredAgent(client, m.game(), m.baseline(), game.scenario,
                            game.dealt.seed() + 1, poll, timeout, "baseline");
                    ExecutorService two = Executors.newFixedThreadPool(2);
                    try {
                        Future<SteeredAgent.Outcome> a = two.submit(() -> steered.play(id, steeredRole));
                        Future<SteeredAgent.Outcome> b = two.submit(() -> base.play(id, baselineRole));
                        List<SteeredAgent.Outcome> outcomes = List.of(get(a), get(b));
                        print(json.out(), m, outcomes, json.on());
                    } finally {
                        two.shutdownNow();
                    }
                }
            } finally {
                for (String f : List.of("demo.db", "demo.db-wal", "demo.db-shm", "demo.db.lock")) {
                    Files.deleteIfExists(dir.resolve(f));
                }
                Files.deleteIfExists(dir);
            }
            return 0;
        }

        private static SteeredAgent.Outcome get(Future<SteeredAgent.Outcome> f) throws InterruptedException {
            try {
                return f.get();
            } catch (ExecutionException e) {
                if (e.getCause() instanceof AgentException a) {
                    throw new UserInputException(a.getMessage());
                }
                throw new IllegalStateException("an agent failed", e.getCause());
            }
        }
    }
}
