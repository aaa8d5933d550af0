package dev.parley.cli;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.parley.dialogue.Domain;
import dev.parley.dialogue.Instruction;
import dev.parley.dialogue.PrivateInfo;
import dev.parley.dialogue.Scenario;
import dev.parley.domain.DialogueDomains;
import java.io.PrintWriter;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code parley domains}: what each dialogue domain is: its roles, instructions, payoff range and scenarios. */
@Command(name = "domains", mixinStandardHelpOptions = true,
        description = "Describe the dialogue domains: protocol and roles, instructions (the solver's choices besides"
                + " the move), payoff range, and scenarios (each player's private information).")
final class DomainsCommand implements Callable<Integer> {

    @Parameters(arity = "0..1", paramLabel = "DOMAIN", converter = DomainConverter.class,
            completionCandidates = DomainNames.class,
            description = "One domain: ${COMPLETION-CANDIDATES} (default: every domain).")
    Domain one;

    @Option(names = "--scenarios", defaultValue = "1", paramLabel = "N",
            description = "Scenarios to show per domain: the default one, then seeded draws (default: ${DEFAULT-VALUE}).")
    int scenarios;

    @Mixin
    SeedOption seedOption = new SeedOption(1);

    @Mixin
    JsonOption json;

    @Override
    public Integer call() {
        Bounds.atLeast(scenarios, 1, "--scenarios");
        List<Domain> domains = one == null ? DialogueDomains.all() : List.of(one);
        PrintWriter out = json.out();
        if (json.on()) {
            ObjectNode root = Json.MAPPER.createObjectNode();
            ArrayNode arr = root.putArray("domains");
            domains.forEach(d -> json(d, arr.addObject()));
            out.println(Json.write(root));
            return 0;
        }
        for (int i = 0; i < domains.size(); i++) {
            if (i > 0) {
                out.println();
            }
            text(domains.get(i), out);
        }
        return 0;
    }

    private void json(Domain d, ObjectNode o) {
        o.put("name", d.name()).put("protocol", d.protocol().id());
        d.protocolPlayers().forEach(o.putArray("roles")::add);
        o.putArray("payoff_range").add(d.minPayoff()).add(d.maxPayoff());
        ArrayNode instructions = o.putArray("instructions");
        for (Instruction in : d.instructions()) {
            instructions.addObject().put("name", in.name()).put("guidance", in.guidance())
                    .put("baseline", in.isBaseline());
        }
        ArrayNode list = o.putArray("scenarios");
        for (Scenario s : d.scenarios(scenarios, seedOption.seed)) {
            ObjectNode so = list.addObject().put("id", s.id()).put("topic", s.topic());
            ArrayNode players = so.putArray("players");
            for (PrivateInfo p : s.players()) {
                ObjectNode po = players.addObject().put("role", p.role()).put("stance", p.stance());
                p.knowledge().forEach(po.putArray("knowledge")::add);
            }
        }
    }

    private void text(Domain d, PrintWriter out) {
        out.printf(Locale.ROOT, "%s: protocol %s, roles %s, payoffs in [%s, %s]%n", d.name(), d.protocol().id(),
                String.join(", ", d.protocolPlayers()), number(d.minPayoff()), number(d.maxPayoff()));
        Table t = new Table("instruction", "guidance");
        for (Instruction in : d.instructions()) {
            t.row(in.name(), in.isBaseline() ? "(baseline: no guidance)" : in.guidance());
        }
        out.print(t.render());
        for (Scenario s : d.scenarios(scenarios, seedOption.seed)) {
            out.println("scenario " + s.id() + ": " + s.topic());
            for (PrivateInfo p : s.players()) {
                // one line a piece of knowledge: each is a sentence of its own, which '; ' ran together
                out.println("  " + p.role() + (p.stance().isBlank() ? "" : " (" + p.stance() + ")") + ":");
                p.knowledge().forEach(k -> out.println("    " + k));
            }
        }
    }

    private static String number(double v) {
        return v == Math.rint(v) ? Long.toString((long) v) : Double.toString(v);
    }
}
