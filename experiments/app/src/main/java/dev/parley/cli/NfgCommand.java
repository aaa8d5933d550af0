package dev.parley.cli;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.parley.gambit.Nfg;
import dev.parley.game.NormalFormGame;
import dev.parley.io.InputFiles;
import dev.parley.nfg.CorrelatedEquilibriumSolver;
import dev.parley.nfg.MetaSolution;
import dev.parley.nfg.MetaSolver;
import dev.parley.nfg.MetaSolverException;
import dev.parley.nfg.MetaSolvers;
import dev.parley.nfg.NashBargaining;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code parley nfg}: solve a Gambit {@code .nfg} game with a meta-solver. */
@Command(name = "nfg", mixinStandardHelpOptions = true,
        description = "Solve a normal-form game (Gambit .nfg) for a Nash equilibrium, a correlated or coarse "
                + "correlated equilibrium, the Nash bargaining solution, or by learning dynamics; print the "
                + "profile (or joint distribution), expected payoffs and every player's regret.")
final class NfgCommand implements Callable<Integer> {

    @Option(names = "--game", required = true, paramLabel = "FILE.nfg", description = "A Gambit .nfg file.")
    Path game;

    @Option(names = "--meta-solver", required = true, paramLabel = "SOLVER",
            description = "nash (LP if zero-sum, else Lemke-Howson), lp, lemke-howson, support-enumeration, ce, "
                    + "cce, nbs, prd, rd, rm or uniform.")
    String metaSolver;

    @Option(names = "--all", description = "Every equilibrium the method finds (nash: support enumeration plus "
            + "Lemke-Howson from every label; single-answer methods give a one-element list).")
    boolean all;

    @Option(names = "--selection", defaultValue = "welfare", paramLabel = "welfare|min-l2",
            description = "ce/cce: maximise welfare (default) or pick the least-L2 (max-Gini) equilibrium.")
    String selection;

    @Option(names = "--feasible", defaultValue = "hull", paramLabel = "hull|correlated",
            description = "nbs: bargain over all joint outcomes (default) or over correlated equilibria only.")
    String feasible;

    @Option(names = "--disagreement", split = ",", paramLabel = "D",
            description = "nbs: the disagreement payoffs, one per player (default: each player's security level).")
    double[] disagreement;

    @Mixin
    JsonOption json;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        NormalFormGame g;
        InputFiles.requireFile(game);
        try {
            g = Nfg.read(game);
        } catch (IOException e) {
            throw InputFiles.unreadable(game, e);
        }
        MetaSolver solver = solver();
        List<MetaSolution> solutions;
        try {
            solutions = all ? solver.solveAll(g) : List.of(solver.solve(g));
        } catch (MetaSolverException e) {
            throw e.in(game.toString());
        }
        PrintWriter out = spec.commandLine().getOut();
        if (json.on()) {
            ObjectNode root = Json.MAPPER.createObjectNode();
            root.put("game", g.title());
            root.put("meta_solver", metaSolver);
            if (all) {
                ArrayNode list = root.putArray("equilibria");
                solutions.forEach(s -> write(list.addObject(), s));
            } else {
                write(root, solutions.get(0));
            }
            out.println(Json.write(root));
        } else {
            out.print(text(g, solutions));
        }
        return 0;
    }

    private MetaSolver solver() {
        // An option for another meta-solver would be ignored: say so instead of answering a different question.
        var parsed = spec.commandLine().getParseResult();
        boolean correlated = metaSolver.equals("ce") || metaSolver.equals("cce");
        if (parsed.hasMatchedOption("--selection") && !correlated) {
            throw new UserInputException("--selection applies to ce and cce only, not to " + metaSolver);
        }
        for (String nbsOnly : new String[] {"--feasible", "--disagreement"}) {
            if (parsed.hasMatchedOption(nbsOnly) && !metaSolver.equals("nbs")) {
                throw new UserInputException(nbsOnly + " applies to nbs only, not to " + metaSolver);
            }
        }
        return switch (metaSolver) {
            case "ce", "cce" -> new CorrelatedEquilibriumSolver(metaSolver.equals("ce")
                    ? CorrelatedEquilibriumSolver.Concept.CE : CorrelatedEquilibriumSolver.Concept.CCE,
                    switch (selection) {
                        case "welfare" -> CorrelatedEquilibriumSolver.Selection.MAX_WELFARE;
                        case "min-l2" -> CorrelatedEquilibriumSolver.Selection.MIN_L2;
                        default -> throw new UserInputException("unknown --selection '" + selection
                                + "'; expected welfare or min-l2");
                    });
            case "nbs" -> new NashBargaining(switch (feasible) {
                case "hull" -> NashBargaining.FeasibleSet.CONVEX_HULL;
                case "correlated" -> NashBargaining.FeasibleSet.CORRELATED;
                default -> throw new UserInputException("unknown --feasible '" + feasible
                        + "'; expected hull or correlated");
            }, disagreement);
            default -> MetaSolvers.require(metaSolver);
        };
    }

    /** The JSON contract: profile (or joint), payoffs, regrets; plus the method that produced it. */
    static void write(ObjectNode o, MetaSolution s) {
        o.put("method", s.method());
        if (s.kind() == MetaSolution.Kind.CORRELATED) {
            o.set("joint", Json.tree(s.joint()));
        } else {
            o.set("profile", Json.tree(s.profile()));
        }
        o.set("payoffs", Json.tree(s.payoffs()));
        o.set("regrets", Json.tree(s.regrets()));
    }

    private static String text(NormalFormGame g, List<MetaSolution> solutions) {
        StringBuilder sb = new StringBuilder();
        int k = 1;
        for (MetaSolution s : solutions) {
            if (solutions.size() > 1) {
                sb.append("equilibrium ").append(k++).append(" (").append(s.method()).append(")\n");
            } else {
                sb.append(s.method()).append('\n');
            }
            if (s.kind() == MetaSolution.Kind.CORRELATED) {
                Table t = new Table("profile", "probability");
                double[] joint = s.joint();
                for (int i = 0; i < joint.length; i++) {
                    if (joint[i] > 1e-12) {
                        int[] prof = g.profile(i);
                        List<String> labels = new ArrayList<>();
                        for (int p = 0; p < prof.length; p++) {
                            labels.add(g.strategies().get(p).get(prof[p]));
                        }
                        t.row("(" + String.join(", ", labels) + ")", fmt(joint[i]));
                    }
                }
                sb.append(t.render());
            }
            Table t = new Table("player", s.kind() == MetaSolution.Kind.CORRELATED ? "marginal" : "strategy",
                    "payoff", "regret");
            double[][] x = s.profile();
            for (int p = 0; p < x.length; p++) {
                List<String> parts = new ArrayList<>();
                for (int i = 0; i < x[p].length; i++) {
                    if (x[p][i] > 1e-12) {
                        parts.add(g.strategies().get(p).get(i) + "=" + fmt(x[p][i]));
                    }
                }
                t.row(g.players().get(p), String.join(" ", parts), fmt(s.payoffs()[p]), fmt(s.regrets()[p]));
            }
            sb.append(t.render());
        }
        return sb.toString();
    }

    private static String fmt(double v) {
        return String.format(Locale.ROOT, "%.6g", v);
    }
}
