package dev.parley.study;

import dev.parley.dialogue.Domain;
import dev.parley.dialogue.Instruction;
import dev.parley.dialogue.Message;
import dev.parley.dialogue.MoveContext;
import dev.parley.domain.campsite.Campsite;
import dev.parley.domain.campsite.CasinoDialogue;
import dev.parley.domain.campsite.CasinoReplay;
import dev.parley.domain.campsite.Strategies;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;

/**
 * Steering accuracy on people's words: does Parley's reading of a human utterance name the strategy the CaSiNo
 * annotators gave it? The classes are the campsite instruction set (the four strategy groups and {@code any} for
 * non-strategic talk). Moves are not a classification target: a person's deal actions are the corpus's structured
 * {@code Submit-Deal}, {@code Accept-Deal}, {@code Reject-Deal} and {@code Walk-Away} (content read exactly from
 * {@code task_data}), and every other utterance is the protocol's one free-words move, {@code say}.
 *
 * <p>Readers compared:
 * <ul>
 *   <li><b>tracker</b> (Parley's own reading, what the steered agent does with a person's words): at the
 *       utterance's place in the replayed dialogue, the offline content model plans a {@code say} for the speaker
 *       under each instruction and the realiser words it ({@value #SEEDS} seeds); the instruction whose wording is
 *       nearest to the person's words (cosine distance of sentence embeddings) is the reading;</li>
 *   <li><b>nearest neighbour</b>: the groups of the nearest annotated train utterance;</li>
 *   <li><b>majority</b>: the group most frequent in train, always.</li>
 * </ul>
 * An utterance may carry several labels (so several groups): a reading is correct when it is one of them. For the
 * confusion matrix and macro-F1 the gold class of an utterance is the reading when correct, else its first
 * listed group. Nothing is fitted on valid or test; the train split is the neighbour's memory and the majority's
 * count.
 */
public final class HumanSteeringStudy {

    static final int SEEDS = 3;

    /** One annotated utterance and the three readings. */
    public record Item(int dialogueId, int turn, String text, List<String> gold, String tracker, double distance,
                       String neighbour, String majority) { }

    /** Accuracy, macro-F1 and the confusion matrix (gold rows, reading columns, {@link Report#classes} order). */
    public record Scores(Proportion accuracy, double macroF1, int[][] confusion) { }

    /** One split's figures. */
    public record SplitReport(String split, int dialogues, List<Item> items, Scores tracker, Scores neighbour,
                              Scores majority) { }

    public record Report(List<String> classes, String majorityClass, int trainUtterances, SplitReport valid,
                         SplitReport test) { }

    private record Memory(List<float[]> vectors, List<List<String>> groups) { }

    private HumanSteeringStudy() {
    }

    /** The gold groups of an utterance's labels, in label order, without repeats. */
    static List<String> groups(List<String> labels) {
        Set<String> out = new LinkedHashSet<>();
        labels.forEach(l -> out.add(Strategies.group(l)));
        return List.copyOf(out);
    }

    /**
     * Runs the study.
     *
     * @param embed a sentence embedding (unit vectors; all-MiniLM-L6-v2 in the command)
     */
    public static Report run(List<CasinoDialogue> train, List<CasinoDialogue> valid, List<CasinoDialogue> test,
                             Function<String, float[]> embed) {
        Domain domain = Campsite.domain();
        List<String> classes = domain.instructions().stream().map(Instruction::name).toList();
        Map<String, Integer> counts = new LinkedHashMap<>();
        classes.forEach(c -> counts.put(c, 0));
        List<float[]> vectors = new ArrayList<>();
        List<List<String>> memoryGroups = new ArrayList<>();
        for (CasinoDialogue d : train) {
            for (CasinoDialogue.Turn t : d.turns()) {
                if (!t.labels().isEmpty()) {
                    List<String> g = groups(t.labels());
                    g.forEach(x -> counts.merge(x, 1, Integer::sum));
                    vectors.add(embed.apply(t.text()));
                    memoryGroups.add(g);
                }
            }
        }
        String majority = counts.entrySet().stream().max(Map.Entry.comparingByValue()).orElseThrow().getKey();
        Memory memory = new Memory(vectors, memoryGroups);
        return new Report(classes, majority, vectors.size(), split("valid", valid, domain, classes, majority, memory,
                embed), split("test", test, domain, classes, majority, memory, embed));
    }

    private static SplitReport split(String name, List<CasinoDialogue> dialogues, Domain domain,
                                     List<String> classes, String majority, Memory memory,
                                     Function<String, float[]> embed) {
        List<Item> items = new ArrayList<>();
        int annotated = 0;
        for (CasinoDialogue d : dialogues) {
            if (!d.annotated()) {
                continue;
            }
            annotated++;
            CasinoReplay.Result replay = CasinoReplay.replay(d);
            List<Message> transcript = replay.transcript();
            String first = d.firstSpeaker();
            for (int t = 0; t < d.turns().size() && t < transcript.size(); t++) {
                CasinoDialogue.Turn turn = d.turns().get(t);
                if (turn.labels().isEmpty()) {
                    continue;
                }
                int speaker = turn.agent().equals(first) ? 0 : 1;
                MoveContext context = new MoveContext(replay.scenario(), speaker, transcript.subList(0, t));
                float[] said = embed.apply(turn.text());
                Reading reading = read(domain, context, said, embed);
                int nearest = -1;
                double nearSim = Double.NEGATIVE_INFINITY;
                for (int i = 0; i < memory.vectors().size(); i++) {
                    double s = dot(said, memory.vectors().get(i));
                    if (s > nearSim) {
                        nearSim = s;
                        nearest = i;
                    }
                }
                items.add(new Item(d.id(), t + 1, turn.text(), groups(turn.labels()), reading.strategy(),
                        reading.distance(),
                        memory.groups().get(nearest).get(0), majority));
            }
        }
        return new SplitReport(name, annotated, items, scores(items, classes, Item::tracker),
                scores(items, classes, Item::neighbour), scores(items, classes, Item::majority));
    }

    static Scores scores(List<Item> items, List<String> classes, Function<Item, String> reader) {
        int k = classes.size();
        int[][] confusion = new int[k][k];
        long correct = 0;
        for (Item it : items) {
            String r = reader.apply(it);
            boolean ok = it.gold().contains(r);
            if (ok) {
                correct++;
            }
            String gold = ok ? r : it.gold().get(0);
            confusion[classes.indexOf(gold)][classes.indexOf(r)]++;
        }
        double f1 = 0;
        int present = 0;
        for (int c = 0; c < k; c++) {
            int tp = confusion[c][c];
            int support = 0;
            int predicted = 0;
            for (int j = 0; j < k; j++) {
                support += confusion[c][j];
                predicted += confusion[j][c];
            }
            if (support == 0) {
                continue; // a class no utterance has: F1 is undefined, so it is left out of the mean
            }
            present++;
            f1 += tp == 0 ? 0 : 2.0 * tp / (support + predicted);
        }
        return new Scores(items.isEmpty() ? null : Proportion.of(correct, items.size()),
                present == 0 ? Double.NaN : f1 / present, confusion);
    }

    /** Parley's reading of a person's free words: the nearest instruction's wording, and how near it is. */
    public record Reading(String strategy, double distance, String nearestWords) { }

    /**
     * Reads a person's utterance at its place in a dialogue: the instruction whose planned and realised {@code say}
     * (over {@value #SEEDS} seeds) is nearest to the words said.
     */
    public static Reading read(Domain domain, MoveContext context, float[] said, Function<String, float[]> embed) {
        String reading = null;
        String nearest = null;
        double best = Double.POSITIVE_INFINITY;
        for (Instruction in : domain.instructions()) {
            Map<String, Object> content = domain.planner().plan(context, Campsite.SAY, in);
            for (int seed = 0; seed < SEEDS; seed++) {
                String words = domain.content().realiser().realise(Campsite.SAY, content, in, seed);
                double dist = 1 - dot(said, embed.apply(words));
                if (dist < best) {
                    best = dist;
                    reading = in.name();
                    nearest = words;
                }
            }
        }
        return new Reading(reading, best, nearest);
    }

    private static double dot(float[] a, float[] b) {
        double s = 0;
        for (int i = 0; i < a.length; i++) {
            s += a[i] * b[i];
        }
        return s;
    }
}
