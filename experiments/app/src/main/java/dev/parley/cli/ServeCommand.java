package dev.parley.cli;

import dev.parley.dgdl.ProtocolParser;
import dev.parley.dialogue.Domain;
import dev.parley.domain.DialogueDomains;
import dev.parley.domain.protocols.ProtocolLibrary;
import dev.parley.engine.ExternalConditionResolver;
import dev.parley.server.DialogueServer;
import dev.parley.server.DialogueService;
import dev.parley.server.ProtocolLimits;
import dev.parley.server.ProtocolRegistry;
import dev.parley.server.store.DialogueStore;
import dev.parley.server.store.StoreException;
import dev.parley.web.DomainPlay;
import dev.parley.web.ReportsIndex;
import dev.parley.web.WebInterface;
import java.io.IOException;
import java.io.PrintWriter;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;
import java.util.stream.Stream;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code parley serve}: the DGEP-compatible dialogue server, until interrupted. */
@Command(name = "serve", mixinStandardHelpOptions = true,
        description = {"Serve dialogues over DGEP's HTTP API (/available, /dialogue/new/{protocol}, /dialogue/{id}/"
                + "roles|join/{role}|moves[/{participantID}]|interaction/{moveID}|transcript|status, PUT /protocol, "
                + "GET /health), durably, until interrupted.",
                "External conditions (uriTest) are decided offline: true unless -Dparley.external.default=false; "
                        + "the server never calls a protocol's URIs."})
final class ServeCommand implements Callable<Integer> {

    @Option(names = "--host", defaultValue = "127.0.0.1", paramLabel = "ADDR",
            description = "Address to listen on (default: ${DEFAULT-VALUE}, this machine only; 0.0.0.0 for all).")
    String host;

    @Option(names = "--port", defaultValue = "8080", paramLabel = "P",
            description = "Port (default: ${DEFAULT-VALUE}; 0 picks a free one).")
    int port;

    @Option(names = "--db", defaultValue = "parley.db", paramLabel = "FILE|JDBC-URL",
            description = "SQLite file or a JDBC URL such as jdbc:postgresql://host/db?user=u (default: "
                    + "${DEFAULT-VALUE}).")
    String db;

    @Option(names = "--protocols", paramLabel = "DIR",
            description = "Also offer every DIR/NAME.dgdl under NAME.")
    Path protocolsDir;

    @Option(names = "--max-body", defaultValue = "262144", paramLabel = "BYTES",
            description = "Largest request body; larger ones get 413 (default: ${DEFAULT-VALUE}).")
    int maxBody;

    @Mixin
    ServerThreadsOption requestThreads = new ServerThreadsOption();

    @Option(names = "--db-pool", defaultValue = "8", paramLabel = "N",
            description = "Database connections for a JDBC URL other than SQLite (default: ${DEFAULT-VALUE}).")
    int dbPool;

    @Option(names = "--max-dialogues", defaultValue = "100000", paramLabel = "N",
            description = "Most dialogues the server holds; /new then answers 503 (default: ${DEFAULT-VALUE}).")
    int maxDialogues;

    @Option(names = "--cached-dialogues", defaultValue = "" + DialogueService.Settings.DEFAULT_CACHED,
            paramLabel = "N",
            description = "Most dialogues held in memory at once, the least recently used let go first; the others "
                    + "stay in the store and are rebuilt from it on their next request (default: ${DEFAULT-VALUE}; "
                    + "memory is about 3 KB per move of the dialogues held).")
    int cachedDialogues;

    @Option(names = "--cached-moves", paramLabel = "N",
            description = "Most moves held in memory at once, over the dialogues held (each counts its moves plus "
                    + "one; about 3 KB a move), the least recently used dialogues let go first (default: what fits "
                    + "in a quarter of the heap at 4 KB a move, at least 1000).")
    Integer cachedMoves;

    @Option(names = "--max-move-bytes", defaultValue = "" + DialogueService.Settings.DEFAULT_MOVE_BYTES,
            paramLabel = "BYTES",
            description = "Most content a move may carry (UTF-8 bytes of its reply's names and values and its text); "
                    + "more gets 413 and nothing is stored (default: ${DEFAULT-VALUE}).")
    int maxMoveBytes;

    @Option(names = "--max-dialogue-bytes", defaultValue = "" + DialogueService.Settings.DEFAULT_DIALOGUE_BYTES,
            paramLabel = "BYTES",
            description = "Most content all of a dialogue's moves may carry together; a move past it gets 422 "
                    + "(default: ${DEFAULT-VALUE}).")
    int maxDialogueBytes;

    @Option(names = "--max-connections", defaultValue = "1024", paramLabel = "N",
            description = "Most open connections; further ones wait to be accepted (default: ${DEFAULT-VALUE}).")
    int maxConnections;

    @Option(names = "--max-connections-per-address", paramLabel = "N",
            description = "Most open connections from one client address; more are closed at once, so that one "
                    + "address cannot hold them all (default: a quarter of --max-connections).")
    Integer maxConnectionsPerAddress;

    @Option(names = "--idle-timeout", defaultValue = "30", paramLabel = "SECONDS",
            description = "A connection that sends nothing for this long (e.g. a stalled upload) is closed "
                    + "(default: ${DEFAULT-VALUE}).")
    int idleTimeoutSeconds;

    @Option(names = "--snapshot-every", defaultValue = "100", paramLabel = "K",
            description = "Snapshot a dialogue's state every K moves; it is rebuilt from the latest snapshot and "
                    + "the move log after it (default: ${DEFAULT-VALUE}).")
    int snapshotEvery;

    @Option(names = "--admin-token-env", paramLabel = "VAR",
            description = "Environment variable holding the operator token that PUT /protocol and /dialogue/new "
                    + "need (Authorization: Bearer TOKEN). Without it they are open to clients on this machine "
                    + "only.")
    String adminTokenEnv;

    @Option(names = "--public-url", paramLabel = "URL",
            description = "An address clients reach this server at besides this machine (a reverse proxy's, such as "
                    + "https://parley.example.org). Its host name is accepted in Host and its origin in Origin; "
                    + "every other DNS name is refused (against DNS rebinding). A public server needs "
                    + "--admin-token-env: \"this machine only\" never applies to it. Repeatable.")
    List<URI> publicUrls = new java.util.ArrayList<>();

    @Option(names = "--trusted-proxy", paramLabel = "ADDR",
            description = "The IP address of a reverse proxy in front of this server: from it, the client is the last "
                    + "address of X-Forwarded-For. Without it, a request with forwarding headers never counts as "
                    + "from this machine. Repeatable.")
    List<String> trustedProxies = new java.util.ArrayList<>();

    @Option(names = "--open-join",
            description = "DGEP's open join: anyone with a dialogue's id may take any free seat. Without it, a "
                    + "participant other than the operator takes a seat with the invitation its creator received "
                    + "(/dialogue/new and the pages return one per seat).")
    boolean openJoin;

    @Option(names = "--init",
            description = "Create a dialogue store in a database that has none (an empty file, an empty or "
                    + "another program's database). Without it such a database is refused.")
    boolean init;

    @Option(names = "--reports", paramLabel = "DIR",
            description = "Show the experiment reports in DIR at /ui/reports: DIR itself if it holds a report.html "
                    + "(parley experiment --out), else each subdirectory that does. Repeatable.")
    List<Path> reports = new java.util.ArrayList<>();

    @Mixin
    WebOptions web;

    @Mixin
    LlmOptions llm;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() throws Exception {
        checkBounds();
        if (cachedMoves == null) {
            cachedMoves = DialogueService.Settings.defaultCachedMoves();
        }
        Bounds.atLeast(cachedMoves, 1, "--cached-moves");
        String adminToken = adminToken();
        dev.parley.server.Exposure exposure = exposure(adminToken);
        ProtocolRegistry registry = registry(protocolsDir, web.domains());
        probeListen();
        DialogueStore store = DialogueStore.open(db, new DialogueStore.Options(dbPool, init));
        DialogueService service;
        try {
            service = new DialogueService(registry, store, ExternalConditionResolver.offlineDefault(),
                    new DialogueService.Settings(maxDialogues, snapshotEvery, ProtocolLimits.DEFAULT, 4000,
                            cachedDialogues, cachedMoves, maxMoveBytes, maxDialogueBytes));
        } catch (StoreException e) {
            store.close();
            throw e;
        }
        LlmOptions.Session session = llm.open();
        AtomicReference<URI> self = new AtomicReference<>();
        DomainPlay play = web.play(service, session, self::get);
        DialogueServer server;
        try {
            server = DialogueServer.start(service, new DialogueServer.Config(host, port, maxBody, requestThreads.threads,
                    maxConnections, idleTimeoutSeconds * 1000L, 10_000, adminToken, exposure,
                    maxConnectionsPerAddress == null ? DialogueServer.Config.defaultPerAddress(maxConnections)
                            : maxConnectionsPerAddress),
                    new WebInterface(service, play, new ReportsIndex(reports)));
            self.set(WebOptions.loopback(server.uri(), host));
            play.resume(); // the restored dialogues' agents play through the server, so once it listens
        } catch (IOException e) {
            play.close();
            session.close();
            service.close();
            throw new UserInputException("cannot listen on " + host + ":" + port + ": " + e.getMessage());
        }
        announce(server, store, service, play, adminToken);
        // Jetty stops accepting and lets requests in flight finish, then the store commits what waits; once only
        AtomicBoolean closed = new AtomicBoolean();
        runUntilTerminated(() -> {
            if (closed.compareAndSet(false, true)) {
                server.close();
                play.close();
                session.close();
                service.close();
            }
        });
        return 0;
    }

    /** Every number refused alone, before the store is opened. */
    private void checkBounds() {
        Bounds.between(port, 0, 65535, "--port");
        Bounds.atLeast(maxBody, 1, "--max-body");
        Bounds.atLeast(requestThreads.threads, 1, "--threads");
        Bounds.atLeast(dbPool, 1, "--db-pool");
        Bounds.atLeast(maxDialogues, 1, "--max-dialogues");
        Bounds.atLeast(maxConnections, 1, "--max-connections");
        Bounds.atLeast(idleTimeoutSeconds, 1, "--idle-timeout");
        Bounds.atLeast(snapshotEvery, 1, "--snapshot-every");
        Bounds.atLeast(cachedDialogues, 1, "--cached-dialogues");
        Bounds.atLeast(maxMoveBytes, 1, "--max-move-bytes");
        if (maxConnectionsPerAddress != null) {
            Bounds.atLeast(maxConnectionsPerAddress, 1, "--max-connections-per-address");
        }
        Bounds.atLeast(maxDialogueBytes, 1, "--max-dialogue-bytes");
    }

    /** Where the server listens, what its store holds, and a warning when anyone on this machine may operate it. */
    private void announce(DialogueServer server, DialogueStore store, DialogueService service, DomainPlay play,
                          String adminToken) {
        DialogueService.Health h = service.health();
        PrintWriter out = spec.commandLine().getOut();
        out.println("parley serve: listening on " + server.uri() + " (" + store.kind() + " " + store.url()
                + ": " + h.dialogues() + " dialogues, " + h.quarantined() + " quarantined, " + h.protocols()
                + " protocols)");
        out.println("parley serve: the web interface is at " + server.uri() + "/ (" + play.settings().backend()
                + " words)");
        out.flush();
        if (adminToken == null) {
            PrintWriter err = spec.commandLine().getErr();
            err.println("parley serve: warning: no operator token (--admin-token-env VAR), so PUT /protocol and "
                    + "/dialogue/new are open to clients on this machine only (not through a proxy: see "
                    + "--trusted-proxy)");
            err.flush();
        }
    }

    /**
     * Waits for SIGTERM, then runs {@code stop} and returns. SIGTERM is the orderly stop: handled here rather than by
     * the JVM's default (which ends the process with 143 once the shutdown hooks ran), so that `parley serve` stops
     * as asked and exits 0. SIGINT and the rest still stop it through the shutdown hook, with the JVM's usual status.
     */
    private void runUntilTerminated(Runnable stop) throws InterruptedException {
        CountDownLatch terminate = new CountDownLatch(1);
        Runtime.getRuntime().addShutdownHook(new Thread(stop, "parley-serve-shutdown"));
        sun.misc.Signal.handle(new sun.misc.Signal("TERM"), signal -> terminate.countDown());
        terminate.await();
        PrintWriter err = spec.commandLine().getErr();
        err.println("parley serve: SIGTERM: stopping (requests in flight may finish for up to 10 s)");
        err.flush();
        stop.run();
        err.println("parley serve: stopped");
        err.flush();
    }

    /** The public URLs and trusted proxies, checked: each URL http(s) with a host, each proxy an IP address. */
    private dev.parley.server.Exposure exposure(String adminToken) {
        for (URI u : publicUrls) {
            if (u.getScheme() == null || !u.getScheme().matches("https?") || u.getHost() == null) {
                throw new UserInputException("--public-url " + u + ": give an http or https URL with a host name");
            }
        }
        if (!publicUrls.isEmpty() && adminToken == null) {
            throw new UserInputException("--public-url needs --admin-token-env: a public server has no \"this "
                    + "machine only\" operator");
        }
        for (String p : trustedProxies) {
            if (!p.matches("[0-9.]+|[0-9a-fA-F:]*:[0-9a-fA-F:.]*")) {
                throw new UserInputException("--trusted-proxy " + p + ": give the proxy's IP address");
            }
        }
        return new dev.parley.server.Exposure(publicUrls, trustedProxies, openJoin);
    }

    private String adminToken() {
        if (adminTokenEnv == null) {
            return null;
        }
        String t = System.getenv(adminTokenEnv);
        if (t == null || t.isBlank()) {
            throw new UserInputException("--admin-token-env " + adminTokenEnv + ": that environment variable is "
                    + "not set or empty");
        }
        if (t.strip().length() < 16) {
            throw new UserInputException("--admin-token-env " + adminTokenEnv + ": the operator token must be at "
                    + "least 16 characters");
        }
        return t.strip();
    }

    /**
     * Fails before the database is opened (and a new SQLite file created) when the address is taken or not ours.
     * The real bind comes later; a port lost in between still fails there, with the same message.
     */
    private void probeListen() {
        if (port == 0) {
            return;
        }
        try (java.net.ServerSocket probe = new java.net.ServerSocket()) {
            probe.setReuseAddress(true);
            probe.bind(new java.net.InetSocketAddress(host, port));
        } catch (IOException | IllegalArgumentException | SecurityException e) {
            throw new UserInputException("cannot listen on " + host + ":" + port + ": " + e.getMessage());
        }
    }

    /**
     * The bundled library, each dialogue domain's protocol under the domain's name (so {@code parley steer} can play
     * it), plus the {@code .dgdl} files of {@code dir} (named by file name).
     */
    static ProtocolRegistry registry(Path dir) {
        return registry(dir, DialogueDomains.all());
    }

    /** The same, with each of {@code domains} (the built-in ones and the domain files offered) under its name. */
    static ProtocolRegistry registry(Path dir, List<Domain> domains) {
        ProtocolRegistry registry = new ProtocolRegistry();
        for (ProtocolLibrary.Entry e : ProtocolLibrary.entries()) {
            registry.add(e.name(), ProtocolRegistry.Origin.BUNDLED, ProtocolLibrary.load(e.name()));
        }
        for (Domain d : domains) {
            registry.add(d.name(), ProtocolRegistry.Origin.BUNDLED, d.protocol());
        }
        if (dir == null) {
            return registry;
        }
        if (!Files.isDirectory(dir)) {
            throw new UserInputException(dir + ": no such directory (--protocols)");
        }
        List<Path> files;
        try (Stream<Path> s = Files.list(dir)) {
            files = s.filter(f -> f.getFileName().toString().endsWith(".dgdl") && Files.isRegularFile(f)).sorted()
                    .toList();
        } catch (IOException e) {
            throw new UserInputException(dir + ": cannot list (" + e.getMessage() + ")");
        }
        for (Path f : files) {
            String file = f.getFileName().toString();
            String name = file.substring(0, file.length() - ".dgdl".length());
            if (!registry.add(name, ProtocolRegistry.Origin.DIRECTORY, ProtocolParser.load(f))) {
                throw new UserInputException(f + ": a protocol named " + name + " is already offered");
            }
        }
        return registry;
    }
}
