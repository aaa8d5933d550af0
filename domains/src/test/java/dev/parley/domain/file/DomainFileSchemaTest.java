package dev.parley.domain.file;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.networknt.schema.Error;
import com.networknt.schema.Schema;
import com.networknt.schema.SchemaRegistry;
import com.networknt.schema.SpecificationVersion;
import java.io.InputStream;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/** The JSON Schema of the domain-file format describes every example file, and refuses what the reader refuses. */
class DomainFileSchemaTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    private static Schema schema() throws Exception {
        try (InputStream in = FileDomains.class.getResourceAsStream("domain-file.schema.json")) {
            return SchemaRegistry.withDefaultDialect(SpecificationVersion.DRAFT_2020_12).getSchema(in);
        }
    }

    private static JsonNode document(Path file) {
        return JSON.valueToTree(Yaml.read(file).plain());
    }

    @TestFactory
    List<DynamicTest> everyExampleFileIsValidAgainstTheSchemaAndLoads() throws Exception {
        Schema schema = schema();
        List<Path> files = ExampleDomains.all();
        assertThat(files).hasSizeGreaterThanOrEqualTo(2);
        return files.stream().map(f -> DynamicTest.dynamicTest(ExampleDomains.DIR.relativize(f).toString(), () -> {
            List<Error> errors = schema.validate(document(f));
            assertThat(errors).as(f.toString()).isEmpty();
            assertThat(FileDomains.load(f).domain().name()).isNotBlank();
        })).toList();
    }

    @Test
    void theSameGameWrittenAsJsonLoadsAsTheSameDomain(@org.junit.jupiter.api.io.TempDir Path dir) throws Exception {
        Path yaml = ExampleDomains.file("scheduling.yaml");
        Path json = dir.resolve("scheduling.json");
        JSON.writerWithDefaultPrettyPrinter().writeValue(json.toFile(), document(yaml));
        var fromYaml = FileDomains.load(yaml).domain();
        var fromJson = FileDomains.load(json).domain();
        assertThat(fromJson.name()).isEqualTo(fromYaml.name());
        assertThat(fromJson.scenarios(5, 3)).isEqualTo(fromYaml.scenarios(5, 3));
        assertThat(fromJson.instructions()).isEqualTo(fromYaml.instructions());
    }

    @Test
    void theStarterIsValidToo() throws Exception {
        JsonNode starter = JSON.valueToTree(Yaml.parse(FileDomains.starter("bike"), "starter.yaml").plain());
        assertThat(schema().validate(starter)).isEmpty();
    }

    @Test
    void theSchemaRefusesAnUnknownKeyAndAMissingPayoff() throws Exception {
        ObjectNode doc = (ObjectNode) document(ExampleDomains.file("fruit-trading.yaml"));
        doc.put("colour", "red");
        assertThat(schema().validate(doc)).extracting(Error::getKeyword).contains("additionalProperties");
        ObjectNode noPayoffs = (ObjectNode) document(ExampleDomains.file("fruit-trading.yaml"));
        noPayoffs.remove("payoffs");
        assertThat(schema().validate(noPayoffs)).extracting(Error::getKeyword).contains("required");
    }
}
