package dev.parley.domain.support;

import static org.assertj.core.api.Assertions.assertThat;

import dev.parley.dialogue.Contents;
import dev.parley.dialogue.Domain;
import dev.parley.dialogue.Instruction;
import dev.parley.dialogue.Message;
import dev.parley.dialogue.MoveContext;
import dev.parley.dialogue.Scenario;
import dev.parley.engine.Dialogue;
import dev.parley.engine.LegalMove;
import dev.parley.engine.MoveOutcome;
import dev.parley.engine.Participant;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.function.Function;

/**
 * Plays a domain's protocol on the real engine: participant {@code p0} plays the domain's first protocol player,
 * {@code p1} the second. Content is planned by the domain's planner and performed as typed content, as the dialogue
 * game does; the words come from the domain's realiser.
 */
public final class EnginePlayout {

    private EnginePlayout() {
    }

    public static Dialogue start(Domain domain) {
        List<String> players = domain.protocolPlayers();
        List<Participant> participants = new ArrayList<>();
        for (int p = 0; p < players.size(); p++) {
            participants.add(new Participant("p" + p, players.get(p)));
        }
        return Dialogue.start(domain.protocol(), participants);
    }

    /** The distinct legal move ids of a player, in list order. */
    public static List<String> legal(Dialogue d, int player) {
        LinkedHashSet<String> ids = new LinkedHashSet<>();
        for (LegalMove m : d.legalMoves("p" + player)) {
            ids.add(m.moveId());
        }
        return List.copyOf(ids);
    }

    /** Performs a move with {@code words} in every content variable; fails the test if the engine rejects it. */
    public static void perform(Dialogue d, int player, String moveId, String words) {
        LegalMove legal = d.legalMoves("p" + player).stream().filter(m -> m.moveId().equals(moveId)).findFirst()
                .orElseThrow(() -> new AssertionError(moveId + " is not legal for p" + player + "; legal: "
                        + legal(d, player)));
        Map<String, String> reply = new java.util.LinkedHashMap<>();
        for (String v : legal.reply().keySet()) {
            reply.put(v, words);
        }
        MoveOutcome outcome = d.perform("p" + player, moveId, reply, legal.target());
        assertThat(outcome.accepted()).as("%s by p%d: %s", moveId, player, outcome.reason()).isTrue();
    }

    /** Performs a move with its typed content, as the dialogue game does; fails the test if the engine rejects it. */
    public static void performContent(Dialogue d, int player, String moveId, Map<String, Object> content) {
        LegalMove legal = d.legalMoves("p" + player).stream().filter(m -> m.moveId().equals(moveId)).findFirst()
                .orElseThrow(() -> new AssertionError(moveId + " is not legal for p" + player));
        MoveOutcome outcome = d.perform("p" + player, moveId, Contents.reply(content), legal.target());
        assertThat(outcome.accepted()).as("%s by p%d: %s", moveId, player, outcome.reason()).isTrue();
    }

    /** The player whose turn it is (has a legal move), or -1 when nobody has. */
    public static int speaker(Dialogue d, int players) {
        for (int p = 0; p < players; p++) {
            if (!d.legalMoves("p" + p).isEmpty()) {
                return p;
            }
        }
        return -1;
    }

    /**
     * A random dialogue of at most {@code maxMoves} moves: at each turn a random legal move with a random
     * instruction from {@code instructions}, its content planned by the domain.
     */
    public static List<Message> random(Domain domain, Scenario scenario, List<Instruction> instructions,
                                       SplittableRandom random, int maxMoves) {
        return play(domain, scenario, maxMoves, (state) -> {
            List<String> legal = state.legal();
            return new Choice(legal.get(random.nextInt(legal.size())),
                    instructions.get(random.nextInt(instructions.size())));
        });
    }

    /** What a policy sees: the transcript so far, the speaker and its legal moves. */
    public record Turn(List<Message> transcript, int speaker, List<String> legal) { }

    /** A move and its instruction. */
    public record Choice(String moveId, Instruction instruction) { }

    /** Plays a dialogue on the engine, a policy choosing each move and instruction. */
    public static List<Message> play(Domain domain, Scenario scenario, int maxMoves, Function<Turn, Choice> policy) {
        Dialogue d = start(domain);
        List<Message> transcript = new ArrayList<>();
        int n = domain.protocolPlayers().size();
        while (transcript.size() < maxMoves) {
            int speaker = speaker(d, n);
            if (speaker < 0) {
                break;
            }
            Choice c = policy.apply(new Turn(List.copyOf(transcript), speaker, legal(d, speaker)));
            Map<String, Object> content = domain.planner().plan(new MoveContext(scenario, speaker, transcript),
                    c.moveId(), c.instruction());
            String words = domain.content().realiser().realise(c.moveId(), content, c.instruction(), 0);
            performContent(d, speaker, c.moveId(), content);
            transcript.add(new Message(speaker, c.moveId(), content, words));
        }
        return transcript;
    }
}
