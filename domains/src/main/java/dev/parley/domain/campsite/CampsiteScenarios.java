package dev.parley.domain.campsite;

import dev.parley.dialogue.PrivateInfo;
import dev.parley.dialogue.Scenario;
import dev.parley.dialogue.ScenarioSource;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.SplittableRandom;
import java.util.regex.Pattern;

/**
 * Campsite scenarios are real CaSiNo participants: each is one train dialogue's two priority tables, the first
 * speaker as player 0, with each participant's own reasons as the argument bank its offline content model draws
 * from. The domain's scenario source draws only from the train split, only dialogues whose six reasons are
 * readable as they stand in a generated sentence (printable text of a sensible length, no doubled word, none of the
 * characters the words check forbids); the first such dialogue is the default scenario, the others follow in a
 * seeded shuffle without repeats.
 */
public final class CampsiteScenarios {

    public static final String TOPIC = "Two campsite neighbours split 3 packages each of food, water and firewood.";
    /** How a reason is written in a camper's knowledge, so its own content model can find it. */
    static final String REASON_PREFIX = "Your reason about ";

    private static final Pattern PRINTABLE = Pattern.compile("[A-Za-z0-9 .,;:!?'()/&%-]+");
    private static final Pattern DOUBLED = Pattern.compile("\\b(\\w+)\\s+\\1\\b", Pattern.CASE_INSENSITIVE);
    private static final Pattern NUMBER_NOUN = Pattern.compile("\\b(\\d|one|two|three|a|an)\\s+packages?\\b",
            Pattern.CASE_INSENSITIVE);

    private CampsiteScenarios() {
    }

    /** The scenario of a recorded dialogue: player 0 is the camper who spoke first. */
    public static Scenario of(CasinoDialogue d) {
        String first = d.firstSpeaker();
        return new Scenario("casino-" + d.id(), TOPIC, List.of(info("First", d.campers().get(first)),
                info("Second", d.campers().get(d.other(first)))));
    }

    private static PrivateInfo info(String role, CasinoDialogue.Camper c) {
        Map<String, Double> numbers = new HashMap<>();
        // every private line names the camper's role: two campers (or two scenarios) often share a priority table,
        // and a line of one must never read as the other's
        String camper = role.toLowerCase(Locale.ROOT) + " camper";
        StringBuilder table = new StringBuilder("Your priorities as the " + camper + ": ");
        List<String> reasons = new ArrayList<>();
        int n = 0;
        for (String level : Items.PRIORITIES) {
            for (int i = 0; i < Items.COUNT; i++) {
                String item = Items.NAMES.get(i);
                if (!level.equals(c.priorities().get(item))) {
                    continue;
                }
                numbers.put(Items.pointsKey(i), (double) Items.pointsOf(level));
                table.append(n++ == 0 ? "" : ", ").append(item).append(" is ").append(level).append(" (")
                        .append(Items.pointsOf(level)).append(" points a package)");
                reasons.add(REASON_PREFIX + item + " (" + camper + "): " + clean(c.reasons().get(item)));
            }
        }
        List<String> knowledge = new ArrayList<>();
        knowledge.add("You are the " + role.toLowerCase(Locale.ROOT) + " camper. There are 3 packages each of food,"
                + " water and firewood to split with your neighbour.");
        knowledge.add(table.append('.').toString());
        knowledge.addAll(reasons);
        knowledge.add("If either of you walks away, each of you scores 5 points.");
        return new PrivateInfo(role, "", knowledge, numbers);
    }

    /** The reason a camper wrote about an item, as it stands in its knowledge. */
    public static Optional<String> reason(PrivateInfo info, int item) {
        String prefix = REASON_PREFIX + Items.NAMES.get(item) + " (" + info.role().toLowerCase(Locale.ROOT)
                + " camper): ";
        return info.knowledge().stream().filter(k -> k.startsWith(prefix)).map(k -> k.substring(prefix.length()))
                .findFirst();
    }

    /** A reason with its white space collapsed and a final full stop. */
    static String clean(String reason) {
        String r = reason.strip().replaceAll("\\s+", " ");
        return r.endsWith(".") || r.endsWith("!") || r.endsWith("?") ? r : r + ".";
    }

    /** Whether every reason of the dialogue reads well embedded in a generated sentence. */
    static boolean readable(CasinoDialogue d) {
        for (CasinoDialogue.Camper c : d.campers().values()) {
            for (String r : c.reasons().values()) {
                String t = clean(r);
                if (t.length() < 12 || t.length() > 200 || !PRINTABLE.matcher(t).matches()
                        || DOUBLED.matcher(t).find() || NUMBER_NOUN.matcher(t).find()
                        || t.toLowerCase(Locale.ROOT).contains("null") || !Character.isUpperCase(t.charAt(0))) {
                    return false;
                }
            }
        }
        return true;
    }

    /** The train dialogues the domain draws its scenarios from, in corpus order. */
    public static List<CasinoDialogue> pool() {
        return Pool.DIALOGUES;
    }

    private static final class Pool {
        static final List<CasinoDialogue> DIALOGUES = CasinoCorpus.load(CasinoCorpus.Split.TRAIN).stream()
                .filter(CampsiteScenarios::readable).toList();
        static final List<Scenario> SCENARIOS = DIALOGUES.stream().map(CampsiteScenarios::of).toList();
    }

    /** The domain's source: the default (first readable train dialogue), then a seeded draw without repeats. */
    static ScenarioSource source() {
        return (count, seed) -> {
            List<Scenario> all = Pool.SCENARIOS;
            if (count < 1 || count > all.size()) {
                throw new IllegalArgumentException("the number of campsite scenarios must be 1 to " + all.size()
                        + ", got " + count);
            }
            int[] order = new int[all.size() - 1];
            for (int i = 0; i < order.length; i++) {
                order[i] = i + 1;
            }
            SplittableRandom random = new SplittableRandom(seed);
            List<Scenario> out = new ArrayList<>(count);
            out.add(all.get(0));
            for (int i = 0; i < count - 1; i++) {
                int j = i + random.nextInt(order.length - i);
                int t = order[i];
                order[i] = order[j];
                order[j] = t;
                out.add(all.get(order[i]));
            }
            return List.copyOf(out);
        };
    }
}
