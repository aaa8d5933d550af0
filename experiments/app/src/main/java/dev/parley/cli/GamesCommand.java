package dev.parley.cli;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.parley.domain.DialogueDomains;
import dev.parley.domain.Games;
import java.io.PrintWriter;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** {@code parley games}: the built-in games with their parameters, and the dialogue domains. */
@Command(name = "games", mixinStandardHelpOptions = true, description = {"List the built-in games, each with its"
        + " parameters and their defaults, and the dialogue domains.",
    "A game is named as OpenSpiel's LoadGame reads it, wherever a command takes one (solve and psro --game;"
        + " experiment, sweep and psro --domain for dialogue games): kuhn_poker(players=3),"
        + " fruit_trading(scenarios=4,max_replies=3,actions=instruction)."})
final class GamesCommand implements Callable<Integer> {

    @Mixin
    JsonOption json;

    @Override
    public Integer call() {
        PrintWriter out = json.out();
        if (json.on()) {
            ObjectNode root = Json.MAPPER.createObjectNode();
            ArrayNode games = root.putArray("games");
            for (Games.Entry e : Games.entries()) {
                ObjectNode g = games.addObject().put("name", e.name()).put("kind", e.kind())
                        .put("description", e.description());
                ObjectNode params = g.putObject("parameters");
                e.parameters().forEach(p -> params.put(p.name(), p.defaultValue()));
            }
            DialogueDomains.names().forEach(root.putArray("domains")::add);
            out.println(Json.write(root));
        } else {
            Table table = new Table("name", "kind", "description");
            for (Games.Entry e : Games.entries()) {
                table.row(e.name(), e.kind(), e.description());
            }
            out.print(table.render());
            out.println();
            table = new Table("game", "parameters (defaults)");
            for (Games.Entry e : Games.entries()) {
                table.row(e.name(), e.parameters().isEmpty() ? "none" : e.signature().substring(e.name().length()));
            }
            out.print(table.render());
            out.println("dialogue domains: " + String.join(", ", DialogueDomains.names())
                    + " (parley domains describes them)");
        }
        return 0;
    }
}
