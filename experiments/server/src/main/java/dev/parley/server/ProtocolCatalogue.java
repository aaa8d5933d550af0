package dev.parley.server;

import dev.parley.dgdl.DgdlException;
import dev.parley.dgdl.Protocol;
import dev.parley.dgdl.ProtocolChecker;
import dev.parley.dgdl.ProtocolParser;
import dev.parley.engine.Dialogue;
import dev.parley.engine.DialogueException;
import dev.parley.engine.ExternalConditionResolver;
import dev.parley.server.store.DialogueStore;
import dev.parley.server.store.Seat;
import dev.parley.server.store.StoredProtocol;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Predicate;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The protocols a server offers: bundled, read from a directory, and uploaded. Uploaded ones are kept in the store,
 * so a restart offers them again, and on a store several servers share, each finds the ones another uploaded when it
 * is asked for them. Apart from the dialogues' service because it changes for other reasons (limits, validation,
 * naming) and holds no dialogue.
 */
final class ProtocolCatalogue {

    private static final Logger LOG = LoggerFactory.getLogger(ProtocolCatalogue.class);

    private final ProtocolRegistry protocols;
    private final DialogueStore store;
    private final ExternalConditionResolver resolver;
    private final ProtocolLimits limits;

    /** Offers, besides what {@code protocols} holds, the uploaded protocols kept in {@code store}. */
    ProtocolCatalogue(ProtocolRegistry protocols, DialogueStore store, ExternalConditionResolver resolver,
                      ProtocolLimits limits) {
        this.protocols = protocols;
        this.store = store;
        this.resolver = resolver;
        this.limits = limits;
        loadUploaded(true);
    }

    /** Adds the uploaded protocols kept in the store that are not offered yet. */
    private void loadUploaded(boolean warn) {
        for (StoredProtocol p : store.protocols()) {
            if (!warn && protocols.find(p.name()).isPresent()) {
                continue;
            }
            try {
                if (!protocols.add(p.name(), ProtocolRegistry.Origin.UPLOADED,
                        ProtocolParser.load(p.dgdl(), p.name())) && warn) {
                    LOG.warn("uploaded protocol {} is hidden by a bundled or directory protocol of that name",
                            p.name());
                }
            } catch (DgdlException e) {
                // its dialogues carry their own copy of the protocol; only new dialogues on it are lost
                LOG.error("stored protocol {} no longer loads and is not offered: {}", p.name(), e.getMessage());
            }
        }
    }

    /** Every protocol's name; on a shared store, with those another server uploaded since. */
    List<String> available() {
        if (store.shared()) {
            loadUploaded(false);
        }
        return protocols.names();
    }

    /**
     * The protocol called {@code name}, looked for in the store too when another server may have uploaded it.
     *
     * @throws ServiceException.NotFound naming the protocols there are
     */
    ProtocolRegistry.Entry require(String name) {
        if (protocols.find(name).isEmpty() && store.shared()) {
            loadUploaded(false); // perhaps uploaded through another server
        }
        return protocols.find(name).orElseThrow(() -> new ServiceException.NotFound(
                "no protocol " + name + " (available: " + String.join(", ", protocols.names()) + ")"));
    }

    /**
     * The name this server offers {@code protocol} under: {@code preferred} when that name serves the same DGDL
     * text, else the first name (in {@link #available()} order) that does, else empty. A dialogue domain's protocol
     * is not always served under the domain's name: the bundled library's {@code debate} (Pro and Con) is another
     * protocol than the debate domain's {@code debate-game} (Alice and Bob).
     */
    Optional<String> nameOf(Protocol protocol, String preferred) {
        Predicate<String> same = n -> protocols.find(n)
                .filter(e -> e.protocol().text().equals(protocol.text())).isPresent();
        if (same.test(preferred)) {
            return Optional.of(preferred);
        }
        return protocols.names().stream().filter(same).findFirst();
    }

    /**
     * Validates and adds a protocol under its game id: within the limits (checked on the text first), it must parse,
     * pass the checker and be able to start a dialogue with one participant per seat. Errors carry the line and
     * column.
     */
    DialogueService.Added add(String dgdl, int utf8Bytes) {
        limits.checkCount(protocols.uploaded());
        limits.checkText(dgdl, utf8Bytes);
        Protocol p;
        try {
            p = ProtocolParser.load(dgdl, "protocol.dgdl");
        } catch (DgdlException e) {
            Map<String, Object> details = new LinkedHashMap<>();
            details.put("line", e.line());
            details.put("column", e.column());
            throw new ServiceException.Invalid(e.getMessage(), details);
        }
        limits.checkParsed(p);
        try {
            Dialogue.start(p, DialogueService.participants(seatsOf(p)), resolver);
        } catch (DialogueException e) {
            throw new ServiceException.Invalid("protocol " + p.id() + " cannot start a dialogue: " + e.getMessage());
        }
        if (protocols.find(p.id()).isPresent()) {
            throw new ServiceException.Conflict("a protocol named " + p.id() + " exists already; rename the game");
        }
        if (!store.addProtocol(p.id(), dgdl) || !protocols.add(p.id(), ProtocolRegistry.Origin.UPLOADED, p)) {
            throw new ServiceException.Conflict("a protocol named " + p.id() + " exists already; rename the game");
        }
        LOG.info("protocol {} added", p.id());
        return new DialogueService.Added(p.id(), ProtocolChecker.check(p));
    }

    /**
     * The seats of a protocol, as {@code parley protocol play} fills them: each player once under its own id, and a
     * player whose min is above 1 also as {@code ID#2}, {@code ID#3} ...
     */
    static List<Seat> seatsOf(Protocol p) {
        List<Seat> out = new ArrayList<>();
        for (Protocol.Player pl : p.players()) {
            int n = Math.max(1, pl.min());
            for (int k = 1; k <= n; k++) {
                out.add(new Seat(k == 1 ? pl.id() : pl.id() + "#" + k, pl.id(), null, 0));
            }
        }
        return out;
    }
}
