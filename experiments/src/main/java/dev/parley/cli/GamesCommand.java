package dev.parley.cli;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.parley.domain.DialogueDomains;
import dev.parley.domain.GameCatalog;
import java.io.PrintWriter;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/** {@code parley games}: the built-in games and domains. */
@Command(name = "games", mixinStandardHelpOptions = true, description = "List the built-in games and domains.")
final class GamesCommand implements Callable<Integer> {

    @Option(names = "--json", description = "Print JSON instead of a table.")
    boolean json;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        if (json) {
            ObjectNode root = Json.MAPPER.createObjectNode();
            ArrayNode games = root.putArray("games");
            for (GameCatalog.Entry e : GameCatalog.entries()) {
                games.addObject().put("name", e.name()).put("kind", e.kind()).put("description", e.description());
            }
            DialogueDomains.names().forEach(root.putArray("domains")::add);
            out.println(Json.write(root));
        } else {
            Table table = new Table("name", "kind", "description");
            for (GameCatalog.Entry e : GameCatalog.entries()) {
                table.row(e.name(), e.kind(), e.description());
            }
            out.print(table.render());
            out.println("dialogue domains: " + String.join(", ", DialogueDomains.names())
                    + " (parley domains describes them)");
        }
        return 0;
    }
}
