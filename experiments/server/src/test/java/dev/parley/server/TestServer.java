package dev.parley.server;

import dev.parley.server.store.DialogueStore;
import dev.parley.dgdl.ProtocolParser;
import dev.parley.engine.ExternalConditionResolver;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** A real server on a loopback ephemeral port over a real database, with the public fixtures offered. */
final class TestServer implements AutoCloseable {

    static final int MAX_BODY = 16 * 1024;

    final String dbLocation;
    final DialogueService service;
    final DialogueServer server;
    final Loopback http;

    TestServer(String dbLocation) {
        this(dbLocation, DialogueService.Settings.defaults(10_000), null);
    }

    TestServer(String dbLocation, DialogueService.Settings settings, String adminToken) {
        this(dbLocation, settings, adminToken, 5_000);
    }

    TestServer(String dbLocation, DialogueService.Settings settings, String adminToken, long stopTimeoutMillis) {
        this(dbLocation, settings, adminToken, stopTimeoutMillis, Exposure.LOCAL);
    }

    TestServer(String dbLocation, DialogueService.Settings settings, String adminToken, long stopTimeoutMillis,
               Exposure exposure) {
        this.dbLocation = dbLocation;
        ProtocolRegistry registry = new ProtocolRegistry();
        registry.add("testgame", ProtocolRegistry.Origin.DIRECTORY, ProtocolParser.load(fixture("testgame.dgdl")));
        registry.add("agenttest", ProtocolRegistry.Origin.DIRECTORY,
                ProtocolParser.load(fixture("agenttest.dgdl")));
        for (dev.parley.domain.protocols.ProtocolLibrary.Entry e
                : dev.parley.domain.protocols.ProtocolLibrary.entries()) {
            registry.add(e.name(), ProtocolRegistry.Origin.BUNDLED,
                    dev.parley.domain.protocols.ProtocolLibrary.load(e.name()));
        }
        registry.add("chat", ProtocolRegistry.Origin.DIRECTORY, ProtocolParser.load(chatText(), "chat.dgdl"));
        this.service = new DialogueService(registry, DialogueStore.open(dbLocation, new DialogueStore.Options(4, true)),
                ExternalConditionResolver.offlineDefault(), settings);
        try {
            this.server = DialogueServer.start(service, new DialogueServer.Config("127.0.0.1", 0, MAX_BODY, 16, 1024,
                    30_000, stopTimeoutMillis, adminToken, exposure));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        this.http = new Loopback(server.uri());
    }

    /** The names the test server offers: the bundled library and the three test protocols. */
    static java.util.List<String> offered() {
        java.util.List<String> out = new java.util.ArrayList<>(dev.parley.domain.protocols.ProtocolLibrary.names());
        out.addAll(java.util.List.of("testgame", "agenttest", "chat"));
        return out;
    }

    static TestServer sqlite(Path dir) {
        return new TestServer(dir.resolve("parley.db").toString());
    }

    /** As {@link #sqlite(Path)}, waiting up to {@code stopTimeoutMillis} for requests in flight when stopped. */
    static TestServer sqlite(Path dir, long stopTimeoutMillis) {
        return new TestServer(dir.resolve("parley.db").toString(), DialogueService.Settings.defaults(10_000), null,
                stopTimeoutMillis);
    }

    /** A public DGDL fixture (core's test resources; source and licence beside them). */
    static Path fixture(String name) {
        return dev.parley.dgdl.Fixtures.dgdl(name);
    }

    /** The test protocol {@code chat.dgdl}: strict turns, fresh content in every move. */
    static String chatText() {
        try (java.io.InputStream in = TestServer.class.getResourceAsStream("/server/chat.dgdl")) {
            return new String(in.readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Override
    public void close() {
        server.close();
        service.close();
    }
}
