package dev.parley.cli;

import java.util.ArrayList;
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
 * them in.
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
        return g;
    }

    /** Installs the sectioned option list on {@code cl} and every command below it. */
    static void install(CommandLine cl) {
        cl.getHelpSectionMap().put(CommandLine.Model.UsageMessageSpec.SECTION_KEY_OPTION_LIST, HelpSections::render);
        cl.getSubcommands().values().stream().distinct().forEach(HelpSections::install);
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
        List<OptionSpec> own = spec.options().stream().filter(o -> !grouped.contains(o)).toList();
        // as picocli's own list: the options outside argument groups, then each argument group's section
        StringBuilder sb = new StringBuilder(help.optionListExcludingGroups(own)).append(help.optionListGroupSections());
        sections.forEach((heading, options) -> sb.append('\n').append(heading).append('\n')
                .append(help.optionListExcludingGroups(options)));
        return sb.toString();
    }
}
