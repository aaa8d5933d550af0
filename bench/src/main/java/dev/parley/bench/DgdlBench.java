package dev.parley.bench;

import dev.parley.dgdl.Protocol;
import dev.parley.dgdl.ProtocolParser;
import dev.parley.domain.protocols.ProtocolLibrary;
import dev.parley.engine.Dialogue;
import dev.parley.engine.DialogueJson;
import dev.parley.engine.ExternalConditionResolver;
import dev.parley.engine.LegalMove;
import dev.parley.engine.MoveOutcome;
import dev.parley.engine.Participant;
import java.util.List;
import java.util.Map;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.infra.Blackhole;

/**
 * DGDL and the dialogue engine: parsing (and checking) a bundled protocol; and, on a deliberation dialogue already
 * {@code length} moves long (critical question / answer rounds, whose movewise rule asks the history
 * {@code event(past, AnswerCQ, ..)} up to six times per move), the legal moves of both agents plus one move:
 * <ul>
 *   <li>{@code legalMovesAndOneMove}: the move is made through {@link Dialogue#whatIf} (applied, both agents' legal
 *       moves computed in the new state, then rolled back), so every invocation sees a dialogue of exactly
 *       {@code length} moves; the figure includes the roll-back;</li>
 *   <li>{@code legalMovesAndOneMoveCommitted}: both agents' legal moves, then the move is committed, so the
 *       dialogue grows by one move per invocation during an iteration (each iteration restarts from
 *       {@code length} moves).</li>
 * </ul>
 */
public class DgdlBench extends MicroBenchmark {

    @State(Scope.Benchmark)
    public static class Source {
        @Param({"ppd", "deliberation"})
        String protocol;
        String text;

        @Setup(Level.Trial)
        public void setUp() {
            text = ProtocolLibrary.text(protocol).orElseThrow();
        }
    }

    @State(Scope.Thread)
    public static class LongDialogue {
        @Param({"1000", "10000"})
        int length;

        String saved;
        String speaker;
        String move;
        Map<String, String> reply;
        Dialogue dialogue;

        @Setup(Level.Trial)
        public void build() {
            Protocol p = ProtocolLibrary.load("deliberation");
            Dialogue d = Dialogue.start(p, List.of(new Participant("Agent1", "Agent1"),
                    new Participant("Agent2", "Agent2")), ExternalConditionResolver.offlineDefault());
            perform(d, "Agent1", "EnterDialogue", Map.of());
            perform(d, "Agent2", "EnterDialogue", Map.of());
            perform(d, "Agent1", "ProposePlan", Map.of("plan", "build a bike lane"));
            while (d.history().size() < length) {
                step(d, d.history().size(), true);
            }
            saved = DialogueJson.save(d);
            step(d, d.history().size(), false);
        }

        /** The next critical question (Agent2) or answer (Agent1) of round {@code i}. */
        private void step(Dialogue d, int i, boolean doIt) {
            boolean ask = d.history().get(d.history().size() - 1).moveId().equals("AnswerCQ")
                    || d.history().get(d.history().size() - 1).moveId().equals("ProposePlan");
            speaker = ask ? "Agent2" : "Agent1";
            move = ask ? "AskCQ" : "AnswerCQ";
            reply = ask ? Map.of("layer", "layer1", "question", "q" + i, "element", "action" + i,
                    "attack", "possibility") : Map.of("answer", "answer " + i);
            if (doIt) {
                perform(d, speaker, move, reply);
            }
        }

        private static void perform(Dialogue d, String speaker, String move, Map<String, String> reply) {
            MoveOutcome o = d.perform(speaker, move, reply, null);
            if (!o.accepted()) {
                throw new IllegalStateException(speaker + " " + move + ": " + o.reason());
            }
        }

        @Setup(Level.Trial)
        public void restore() {
            dialogue = DialogueJson.restore(saved, ExternalConditionResolver.offlineDefault());
        }
    }

    /** The same dialogue, restarted from {@code length} moves at every iteration; the committed moves pile up. */
    @State(Scope.Thread)
    public static class GrowingDialogue {
        @Param({"1000"})
        int length;
        LongDialogue base;
        Dialogue dialogue;
        long round;

        @Setup(Level.Trial)
        public void build() {
            base = new LongDialogue();
            base.length = length;
            base.build();
        }

        @Setup(Level.Iteration)
        public void restore() {
            dialogue = DialogueJson.restore(base.saved, ExternalConditionResolver.offlineDefault());
        }
    }

    @Benchmark
    public Protocol parseProtocol(Source s) {
        return ProtocolParser.load(s.text, s.protocol + ".dgdl");
    }

    @Benchmark
    public MoveOutcome legalMovesAndOneMove(LongDialogue s, Blackhole bh) {
        // the legal moves are computed in the state after the move (a state the cache has never seen)
        MoveOutcome o = s.dialogue.whatIf(s.speaker, s.move, s.reply, null, (outcome, d) -> {
            bh.consume(d.legalMoves("Agent1"));
            bh.consume(d.legalMoves("Agent2"));
            return outcome;
        });
        if (!o.accepted()) {
            throw new IllegalStateException(o.reason());
        }
        return o;
    }

    @Benchmark
    public MoveOutcome legalMovesAndOneMoveCommitted(GrowingDialogue s, Blackhole bh) {
        Dialogue d = s.dialogue;
        bh.consume(d.legalMoves("Agent1"));
        List<LegalMove> b = d.legalMoves("Agent2");
        bh.consume(b);
        boolean ask = !b.isEmpty() && b.stream().anyMatch(m -> m.moveId().equals("AskCQ"));
        long i = s.round++;
        MoveOutcome o = ask
                ? d.perform("Agent2", "AskCQ", Map.of("layer", "layer1", "question", "g" + i, "element", "e" + i,
                        "attack", "possibility"), null)
                : d.perform("Agent1", "AnswerCQ", Map.of("answer", "a" + i), null);
        if (!o.accepted()) {
            throw new IllegalStateException(o.reason());
        }
        return o;
    }
}
