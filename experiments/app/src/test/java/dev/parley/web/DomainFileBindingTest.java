package dev.parley.web;

import static org.assertj.core.api.Assertions.assertThat;

import dev.parley.dialogue.Domain;
import dev.parley.domain.file.FileDomain;
import dev.parley.domain.file.FileDomains;
import dev.parley.domain.fruit.FruitTrading;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A dialogue of a domain file names the file's content hash in the store, so a server restarted with the file
 * changed notices it (and serves the old dialogue as a plain protocol dialogue) rather than re-reading it silently.
 */
class DomainFileBindingTest {

    @Test
    void aBuiltInIsBoundByNameAndAFileByNameAndHash(@TempDir Path dir) throws Exception {
        assertThat(DomainPlay.bindingName(FruitTrading.domain())).isEqualTo("fruit-trading");
        Path file = dir.resolve("scheduling.yaml");
        Files.copy(Path.of("../..", "examples", "domains", "scheduling.yaml"), file);
        FileDomain before = FileDomains.load(file);
        String bound = DomainPlay.bindingName(before.domain());
        assertThat(bound).isEqualTo("scheduling-file@sha256:" + before.sha256());
        assertThat(DomainPlay.domainName(bound)).isEqualTo("scheduling-file");
        assertThat(DomainPlay.domainName("fruit-trading")).isEqualTo("fruit-trading");

        Files.writeString(file, Files.readString(file).replace("max_messages: 6", "max_messages: 5"));
        Domain after = FileDomains.load(file).domain();
        assertThat(after.name()).isEqualTo("scheduling-file");
        assertThat(DomainPlay.bindingName(after)).isNotEqualTo(bound).startsWith("scheduling-file@sha256:");
    }
}
