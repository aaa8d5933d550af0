package dev.parley.cli;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.parley.io.InputFiles;
import dev.parley.llm.cache.CacheStats;
import dev.parley.llm.cache.CallCache;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;

/** {@code parley cache stats|export|import}: inspect and move the language-model call cache. */
@Command(name = "cache", mixinStandardHelpOptions = true,
        description = "Inspect and move the language-model call cache.",
        subcommands = {CacheCommand.Stats.class, CacheCommand.Export.class, CacheCommand.Import.class})
final class CacheCommand implements Runnable {

    @Option(names = "--cache", paramLabel = "FILE|JDBC-URL", scope = picocli.CommandLine.ScopeType.INHERIT,
            description = "The cache (default: $XDG_CACHE_HOME/parley/llm-calls.sqlite or"
                    + " ~/.cache/parley/llm-calls.sqlite).")
    String cache;

    @Spec
    CommandSpec spec;

    @Override
    public void run() {
        spec.commandLine().usage(spec.commandLine().getOut());
    }

    @Command(name = "stats", mixinStandardHelpOptions = true, description = "Entries, tokens and models stored.")
    static final class Stats implements Callable<Integer> {
        @ParentCommand
        CacheCommand parent;
        @Mixin
        JsonOption json;

        @Override
        public Integer call() {
            CacheStats s;
            try (CallCache c = LlmOptions.openCache(parent.cache, true)) {
                s = c.stats();
            }
            PrintWriter out = json.out();
            if (json.on()) {
                ObjectNode o = Json.MAPPER.createObjectNode();
                o.put("location", s.location()).put("entries", s.entries()).put("input_tokens", s.inputTokens())
                        .put("output_tokens", s.outputTokens()).put("model_seconds", s.modelLatencyMicros() / 1e6);
                var models = o.putArray("models");
                s.byModel().forEach(m -> models.addObject().put("provider", m.provider()).put("model", m.model())
                        .put("entries", m.entries()));
                out.println(Json.write(o));
                return 0;
            }
            out.println("cache: " + s.location());
            out.println("entries: " + s.entries() + ", tokens in/out: " + s.inputTokens() + "/" + s.outputTokens()
                    + ", model time stored: " + String.format("%.1f s", s.modelLatencyMicros() / 1e6));
            Table t = new Table("provider", "model", "entries");
            s.byModel().forEach(m -> t.row(m.provider(), m.model(), m.entries()));
            out.print(t.render());
            return 0;
        }
    }

    @Command(name = "export", mixinStandardHelpOptions = true, description = "Write every entry as JSON Lines.")
    static final class Export implements Callable<Integer> {
        @ParentCommand
        CacheCommand parent;
        @Option(names = "--out", required = true, paramLabel = "FILE.jsonl", description = "Output file (- for"
                + " standard output).")
        String outFile;
        @Spec
        CommandSpec spec;

        @Override
        public Integer call() {
            try (CallCache c = LlmOptions.openCache(parent.cache, true)) {
                if ("-".equals(outFile)) {
                    c.exportTo(spec.commandLine().getOut());
                    return 0;
                }
                long n;
                try (Writer w = Files.newBufferedWriter(Path.of(outFile), StandardCharsets.UTF_8)) {
                    n = c.exportTo(w);
                }
                spec.commandLine().getOut().println("exported " + entries(n) + " to " + outFile);
                return 0;
            } catch (IOException | java.io.UncheckedIOException e) {
                throw new UserInputException("cannot write " + outFile + ": " + e.getMessage(), e);
            }
        }
    }

    @Command(name = "import", mixinStandardHelpOptions = true,
            description = "Add the entries of a JSON Lines export (all or nothing; present entries are kept).")
    static final class Import implements Callable<Integer> {
        @ParentCommand
        CacheCommand parent;
        @Parameters(index = "0", paramLabel = "FILE.jsonl", description = "An export made by 'parley cache export'.")
        Path file;
        @Spec
        CommandSpec spec;

        @Override
        public Integer call() {
            try (BufferedReader in = InputFiles.openText(file);
                    CallCache c = LlmOptions.openCache(parent.cache, false)) {
                CallCache.ImportResult r = c.importFrom(in, file.toString());
                spec.commandLine().getOut().println("read " + entries(r.read()) + " from " + file + ", added "
                        + r.added() + " to " + c.location());
                return 0;
            } catch (IOException e) {
                throw InputFiles.unreadable(file, e);
            }
        }
    }

    /** "1 entry", "2 entries". */
    static String entries(long n) {
        return n + (n == 1 ? " entry" : " entries");
    }
}
