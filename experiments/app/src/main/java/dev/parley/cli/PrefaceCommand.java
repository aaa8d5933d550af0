package dev.parley.cli;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.parley.llm.Generation;
import dev.parley.llm.LlmUtteranceGenerator;
import dev.parley.llm.RunStats;
import dev.parley.preface.AnswerFormat;
import dev.parley.preface.Dcrs;
import dev.parley.preface.DcrsException;
import dev.parley.preface.DcrsReader;
import dev.parley.preface.Prompt;
import dev.parley.preface.PromptBuilder;
import dev.parley.preface.SchemaViolation;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import java.util.stream.Collectors;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** {@code parley preface}: the PrEFACE path on its own: validate a DCRS, build the prompt, fill the move. */
@Command(name = "preface", mixinStandardHelpOptions = true,
        description = "Validate a DCRS, print the PrEFACE prompt, and fill the move (offline by default).")
final class PrefaceCommand implements Callable<Integer> {

    @Option(names = "--dcrs", required = true, paramLabel = "FILE.json", description = "The DCRS document.")
    Path dcrsFile;

    @Option(names = "--prompt-only", description = "Print the prompt without calling a model.")
    boolean promptOnly;

    @Mixin
    SeedOption seedOption = new SeedOption(0);

    @Option(names = "--speaker", defaultValue = "self", paramLabel = "ID",
            description = "Speaker of the DGEP reply object (default: self).")
    String speaker;

    @Mixin
    JsonOption json;

    @Mixin
    LlmOptions llm;

    @Override
    public Integer call() {
        Dcrs dcrs = read(dcrsFile);
        // the prompt a model gets (the offline realiser reads the DCRS directly but shows the same prompt)
        Prompt prompt;
        try {
            prompt = PromptBuilder.build(dcrs, AnswerFormat.JSON_SCHEMA);
        } catch (DcrsException e) {
            throw e.in(dcrsFile.toString());
        }
        PrintWriter out = json.out();
        if (promptOnly) {
            print(out, dcrs, prompt, null, null);
            return 0;
        }
        try (LlmOptions.Session session = llm.open()) {
            Generation g = session.generator().generate(dcrs, seedOption.seed);
            print(out, dcrs, prompt, g.withMove(g.move().withSpeaker(speaker)),
                    session.offline() ? null : session.stats());
            return 0;
        } catch (DcrsException e) {
            throw e.in(dcrsFile.toString());
        }
    }

    static Dcrs read(Path file) {
        try {
            return DcrsReader.read(file);
        } catch (DcrsException e) {
            if (e.violations().isEmpty()) {
                throw e;
            }
            // one line: every violation, separated by semicolons
            throw new UserInputException(file + ": invalid DCRS: " + e.violations().stream()
                    .map(SchemaViolation::describe).collect(Collectors.joining("; ")), e);
        }
    }

    /** A run's accounting as JSON (snake_case, like every --json output). */
    static ObjectNode statsJson(RunStats s) {
        ObjectNode o = Json.MAPPER.createObjectNode();
        o.put("calls", s.calls()).put("cache_hits", s.cacheHits()).put("model_calls", s.modelCalls())
                .put("failures", s.failures()).put("input_tokens", s.inputTokens())
                .put("output_tokens", s.outputTokens()).put("saved_tokens", s.savedTokens())
                .put("model_ms", s.modelMillis()).put("wall_ms", s.wallMillis());
        return o;
    }

    private void print(PrintWriter out, Dcrs dcrs, Prompt prompt, Generation g, RunStats stats) {
        if (json.on()) {
            ObjectNode root = Json.MAPPER.createObjectNode();
            root.put("dcrs", dcrsFile.toString()).put("valid", true).put("version", dcrs.metadata().version())
                    .put("move_name", dcrs.response().moveName());
            dcrs.response().instructionText().ifPresent(i -> root.put("instruction", i));
            ObjectNode p = root.putObject("prompt");
            ArrayNode msgs = p.putArray("messages");
            LlmUtteranceGenerator.firstMessages(prompt).forEach(m ->
                    msgs.addObject().put("role", m.role().label()).put("content", m.text()));
            p.put("scaffold", prompt.user());
            if (g != null) {
                root.put("backend", g.backend());
                root.put("text", g.move().text());
                root.put("response", g.move().response());
                root.set("reply", Json.MAPPER.valueToTree(g.move().reply()));
                root.put("attempts", g.attempts());
                root.set("rejections", Json.MAPPER.valueToTree(g.rejections()));
                if (stats != null) {
                    root.set("llm_calls", statsJson(stats));
                }
            }
            out.println(Json.write(root));
            return;
        }
        out.println("DCRS " + dcrsFile + ": valid (version " + dcrs.metadata().version() + ", move "
                + dcrs.response().moveName() + dcrs.response().instructionText().map(i -> ", instruction " + i)
                        .orElse("") + ")");
        out.println();
        out.println("== system context ==");
        out.println(prompt.system());
        out.println();
        out.println("== prompt ==");
        out.println(prompt.user());
        if (g == null) {
            return;
        }
        out.println();
        out.println("== filled move (backend: " + g.backend() + ", attempts: " + g.attempts() + ") ==");
        out.println(g.move().text());
        for (String r : g.rejections()) {
            out.println("  rejected: " + r);
        }
        out.println();
        out.println("== DGEP reply object ==");
        out.println(Json.write(Json.MAPPER.valueToTree(g.move().reply())));
        if (stats != null) {
            out.println();
            out.printf("model calls: %d, cache hits: %d, tokens in/out: %d/%d, model time: %.0f ms%n",
                    stats.modelCalls(), stats.cacheHits(), stats.inputTokens(), stats.outputTokens(),
                    stats.modelMillis());
        }
    }
}
