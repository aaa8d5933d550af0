package dev.parley.dialogue;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.parley.dialogue.testkit.ForwardingMoveGenerator;
import dev.parley.game.GameTree;
import dev.parley.game.State;
import dev.parley.game.testkit.GameConformance;
import dev.parley.preface.Dcrs;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class DialogueGameTest {

    private static final List<Scenario> SCENARIOS = List.of(HaggleDomain.scenario("cheap", 3, 9),
            HaggleDomain.scenario("dear", 5, 9), HaggleDomain.scenario("poor", 3, 6));
    private static final Domain DOMAIN = HaggleDomain.domain(SCENARIOS);

    private static DialogueGame game(MoveGenerator generator, DialogueGame.Settings settings) {
        return new DialogueGame(DOMAIN, SCENARIOS, generator, RewardModel.exact(DOMAIN), settings);
    }

    private static DialogueGame offline(int maxReplies, int seeds) {
        return DialogueGame.offline(DOMAIN, SCENARIOS, DialogueGame.Settings.of(maxReplies, seeds));
    }

    /** Words that ignore the instruction: two histories differing only in a tone read the same. */
    static final class PlainGenerator implements MoveGenerator {
        @Override
        public Utterance generate(MoveRequest request, long seed) {
            Map<String, Object> content = DOMAIN.planner().plan(request.context(), request.moveId(),
                    request.instruction());
            String text = request.moveId() + " " + Contents.canonical(content);
            return new Utterance(text, content, 1, List.of(), List.of(text), 0);
        }

        @Override
        public String chooseMove(MoveContext context, List<String> legal, Instruction instruction, Dcrs situation,
                                 long seed) {
            return DOMAIN.planner().chooseMove(context, legal, instruction).orElse(legal.get(0));
        }

        @Override
        public String backend() {
            return "plain";
        }
    }

    @Test
    void passesTheConformanceKitOffline() {
        GameConformance.Report report = GameConformance.check(offline(3, 1));
        assertThat(report.exhaustive()).isTrue();
        assertThat(report.infosetsSeen()).isGreaterThan(10);
    }

    @Test
    void passesTheConformanceKitWithSamplingSeedsAsChanceInEveryActionSpaceAndObservation() {
        for (ActionSpace actions : ActionSpace.values()) {
            for (Observation observe : Observation.values()) {
                DialogueGame g = DialogueGame.offline(DOMAIN, SCENARIOS,
                        new DialogueGame.Settings(3, 2, actions, observe));
                assertThat(GameConformance.check(g).exhaustive()).as(actions + "/" + observe).isTrue();
            }
        }
    }

    @Test
    void actionsAreMovesCrossedWithInstructions() {
        DialogueGame g = game(new PlainGenerator(), DialogueGame.Settings.of(3, 1));
        State seller = g.initialState().child(0);
        assertThat(seller.currentPlayer()).isEqualTo(0);
        // Only "ask" is legal for the seller at first: three instructions.
        assertThat(seller.legalActions()).hasSize(3);
        assertThat(seller.actionLabel(seller.legalActions()[0])).isEqualTo("ask/firm");
        State buyer = seller.child(seller.legalActions()[0]);
        assertThat(buyer.currentPlayer()).isEqualTo(1);
        // accept, reject, haggle x firm, soft, any
        assertThat(buyer.legalActions()).hasSize(9);
        // protocol order: haggle, accept, reject
        assertThat(g.codec().move(buyer.legalActions()[3])).contains("accept");
        assertThat(g.codec().move(buyer.legalActions()[6])).contains("reject");
        assertThat(g.codec().instruction(buyer.legalActions()[4])).isEqualTo(HaggleDomain.SOFT);
    }

    @Test
    void inTheInstructionSpaceEveryDecisionHasOneActionPerInstructionAndTheSpeakerPicksTheMove() {
        DialogueGame g = DialogueGame.offline(DOMAIN, SCENARIOS,
                new DialogueGame.Settings(3, 1, ActionSpace.INSTRUCTION, Observation.WORDS));
        GameTree tree = GameTree.compile(g);
        for (int i = 0; i < tree.numInfosets(); i++) {
            assertThat(tree.actionCount(i)).isEqualTo(3);
        }
        // "cheap": a firm seller asks 8; the buyer (worth 9) haggles whatever its instruction
        State s = g.initialState().child(0);
        s = s.child(0);
        assertThat(g.transcript(s).get(0).content()).containsEntry("price", 8);
        for (int a : s.legalActions()) {
            assertThat(g.transcript(s.child(a)).get(1).moveId()).isEqualTo("haggle");
        }
    }

    @Test
    void theLastMessageDecidesThePayoff() {
        // Seller asks 8 (firm); buyer haggles to 7; the seller's final message (accept or reject) sets the payoff.
        DialogueGame g = game(new PlainGenerator(), DialogueGame.Settings.of(3, 1));
        State s = g.initialState().child(0);
        s = s.child(action(s, "ask/firm"));
        s = s.child(action(s, "haggle/any"));
        State accepted = s.child(action(s, "accept/any"));
        State rejected = s.child(action(s, "reject/any"));
        assertThat(accepted.isTerminal()).isTrue();
        assertThat(accepted.returns()).containsExactly(7 - 3, 9 - 7);
        assertThat(g.transcript(accepted).get(2).content()).containsEntry("terms", 7);
        assertThat(rejected.returns()).containsExactly(0, 0);
    }

    @Test
    void maxRepliesEndsTheDialogue() {
        DialogueGame g = game(new PlainGenerator(), DialogueGame.Settings.of(1, 1));
        State s = g.initialState().child(0);
        State after = s.child(action(s, "ask/soft"));
        assertThat(after.isTerminal()).isTrue();
        assertThat(after.returns()).containsExactly(0, 0);
    }

    @Test
    void informationStatesHideOpponentInformationAndInstructions() {
        for (Observation observe : Observation.values()) {
            DialogueGame g = game(new PlainGenerator(),
                    new DialogueGame.Settings(3, 1, ActionSpace.MOVE_X_INSTRUCTION, observe));
            // Scenarios "cheap" and "dear" differ only in the seller's cost: the buyer cannot tell them apart.
            State a = g.initialState().child(0);
            State b = g.initialState().child(1);
            a = a.child(action(a, "ask/firm"));
            b = b.child(action(b, "ask/firm"));
            assertThat(a.infoStateKey(1)).isEqualTo(b.infoStateKey(1));
            assertThat(a.infoStateKey(0)).isNotEqualTo(b.infoStateKey(0));
            // After the buyer haggles under two instructions (same words), the seller sees the same state.
            State h1 = a.child(action(a, "haggle/firm"));
            State h2 = a.child(action(a, "haggle/soft"));
            assertThat(h1.infoStateKey(0)).isEqualTo(h2.infoStateKey(0));
            assertThat(h1.infoStateKey(1)).isNotEqualTo(h2.infoStateKey(1));
            GameTree tree = GameTree.compile(g);
            for (int i = 0; i < tree.numInfosets(); i++) {
                String key = tree.infosetKey(i);
                int p = tree.infosetPlayer(i);
                assertThat(key).doesNotContain(p == 0 ? "worth" : "cost");
                for (Instruction other : List.of(HaggleDomain.FIRM, HaggleDomain.SOFT, Instruction.ANY)) {
                    // another player's instruction never shows: only the key owner's own "[name]" marks
                    assertThat(key.split("\\|\\|")).filteredOn(step -> !step.startsWith(p + ":"))
                            .noneMatch(step -> step.endsWith("[" + other.name() + "]"));
                }
            }
        }
    }

    @Test
    void observingMovesGivesFewerInfosetsThanObservingWordsWhenSeedsChangeTheWords() {
        DialogueGame words = DialogueGame.offline(DOMAIN, SCENARIOS,
                new DialogueGame.Settings(3, 2, ActionSpace.MOVE_X_INSTRUCTION, Observation.WORDS));
        DialogueGame moves = DialogueGame.offline(DOMAIN, SCENARIOS,
                new DialogueGame.Settings(3, 2, ActionSpace.MOVE_X_INSTRUCTION, Observation.MOVES));
        GameTree w = GameTree.compile(words);
        GameTree m = GameTree.compile(moves);
        assertThat(m.numNodes()).isEqualTo(w.numNodes());
        assertThat(m.numInfosets()).isLessThan(w.numInfosets());
        // under moves, a key never holds words
        for (int i = 0; i < m.numInfosets(); i++) {
            assertThat(m.infosetKey(i)).doesNotContain("Truly");
        }
    }

    @Test
    void compilesAndMemoisesGeneration() {
        DialogueGame g = offline(3, 1);
        GameTree first = GameTree.compile(g);
        long generated = g.account().generations() - g.account().memoHits();
        GameTree second = GameTree.compile(g);
        assertThat(second.numNodes()).isEqualTo(first.numNodes());
        assertThat(g.account().generations() - g.account().memoHits()).isEqualTo(generated);
        assertThat(g.account().verification().requested()).isEqualTo(generated);
        assertThat(g.account().verification().rejected()).isZero();
        assertThat(g.backend()).contains("offline-realiser").contains("exact:haggle");
        Set<String> texts = new HashSet<>();
        State s = g.initialState().child(0);
        for (String label : List.of("ask/firm", "ask/soft", "ask/any")) {
            State c = s.child(action(s, label));
            texts.add(c.infoStateKey(1));
            assertThat(g.transcript(c).get(0).text()).doesNotContain("cost");
        }
        assertThat(texts).hasSize(3);
    }

    @Test
    void anEngineBranchedAnotherWayGivesTheSameTreeAndIsAskedOncePerMessage() {
        // a branching that counts its calls and copies its parent like the default: the seam the benchmarks use
        AtomicInteger branched = new AtomicInteger();
        EngineBranching counting = (parent, transcript, fresh) -> {
            branched.incrementAndGet();
            assertThat(fresh.get().history()).isEmpty();
            return EngineBranching.COPY.branch(parent, transcript, fresh);
        };
        DialogueGame copied = offline(3, 1);
        DialogueGame other = new DialogueGame(DOMAIN, SCENARIOS, DOMAIN.instructions(),
                new OfflineMoveGenerator(DOMAIN.content()), RewardModel.exact(DOMAIN), DialogueGame.Settings.of(3, 1),
                counting);
        GameTree a = GameTree.compile(copied);
        GameTree b = GameTree.compile(other);
        assertThat(b.numNodes()).isEqualTo(a.numNodes());
        assertThat(b.numInfosets()).isEqualTo(a.numInfosets());
        for (int n = 0; n < a.numNodes(); n++) {
            assertThat(b.actionLabel(n)).isEqualTo(a.actionLabel(n));
            for (int p = 0; p < a.numPlayers(); p++) {
                assertThat(b.utility(n, p)).isEqualTo(a.utility(n, p));
            }
        }
        for (int i = 0; i < a.numInfosets(); i++) {
            assertThat(b.infosetKey(i)).isEqualTo(a.infosetKey(i));
        }
        // every message generated is performed on one branched engine
        assertThat(branched.get()).isPositive();
        assertThat((long) branched.get()).isEqualTo(other.account().generations());
    }

    @Test
    void refusedAnswersAreCountedByReasonAndNeverReachTheTranscript() {
        // A generator whose first answer to every accept names the wrong price, then the right one.
        AtomicInteger calls = new AtomicInteger();
        MoveGenerator flaky = new ForwardingMoveGenerator(new OfflineMoveGenerator(DOMAIN.content()), "flaky") {
            final MoveVerifier verifier = new MoveVerifier(DOMAIN.content());

            @Override
            public Utterance generate(MoveRequest request, long seed) {
                Utterance good = inner.generate(request, seed);
                if (!request.moveId().equals("accept")) {
                    return good;
                }
                calls.incrementAndGet();
                Map<String, Object> wrong = Map.of("terms", 1);
                Rejection r = verifier.check(request, wrong, "Deal at 1.").orElseThrow();
                return new Utterance(good.text(), good.content(), 2, List.of(r), List.of("Deal at 1.", good.text()),
                        0);
            }
        };
        DialogueGame g = game(flaky, DialogueGame.Settings.of(3, 1));
        GameTree.compile(g);
        DialogueGame.Verification v = g.account().verification();
        assertThat(calls.get()).isPositive();
        assertThat(v.rejected()).isEqualTo(calls.get());
        assertThat(v.byReason()).containsOnlyKeys(Rejection.INFEASIBLE);
        State s = g.initialState().child(0);
        s = s.child(action(s, "ask/firm"));
        s = s.child(action(s, "accept/any"));
        assertThat(g.transcript(s).get(1).content()).containsEntry("terms", 8);
    }

    @Test
    void aMoveRefusedOnEveryAttemptEndsItsDialogueThereAndTheRunGoesOn() {
        // A generator that can never word an accept: every attempt is refused.
        AtomicInteger asked = new AtomicInteger();
        MoveGenerator mute = new ForwardingMoveGenerator(new OfflineMoveGenerator(DOMAIN.content()), "mute") {
            @Override
            public Utterance generate(MoveRequest request, long seed) {
                if (!request.moveId().equals("accept")) {
                    return inner.generate(request, seed);
                }
                asked.incrementAndGet();
                Rejection r = new Rejection(Rejection.WORDS_CONTENT, "the words do not state the price");
                throw new GenerationException("refused three times", List.of(r, r, r), List.of("a", "b", "c"));
            }
        };
        DialogueGame g = game(mute, DialogueGame.Settings.of(3, 1));
        GameTree tree = GameTree.compile(g); // the whole tree is built: no exception reaches the solver
        assertThat(tree.numNodes()).isGreaterThan(10);
        State s = g.initialState().child(0);
        s = s.child(action(s, "ask/firm"));
        State before = s;
        State gaveUp = s.child(action(s, "accept/any"));
        assertThat(gaveUp.isTerminal()).isTrue();
        assertThat(g.abandoned(gaveUp)).map(Rejection::kind).contains(Rejection.WORDS_CONTENT);
        assertThat(g.abandoned(before)).isEmpty();
        // no message was added: the dialogue is scored as it stood (an ask at 8, nothing agreed)
        assertThat(g.transcript(gaveUp)).isEqualTo(g.transcript(before));
        assertThat(gaveUp.returns()).containsExactly(DOMAIN.scorer().score(SCENARIOS.get(0), g.transcript(before)));
        // counted once per distinct move given up, however often walks reach it (the failure is remembered)
        DialogueGame.Verification v = g.account().verification();
        assertThat(v.abandoned()).isEqualTo(asked.get()).isPositive();
        assertThat(v.abandonedByReason()).containsOnlyKeys(Rejection.WORDS_CONTENT);
        assertThat(v.byReason()).containsEntry(Rejection.WORDS_CONTENT, 3L * asked.get());
        int before2 = asked.get();
        GameTree.compile(g);
        assertThat(asked.get()).isEqualTo(before2);
        // with its abandoned branches it is still a well-formed game (perfect recall, returns only at terminals)
        assertThat(GameConformance.check(g).infosetsSeen()).isPositive();
    }

    @Test
    void rejectsIllegalActionsAndAMissingRewardModel() {
        DialogueGame g = game(new PlainGenerator(), DialogueGame.Settings.of(3, 1));
        State s = g.initialState().child(0);
        assertThatThrownBy(() -> s.child(4)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("not legal");
        assertThatThrownBy(() -> new DialogueGame(DOMAIN, SCENARIOS, new PlainGenerator(), null,
                DialogueGame.Settings.of(3, 1))).isInstanceOf(NullPointerException.class)
                .hasMessageContaining("RewardModel.exact");
    }

    static int action(State s, String label) {
        List<String> labels = new ArrayList<>();
        for (int a : s.legalActions()) {
            labels.add(s.actionLabel(a));
            if (s.actionLabel(a).equals(label)) {
                return a;
            }
        }
        throw new AssertionError("no action " + label + " among " + labels);
    }
}
