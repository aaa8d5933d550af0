package dev.parley.domain.file;

import dev.parley.dialogue.Domain;
import java.nio.file.Path;

/**
 * A dialogue domain read from a file, with what the file says beside the {@link Domain} itself.
 *
 * @param domain      the domain, usable wherever a built-in domain is
 * @param file        the file it was read from
 * @param sha256      the file's content hash, so a saved dialogue can refuse a changed file
 * @param maxMessages the file's limit on the dialogue's length (termination.max_messages)
 * @param source      where the game's facts come from
 * @param licence     the licence of what it transcribes
 */
public record FileDomain(Domain domain, Path file, String sha256, int maxMessages, String source, String licence) {
}
