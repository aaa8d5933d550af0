package dev.parley.cli;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.parley.dialogue.Domain;
import dev.parley.domain.file.FileDomain;
import dev.parley.domain.file.FileDomainCheck;
import dev.parley.domain.file.FileDomains;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.concurrent.Callable;
import java.util.regex.Pattern;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code parley domain check FILE} and {@code parley domain new NAME}: dialogue games posed in one file. */
@Command(name = "domain", mixinStandardHelpOptions = true,
        description = "Pose your own dialogue game in one file (YAML or JSON): check a domain file, or start one.",
        subcommands = {DomainCommand.Check.class, DomainCommand.New.class})
final class DomainCommand implements Runnable {

    @picocli.CommandLine.Spec
    picocli.CommandLine.Model.CommandSpec spec;

    @Override
    public void run() {
        spec.commandLine().usage(spec.commandLine().getOut());
    }

    @Command(name = "check", mixinStandardHelpOptions = true,
            description = "Read a domain file (every error as FILE:line:column: what was expected, exit 2), then play"
                    + " seeded random dialogues offline: the tree's estimated size, the payoffs met, and any move"
                    + " with no content for a player in a scenario.")
    static final class Check implements Callable<Integer> {

        @Parameters(index = "0", paramLabel = "FILE", description = "The domain file (.yaml, .yml or .json).")
        Path file;

        @Option(names = "--dialogues", defaultValue = "50", paramLabel = "N",
                description = "Random dialogues of the dry run (default ${DEFAULT-VALUE}; 0: only read the file).")
        int dialogues;

        @Option(names = "--scenarios", defaultValue = "4", paramLabel = "N",
                description = "Scenarios they are drawn over: the fixed ones, then seeded draws (default"
                        + " ${DEFAULT-VALUE}).")
        int scenarios;

        @Mixin
        SeedOption seedOption = new SeedOption(1);

        @Mixin
        JsonOption json;

        @Override
        public Integer call() {
            Bounds.atLeast(dialogues, 0, "--dialogues");
            Bounds.atLeast(scenarios, 1, "--scenarios");
            UserInputException.requireFile("domain check", file);
            FileDomain fd = FileDomains.load(file);
            Domain d = fd.domain();
            FileDomainCheck.Report r = dialogues == 0 ? null
                    : FileDomainCheck.dryRun(fd, dialogues, scenarios, seedOption.seed);
            PrintWriter out = json.out();
            if (json.on()) {
                ObjectNode o = Json.MAPPER.createObjectNode().put("file", file.toString()).put("name", d.name())
                        .put("sha256", fd.sha256()).put("protocol", d.protocol().id());
                d.protocolPlayers().forEach(o.putArray("roles")::add);
                d.instructions().forEach(i -> o.withArray("instructions").add(i.name()));
                o.putArray("payoff_range").add(d.minPayoff()).add(d.maxPayoff());
                o.put("max_messages", fd.maxMessages());
                if (r != null) {
                    ObjectNode dry = o.putObject("dry_run").put("dialogues", r.dialogues()).put("scenarios",
                            r.scenarios()).put("estimated_nodes", r.estimatedNodes()).put("estimated_terminals",
                            r.estimatedLeaves()).put("agreements", r.agreements());
                    ArrayNode met = dry.putArray("payoffs_met");
                    for (int p = 0; p < r.minPayoff().length; p++) {
                        met.addObject().put("role", d.protocolPlayers().get(p)).put("min", r.minPayoff()[p])
                                .put("max", r.maxPayoff()[p]);
                    }
                    r.emptyMoves().forEach(dry.putArray("empty_content")::add);
                }
                out.println(Json.write(o));
                return 0;
            }
            out.println(file + ": " + d.name() + " is a valid domain file (sha256 " + fd.sha256().substring(0, 12)
                    + ")");
            out.println("  protocol " + d.protocol().id() + "; roles " + String.join(", ", d.protocolPlayers())
                    + "; instructions " + String.join(", ", d.instructions().stream().map(i -> i.name()).toList())
                    + "; payoffs in [" + num(d.minPayoff()) + ", " + num(d.maxPayoff()) + "]; at most "
                    + fd.maxMessages() + " messages");
            if (r == null) {
                return 0;
            }
            out.println("  dry run: " + r.dialogues() + " seeded random dialogues offline over " + r.scenarios()
                    + " scenarios (seed " + seedOption.seed + "); " + r.agreements() + " ended in agreement");
            out.println(String.format(Locale.ROOT, "  estimated tree size: %.3g nodes, %.3g terminals (one sampling"
                    + " seed per message)", r.estimatedNodes(), r.estimatedLeaves()));
            StringBuilder met = new StringBuilder("  payoffs met:");
            for (int p = 0; p < r.minPayoff().length; p++) {
                met.append(p == 0 ? " " : "; ").append(d.protocolPlayers().get(p)).append(" [")
                        .append(num(r.minPayoff()[p])).append(", ").append(num(r.maxPayoff()[p])).append(']');
            }
            out.println(met);
            if (r.emptyMoves().isEmpty()) {
                out.println("  every move has content for every player in every scenario checked");
            } else {
                r.emptyMoves().forEach(m -> out.println("  warning: " + m));
            }
            return 0;
        }
    }

    @Command(name = "new", mixinStandardHelpOptions = true,
            description = "Write a commented starter domain file, NAME.yaml, that domain check passes and experiment"
                    + " runs offline.")
    static final class New implements Callable<Integer> {

        private static final Pattern NAME = Pattern.compile("[a-z0-9][a-z0-9-]*");

        @Parameters(index = "0", paramLabel = "NAME", description = "The game's name: lower-case letters, digits"
                + " and '-'.")
        String name;

        @Option(names = "--out", paramLabel = "FILE", description = "Where to write it (default: NAME.yaml here).")
        Path out;

        @picocli.CommandLine.Spec
        picocli.CommandLine.Model.CommandSpec spec;

        @Override
        public Integer call() {
            if (!NAME.matcher(name).matches()) {
                throw new UserInputException("domain new " + name + ": a name is lower-case letters, digits and '-'");
            }
            Path target = out != null ? out : Path.of(name + ".yaml");
            if (Files.exists(target)) {
                throw new UserInputException("domain new: " + target + " already exists; nothing written");
            }
            try {
                if (target.toAbsolutePath().getParent() != null) {
                    Files.createDirectories(target.toAbsolutePath().getParent());
                }
                Files.writeString(target, FileDomains.starter(name), StandardCharsets.UTF_8);
            } catch (IOException e) {
                throw new UserInputException("domain new: cannot write " + target + ": "
                        + UserInputException.reason(e));
            }
            spec.commandLine().getOut().println("wrote " + target + "; next: parley domain check " + target
                    + ", then parley experiment --domain " + target);
            return 0;
        }
    }

    private static String num(double d) {
        return d == Math.rint(d) ? Long.toString((long) d) : String.format(Locale.ROOT, "%.3g", d);
    }
}
