package dev.parley.domain.file;

import dev.parley.dialogue.ContentModel;
import dev.parley.dialogue.Domain;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Dialogue domains written as files (YAML or JSON): read, checked and compiled into a {@link Domain} that plugs in
 * wherever a built-in domain does. The same file read twice with the same content is the same domain.
 */
public final class FileDomains {

    private static final Map<String, FileDomain> LOADED = new ConcurrentHashMap<>();

    private FileDomains() {
    }

    /**
     * Whether a {@code --domain} value names a file rather than a built-in domain: it ends in .yaml, .yml or .json,
     * or it names a path (holds a '/').
     */
    public static boolean looksLikeFile(String value) {
        String v = value.strip().toLowerCase(Locale.ROOT);
        return v.endsWith(".yaml") || v.endsWith(".yml") || v.endsWith(".json") || v.contains("/")
                || v.contains(java.io.File.separator);
    }

    /**
     * The domain of a file.
     *
     * @throws DomainFileException at the file's line and column, for anything the file gets wrong
     */
    public static FileDomain load(Path file) {
        if (!Files.isRegularFile(file)) {
            throw new DomainFileException(file.toString(), -1, -1, Files.exists(file) ? "not a file"
                    : "no such file");
        }
        String key = file.toAbsolutePath().normalize() + "#" + FileDomainReader.sha256(file);
        FileDomain d = LOADED.get(key);
        if (d == null) {
            d = build(FileDomainReader.read(file));
            LOADED.put(key, d);
        }
        return d;
    }

    /** A commented starter file for a new game of that name: it passes the checks and runs offline. */
    public static String starter(String name) {
        try (java.io.InputStream in = FileDomains.class.getResourceAsStream("starter.yaml")) {
            if (in == null) {
                throw new IllegalStateException("the starter domain file is missing from the class path");
            }
            return new String(in.readAllBytes(), java.nio.charset.StandardCharsets.UTF_8).replace("@NAME@", name);
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    /** The file a domain was loaded from by {@link #load}, if it was loaded from one. */
    public static java.util.Optional<FileDomain> of(Domain domain) {
        for (FileDomain f : LOADED.values()) {
            if (f.domain() == domain) {
                return java.util.Optional.of(f);
            }
        }
        return java.util.Optional.empty();
    }

    /**
     * The domain of a file read anew, sharing nothing with an earlier read (its planner's memo starts empty): what a
     * benchmark of a cold tree build needs.
     */
    public static FileDomain read(Path file) {
        return build(FileDomainReader.read(file));
    }

    static FileDomain build(FileGame game) {
        ExprLanguage language = new ExprLanguage(plurals(game));
        Domain domain = new Domain(game.name(), game.protocol(), game.roles(),
                game.instructions().stream().map(FileGame.InstructionSpec::instruction).toList(), game.lexicon(),
                new FileScenarios(game), game.range(),
                new ContentModel(new FilePlanner(game), new FileRules(game), new FileWords(game, language)),
                new FileScorer(game), new Domain.DomainPrompts(game.prompts().background(), game.prompts().reward(),
                game.prompts().extraction()));
        return new FileDomain(domain, game.file(), game.sha256(), game.maxMessages(), game.source(), game.licence());
    }

    private static Map<String, String> plurals(FileGame game) {
        return game.plurals();
    }
}
