package dev.parley.engine;

import static org.assertj.core.api.Assertions.assertThat;

import dev.parley.dgdl.ProtocolParser;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** inspect(in|on|top, .., initial|past|current) and event(last|past, ..) over stacks, queues and sets. */
class StoreConditionsTest {

    private static final String GAME = """
            game(id:S){
              player(id:A) player(id:B)
              store(id:St, owner:A, structure:stack, visibility:public, {"base"})
              store(id:Qu, owner:A, structure:queue, visibility:public)
              store(id:Flags, owner:B, structure:set, visibility:public)
              rule(id:R, scope:initial){ move(add, next, Push, A); }
              interaction(id:Push, content:{p}){
                store(add, {p}, St); store(add, {p}, Qu);
                if(inspect(top, {p}, St)){ store(add, {"top-ok"}, Flags); }
                if(inspect(top, {"first"}, Qu)){ store(add, {"queue-front-first"}, Flags); }
                if(inspect(on, {p, "first"}, St)){ store(add, {"on-two"}, Flags); }
                if(inspect(in, {"base"}, St, A, initial)){ store(add, {"initial-base"}, Flags); }
                if(!inspect(in, {p}, St, A, initial)){ store(add, {"not-initial"}, Flags); }
                if(inspect(in, {"gone"}, St, A, past)){ store(add, {"gone-in-past"}, Flags); }
                if(inspect(in, {p}, St, B)){ store(add, {"B-owns"}, Flags); }
                if(event(last, Push, {"first"}, A)){ store(add, {"last-was-first"}, Flags); }
                if(event(past, Pop, {"gone"})){ store(add, {"popped-gone"}, Flags); }
                move(add, next, Push, A); move(add, next, Pop, A);
              }
              interaction(id:Pop, content:{p}){
                store(remove, {p}, St);
                move(add, next, Push, A); move(add, next, Pop, A);
              }
            }
            """;

    private static List<String> flags(Dialogue d) {
        return d.stores().get(2).contents();
    }

    @Test
    void positionsAndTimesOfInspectAndEvent() {
        Dialogue d = Dialogue.start(ProtocolParser.load(GAME, "s.dgdl"),
                List.of(new Participant("A", "A"), new Participant("B", "B")));
        d.perform("A", "Push", Map.of("p", "first"), null);
        assertThat(flags(d)).containsExactly("top-ok", "queue-front-first", "initial-base", "not-initial");
        d.perform("A", "Push", Map.of("p", "gone"), null);
        d.perform("A", "Pop", Map.of("p", "gone"), null);
        assertThat(d.stores().get(0).contents()).containsExactly("base", "first");
        d.perform("A", "Push", Map.of("p", "second"), null);
        assertThat(d.stores().get(0).contents()).containsExactly("base", "first", "second");
        assertThat(d.stores().get(1).contents()).containsExactly("first", "gone", "second");
        // move 2 (push gone): the stack's top two are {gone, first}, gone is now in St's past, the last move pushed
        // first; move 4: Pop of gone happened. B owns nothing, so "B-owns" never appears.
        assertThat(flags(d)).containsExactly("top-ok", "queue-front-first", "initial-base", "not-initial",
                "on-two", "gone-in-past", "last-was-first", "popped-gone");
    }

    /**
     * A move that adds to a set, empties it and then fails is rolled back whole: the set's membership (which decides
     * whether a set takes a value again) must forget the value the failed move added.
     */
    @Test
    void aRolledBackEmptyRestoresTheSetsMembership() {
        String game = """
                game(id:R){
                  player(id:A)
                  store(id:Set, owner:A, structure:set, visibility:public)
                  rule(id:Start, scope:initial){ move(add, next, Bad, A); move(add, next, Good, A); }
                  interaction(id:Bad){ store(add, {"x"}, Set); store(empty, {}, Set); store(add, {$Unsaved$}, Set); }
                  interaction(id:Good){ store(add, {"x"}, Set); }
                }
                """;
        Dialogue d = Dialogue.start(ProtocolParser.load(game, "r.dgdl"), List.of(new Participant("A", "A")));
        assertThat(d.perform("A", "Bad", Map.of(), null).accepted()).isFalse();
        assertThat(d.stores().get(0).contents()).isEmpty();
        assertThat(d.perform("A", "Good", Map.of(), null).accepted()).isTrue();
        assertThat(d.stores().get(0).contents()).containsExactly("x");
    }
}
