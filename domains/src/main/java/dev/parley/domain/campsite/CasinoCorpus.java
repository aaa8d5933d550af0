package dev.parley.domain.campsite;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.parley.domain.corpus.CorpusException;
import dev.parley.io.InputFiles;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Reads CaSiNo (Chawla et al., NAACL 2021; CC BY 4.0). The train and valid splits are bundled on the class path
 * under {@code /corpora/casino/}; the test split is held out: it is not on any class path, and is read only by path
 * ({@link #read(Path)}), once, to report a study's test figure.
 *
 * <p>Every file is checked as it is read, and the first problem is reported with the file and the dialogue id: a
 * file that is not whole JSON, a turn or participant field that is missing, a submitted deal whose counts do not
 * split each item's 3 packages, an unknown strategy label, an annotation whose text is no utterance of its dialogue.
 * CaSiNo's annotations repeat each utterance's text beside its labels; they are matched to the utterances by that
 * text, in order (three dialogues leave one utterance unannotated). One annotation of the test split has an empty
 * label between two commas ({@code "small-talk,self-need,,vouch-fair"}): empty pieces are skipped.
 */
public final class CasinoCorpus {

    /** The bundled splits. */
    public enum Split {
        TRAIN("casino_train.json"), VALID("casino_valid.json");

        private final String file;

        Split(String file) {
            this.file = file;
        }

        /** The class-path resource of this split. */
        public String resource() {
            return RESOURCE_DIR + file;
        }
    }

    /** Where the bundled splits live on the class path. */
    public static final String RESOURCE_DIR = "/corpora/casino/";
    /** The held-out test split, relative to the repository root. */
    public static final Path HELD_OUT = Path.of("corpora", "heldout", "casino", "casino_test.json");

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Map<Split, List<CasinoDialogue>> CACHE = new java.util.concurrent.ConcurrentHashMap<>();
    private static final Map<String, Integer> LIKERT = Map.ofEntries(
            Map.entry("Extremely dissatisfied", 1), Map.entry("Slightly dissatisfied", 2), Map.entry("Undecided", 3),
            Map.entry("Slightly satisfied", 4), Map.entry("Extremely satisfied", 5),
            Map.entry("Extremely dislike", 1), Map.entry("Slightly dislike", 2),
            Map.entry("Slightly like", 4), Map.entry("Extremely like", 5));

    private CasinoCorpus() {
    }

    /** A bundled split, read once per JVM. */
    public static List<CasinoDialogue> load(Split split) {
        return CACHE.computeIfAbsent(split, s -> {
            try (InputStream in = CasinoCorpus.class.getResourceAsStream(s.resource())) {
                if (in == null) {
                    throw new CorpusException(s.resource() + ": the bundled CaSiNo split is missing from the class "
                            + "path");
                }
                return read(in, s.file);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        });
    }

    /** A CaSiNo file by path (the held-out test split, or a user's copy). */
    public static List<CasinoDialogue> read(Path file) {
        try (InputStream in = InputFiles.openBytes(file)) {
            return read(in, file.toString());
        } catch (IOException e) {
            throw InputFiles.unreadable(file, e);
        }
    }

    /** A CaSiNo file from a stream; {@code name} is the file named in error messages. */
    public static List<CasinoDialogue> read(InputStream in, String name) {
        JsonNode root;
        try {
            root = JSON.readTree(in);
        } catch (JsonProcessingException e) {
            throw new CorpusException(dev.parley.json.JsonErrors.inFile(name, e), e);
        } catch (IOException e) {
            throw new CorpusException(name + ": cannot read: " + e.getMessage(), e);
        }
        if (root == null || !root.isArray()) {
            throw new CorpusException(name + ": expected a JSON array of dialogues");
        }
        List<CasinoDialogue> out = new ArrayList<>(root.size());
        Set<Integer> ids = new HashSet<>();
        for (int i = 0; i < root.size(); i++) {
            JsonNode d = root.get(i);
            JsonNode idNode = d.get("dialogue_id");
            if (idNode == null || !idNode.canConvertToInt()) {
                throw new CorpusException(name + ": dialogue #" + (i + 1) + " has no integer dialogue_id");
            }
            int id = idNode.intValue();
            String where = name + ": dialogue " + id;
            if (!ids.add(id)) {
                throw new CorpusException(where + ": the dialogue id appears twice");
            }
            out.add(dialogue(d, id, where));
        }
        return List.copyOf(out);
    }

    private static CasinoDialogue dialogue(JsonNode d, int id, String where) {
        JsonNode info = field(d, "participant_info", where);
        Map<String, CasinoDialogue.Camper> campers = new LinkedHashMap<>();
        for (var it = info.fields(); it.hasNext(); ) {
            var e = it.next();
            campers.put(e.getKey(), camper(e.getKey(), e.getValue(), where + ", " + e.getKey()));
        }
        if (campers.size() != 2) {
            throw new CorpusException(where + ": expected two participants, found " + campers.size());
        }
        JsonNode logs = field(d, "chat_logs", where);
        if (!logs.isArray() || logs.isEmpty()) {
            throw new CorpusException(where + ": chat_logs is not a non-empty array");
        }
        JsonNode annotations = d.get("annotations");
        List<JsonNode> notes = new ArrayList<>();
        if (annotations != null && annotations.isArray()) {
            annotations.forEach(notes::add);
        }
        int note = 0;
        List<CasinoDialogue.Turn> turns = new ArrayList<>();
        for (int t = 0; t < logs.size(); t++) {
            JsonNode log = logs.get(t);
            String at = where + ", turn " + (t + 1);
            String agent = text(log, "id", at);
            if (!campers.containsKey(agent)) {
                throw new CorpusException(at + ": speaker " + agent + " is not a participant");
            }
            String text = text(log, "text", at);
            CasinoDialogue.Kind kind = switch (text) {
                case "Submit-Deal" -> CasinoDialogue.Kind.SUBMIT;
                case "Accept-Deal" -> CasinoDialogue.Kind.ACCEPT;
                case "Reject-Deal" -> CasinoDialogue.Kind.REJECT;
                case "Walk-Away" -> CasinoDialogue.Kind.WALK_AWAY;
                default -> CasinoDialogue.Kind.UTTERANCE;
            };
            int[] mine = null;
            int[] yours = null;
            if (kind == CasinoDialogue.Kind.SUBMIT) {
                JsonNode task = field(log, "task_data", at);
                mine = counts(field(task, "issue2youget", at), at + ", issue2youget");
                yours = counts(field(task, "issue2theyget", at), at + ", issue2theyget");
                String bad = Items.illegal(mine, yours);
                if (bad != null) {
                    throw new CorpusException(at + ": the submitted deal is not a split of the packages: " + bad);
                }
            }
            List<String> labels = List.of();
            if (kind == CasinoDialogue.Kind.UTTERANCE && note < notes.size()
                    && text.equals(notes.get(note).path(0).asText(null))) {
                labels = labels(notes.get(note).path(1).asText(""), at);
                note++;
            }
            turns.add(new CasinoDialogue.Turn(agent, text, kind, mine, yours, labels));
        }
        if (note < notes.size()) {
            throw new CorpusException(where + ": annotation " + (note + 1) + " (\""
                    + abbreviate(notes.get(note).path(0).asText("")) + "\") matches no utterance in order");
        }
        return new CasinoDialogue(id, turns, campers, !notes.isEmpty());
    }

    private static List<String> labels(String joined, String at) {
        List<String> out = new ArrayList<>();
        for (String piece : joined.split(",")) {
            String label = piece.strip();
            if (label.isEmpty()) {
                continue;
            }
            if (!Strategies.known(label)) {
                throw new CorpusException(at + ": unknown strategy label '" + label + "' (known: "
                        + String.join(", ", Strategies.LABELS) + ")");
            }
            out.add(label);
        }
        if (out.isEmpty()) {
            throw new CorpusException(at + ": an annotation with no strategy label");
        }
        return out;
    }

    private static CasinoDialogue.Camper camper(String agent, JsonNode p, String where) {
        JsonNode v2i = field(p, "value2issue", where);
        JsonNode v2r = field(p, "value2reason", where);
        Map<String, String> priorities = new LinkedHashMap<>();
        Map<String, String> reasons = new LinkedHashMap<>();
        for (String level : List.of("High", "Medium", "Low")) {
            String item = text(v2i, level, where + ", value2issue").toLowerCase(java.util.Locale.ROOT);
            if (Items.index(item) < 0) {
                throw new CorpusException(where + ": value2issue names an unknown item '" + item + "'");
            }
            if (priorities.put(item, level.toLowerCase(java.util.Locale.ROOT)) != null) {
                throw new CorpusException(where + ": value2issue gives " + item + " two priorities");
            }
            reasons.put(item, text(v2r, level, where + ", value2reason"));
        }
        JsonNode outcomes = field(p, "outcomes", where);
        JsonNode points = field(outcomes, "points_scored", where + ", outcomes");
        if (!points.canConvertToInt()) {
            throw new CorpusException(where + ": points_scored is not a whole number");
        }
        return new CasinoDialogue.Camper(agent, priorities, reasons, points.intValue(),
                likert(outcomes, "satisfaction", where), likert(outcomes, "opponent_likeness", where));
    }

    private static int likert(JsonNode outcomes, String key, String where) {
        String answer = text(outcomes, key, where + ", outcomes");
        Integer v = LIKERT.get(answer);
        if (v == null) {
            throw new CorpusException(where + ": " + key + " '" + answer + "' is not one of the survey's answers");
        }
        return v;
    }

    private static int[] counts(JsonNode share, String where) {
        int[] out = new int[Items.COUNT];
        for (int i = 0; i < Items.COUNT; i++) {
            String key = Character.toUpperCase(Items.NAMES.get(i).charAt(0)) + Items.NAMES.get(i).substring(1);
            String v = text(share, key, where);
            try {
                out[i] = Integer.parseInt(v.strip());
            } catch (NumberFormatException e) {
                throw new CorpusException(where + ": " + key + " '" + v + "' is not a whole number");
            }
        }
        return out;
    }

    private static JsonNode field(JsonNode node, String key, String where) {
        JsonNode v = node == null ? null : node.get(key);
        if (v == null || v.isNull()) {
            throw new CorpusException(where + ": missing " + key);
        }
        return v;
    }

    private static String text(JsonNode node, String key, String where) {
        JsonNode v = field(node, key, where);
        if (!v.isValueNode()) {
            throw new CorpusException(where + ": " + key + " is not a value");
        }
        return v.asText();
    }

    private static String abbreviate(String s) {
        return s.length() <= 40 ? s : s.substring(0, 40) + "...";
    }
}
