package dev.parley.dgdl;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A parsed DGDL game, whichever dialect it was written in.
 *
 * @param id           the game's name
 * @param dialect      the dialect it was written in
 * @param source       the file name (for messages)
 * @param text         the DGDL text itself (kept so a saved dialogue can rebuild its protocol exactly)
 * @param roles        declared roles
 * @param minParticipants least number of participants; {@code maxParticipants} empty means undefined
 * @param players      player declarations, in file order
 * @param stores       store declarations, in file order
 * @param turnTaking   strict (only the speaker moves) or liberal
 * @param magnitude    DGDL+ {@code turns{magnitude:..}} (single or multiple), empty in DGEP 2
 * @param backtracking whether the {@code future} list serves when {@code next} is empty
 * @param extUris      external condition endpoints
 * @param rules        rules, in file order
 * @param interactions interactions (move types), in file order
 */
public record Protocol(String id, Dialect dialect, String source, String text, List<String> roles,
                       int minParticipants, Optional<Integer> maxParticipants, List<Player> players,
                       List<Store> stores, TurnTaking turnTaking, Optional<String> magnitude, boolean backtracking,
                       List<ExtUri> extUris, List<Rule> rules, List<Interaction> interactions) {

    public Protocol {
        roles = List.copyOf(roles);
        players = List.copyOf(players);
        stores = List.copyOf(stores);
        extUris = List.copyOf(extUris);
        rules = List.copyOf(rules);
        interactions = List.copyOf(interactions);
    }

    public enum TurnTaking { STRICT, LIBERAL }

    public enum Scope { INITIAL, TURNWISE, MOVEWISE }

    public enum Structure { SET, QUEUE, STACK }

    public enum Visibility { PUBLIC, PRIVATE }

    /** {@code player(id:X, roles:{..}, min:.., max:..)}: min/max count the participants playing it. */
    public record Player(String id, List<String> roles, int min, Optional<Integer> max, SourcePosition position) {
        public Player {
            roles = List.copyOf(roles);
        }
    }

    /** {@code store(id:, owner:, structure:, visibility:[, {initial content}])}. */
    public record Store(String id, List<String> owners, Structure structure, Visibility visibility,
                        List<Term> initialContent, SourcePosition position) {
        public Store {
            owners = List.copyOf(owners);
            initialContent = List.copyOf(initialContent);
        }
    }

    /** {@code extURI(id:, uri:"..")}. */
    public record ExtUri(String id, String uri, SourcePosition position) {
    }

    /** {@code rule(id:, scope:){..}}. */
    public record Rule(String id, Scope scope, List<Statement> body, SourcePosition position) {
        public Rule {
            body = List.copyOf(body);
        }
    }

    /** {@code interaction(id:M, addressee:U, content:{p,q}, opener:".."){..}}. */
    public record Interaction(String id, Optional<String> addressee, List<String> content, Optional<String> opener,
                              List<Statement> body, SourcePosition position) {
        public Interaction {
            content = List.copyOf(content);
            body = List.copyOf(body);
        }
    }

    public Optional<Interaction> interaction(String moveId) {
        return interactions.stream().filter(i -> i.id().equals(moveId)).findFirst();
    }

    public Optional<Store> store(String storeId) {
        return stores.stream().filter(s -> s.id().equals(storeId)).findFirst();
    }

    public Optional<Player> player(String playerId) {
        return players.stream().filter(p -> p.id().equals(playerId)).findFirst();
    }

    public Optional<ExtUri> extUri(String extUriId) {
        return extUris.stream().filter(u -> u.id().equals(extUriId)).findFirst();
    }

    /** Interactions by id, in file order (the first declaration wins when an id repeats; the checker flags that). */
    public Map<String, Interaction> interactionsById() {
        Map<String, Interaction> m = new LinkedHashMap<>();
        for (Interaction i : interactions) {
            m.putIfAbsent(i.id(), i);
        }
        return m;
    }
}
