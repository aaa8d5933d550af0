package dev.parley.cli;

import dev.parley.argument.Acceptance;
import dev.parley.argument.ArgumentationFramework;
import dev.parley.argument.Audience;
import dev.parley.argument.ValueBasedFramework;
import dev.parley.iccma.AfFormat;
import dev.parley.iccma.AfReader;
import dev.parley.iccma.IccmaAnswer;
import dev.parley.iccma.IccmaProblem;
import dev.parley.iccma.IccmaSolver;
import dev.parley.iccma.VafReader;
import dev.parley.io.InputFiles;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.stream.Collectors;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code parley af}: an abstract-argumentation solver with ICCMA's command line ({@code -p PROBLEM -f FILE [-fo
 * FORMAT] [-a ARG]}, {@code --formats}, {@code --problems}) and ICCMA's output, so a competition harness can drive
 * it. Without options it prints its name and version, as ICCMA solvers do.
 */
@Command(name = "af", mixinStandardHelpOptions = true,
        description = {"Answer ICCMA problems (EE, SE, DC, DS under CO, GR, PR, ST, SST, ID) on an abstract"
            + " argumentation framework in ICCMA's i23, apx or tgf format; answers are in ICCMA's output format.",
            "With --vaf, a value-based framework (Bench-Capon 2003: apx facts plus val(A,VALUE). and"
            + " valpref(V1,V2).): -p answers on the defeat graph of the audience; without -p, every argument's"
            + " status (objectively or subjectively acceptable, or indefensible) over every total order of the"
            + " values that extends the audience."})
final class AfCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Option(names = "-p", paramLabel = "PROBLEM", description = "TASK-SEMANTICS, e.g. DC-PR or SE-GR (see --problems)")
    String problem;

    @Option(names = "-f", paramLabel = "FILE", description = "the framework file")
    Path file;

    @Option(names = "-fo", paramLabel = "FORMAT",
            description = "i23, apx or tgf; by default taken from the file's extension (.i23 or .af, .apx, .tgf)")
    String format;

    @Option(names = "-a", paramLabel = "ARG", description = "the queried argument (DC and DS)")
    String argument;

    @Option(names = "--vaf", paramLabel = "FILE",
            description = "a value-based framework: apx facts plus val(A,VALUE). and valpref(V1,V2).")
    Path vaf;

    @Option(names = "--audience", paramLabel = "V1>V2>...",
            description = "with --vaf: value preferences, most preferred first; chains separated by commas"
                + " (a>b,c>d); added to the file's valpref facts")
    String audience;

    @Option(names = "--formats", description = "print the supported file formats and exit")
    boolean formats;

    @Option(names = "--problems", description = "print the supported problems and exit")
    boolean problems;

    @Override
    public Integer call() throws IOException {
        PrintWriter out = spec.commandLine().getOut();
        if (formats) {
            out.println(Arrays.stream(AfFormat.values()).map(AfFormat::code)
                    .collect(Collectors.joining(",", "[", "]")));
            return 0;
        }
        if (problems) {
            out.println(IccmaProblem.supported().stream().map(IccmaProblem::toString)
                    .collect(Collectors.joining(",", "[", "]")));
            return 0;
        }
        if (vaf != null) {
            return valueBased(out);
        }
        if (audience != null) {
            throw new UserInputException("--audience is for value-based frameworks: give the file with --vaf");
        }
        if (problem == null && file == null) {
            out.println(new Parley.Version().getVersion()[0]);
            out.println("Parley's argumentation solver (grounded by propagation, the others by labelling search)");
            return 0;
        }
        if (problem == null || file == null) {
            throw new UserInputException("af needs both -p PROBLEM and -f FILE (or --formats, --problems)");
        }
        IccmaProblem p = IccmaProblem.parse(problem).orElseThrow(() -> new UserInputException(
                "unknown problem " + problem + "; supported: " + IccmaProblem.supported().stream()
                        .map(IccmaProblem::toString).collect(Collectors.joining(", "))));
        if (p.task().needsArgument() && argument == null) {
            throw new UserInputException(p + " asks about one argument: give it with -a ARG");
        }
        if (!p.task().needsArgument() && argument != null) {
            throw new UserInputException(p + " takes no argument; -a is for DC and DS");
        }
        AfFormat fmt = format != null
                ? AfFormat.of(format).orElseThrow(() -> new UserInputException("unknown format " + format
                        + "; supported: " + codes()))
                : AfFormat.fromFileName(file).orElseThrow(() -> new UserInputException(file
                        + ": cannot tell the format from the file name; give -fo " + codes().replace(", ", "|")
                        // a value-based framework is answered by --vaf, not by an ICCMA problem
                        + (file.getFileName().toString().endsWith(".vaf")
                                ? " (a .vaf file is a value-based framework: parley af --vaf " + file + ")" : "")));
        ArgumentationFramework af;
        try {
            af = AfReader.read(file, fmt);
        } catch (IOException e) {
            throw InputFiles.unreadable(file, e);
        }
        int a = -1;
        if (p.task().needsArgument()) {
            a = af.indexOf(argument);
            if (a < 0) {
                throw new UserInputException(file + ": the framework has no argument " + argument);
            }
        }
        out.println(IccmaSolver.solve(af, p, a).render(af, fmt));
        return 0;
    }

    private Integer valueBased(PrintWriter out) throws IOException {
        if (file != null || format != null) {
            throw new UserInputException("--vaf names the framework; -f and -fo are for plain frameworks");
        }
        IccmaProblem p = null;
        if (problem != null) {
            p = IccmaProblem.parse(problem).orElseThrow(() -> new UserInputException("unknown problem " + problem));
            if (p.task().needsArgument() != (argument != null)) {
                throw new UserInputException(p.task().needsArgument() ? p + " asks about one argument: give it with -a ARG"
                        : p + " takes no argument; -a is for DC and DS");
            }
        } else if (argument != null) {
            throw new UserInputException("-a goes with -p DC-... or DS-...");
        }
        Audience given = Audience.none();
        if (audience != null) {
            given = UserInputException.parsed("--audience", () -> Audience.parse(audience));
        }
        VafReader.ValueBasedFile read;
        try {
            read = VafReader.read(vaf);
        } catch (IOException e) {
            throw InputFiles.unreadable(vaf, e);
        }
        ValueBasedFramework vf = read.framework();
        for (String v : given.orderedValues()) {
            if (!vf.values().contains(v)) {
                throw new UserInputException("--audience: no argument of " + vaf + " promotes " + v + "; its values are "
                        + String.join(", ", vf.values()));
            }
        }
        Audience all;
        try {
            all = read.preferences().and(given);
        } catch (IllegalArgumentException e) {
            throw new UserInputException("--audience with the file's valpref facts: " + e.getMessage());
        }
        if (p != null) {
            ArgumentationFramework defeats = vf.defeatGraph(all);
            int a = -1;
            if (argument != null) {
                a = defeats.indexOf(argument);
                if (a < 0) {
                    throw new UserInputException(vaf + ": the framework has no argument " + argument);
                }
            }
            out.println(IccmaSolver.solve(defeats, p, a).render(defeats, AfFormat.APX));
            return 0;
        }
        if (vf.values().size() > ValueBasedFramework.MAX_VALUES && !all.isTotalOver(vf.values())) {
            throw new UserInputException(vaf + ": " + vf.values().size() + " values; acceptance over every order"
                    + " supports at most " + ValueBasedFramework.MAX_VALUES + " unless --audience orders them all");
        }
        if (all.isTotalOver(vf.values())) {
            List<String> order = all.linearExtensions(vf.values()).get(0);
            out.println("preferred extensions for " + String.join(" > ", order) + ": " + new IccmaAnswer.Every(
                    vf.preferredExtensions(all)).render(vf.framework(), AfFormat.APX));
        }
        int audiences = vf.audienceCount(all);
        out.println("over " + audiences + (audiences == 1 ? " audience" : " audiences") + " (total orders of "
                + String.join(", ", vf.values()) + (all.orderedValues().isEmpty() ? "" : " with " + all.describe()) + "):");
        Map<String, Acceptance> status = vf.acceptance(all);
        int width = status.keySet().stream().mapToInt(String::length).max().orElse(0);
        int vwidth = vf.values().stream().mapToInt(String::length).max().orElse(0);
        status.forEach((arg, st) -> out.println(String.format("  %-" + Math.max(width, 1) + "s  %-"
                + Math.max(vwidth, 1) + "s  %s", arg, vf.valueOf(arg), st.words())));
        return 0;
    }

    private static String codes() {
        return String.join(", ", List.of(AfFormat.values()).stream().map(AfFormat::code).toList());
    }
}
