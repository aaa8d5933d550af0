package dev.parley.study;

import dev.parley.error.InvalidSettingException;
import dev.parley.dialogue.ActionSpace;
import dev.parley.dialogue.DialogueGame;
import dev.parley.dialogue.Domain;
import dev.parley.dialogue.Instruction;
import dev.parley.dialogue.Message;
import dev.parley.dialogue.MoveGenerator;
import dev.parley.dialogue.Observation;
import dev.parley.dialogue.RewardModel;
import dev.parley.game.State;
import dev.parley.llm.BoundedExecutor;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.function.IntConsumer;

/**
 * Steering accuracy (Gemp et al. 2024, §4 and App. B.1): messages generated under each of a domain's instructions
 * (the baseline {@code any} excluded: it asks for nothing to recognise), at random points of random dialogues; a
 * held-out classifier says which instruction produced each; the report gives the confusion matrix, the accuracy
 * with its Wilson interval and the chance level 1 / (number of instructions).
 */
public final class SteeringStudy {

    /**
     * @param samples    messages per instruction
     * @param maxReplies the longest dialogue; the message is generated after a random prefix shorter than this
     * @param scenarios  scenarios the dialogues are dealt from
     * @param seed       seed of the scenarios and the random prefixes
     */
    public record Config(int samples, int maxReplies, int scenarios, long seed) {
        public Config {
            InvalidSettingException.atLeast("samples", samples, 1);
            InvalidSettingException.atLeast("maxReplies", maxReplies, 1);
            InvalidSettingException.atLeast("scenarios", scenarios, 1);
        }
    }

    /** One message: the instruction it was made under, its words, and what the classifier said. */
    public record Sample(int truth, String scenario, int position, String moveId, String text, int predicted) { }

    /**
     * What the study found.
     *
     * @param exhausted samples not drawn because no place of the game was left where that instruction had not been
     *                  drawn already (a small game has few; one place gives one message, so a repeat adds nothing)
     */
    public record Report(String domain, String classifier, String generator, List<String> labels, long[][] matrix,
                         long[] unclassified, Proportion accuracy, double chance, int samplesPerInstruction,
                         List<Sample> samples, int abandoned, int exhausted) { }

    /**
     * The messages drawn, each at its own place; how many the generator abandoned (refused on every attempt), which
     * are left out; and how many samples found no place left.
     */
    public record Drawn(List<Sample> samples, int abandoned, int exhausted) { }

    /** Draws of one sample that may end in an abandoned message before the sample is given up. */
    static final int MAX_ABANDONED_DRAWS = 3;

    /** Prefixes drawn for one sample before it is given up, when each ends the dialogue before the message. */
    static final int MAX_DRAWS = 100;

    private SteeringStudy() {
    }

    /** The instructions a message can be recognised as: the domain's, the baseline excluded. */
    public static List<Instruction> labels(Domain domain) {
        return domain.instructions().stream().filter(i -> !i.isBaseline()).toList();
    }

    /**
     * {@code samples} messages under each label, in label order: (instruction index, message). Each message of a
     * label is said at a place (scenario and prefix) not drawn for that label before: the game gives one message
     * per place, so a repeat would count one message twice and narrow the interval for nothing. When no new place
     * turns up in {@link #MAX_DRAWS} draws the sample is given up and counted as exhausted. A message the
     * generator abandons (a real model refused on every attempt: the dialogue ends there, with no message) is
     * drawn again at a new place, and after {@link #MAX_ABANDONED_DRAWS} such draws its sample is given up and
     * counted.
     */
    public static Drawn messages(Domain domain, MoveGenerator generator, Config config) {
        DialogueGame game = new DialogueGame(domain, domain.scenarios(config.scenarios(), config.seed()), generator,
                RewardModel.exact(domain), new DialogueGame.Settings(config.maxReplies(), 1, ActionSpace.INSTRUCTION,
                Observation.WORDS));
        List<Instruction> all = game.instructions();
        List<Instruction> labels = labels(domain);
        SplittableRandom random = new SplittableRandom(config.seed());
        List<Sample> out = new ArrayList<>();
        int abandoned = 0;
        int exhausted = 0;
        for (int l = 0; l < labels.size(); l++) {
            int action = game.codec().encode(0, all.indexOf(labels.get(l)));
            Set<List<Integer>> used = new HashSet<>();
            for (int n = 0; n < config.samples(); n++) {
                for (int lost = 0, draws = 0; lost < MAX_ABANDONED_DRAWS; draws++) {
                    if (draws == MAX_DRAWS) {
                        exhausted++; // no new place: every prefix drawn was used, or ended before the message
                        break;
                    }
                    State s = game.initialState();
                    int scenario = random.nextInt(game.scenarios().size());
                    List<Integer> place = new ArrayList<>(List.of(scenario));
                    s = s.child(scenario);
                    int prefix = random.nextInt(config.maxReplies());
                    for (int k = 0; k < prefix && s.currentPlayer() >= 0; k++) {
                        int[] legal = s.legalActions();
                        int a = legal[random.nextInt(legal.length)];
                        place.add(a);
                        s = s.child(a);
                    }
                    if (s.currentPlayer() < 0 || !used.add(place)) {
                        continue; // the dialogue ended before the message, or this place was drawn: draw again
                    }
                    State next = s.child(action);
                    List<Message> t = game.transcript(next);
                    if (t.size() == game.transcript(s).size()) {
                        lost++; // abandoned: no message was said
                        abandoned++;
                        continue;
                    }
                    Message m = t.get(t.size() - 1);
                    out.add(new Sample(l, game.scenario(next).id(), t.size() - 1, m.moveId(), m.text(), -1));
                    break;
                }
            }
        }
        return new Drawn(out, abandoned, exhausted);
    }

    /** Generates the messages, classifies each, and measures. */
    public static Report run(Domain domain, MoveGenerator generator, InstructionClassifier classifier, Config config,
                             BoundedExecutor executor, IntConsumer classified) {
        List<Instruction> labels = labels(domain);
        if (labels.size() < 2) {
            throw new IllegalArgumentException(domain.name() + " has fewer than two instructions to tell apart");
        }
        Drawn drawn = messages(domain, generator, config);
        if (drawn.samples().isEmpty()) {
            throw new IllegalArgumentException(domain.name() + ": the generator abandoned every message ("
                    + drawn.abandoned() + " draws), so there is nothing to classify");
        }
        List<Sample> done = executor.map(drawn.samples(), s -> {
            int p = classifier.classify(s.text(), labels);
            classified.accept(1);
            return new Sample(s.truth(), s.scenario(), s.position(), s.moveId(), s.text(), p);
        });
        return measure(domain.name(), classifier.name(), generator.backend(), labels, done,
                config.samples(), drawn.abandoned(), drawn.exhausted());
    }

    /** The confusion matrix and accuracy of classified samples. */
    public static Report measure(String domain, String classifier, String generator, List<Instruction> labels,
                                 List<Sample> samples, int perInstruction, int abandoned, int exhausted) {
        int k = labels.size();
        long[][] matrix = new long[k][k];
        long[] unclassified = new long[k];
        long right = 0;
        for (Sample s : samples) {
            if (s.predicted() < 0) {
                unclassified[s.truth()]++;
            } else {
                matrix[s.truth()][s.predicted()]++;
                right += s.truth() == s.predicted() ? 1 : 0;
            }
        }
        return new Report(domain, classifier, generator, labels.stream().map(Instruction::name).toList(), matrix,
                unclassified, Proportion.of(right, samples.size()), 1.0 / k, perInstruction, samples,
                abandoned, exhausted);
    }
}
