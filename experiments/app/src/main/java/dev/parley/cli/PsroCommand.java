package dev.parley.cli;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.parley.dialogue.Domain;
import dev.parley.game.Game;
import dev.parley.game.GameTree;
import dev.parley.nfg.MetaSolver;
import dev.parley.nfg.MetaSolverException;
import dev.parley.nfg.MetaSolvers;
import dev.parley.psro.ExactBestResponseOracle;
import dev.parley.psro.ProfileEvaluator;
import dev.parley.psro.Psro;
import dev.parley.psro.PsroIteration;
import dev.parley.psro.ResponseOracle;
import dev.parley.psro.SampledBestResponseOracle;
import dev.parley.psro.SimulationEvaluator;
import dev.parley.psro.TreeEvaluator;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.concurrent.Callable;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code parley psro}: Policy-Space Response Oracles on a built-in game ({@code --game}), or prompt-space PSRO over
 * a dialogue domain's instructions ({@code --domain}).
 */
@Command(name = "psro", mixinStandardHelpOptions = true,
        footerHeading = ReportOptions.FILES,
        footer = {"  psro.json, psro.txt: with --domain, the populations and meta-strategies",
            "  meta_strategy_PLAYER.png: with --domain, each player's mass per instruction"},
        description = {"With --game: PSRO on a built-in game: solve the meta-game of the populations with a "
                + "meta-solver, add best responses (exact or sampled) to the meta-strategies, and report each "
                + "iteration's population, meta-strategy and NashConv.",
            "With --domain: prompt-space PSRO: a strategy is an instruction (a tone, a style) a player follows for "
                + "the whole dialogue; meta-game entries are simulated over the domain's scenarios, and each "
                + "iteration the oracle asks for --candidates new instructions per player (offline: drawn from the "
                + "domain's lexicon; --llm openai: the model continues the list) and keeps the best response to the "
                + "meta-strategy."})
final class PsroCommand implements Callable<Integer> {

    /** PSRO evaluates many profiles on the tree; games larger than this are refused. */
    static final int MAX_TREE_NODES = 5_000_000;

    /** What the default run plays when no meta-solver is named with --domain. */
    static final String DEFAULT_DOMAIN_META_SOLVER = "nash";

    /** Exactly one of the two targets. */
    static final class Target {
        @Option(names = "--game", required = true, paramLabel = "NAME",
                description = "A built-in game (see 'parley games').")
        String game;

        @Option(names = "--domain", required = true, paramLabel = "DOMAIN", converter = DomainConverter.class,
                completionCandidates = DomainNames.class,
                description = "A dialogue domain (${COMPLETION-CANDIDATES}): prompt-space PSRO.")
        Domain domain;
    }

    @ArgGroup(exclusive = true, multiplicity = "1")
    Target target;

    @Option(names = "--meta-solver", paramLabel = "SOLVER",
            description = "nash, lp, lemke-howson, support-enumeration, ce, cce, nbs, prd, rd, rm or uniform "
                    + "(required with --game; default with --domain: " + DEFAULT_DOMAIN_META_SOLVER + ").")
    String metaSolver;

    @Option(names = "--iterations", required = true, paramLabel = "N", description = "PSRO iterations (>= 1).")
    int iterations;

    @Option(names = "--oracle", defaultValue = "exact", paramLabel = "exact|sampled",
            description = "With --game: exact best responses on the game tree (default) or best responses to "
                    + "--episodes simulations against the meta-strategy.")
    String oracle;

    @Option(names = "--evaluation", defaultValue = "exact", paramLabel = "exact|sampled",
            description = "With --game: meta-game entries by a full tree walk (default) or by --episodes "
                    + "simulations.")
    String evaluation;

    @Option(names = "--episodes", defaultValue = "1000", paramLabel = "N",
            description = "With --game: simulations per sampled best response and per sampled meta-game entry "
                    + "(default 1000).")
    int episodes;

    @Mixin
    DialogueGameOptions dealt = new DialogueGameOptions(8, 6);

    @Mixin
    PolicyOutOption policyOut = new PolicyOutOption();

    @Option(names = "--candidates", defaultValue = "3", paramLabel = "K",
            description = "With --domain: new instructions proposed per player and oracle step (default "
                    + "${DEFAULT-VALUE}).")
    int candidates;

    @Option(names = "--start", defaultValue = "instructions", paramLabel = "instructions|any",
            description = "With --domain: the initial population: the domain's instructions without the baseline "
                    + "(default), or the baseline 'any' alone.")
    String start;

    @Mixin
    ReportOptions output = new ReportOptions();

    @Mixin
    LlmOptions llmOptions;

    @Spec
    CommandSpec spec;

    /** Options that only mean something with --domain (the language-model mixin included). */
    private static final Set<String> DOMAIN_ONLY = Set.of("--candidates", "--scenarios", "--max-replies", "--start",
            "--out", "--llm", "--base-url", "--model", "--api-key-env", "--temperature", "--max-tokens", "--timeout",
            "--retries", "--cache", "--cache-mode", "--llm-concurrency");
    private static final Set<String> GAME_ONLY = Set.of("--oracle", "--evaluation", "--episodes", "--policy-out");

    @Override
    public Integer call() {
        if (target.domain != null) {
            refuse(GAME_ONLY, "--domain");
            return new PromptPsroCommand(this).run();
        }
        refuse(DOMAIN_ONLY, "--game");
        if (metaSolver == null) {
            throw new UserInputException("--game needs --meta-solver (nash, cce, prd, ...)");
        }
        String game = target.game;
        Bounds.atLeast(iterations, 1, "--iterations");
        Bounds.atLeast(episodes, 1, "--episodes");
        policyOut.check();
        MetaSolver solver = MetaSolvers.require(metaSolver);
        Game g = GameSources.load(game);
        GameTree tree = GameSources.compile(g, game, MAX_TREE_NODES, false, "PSRO needs the whole tree");
        ResponseOracle o = switch (oracle) {
            case "exact" -> new ExactBestResponseOracle(tree);
            case "sampled" -> new SampledBestResponseOracle(episodes);
            default -> throw new UserInputException("unknown --oracle '" + oracle + "'; expected exact or sampled");
        };
        ProfileEvaluator e = switch (evaluation) {
            case "exact" -> new TreeEvaluator(tree);
            case "sampled" -> new SimulationEvaluator(g, episodes);
            default -> throw new UserInputException("unknown --evaluation '" + evaluation
                    + "'; expected exact or sampled");
        };
        Psro psro = new Psro(g, new Psro.Config(solver, o, e, tree, dealt.seed()));
        long start = System.nanoTime();
        List<PsroIteration> its = new ArrayList<>();
        try (Progress progress = Progress.start("PSRO on " + g.name(), iterations)) {
            for (int i = 0; i < iterations; i++) {
                its.add(psro.step());
                progress.step();
            }
        } catch (MetaSolverException ex) {
            throw ex.in("game '" + game + "'");
        }
        double seconds = (System.nanoTime() - start) / 1e9;
        if (policyOut.on()) {
            policyOut.write(psro.policy(its.get(its.size() - 1), tree));
        }
        PrintWriter out = spec.commandLine().getOut();
        if (output.on()) {
            out.println(Json.write(json(g, its, seconds)));
        } else {
            Table t = new Table("iteration", "population", "NashConv", "simulations", "meta-strategy");
            for (PsroIteration it : its) {
                t.row(it.iteration(), it.population().stream().map(l -> Integer.toString(l.size()))
                                .reduce((a, b) -> a + "x" + b).orElse(""),
                        it.nashConv().isPresent() ? fmt(it.nashConv().getAsDouble()) : "-", it.simulations(),
                        metaText(it));
            }
            out.print(t.render());
            out.printf(Locale.ROOT, "%s, meta-solver %s, oracle %s, evaluation %s, %.2f s%n", g.name(), metaSolver,
                    oracle, evaluation, seconds);
        }
        return 0;
    }

    /** Fails when an option of {@code names} was given: it belongs to the other mode. */
    private void refuse(Set<String> names, String mode) {
        for (OptionSpec o : spec.commandLine().getParseResult().matchedOptions()) {
            if (names.contains(o.longestName())) {
                throw new UserInputException(o.longestName() + " cannot be used with " + mode);
            }
        }
    }

    private ObjectNode json(Game g, List<PsroIteration> its, double seconds) {
        ObjectNode root = Json.MAPPER.createObjectNode();
        root.put("game", g.name());
        root.put("meta_solver", metaSolver);
        root.put("oracle", oracle);
        root.put("evaluation", evaluation);
        root.put("seed", dealt.seed());
        ArrayNode list = root.putArray("iterations");
        for (PsroIteration it : its) {
            ObjectNode o = list.addObject();
            o.put("iteration", it.iteration());
            o.set("population", Json.tree(it.population()));
            o.set("meta_strategy", Json.tree(it.metaStrategy()));
            if (it.nashConv().isPresent()) {
                o.put("nash_conv", it.nashConv().getAsDouble());
            } else {
                o.putNull("nash_conv");
            }
            o.put("simulations", it.simulations());
        }
        root.put("seconds", seconds);
        return root;
    }

    private static String metaText(PsroIteration it) {
        List<String> parts = new ArrayList<>();
        for (double[] w : it.metaStrategy()) {
            List<String> ws = new ArrayList<>();
            for (double v : w) {
                ws.add(String.format(Locale.ROOT, "%.3f", v));
            }
            parts.add("[" + String.join(" ", ws) + "]");
        }
        return String.join(" ", parts);
    }

    private static String fmt(double v) {
        return String.format(Locale.ROOT, "%.6g", v);
    }
}
