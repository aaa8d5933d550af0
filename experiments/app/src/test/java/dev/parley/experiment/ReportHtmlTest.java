package dev.parley.experiment;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.parley.cli.Parley;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Base64;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code parley experiment --out DIR} writes report.html: one self-contained page (no script, nothing fetched: the
 * charts are the PNGs beside it, inlined byte for byte), with the table's figures and intervals as report.json has
 * them and the most probable dialogues as dialogues.jsonl has them.
 */
class ReportHtmlTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path dir;

    private Path run(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        String[] all = new String[args.length + 2];
        System.arraycopy(args, 0, all, 0, args.length);
        all[args.length] = "--out";
        all[args.length + 1] = dir.toString();
        assertThat(Parley.execute(new PrintWriter(out), new PrintWriter(err), all)).as(err.toString()).isZero();
        return dir.resolve("report.html");
    }

    @Test
    void theReportPageIsSelfContainedAndAgreesWithTheJson() throws Exception {
        String html = Files.readString(run("experiment", "--domain", "fruit-trading", "--seeds", "2",
                "--max-replies", "2", "--iterations", "30"));
        assertThat(html).startsWith("<!DOCTYPE html>").contains("<title>Parley report: fruit-trading</title>");
        assertThat(html.toLowerCase(Locale.ROOT)).doesNotContain("<script").doesNotContain("url(");
        Matcher ref = Pattern.compile("(?:src|href)=\"([^\"]*)\"").matcher(html);
        int images = 0;
        while (ref.find()) {
            assertThat(ref.group(1)).as("every reference is inline").startsWith("data:");
        }
        for (String png : new String[] {"nash_conv.png", "gain_vs_nash_conv.png", "instruction_mass.png"}) {
            String inline = "data:image/png;base64," + Base64.getEncoder().encodeToString(
                    Files.readAllBytes(dir.resolve(png)));
            assertThat(html).contains(inline);
            images++;
        }
        assertThat(images).isEqualTo(3);
        JsonNode r = JSON.readTree(dir.resolve("report.json").toFile()).get(0);
        double mean = r.get("nash_conv").asDouble();
        double low = r.get("nash_conv_ci95").get(0).asDouble();
        double high = r.get("nash_conv_ci95").get(1).asDouble();
        assertThat(html).contains(String.format(Locale.ROOT, "%.4f</span> &plusmn; %.4f <span class=\"ci\">[%.4f, %.4f]",
                mean, (high - low) / 2, low, high));
        JsonNode first = JSON.readTree(Files.readAllLines(dir.resolve("dialogues.jsonl")).get(0));
        String words = first.get("messages").get(0).get("text").asText();
        assertThat(html).contains(ReportHtml.esc(words));
        assertThat(html).contains(String.format(Locale.ROOT, "probability %.4f", first.get("probability").asDouble()));
    }

    @Test
    void oneSeedShowsThePointsWithoutIntervals() throws Exception {
        String html = Files.readString(run("experiment", "--domain", "scheduling", "--max-replies", "2",
                "--iterations", "20"));
        JsonNode r = JSON.readTree(dir.resolve("report.json").toFile()).get(0);
        assertThat(html).contains("<span class=\"mean\">" + String.format(Locale.ROOT, "%.4f",
                r.get("nash_conv").asDouble()) + "</span></td>");
        assertThat(html).doesNotContain("&plusmn;");
        assertThat(ReportHtml.esc("<b a='1'>&\"")).isEqualTo("&lt;b a=&#39;1&#39;&gt;&amp;&quot;");
    }
}
