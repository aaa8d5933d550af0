package dev.parley.cli;

import dev.parley.agent.MiniLmWordingMatcher;
import dev.parley.agent.SteeringModel;
import dev.parley.dialogue.Domain;
import dev.parley.dialogue.Observation;
import dev.parley.domain.DialogueDomains;
import dev.parley.domain.file.FileDomains;
import dev.parley.server.DialogueService;
import dev.parley.web.DomainPlay;
import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;
import java.util.stream.Stream;
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

    @Option(names = "--domains", paramLabel = "DIR",
            description = "Offer the domain files (.yaml, .yml, .json) of DIR in the browser too, beside the built-in"
                    + " domains.")
    Path domainFiles;

    /**
     * The domains the web pages offer: the built-in ones, then the files of {@code --domains} by file name. A file
     * that cannot be read stops the server before it starts, with the file's own located line.
     */
    List<Domain> domains() {
        List<Domain> out = new ArrayList<>(DialogueDomains.all());
        if (domainFiles == null) {
            return out;
        }
        if (!Files.isDirectory(domainFiles)) {
            throw new UserInputException(domainFiles + ": no such directory (--domains)");
        }
        List<Path> files;
        try (Stream<Path> s = Files.list(domainFiles)) {
            files = s.filter(f -> Files.isRegularFile(f) && FileDomains.looksLikeFile(f.getFileName().toString()))
                    .sorted().toList();
        } catch (IOException e) {
            throw new UserInputException(domainFiles + ": cannot list (" + UserInputException.reason(e) + ")");
        }
        for (Path f : files) {
            Domain d = FileDomains.load(f).domain();
            if (out.stream().anyMatch(o -> o.name().equals(d.name()))) {
                throw new UserInputException(f + ": a domain named " + d.name() + " is already offered");
            }
            out.add(d);
        }
        return out;
    }

    DomainPlay play(DialogueService service, LlmOptions.Session session, Supplier<URI> self) {
        dealt.check();
        Bounds.atLeast(solving.iterations, 1, "--iterations");
        if (!judge.equals("exact") && !judge.equals("llm")) {
            throw new UserInputException("--judge must be exact or llm, not '" + judge + "'");
        }
        List<Domain> domains = domains();
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
