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
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * The web interface's options of {@code parley serve}: the game its coach and steered agents play by in each
 * dialogue domain, and how an ended dialogue is scored.
 */
final class WebOptions {

    @Mixin
    DialogueGameOptions dealt = new DialogueGameOptions(2, 4);

    @Mixin
    IterationsOption solving = new IterationsOption();

    @Option(names = "--judge", defaultValue = "exact", paramLabel = "exact|llm",
            description = "Payoffs of an ended domain dialogue: the domain's exact scorer (default) or the language"
                    + " model as judge (needs --llm openai).")
    String judge;

    DomainPlay play(DialogueService service, LlmOptions.Session session, Supplier<URI> self) {
        dealt.check();
        Bounds.atLeast(solving.iterations, 1, "--iterations");
        if (!judge.equals("exact") && !judge.equals("llm")) {
            throw new UserInputException("--judge must be exact or llm, not '" + judge + "'");
        }
        List<Domain> domains = DialogueDomains.all();
        // check the judge once now, so a bad combination fails at start, not at a dialogue's end
        session.reward(domains.get(0), judge, dealt.seed());
        String backend = session.offline() ? "offline" : session.chat().label();
        SteeringModel.Settings settings = new SteeringModel.Settings(dealt.scenarios, dealt.maxReplies(), dealt.seed(), 2,
                Observation.WORDS);
        return new DomainPlay(domains, new DomainPlay.Settings(settings,
                d -> SteeringModel.solve(d, session.moves(d), settings, solving.iterations), d -> session.reward(d, judge, dealt.seed()),
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
