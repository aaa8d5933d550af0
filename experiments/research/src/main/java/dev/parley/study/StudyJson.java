package dev.parley.study;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.parley.dialogue.Contents;
import dev.parley.dialogue.Message;
import dev.parley.experiment.Estimate;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** The JSON of the studies ({@code parley study reward|steering --json}) and the files they write. */
public final class StudyJson {

    static final ObjectMapper MAPPER = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    private StudyJson() {
    }

    public static String text(ObjectNode o) {
        try {
            return MAPPER.writeValueAsString(o);
        } catch (IOException e) {
            throw new IllegalStateException("cannot write JSON", e);
        }
    }

    /** {@code {judge, overall, by_outcome: {valid, rejected, incomplete}, samples, ...}}. */
    public static ObjectNode reward(RewardStudy.Report r) {
        ObjectNode o = MAPPER.createObjectNode();
        o.put("study", "reward");
        o.put("domain", r.domain());
        o.put("judge", r.judge());
        o.put("judge_is_exact", r.judgeIsExact());
        if (r.judgeIsExact()) {
            o.put("note", "the judge is the exact scorer (offline): every error is 0 by construction");
        }
        o.put("samples", r.samplesPerOutcome());
        o.put("max_replies", r.maxReplies());
        o.put("dialogues_tried", r.dialoguesTried());
        o.put("agreement_tolerance", RewardStudy.AGREEMENT_TOLERANCE);
        o.set("overall", figures(r.overall()));
        ObjectNode by = o.putObject("by_outcome");
        r.byOutcome().forEach((k, f) -> by.set(k.label(), figures(f)));
        ArrayNode worst = o.putArray("worst");
        r.worst().forEach(c -> worst.add(rewardCase(c, true)));
        return o;
    }

    /** {@code {classifier, accuracy, accuracy_ci95, chance, samples, confusion: {labels, matrix}, ...}}. */
    public static ObjectNode steering(SteeringStudy.Report r) {
        ObjectNode o = MAPPER.createObjectNode();
        o.put("study", "steering");
        o.put("domain", r.domain());
        o.put("classifier", r.classifier());
        o.put("generator", r.generator());
        o.put("accuracy", r.accuracy().share());
        o.putArray("accuracy_ci95").add(r.accuracy().low()).add(r.accuracy().high());
        o.put("correct", r.accuracy().successes());
        o.put("chance", r.chance());
        o.put("samples", r.samples().size());
        o.put("samples_per_instruction", r.samplesPerInstruction());
        o.put("abandoned_messages", r.abandoned());
        o.put("samples_without_a_new_place", r.exhausted());
        ObjectNode confusion = o.putObject("confusion");
        r.labels().forEach(confusion.putArray("labels")::add);
        confusion.set("matrix", MAPPER.valueToTree(r.matrix()));
        confusion.set("unclassified", MAPPER.valueToTree(r.unclassified()));
        return o;
    }

    /** One message as a line of {@code messages.jsonl}. */
    public static ObjectNode steeringSample(SteeringStudy.Report r, SteeringStudy.Sample s) {
        ObjectNode o = MAPPER.createObjectNode();
        o.put("instruction", r.labels().get(s.truth()));
        o.put("recognised", s.predicted() < 0 ? null : r.labels().get(s.predicted()));
        o.put("scenario", s.scenario());
        o.put("position", s.position());
        o.put("move", s.moveId());
        o.put("text", s.text());
        return o;
    }

    /** The steering study's files: report.json, messages.jsonl and confusion.png. */
    public static List<Path> writeSteering(SteeringStudy.Report r, Path dir) throws IOException {
        List<Path> out = new ArrayList<>();
        out.add(write(dir, "report.json", text(steering(r)) + "\n"));
        out.add(write(dir, "messages.jsonl", jsonLines(r.samples().stream().map(s -> steeringSample(r, s))
                .toList())));
        out.add(dev.parley.experiment.ConfusionChart.write(r.domain() + ": " + r.classifier(),
                r.labels(), r.matrix(), dir.resolve("confusion.png")));
        return out;
    }

    static ObjectNode figures(RewardStudy.Figures f) {
        ObjectNode o = MAPPER.createObjectNode();
        o.put("n", f.n());
        estimate(o, "normalised_error", f.normalisedError());
        proportion(o, "sign_mismatch", f.signMismatch());
        proportion(o, "agreement", f.agreement());
        RankCorrelation rc = f.rankCorrelation();
        number(o, "rank_correlation", rc.rho());
        ArrayNode ci = o.putArray("rank_correlation_ci95");
        numberTo(ci, rc.low());
        numberTo(ci, rc.high());
        o.put("judge_failures", f.judgeFailures());
        return o;
    }

    /** One sample as a line of {@code cases.jsonl} (or an entry of {@code worst}). */
    public static ObjectNode rewardCase(RewardStudy.Case c, boolean withRaw) {
        ObjectNode o = MAPPER.createObjectNode();
        o.put("dialogue", c.dialogue().index());
        o.put("outcome", c.dialogue().outcome().label());
        o.put("scenario", c.dialogue().scenario().id());
        o.put("player", c.player());
        o.put("role", c.dialogue().scenario().player(c.player()).role());
        o.put("judge", c.judge());
        o.put("exact", c.exact());
        o.put("normalised_error", c.normalisedError());
        o.put("sign_mismatch", c.signMismatch());
        o.set("transcript", transcript(c.dialogue().transcript()));
        if (withRaw) {
            c.rawAnswers().forEach(o.putArray("raw_answers")::add);
        }
        return o;
    }

    static ArrayNode transcript(List<Message> messages) {
        ArrayNode a = MAPPER.createArrayNode();
        for (Message m : messages) {
            ObjectNode x = a.addObject();
            x.put("speaker", m.speaker()).put("move", m.moveId()).put("content", Contents.canonical(m.content()))
                    .put("text", m.text());
        }
        return a;
    }

    public static void estimate(ObjectNode o, String field, Estimate e) {
        o.put(field, e.mean());
        o.put(field + "_stderr", e.stderr());
        o.putArray(field + "_ci95").add(e.low()).add(e.high());
    }

    public static void proportion(ObjectNode o, String field, Proportion p) {
        o.put(field, p.share());
        o.put(field + "_count", p.successes());
        o.putArray(field + "_ci95").add(p.low()).add(p.high());
    }

    static void number(ObjectNode o, String field, double v) {
        if (Double.isNaN(v)) {
            o.putNull(field);
        } else {
            o.put(field, v);
        }
    }

    static void numberTo(ArrayNode a, double v) {
        if (Double.isNaN(v)) {
            a.addNull();
        } else {
            a.add(v);
        }
    }

    /** Writes text to {@code dir/name}; returns the path. */
    /** One compact JSON object per line (JSON Lines). */
    private static String jsonLines(List<? extends JsonNode> rows) throws IOException {
        StringBuilder sb = new StringBuilder();
        for (JsonNode row : rows) {
            sb.append(MAPPER.writer().without(SerializationFeature.INDENT_OUTPUT).writeValueAsString(row))
                    .append('\n');
        }
        return sb.toString();
    }

    public static Path write(Path dir, String name, String text) throws IOException {
        Files.createDirectories(dir);
        Path p = dir.resolve(name);
        Files.writeString(p, text);
        return p;
    }

    /** The reward study's files: report.json and cases.jsonl (every sample, with its transcript). */
    public static List<Path> writeReward(RewardStudy.Report r, Path dir) throws IOException {
        List<Path> out = new ArrayList<>();
        out.add(write(dir, "report.json", text(reward(r)) + "\n"));
        out.add(write(dir, "cases.jsonl", jsonLines(r.cases().stream().map(c -> rewardCase(c, true)).toList())));
        return out;
    }
}
