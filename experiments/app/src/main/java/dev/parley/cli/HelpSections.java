package dev.parley.cli;

import dev.parley.llm.ChatProvider;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;

/**
 * The option list of a command's help in sections: the command's own options first, then each large shared group
 * under its heading. Seventeen language-model options sorted in among a command's own made {@code sweep --help} and
 * {@code experiment --help} hard to read; the groups are the mixins below, found by class wherever a command mixes
 * them in. After the model options, each model backend's own options ({@link LlmOptions#install}) stand under the
 * backend's name.
 */
final class HelpSections {

    /** The mixins listed apart, in this order, with their headings. */
    static final Map<Class<?>, String> GROUPS = groups();

    private HelpSections() {
    }

    private static Map<Class<?>, String> groups() {
        Map<Class<?>, String> g = new LinkedHashMap<>();
        g.put(SamplingOptions.class, "Size guard and Monte-Carlo CFR (--solver mccfr-os or mccfr-es):");
        g.put(WebOptions.class, "Web pages:");
        g.put(LlmOptions.class, "Language model (offline by default: none of these is needed):");
        return Collections.unmodifiableMap(g);
    }

    /** The heading of a model backend's own options. */
    static String providerHeading(String provider) {
        return "Model backend " + provider + " (with --llm " + provider + "):";
    }

    /** A synopsis longer than this many lines is shortened to the required arguments and [OPTIONS]. */
    static final int LONGEST_SYNOPSIS = 4;

    /**
     * Installs the short synopsis and the sectioned option list on {@code cl} and every command below it, and names
     * every registered solver in the help of the options that take one ({@link SolverNames#mention}).
     */
    static void install(CommandLine cl) {
        SolverNames.mention(cl.getCommandSpec());
        cl.getHelpSectionMap().put(CommandLine.Model.UsageMessageSpec.SECTION_KEY_SYNOPSIS, HelpSections::synopsis);
        cl.getHelpSectionMap().put(CommandLine.Model.UsageMessageSpec.SECTION_KEY_OPTION_LIST, HelpSections::render);
        cl.getSubcommands().values().stream().distinct().forEach(HelpSections::install);
    }

    /**
     * picocli's synopsis when it is short; otherwise what must be given and {@code [OPTIONS]}, since the list below
     * names every option ({@code parley sweep --domain=DOMAIN[,DOMAIN...] --out=DIR [OPTIONS]} instead of 17 lines
     * of every option in brackets).
     */
    static String synopsis(CommandLine.Help help) {
        String detailed = help.synopsis(help.synopsisHeadingLength());
        if (detailed.lines().count() <= LONGEST_SYNOPSIS) {
            return detailed;
        }
        CommandSpec spec = help.commandSpec();
        List<String> parts = new ArrayList<>();
        parts.add(spec.qualifiedName());
        for (OptionSpec o : spec.options()) {
            if (o.required() && o.group() == null) {
                String label = o.paramLabel();
                parts.add(o.longestName() + (o.arity().max() == 0 ? "" : "=" + label
                        + (o.splitRegex().isEmpty() ? "" : "[" + o.splitRegex() + label + "...]")));
            }
        }
        spec.argGroups().stream().filter(g -> g.multiplicity().min() > 0).forEach(g -> parts.add(g.synopsis()));
        parts.add("[OPTIONS]");
        for (CommandLine.Model.PositionalParamSpec p : spec.positionalParameters()) {
            parts.add(p.arity().min() > 0 ? p.paramLabel() : "[" + p.paramLabel() + "]");
        }
        if (!spec.subcommands().isEmpty()) {
            parts.add("[COMMAND]");
        }
        return wrap(parts, help.synopsisHeadingLength(), spec.usageMessage().width());
    }

    /** The parts joined by spaces, wrapped at {@code width} with continuation lines under the first part's end. */
    private static String wrap(List<String> parts, int headingLength, int width) {
        StringBuilder sb = new StringBuilder();
        int column = headingLength;
        int indent = headingLength + parts.get(0).length() + 1;
        for (int i = 0; i < parts.size(); i++) {
            String part = parts.get(i);
            if (i > 0 && column + 1 + part.length() > width) {
                sb.append('\n').append(" ".repeat(indent));
                column = indent;
            } else if (i > 0) {
                sb.append(' ');
                column++;
            }
            sb.append(part);
            column += part.length();
        }
        return sb.append('\n').toString();
    }

    static String render(CommandLine.Help help) {
        CommandSpec spec = help.commandSpec();
        Map<String, List<OptionSpec>> sections = new LinkedHashMap<>();
        Set<OptionSpec> grouped = new LinkedHashSet<>();
        for (Map.Entry<Class<?>, String> group : GROUPS.entrySet()) {
            List<OptionSpec> options = new ArrayList<>();
            for (CommandSpec mixin : spec.mixins().values()) {
                if (group.getKey().isInstance(mixin.userObject())) {
                    Set<String> names = new LinkedHashSet<>();
                    mixin.options().forEach(o -> names.add(o.longestName()));
                    spec.options().stream().filter(o -> names.contains(o.longestName())).forEach(options::add);
                }
            }
            if (!options.isEmpty()) {
                sections.put(group.getValue(), options);
                grouped.addAll(options);
            }
        }
        if (spec.mixins().values().stream().anyMatch(m -> m.userObject() instanceof LlmOptions)) {
            // each model backend's own options under its name, after the options every backend shares
            for (ChatProvider p : ChatProvider.all()) {
                Set<String> flags = LlmOptions.flags(p);
                List<OptionSpec> options = spec.options().stream()
                        .filter(o -> flags.contains(o.longestName()) && !grouped.contains(o)).toList();
                if (!options.isEmpty()) {
                    sections.put(providerHeading(p.name()), options);
                    grouped.addAll(options);
                }
            }
        }
        List<OptionSpec> own = spec.options().stream().filter(o -> !grouped.contains(o)).toList();
        // as picocli's own list: the options outside argument groups, then each argument group's section
        StringBuilder sb = new StringBuilder(help.optionListExcludingGroups(own)).append(help.optionListGroupSections());
        sections.forEach((heading, options) -> sb.append('\n').append(heading).append('\n')
                .append(help.optionListExcludingGroups(options)));
        return sb.toString();
    }
}
