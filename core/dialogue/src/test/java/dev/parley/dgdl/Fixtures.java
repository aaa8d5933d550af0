package dev.parley.dgdl;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.net.URL;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;

/**
 * The public DGDL fixtures, on the class path under {@code /fixtures/dgdl/} (core's test resources, also in its test
 * jar; source and licence in that folder's README). Tests that pass a file name to the command line need a real path,
 * so a fixture read from a jar is copied to a temporary file once.
 */
public final class Fixtures {

    private Fixtures() {
    }

    public static Path dgdl(String name) {
        return resource("/fixtures/dgdl/" + name);
    }

    /** The DGDL fixtures as a directory of {@code .dgdl} files (for servers that load every protocol in a folder). */
    public static Path dgdlDirectory() {
        Path one = dgdl("testgame.dgdl");
        Path dir = one.getParent();
        if (!Files.isRegularFile(dir.resolve("agenttest.dgdl"))) {
            try {
                Files.copy(dgdl("agenttest.dgdl"), dir.resolve("agenttest.dgdl"), StandardCopyOption.REPLACE_EXISTING);
                dir.resolve("agenttest.dgdl").toFile().deleteOnExit();
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        return dir;
    }

    /** A test resource as a file: the file itself when on disk, else a temporary copy of it. */
    public static Path resource(String name) {
        URL url = Fixtures.class.getResource(name);
        if (url == null) {
            throw new IllegalStateException("missing test fixture " + name + " on the class path");
        }
        try {
            if ("file".equals(url.getProtocol())) {
                return Path.of(url.toURI());
            }
            String file = name.substring(name.lastIndexOf('/') + 1);
            Path copy = Files.createTempDirectory("parley-fixture").resolve(file);
            try (InputStream in = url.openStream()) {
                Files.copy(in, copy, StandardCopyOption.REPLACE_EXISTING);
            }
            copy.toFile().deleteOnExit();
            copy.getParent().toFile().deleteOnExit();
            return copy;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }
}
