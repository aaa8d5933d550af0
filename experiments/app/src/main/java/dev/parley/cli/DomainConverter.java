package dev.parley.cli;

import dev.parley.dialogue.Domain;
import dev.parley.domain.DialogueDomains;
import dev.parley.domain.file.DomainFileException;
import dev.parley.domain.file.FileDomains;
import java.nio.file.Path;
import dev.parley.registry.UnknownNameException;
import java.util.List;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.TypeConversionException;

/**
 * A {@code --domain} value read from the registry, so an unknown name is refused while the options are parsed, in
 * the same words by every command; a value that names a file ({@code .yaml}, {@code .yml}, {@code .json}, or a
 * path) is a domain file, read by {@link FileDomains}.
 */
final class DomainConverter implements ITypeConverter<Domain> {

    @Override
    public Domain convert(String value) {
        return domain(value, "");
    }

    private static Domain domain(String value, String orElse) {
        String name = value.strip(); // "a, b" as well as "a,b" in a list
        if (FileDomains.looksLikeFile(name)) {
            try {
                return FileDomains.load(Path.of(name)).domain();
            } catch (DomainFileException e) {
                throw new TypeConversionException(e.getMessage());
            }
        }
        // the registry's own words, as every lookup of a domain by name says them
        return DialogueDomains.find(name).orElseThrow(() -> new TypeConversionException(
                UnknownNameException.message("dialogue domain", name, DialogueDomains.names()) + orElse));
    }

    /** The domains a value names where {@code all} is allowed too: every one, or the one it names. */
    record Choice(List<Domain> domains) {

        Choice {
            domains = List.copyOf(domains);
        }
    }

    /** A {@code --domain} of the commands that also take {@code all} (experiment, sweep). */
    static final class OrAll implements ITypeConverter<Choice> {

        @Override
        public Choice convert(String value) {
            return new Choice(value.strip().equals("all") ? DialogueDomains.all() : List.of(domain(value, ", or all")));
        }
    }
}
