package dev.parley.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.parley.dialogue.Domain;
import dev.parley.domain.DialogueDomains;
import dev.parley.domain.file.DomainFileException;
import dev.parley.server.ProtocolRegistry;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code parley serve --domains DIR}: the domain files of a directory offered beside the built-in domains. */
class ServeDomainFilesTest {

    private static final Path EXAMPLES = Path.of("../..", "examples", "domains");

    @Test
    void theFilesOfTheDirectoryComeAfterTheBuiltInsAndTheirProtocolsAreOfferedByTheirNames(@TempDir Path dir)
            throws Exception {
        Files.copy(EXAMPLES.resolve("scheduling.yaml"), dir.resolve("scheduling.yaml"));
        Files.copy(EXAMPLES.resolve("salary-negotiation.yaml"), dir.resolve("salary-negotiation.yaml"));
        Files.copy(EXAMPLES.resolve("salary-negotiation.dgdl"), dir.resolve("salary-negotiation.dgdl"));
        Files.writeString(dir.resolve("notes.txt"), "not a domain");
        WebOptions web = new WebOptions();
        web.domainFiles = dir;
        List<Domain> domains = web.domains();
        assertThat(domains.stream().map(Domain::name)).containsSubsequence(DialogueDomains.names())
                .endsWith("salary-negotiation", "scheduling-file").hasSize(DialogueDomains.names().size() + 2);
        ProtocolRegistry registry = ServeCommand.registry(null, domains);
        assertThat(registry.find("salary-negotiation")).isPresent();
        assertThat(registry.find("scheduling-file")).isPresent();
    }

    @Test
    void aBadFileOrAMissingDirectoryStopsTheServerWithOneLine(@TempDir Path dir) throws Exception {
        WebOptions web = new WebOptions();
        web.domainFiles = dir.resolve("absent");
        assertThatThrownBy(web::domains).isInstanceOf(UserInputException.class)
                .hasMessage(dir.resolve("absent") + ": no such directory (--domains)");
        Files.writeString(dir.resolve("bad.yaml"), "name: bad\ncolour: red\n");
        web.domainFiles = dir;
        assertThatThrownBy(web::domains).isInstanceOf(DomainFileException.class)
                .hasMessageStartingWith(dir.resolve("bad.yaml") + ":2:1: unknown key 'colour'");
    }
}
