package dev.parley.experiment;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.parley.dialogue.DialogueGame;
import dev.parley.dialogue.Domain;
import dev.parley.dialogue.LlmMoveGenerator;
import dev.parley.dialogue.Message;
import dev.parley.dialogue.MoveGenerator;
import dev.parley.dialogue.MoveRequest;
import dev.parley.dialogue.MoveVerifier;
import dev.parley.dialogue.RewardModel;
import dev.parley.dialogue.Utterance;
import dev.parley.dialogue.testkit.ForwardingMoveGenerator;
import dev.parley.domain.debate.Debate;
import dev.parley.game.State;
import dev.parley.llm.CachedChat;
import dev.parley.llm.CallAccounting;
import dev.parley.llm.LlmRewardModel;
import dev.parley.llm.Payoffs;
import dev.parley.llm.RewardSpec;
import dev.parley.llm.cache.CacheMode;
import dev.parley.llm.cache.sql.SqlCallCache;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A whole debate with a real model in the loop (SmolLM2 135M in-process): the model decides and words every move,
 * the verifier accepts it before it is performed (or the move is abandoned and the dialogue ends there, counted),
 * the model judges the finished dialogue, one seed gives one dialogue, and the call cache replays all of it without
 * the model. What the model says is not asserted, only that the path carried it faithfully.
 */
@Tag("model")
class LocalModelGameTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path dir;

    /** What the generator was asked and what it answered, to check the plumbing after the game. */
    private record Asked(MoveRequest request, Utterance answer) { }

    private static MoveGenerator recording(MoveGenerator inner, List<Asked> log) {
        return new ForwardingMoveGenerator(inner) {
            @Override
            public Utterance generate(MoveRequest request, long seed) {
                Utterance u = inner.generate(request, seed);
                log.add(new Asked(request, u));
                return u;
            }
        };
    }

    private static final Domain DEBATE = Debate.domain();

    /** @param abandonedMet how many abandoned moves the walk met (tried instructions included) */
    private record Played(List<Message> transcript, double[] returns, boolean abandoned, int abandonedMet,
                          DialogueGame game) { }

    /**
     * One debate of at most two messages: scenario 0, each speaker's first action that the model could say (a move
     * whose every answer is refused is abandoned; then the next instruction is tried, and the first action is
     * kept if none could be said), the model as the judge.
     */
    private static Played play(CachedChat chat, List<Asked> log) {
        Domain d = DEBATE;
        MoveGenerator g = recording(new LlmMoveGenerator(chat, d.content(), d.prompts().background(),
                LlmMoveGenerator.DEFAULT_MAX_ATTEMPTS), log);
        RewardModel judge = RewardModel.judge(LlmRewardModel.joint(chat, new RewardSpec(d.prompts().background(),
                d.prompts().rewardQuery(), d.minPayoff(), d.maxPayoff()), 0, false));
        DialogueGame game = new DialogueGame(d, d.scenarios(2, 3), g, judge, DialogueGame.Settings.of(2, 1));
        State s = game.initialState().child(0);
        int abandonedMet = 0;
        while (!s.isTerminal()) {
            State next = null;
            for (int action : s.legalActions()) {
                State c = s.child(action);
                if (game.abandoned(c).isEmpty()) {
                    next = c;
                    break;
                }
                abandonedMet++;
            }
            s = next != null ? next : s.child(s.legalActions()[0]);
        }
        return new Played(game.transcript(s), s.returns(), game.abandoned(s).isPresent(), abandonedMet, game);
    }

    @Test
    void theModelSpeaksVerifiedWordsIsJudgedAndTheCacheReplaysTheDialogueWithoutIt() throws Exception {
        Path file = dir.resolve("calls.sqlite");
        List<Asked> asked = new CopyOnWriteArrayList<>();
        CallAccounting first = new CallAccounting();
        Played a;
        try (SqlCallCache cache = SqlCallCache.openFile(file)) {
            a = play(LocalModels.chat(cache, CacheMode.READ_WRITE, first), asked);
        }
        assertThat(a.transcript()).isNotEmpty();
        assertThat(first.snapshot().modelCalls()).isPositive();
        // a move refused three times is counted once, and its dialogue still ends and is scored
        assertThat(a.game().account().verification().abandoned()).isEqualTo(a.abandonedMet());

        // every message is what the model answered (its "text" member), verified before it was performed
        MoveVerifier verifier = new MoveVerifier(DEBATE.content());
        assertThat(asked).hasSize(a.transcript().size());
        for (int i = 0; i < asked.size(); i++) {
            Asked q = asked.get(i);
            Message m = a.transcript().get(i);
            List<String> raw = q.answer().rawAnswers();
            assertThat(raw).hasSize(q.answer().attempts());
            String said = JSON.readTree(raw.get(raw.size() - 1)).path("text").asText().strip();
            assertThat(m.text()).isEqualTo(said).isNotBlank();
            assertThat(m.moveId()).isEqualTo(q.request().moveId());
            assertThat(verifier.check(q.request(), m.content(), m.text())).as(m.toString()).isEmpty();
        }

        // the judge's answer was read: a payoff per trader inside the domain's range, no unreadable answer
        Payoffs judged = RewardModel.judge(LlmRewardModel.joint(LocalModels.chat(null, CacheMode.OFF,
                new CallAccounting()), new RewardSpec(DEBATE.prompts().background(), DEBATE.prompts().rewardQuery(),
                DEBATE.minPayoff(), DEBATE.maxPayoff()), 0, false)).score(DEBATE.scenarios(2, 3).get(0),
                a.transcript());
        // the judgement was read when its answer is JSON; a small model may loop until the token limit instead
        // (seen: an assessment repeating "0.5 for a draw"), and then both payoffs count as failures, scored 0
        assertThat(judged.rawAnswers()).isNotEmpty();
        String verdict = judged.rawAnswers().get(judged.rawAnswers().size() - 1);
        boolean readable;
        try {
            readable = JSON.readTree(verdict).isObject();
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            readable = false;
        }
        assertThat(judged.failures()).as(verdict).isEqualTo(readable ? 0 : 2);
        if (!readable) {
            assertThat(judged.values()).containsOnly(Math.max(DEBATE.minPayoff(), 0.0));
        }
        assertThat(judged.values()).hasSize(2).allSatisfy(v -> assertThat(v).isBetween(DEBATE.minPayoff(),
                DEBATE.maxPayoff()));
        assertThat(a.returns()).containsExactly(judged.values().stream().mapToDouble(Double::doubleValue).toArray());

        // the cache replays the whole run, moves and judgement, with no model (it is not even loaded)
        CallAccounting replay = new CallAccounting();
        Played b;
        try (SqlCallCache cache = SqlCallCache.openFile(file)) {
            b = play(LocalModels.chat(cache, CacheMode.REPLAY, replay), new ArrayList<>());
        }
        assertThat(b.transcript()).isEqualTo(a.transcript());
        assertThat(b.returns()).containsExactly(a.returns());
        assertThat(replay.snapshot().modelCalls()).isZero();
        assertThat(replay.snapshot().calls()).isEqualTo(first.snapshot().calls());
        assertThat(replay.snapshot().cacheHits()).isEqualTo(replay.snapshot().calls());
    }

    @Test
    void oneSeedGivesOneDialogueTwiceInOneRunWithoutTheCache() {
        Played a = play(LocalModels.chat(null, CacheMode.OFF, new CallAccounting()), new ArrayList<>());
        Played b = play(LocalModels.chat(null, CacheMode.OFF, new CallAccounting()), new ArrayList<>());
        assertThat(a.transcript()).isNotEmpty();
        assertThat(b.transcript()).isEqualTo(a.transcript());
        assertThat(b.returns()).containsExactly(a.returns());
    }
}
