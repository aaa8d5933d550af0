package dev.parley.cli;

import dev.parley.mccfr.MccfrSolver;
import dev.parley.solver.Solvers;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.Iterator;
import java.util.List;
import java.util.regex.Pattern;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;

/**
 * Every registered solver's name, from the registry, as picocli's completion candidates of a {@code --solver} that
 * takes any solver. Such an option's help describes the built-in families in its own words; {@link #mention} adds
 * the name of any other solver registered in {@link Solvers}, so a new family is offered in the help without an
 * edit to the command.
 */
final class SolverNames implements Iterable<String> {

    @Override
    public Iterator<String> iterator() {
        return Solvers.names().iterator();
    }

    /**
     * The sampled solvers, as the messages name them: {@code mccfr-os or mccfr-es} (outcome sampling first, as the
     * messages always put it), then any other sampled family's.
     */
    static String sampled() {
        List<String> names = new ArrayList<>(Solvers.sampledNames());
        String outcome = Solvers.nameOf(MccfrSolver.Sampling.OUTCOME);
        names.sort(Comparator.comparing(n -> !n.equals(outcome)));
        int last = names.size() - 1;
        return last == 0 ? names.get(0) : String.join(", ", names.subList(0, last)) + " or " + names.get(last);
    }

    /**
     * Adds to the description of each option of {@code spec} that takes any solver the names it does not mention
     * yet ({@code Also: NAME (sampled), NAME.}); a description that names every solver is left as it is.
     */
    static void mention(CommandSpec spec) {
        for (OptionSpec o : List.copyOf(spec.options())) {
            if (!(o.completionCandidates() instanceof SolverNames)) {
                continue;
            }
            String help = String.join(" ", o.description());
            List<String> missing = new ArrayList<>();
            for (String name : Solvers.names()) {
                // a whole name: "cfr" is not mentioned by "cfr+" or "mccfr-os"
                if (!Pattern.compile("(?<![\\w+-])" + Pattern.quote(name) + "(?![\\w+-])").matcher(help).find()) {
                    missing.add(Solvers.require(name).sampled() ? name + " (sampled)" : name);
                }
            }
            if (!missing.isEmpty()) {
                spec.remove(o);
                spec.addOption(OptionSpec.builder(o).description(help + " Also: " + String.join(", ", missing)
                        + ".").build());
            }
        }
    }
}
