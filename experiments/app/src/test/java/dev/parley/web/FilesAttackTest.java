package dev.parley.web;

import static org.assertj.core.api.Assertions.assertThat;

import dev.parley.dialogue.OfflineMoveGenerator;
import dev.parley.server.DialogueService;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 45, finding 8: a report file that is a symbolic link was served from wherever it led, a report directory
 * that is a link was listed, {@code /ui/api/reports} showed each report's absolute path on the server, and
 * {@code /seat} (like the pages' other bodies) ignored unknown fields. Now links are never followed, no answer
 * carries a server path, and an unknown field gets 400.
 */
class FilesAttackTest {

    @TempDir
    Path dir;
    private WebFixture web;

    @AfterEach
    void stop() {
        if (web != null) {
            web.close();
        }
    }

    @Test
    void reportsServeNoLinkOutAndNoServerPath() throws Exception {
        Path outside = Files.createDirectories(dir.resolve("outside"));
        Files.writeString(outside.resolve("secret.txt"), "the server's secret");
        Files.writeString(outside.resolve("report.html"), "<title>not a report of ours</title>");
        Path reports = Files.createDirectories(dir.resolve("reports"));
        Path run = Files.createDirectories(reports.resolve("run-a"));
        Files.writeString(run.resolve("report.html"), "<title>Parley report</title>");
        Files.createSymbolicLink(run.resolve("secret.txt"), outside.resolve("secret.txt"));
        Files.createSymbolicLink(reports.resolve("linked"), outside);
        web = new WebFixture(dir.resolve("web"), List.of(reports));

        assertThat(web.get("/ui/reports/run-a").status()).isEqualTo(200);
        assertThat(web.get("/ui/reports/run-a/secret.txt").status()).isEqualTo(404);
        assertThat(web.get("/ui/reports/linked").status()).isEqualTo(404);
        assertThat(web.get("/ui/reports/linked/secret.txt").status()).isEqualTo(404);
        String listed = web.get("/ui/api/reports").json().toString();
        assertThat(listed).contains("run-a").doesNotContain("linked").doesNotContain(dir.toString())
                .doesNotContain("\"path\"");
    }

    @Test
    void bodiesRefuseUnknownFields() throws Exception {
        web = new WebFixture(dir.resolve("web"), List.of(), d -> new OfflineMoveGenerator(d.content()), "offline",
                DialogueService.Settings.defaults(100));
        String id = web.post("/ui/api/dialogues", Map.of("protocol", "fruit-trading")).json().get("dialogueID")
                .asText();
        WebFixture.Reply seat = web.post("/ui/api/dialogues/" + id + "/seat", Map.of("participantID", "x",
                "admin", true));
        assertThat(seat.status()).isEqualTo(400);
        assertThat(seat.json().get("error").asText()).contains("unknown field \"admin\"");
        assertThat(web.post("/ui/api/dialogues", Map.of("protocol", "fruit-trading", "scenaro", 1)).status())
                .isEqualTo(400);
        assertThat(web.post("/ui/api/dialogues/" + id + "/agent", Map.of("role", "Buyer", "x", 1)).status())
                .isEqualTo(400);
        assertThat(web.post("/dialogue/new/fruit-trading", Map.of("participant", List.of())).status())
                .isEqualTo(400);
        assertThat(web.post("/dialogue/" + id + "/join/Bob", Map.of("role", "Bob")).status()).isEqualTo(400);
        assertThat(web.post("/dialogue/" + id + "/join/Bob", "{\"invitation\": null}").status()).isEqualTo(400);
    }
}
