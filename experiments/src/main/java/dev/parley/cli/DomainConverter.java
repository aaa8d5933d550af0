package dev.parley.cli;

import dev.parley.dialogue.Domain;
import dev.parley.domain.DialogueDomains;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.TypeConversionException;

/** A {@code --domain} value read from the registry, so an unknown name is refused while the options are parsed. */
final class DomainConverter implements ITypeConverter<Domain> {

    @Override
    public Domain convert(String value) {
        String name = value.strip(); // "a, b" as well as "a,b" in a list
        return DialogueDomains.find(name).orElseThrow(() -> new TypeConversionException("unknown domain '" + name
                + "'; expected one of " + String.join(", ", DialogueDomains.names())));
    }
}
