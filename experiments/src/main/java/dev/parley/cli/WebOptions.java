package dev.parley.cli;

import dev.parley.agent.MiniLmWordingMatcher;
import dev.parley.agent.SteeringModel;
import dev.parley.dialogue.Domain;
import dev.parley.dialogue.Observation;
import dev.parley.domain.DialogueDomains;
import dev.parley.server.DialogueService;
import dev.parley.web.DomainPlay;
import java.net.URI;
import java.util.List;
import java.util.function.Supplier;
import picocli.CommandLine.Option;

/**
 * The web interface's options of {@code parley serve}: the game its coach and steered agents play by in each
 * dialogue domain, and how an ended dialogue is scored.
 */
final class WebOptions {

    @Option(names = "--scenarios", defaultValue = "2", paramLabel = "N",
            description = "Scenarios chance deals in each domain's game, offered when a dialogue is created from a "
                    + "domain (default: ${DEFAULT-VALUE}).")
    int scenarios;

    @Option(names = "--max-replies", defaultValue = "4", paramLabel = "M",
            description = "A domain dialogue's length limit in messages: the game ends there (default: "
                    + "${DEFAULT-VALUE}).")
    int maxReplies;

    @Option(names = "--iterations", defaultValue = "200", paramLabel = "N",
            description = "CFR+ iterations when a domain's game is solved, on its first dialogue (default: "
                    + "${DEFAULT-VALUE}).")
    int iterations;

    @Option(names = "--seed", defaultValue = "1", paramLabel = "S",
            description = "Seed of the scenario draws and of the steered agents' sampling (default: "
                    + "${DEFAULT-VALUE}).")
    long seed;

    @Option(names = "--judge", defaultValue = "exact", paramLabel = "exact|llm",
            description = "Payoffs of an ended domain dialogue: the domain's exact scorer (default) or the language"
                    + " model as judge (needs --llm openai).")
    String judge;

    DomainPlay play(DialogueService service, LlmOptions.Session session, Supplier<URI> self) {
        if (scenarios < 1 || maxReplies < 1 || iterations < 1) {
            throw new UserInputException("--scenarios, --max-replies and --iterations must be positive");
        }
        if (!judge.equals("exact") && !judge.equals("llm")) {
            throw new UserInputException("--judge must be exact or llm, not '" + judge + "'");
        }
        List<Domain> domains = DialogueDomains.all();
        // check the judge once now, so a bad combination fails at start, not at a dialogue's end
        session.reward(domains.get(0), judge, seed);
        String backend = session.offline() ? "offline" : session.chat().label();
        SteeringModel.Settings game = new SteeringModel.Settings(scenarios, maxReplies, seed, 2, Observation.WORDS);
        return new DomainPlay(domains, new DomainPlay.Settings(game,
                d -> SteeringModel.solve(d, session.moves(d), game, iterations), d -> session.reward(d, judge, seed),
                new MiniLmWordingMatcher(), backend), service, self);
    }

    /** The server's own address for its agents: loopback when it listens on every interface. */
    static URI loopback(URI uri, String host) {
        if (host.equals("0.0.0.0") || host.equals("::") || host.equals("[::]")) {
            return URI.create("http://127.0.0.1:" + uri.getPort());
        }
        return uri;
    }
}
