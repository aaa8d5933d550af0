package dev.parley.cli;

import dev.parley.dialogue.Domain;
import picocli.CommandLine.Option;

/** The one dialogue domain a command works on, read from the registry while the options are parsed. */
final class DomainOption {

    @Option(names = "--domain", required = true, paramLabel = "DOMAIN", completionCandidates = DomainNames.class,
            converter = DomainConverter.class, description = "${COMPLETION-CANDIDATES}.")
    Domain domain;
}
