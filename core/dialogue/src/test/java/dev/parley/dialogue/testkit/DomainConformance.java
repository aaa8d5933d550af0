package dev.parley.dialogue.testkit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;

import dev.parley.dialogue.DialogueGame;
import dev.parley.dialogue.Domain;
import dev.parley.dialogue.Instruction;
import dev.parley.dialogue.Message;
import dev.parley.dialogue.MoveContext;
import dev.parley.dialogue.PrivateInfo;
import dev.parley.dialogue.Scenario;
import dev.parley.game.State;
import dev.parley.game.testkit.GameConformance;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Random;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * The contract every dialogue domain keeps. A domain's test class extends this kit and passes its domain, the
 * labels that must never reach the words and its countable nouns to the constructor; the kit reads every message of
 * a whole offline tree and of longer random dialogues, and checks: scenarios are seeded; a speaker's plan and move
 * choice never depend on another player's private information; chosen moves are legal; every message is verified
 * content in readable words (no planner label, no doubled word, no "1 kiwis"); scores stay in range; and the
 * domain's game passes {@link GameConformance}.
 */
public abstract class DomainConformance {

    private static final Pattern DOUBLED = Pattern.compile("\\b(\\w+)\\s+\\1\\b", Pattern.CASE_INSENSITIVE);
    private static final Pattern ONE_PLURAL = Pattern.compile("\\b(?:1|one|a|an) (\\w+)\\b", Pattern.CASE_INSENSITIVE);
    private static final Pattern MANY_SINGULAR = Pattern.compile("\\b([2-9]|two|three|four|five|six|seven|eight"
            + "|nine|ten) (\\w+)\\b", Pattern.CASE_INSENSITIVE);
    private static final int PLAYOUTS = 120;

    private final Domain domain;
    private final List<String> forbiddenInWords;
    private final List<String[]> nouns;

    /**
     * @param domain           the domain under test
     * @param forbiddenInWords words that must never appear in a message: the domain's internal labels and keys
     * @param nouns            the domain's countable nouns (singular, plural), for the plural check; empty to skip it
     */
    protected DomainConformance(Domain domain, List<String> forbiddenInWords, List<String[]> nouns) {
        this.domain = domain;
        this.forbiddenInWords = List.copyOf(forbiddenInWords);
        this.nouns = List.copyOf(nouns);
    }

    /** The domain under test. */
    protected final Domain domain() {
        return domain;
    }

    /** Random offline playouts over a few scenarios, every instruction of the domain's set. */
    protected final List<DialogueGame.Turn[]> playouts(int count, int maxReplies, long seed) {
        DialogueGame g = DialogueGame.offline(domain(), domain().scenarios(4, seed),
                DialogueGame.Settings.of(maxReplies, 2));
        Random rng = new Random(seed);
        List<DialogueGame.Turn[]> out = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            State s = g.initialState();
            while (!s.isTerminal()) {
                int[] a = s.legalActions();
                s = s.child(a[rng.nextInt(a.length)]);
            }
            out.add(g.turns(s).toArray(new DialogueGame.Turn[0]));
            double[] r = s.returns();
            for (double v : r) {
                assertThat(v).as("payoff in range").isBetween(domain().minPayoff(), domain().maxPayoff());
            }
            assertThat(domain().scorer().score(g.scenario(s), g.transcript(s))).hasSize(g.numPlayers());
        }
        return out;
    }

    @Test
    void scenariosAreSeeded() {
        assertThat(domain().scenarios(5, 11)).isEqualTo(domain().scenarios(5, 11));
        assertThat(domain().scenarios(1, 11)).containsExactly(domain().scenarios(3, 99).get(0));
        assertThat(domain().scenarios(6, 11)).extracting(Scenario::id).doesNotHaveDuplicates();
    }

    @Test
    void theInstructionSetEndsWithTheBaseline() {
        List<Instruction> set = domain().instructions();
        assertThat(set.get(set.size() - 1).isBaseline()).isTrue();
        assertThat(set.stream().map(Instruction::name).distinct().count()).isEqualTo(set.size());
    }

    @Test
    void planAndMoveChoiceDoNotDependOnAnotherPlayersPrivateInformation() {
        List<Scenario> scenarios = domain().scenarios(6, 5);
        DialogueGame g = DialogueGame.offline(domain(), scenarios, DialogueGame.Settings.of(4, 1));
        Random rng = new Random(3);
        for (int i = 0; i < PLAYOUTS; i++) {
            State s = g.initialState().child(rng.nextInt(scenarios.size()));
            while (!s.isTerminal()) {
                int speaker = s.currentPlayer();
                Scenario sc = g.scenario(s);
                List<String> legal = g.legalMoves(s);
                Scenario swapped = swapOthers(sc, speaker, scenarios.get(rng.nextInt(scenarios.size())));
                MoveContext real = new MoveContext(sc, speaker, g.transcript(s));
                MoveContext other = new MoveContext(swapped, speaker, g.transcript(s));
                for (Instruction in : g.instructions()) {
                    assertThat(domain().planner().chooseMove(other, legal, in))
                            .isEqualTo(domain().planner().chooseMove(real, legal, in));
                    domain().planner().chooseMove(real, legal, in)
                            .ifPresent(m -> assertThat(legal).as("chosen move is legal").contains(m));
                    for (String move : legal) {
                        assertThat(domain().planner().plan(other, move, in)).as(move + "/" + in.name())
                                .isEqualTo(domain().planner().plan(real, move, in));
                    }
                }
                int[] a = s.legalActions();
                s = s.child(a[rng.nextInt(a.length)]);
            }
        }
    }

    private static Scenario swapOthers(Scenario sc, int keep, Scenario donor) {
        List<PrivateInfo> players = new ArrayList<>(sc.players());
        for (int p = 0; p < players.size(); p++) {
            if (p != keep) {
                players.set(p, donor.player(p));
            }
        }
        return new Scenario(sc.id(), sc.topic(), players);
    }

    /** Every complete dialogue of the whole tree (4 scenarios, 3 messages, 2 sampling seeds per message). */
    protected final List<DialogueGame.Turn[]> wholeTree() {
        DialogueGame g = DialogueGame.offline(domain(), domain().scenarios(4, 21), DialogueGame.Settings.of(3, 2));
        List<DialogueGame.Turn[]> out = new ArrayList<>();
        java.util.ArrayDeque<State> stack = new java.util.ArrayDeque<>();
        stack.push(g.initialState());
        while (!stack.isEmpty()) {
            State s = stack.pop();
            if (s.isTerminal()) {
                out.add(g.turns(s).toArray(new DialogueGame.Turn[0]));
                continue;
            }
            for (int a : s.legalActions()) {
                stack.push(s.child(a));
            }
        }
        return out;
    }

    @Test
    void inTheInstructionSpaceEveryDecisionHasOneActionPerInstruction() {
        DialogueGame g = DialogueGame.offline(domain(), domain().scenarios(2, 1), new DialogueGame.Settings(3, 1,
                dev.parley.dialogue.ActionSpace.INSTRUCTION, dev.parley.dialogue.Observation.WORDS));
        dev.parley.game.GameTree tree = dev.parley.game.GameTree.compile(g);
        for (int i = 0; i < tree.numInfosets(); i++) {
            assertThat(tree.actionCount(i)).isEqualTo(domain().instructions().size());
        }
    }

    @Test
    void everyMessageIsVerifiedContentInReadableWords() {
        List<DialogueGame.Turn[]> all = new ArrayList<>(wholeTree());
        all.addAll(playouts(PLAYOUTS, 5, 21));
        for (DialogueGame.Turn[] dialogue : all) {
            for (DialogueGame.Turn t : dialogue) {
                Message m = t.message();
                String words = m.text();
                String where = m.moveId() + "/" + t.instruction().name() + ": \"" + words + "\"";
                assertThat(words).as(where).isNotBlank().doesNotContain("$").doesNotContain("_")
                        .doesNotContain("{").doesNotContain("null");
                assertThat(Character.isUpperCase(words.charAt(0)) || Character.isDigit(words.charAt(0)))
                        .as(where + " starts with a capital").isTrue();
                assertThat(words.strip()).as(where + " ends a sentence").matches("(?s).*[.!?]\"?$");
                Matcher doubled = DOUBLED.matcher(words);
                assertThat(doubled.find() ? doubled.group() : "").as(where + ": a doubled word").isEmpty();
                String lower = words.toLowerCase(Locale.ROOT);
                for (String label : forbiddenInWords) {
                    assertThat(lower).as(where + " leaks the label " + label).doesNotContain(label.toLowerCase(
                            Locale.ROOT));
                }
                for (String[] noun : nouns) {
                    Matcher one = ONE_PLURAL.matcher(words);
                    while (one.find()) {
                        assertThat(one.group(1).toLowerCase(Locale.ROOT)).as(where + ": \"" + one.group() + "\"")
                                .isNotEqualTo(noun[1]);
                    }
                    Matcher many = MANY_SINGULAR.matcher(words);
                    while (many.find()) {
                        assertThat(many.group(2).toLowerCase(Locale.ROOT)).as(where + ": \"" + many.group() + "\"")
                                .isNotEqualTo(noun[0]);
                    }
                }
                assertThat(domain().content().realiser().mismatch(m.moveId(), m.content(), words)).as(where)
                        .isEmpty();
            }
        }
    }

    @Test
    void theGamePassesTheGameConformanceKit() {
        DialogueGame g = DialogueGame.offline(domain(), domain().scenarios(2, 1), DialogueGame.Settings.of(3, 1));
        assertThatCode(() -> GameConformance.check(g)).doesNotThrowAnyException();
    }
}
