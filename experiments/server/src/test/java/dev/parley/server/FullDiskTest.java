package dev.parley.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * SQLite on a full disk: the store lives on a 4 MiB tmpfs that the test fills with another file. Moves are then
 * refused with 503 naming the cause, reads still answer, nothing already written is damaged, and once the filler is
 * removed the same server takes moves again, without a restart. Mounting needs root (CI runs as root); where the
 * mount is refused the test is skipped with the reason.
 */
@Tag("process")
class FullDiskTest {

    @TempDir
    Path dir;
    private Path mount;

    @AfterEach
    void unmount() throws Exception {
        if (mount != null) {
            run("umount", mount.toString());
        }
    }

    private static int run(String... command) throws IOException, InterruptedException {
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes());
        if (!p.waitFor(30, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            return -1;
        }
        if (p.exitValue() != 0) {
            System.err.println("FullDiskTest: " + String.join(" ", command) + ": " + out.strip());
        }
        return p.exitValue();
    }

    /** Writes a file until the disk is full; returns its size. */
    private static long fill(Path file) throws IOException {
        byte[] chunk = new byte[16 * 1024];
        long written = 0;
        try (OutputStream out = Files.newOutputStream(file)) {
            while (true) {
                out.write(chunk);
                written += chunk.length;
            }
        } catch (IOException e) {
            if (!String.valueOf(e.getMessage()).contains("No space left")) {
                throw e;
            }
        }
        return written;
    }

    @Test
    void aFullDiskRefusesMovesWith503KeepsWhatWasWrittenAndRecoversWhenSpaceReturns() throws Exception {
        Path small = Files.createDirectory(dir.resolve("small"));
        boolean mounted = "root".equals(System.getProperty("user.name"))
                && run("mount", "-t", "tmpfs", "-o", "size=4m", "tmpfs", small.toString()) == 0;
        assumeTrue(mounted, "FullDiskTest skipped: cannot mount a 4 MiB tmpfs here (it needs root with the right "
                + "to mount, as in CI); run the tests as root to fill a real disk");
        mount = small;

        Chat chat;
        List<String> said = new ArrayList<>();
        try (TestServer ts = TestServer.sqlite(small)) {
            chat = Chat.open(ts.http, "chat");
            int k = 0;
            for (; k < 10; k++) {
                assertThat(chat.say(k).status()).isEqualTo(200);
                said.add("m" + k);
            }
            List<String> before = chat.snapshot();
            Path filler = small.resolve("filler");
            long filled = fill(filler);

            // the log may still have room in pages SQLite holds already: moves go on until one needs a new page
            Loopback.Response refused = null;
            for (int i = 0; i < 2_000 && refused == null; i++) {
                Loopback.Response r = chat.say(k);
                if (r.status() == 200) {
                    said.add("m" + k++);
                    before = chat.snapshot();
                } else {
                    refused = r; // move k, not made
                }
            }
            assertThat(refused).as("a move refused once the disk is full").isNotNull();
            assertThat(refused.status()).as(refused.body()).isEqualTo(503);
            assertThat(refused.error()).contains("disk is full");
            // refused again, the dialogue as it was, reads answered, /health says why
            assertThat(chat.say(k).status()).isEqualTo(503);
            assertThat(ts.http.get("/dialogue/new/chat").status()).isEqualTo(503);
            Loopback.Response health = ts.http.get("/health");
            assertThat(health.status()).as(health.body()).isEqualTo(503);
            assertThat(chat.snapshot()).isEqualTo(before);
            assertThat(chat.said()).isEqualTo(said);

            // space returns: the same server takes the move
            Files.delete(filler);
            Loopback.Response again = chat.say(k);
            for (int i = 0; i < 8 && again.status() == 503; i++) {
                again = chat.say(k);
            }
            assertThat(again.status()).as(again.body()).isEqualTo(200);
            said.add("m" + k);
            assertThat(ts.http.get("/health").status()).isEqualTo(200);
            assertThat(chat.said()).isEqualTo(said);
            System.out.printf("FullDiskTest: filler of %d bytes; %d moves stored before the first refusal%n",
                    filled, said.size() - 1);
        }
        // nothing written is damaged: the file reopens whole
        try (TestServer ts = TestServer.sqlite(small)) {
            assertThat(ts.http.get("/health").json().get("quarantined").asInt()).isZero();
            assertThat(new Chat(ts.http, chat.id, chat.ann, chat.ben).said()).isEqualTo(said);
        }
    }
}
