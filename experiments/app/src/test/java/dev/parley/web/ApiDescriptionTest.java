package dev.parley.web;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/**
 * The OpenAPI description served at {@code /openapi.json} against the router's own table (the API's routes and the
 * web pages'): a route the description lacks, a path it describes that the server lacks, or a method that differs
 * fails here.
 */
class ApiDescriptionTest extends PlainWebTest {

    private static final Set<String> METHODS = Set.of("get", "put", "post", "delete", "patch", "options", "head",
            "trace");

    @Test
    void theDescriptionListsExactlyTheRoutesTheServerHas() {
        WebFixture.Reply r = web.get("/openapi.json");
        assertThat(r.status()).isEqualTo(200);
        JsonNode doc = r.json();
        assertThat(doc.path("openapi").asText()).isEqualTo("3.1.0");
        Map<String, Set<String>> described = new TreeMap<>();
        doc.path("paths").fields().forEachRemaining(e -> {
            Set<String> ms = new TreeSet<>();
            e.getValue().fieldNames().forEachRemaining(m -> {
                if (METHODS.contains(m)) {
                    ms.add(m.toUpperCase(Locale.ROOT));
                }
            });
            described.put(e.getKey(), ms);
        });
        Map<String, Set<String>> served = new TreeMap<>();
        web.server.routes().forEach((path, ms) -> served.put(path, new TreeSet<>(ms)));
        assertThat(served).as("routes the server has").isNotEmpty();
        assertThat(described).as("the description's paths and methods, against the router's")
                .isEqualTo(served);
    }

    @Test
    void everyErrorResponseRefersToTheOneErrorShape() {
        JsonNode doc = web.get("/openapi.json").json();
        doc.path("paths").fields().forEachRemaining(p -> p.getValue().fields().forEachRemaining(op -> {
            if (!METHODS.contains(op.getKey())) {
                return;
            }
            op.getValue().path("responses").fields().forEachRemaining(resp -> {
                if (Integer.parseInt(resp.getKey()) >= 400 && !(p.getKey().equals("/health")
                        && resp.getKey().equals("503"))) {
                    String text = resp.getValue().toString();
                    assertThat(text).as(op.getKey() + " " + p.getKey() + " " + resp.getKey())
                            .containsAnyOf("#/components/schemas/Error", "#/components/responses/");
                }
            });
        }));
    }
}
