package dev.parley.cli;

import dev.parley.domain.DialogueDomains;
import java.util.Iterator;

/**
 * The built-in dialogue domains' names, from the registry, as picocli's completion candidates: a {@code --domain}
 * option's help says {@code ${COMPLETION-CANDIDATES}} and lists every registered domain, never a stale copy.
 */
final class DomainNames implements Iterable<String> {

    @Override
    public Iterator<String> iterator() {
        return DialogueDomains.names().iterator();
    }
}
