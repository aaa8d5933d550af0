package dev.parley.server;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;

/**
 * The API's OpenAPI 3.1 description, kept by hand as a resource of the jar ({@code api/openapi.json}) and served at
 * {@code /openapi.json}. By hand because Javalin's OpenAPI plugin is not published for Javalin 7; a test checks it
 * against the router's table, so a route the description lacks, or describes and the server lacks, fails the build.
 */
final class ApiDescription {

    static final String RESOURCE = "/api/openapi.json";
    private static final JsonNode DOCUMENT = load();

    private ApiDescription() {
    }

    static JsonNode json() {
        return DOCUMENT;
    }

    private static JsonNode load() {
        try (InputStream in = ApiDescription.class.getResourceAsStream(RESOURCE)) {
            if (in == null) {
                throw new IllegalStateException("the jar lacks " + RESOURCE);
            }
            return DgepJson.MAPPER.readTree(in);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + RESOURCE, e);
        }
    }
}
