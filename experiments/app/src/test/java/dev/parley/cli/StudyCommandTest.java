package dev.parley.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.offset;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.parley.dialogue.Domain;
import dev.parley.dialogue.Instruction;
import dev.parley.dialogue.OfflineMoveGenerator;
import dev.parley.dialogue.PrivateInfo;
import dev.parley.dialogue.RewardModel;
import dev.parley.domain.DialogueDomains;
import dev.parley.llm.FinishedDialogue;
import dev.parley.llm.testing.FakeOpenAiServer;
import dev.parley.study.DialogueSampler;
import dev.parley.study.LlmClassifier;
import dev.parley.study.RewardStudy;
import dev.parley.study.SteeringStudy;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code parley study reward|steering}: offline defaults, loopback judges and classifiers, bad values. */
class StudyCommandTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Pattern VALUE = Pattern.compile("value=(-?\\d+(?:\\.\\d+)?)");

    /** What the loopback judge knew and said for one player of one dialogue. */
    private record Judged(String outcome, double exact, double answered) { }

    /** One dialogue as the loopback judge recognises it in a request, with its exact payoffs. */
    private record Known(FinishedDialogue finished, String outcome, double[] exact) { }

    /**
     * The paper's reward study through a real HTTP judge on the loopback interface that is wrong in exactly one
     * scoring call in five: when wrong it states a payoff of the other sign than the exact one. The study must
     * measure what the judge did: a sign-mismatch rate of 0.2 (24 of 120 samples) whose interval holds 0.2, and a
     * normalised error equal to the mean of |answer − exact| / 40 over the judge's own log, per outcome too.
     */
    @Test
    void aJudgeWrongInOneCaseInFiveIsMeasuredSo() throws Exception {
        Domain d = DialogueDomains.require("fruit-trading");
        int samples = 20;
        RewardStudy.Config config = RewardStudy.Config.of(samples, 4, 20, 1);
        // the test's own copy of the dialogues (the same seed), scored by the domain's scorer directly
        List<Known> known = new ArrayList<>();
        for (DialogueSampler.Sampled s : RewardStudy.dialogues(d, new OfflineMoveGenerator(d.content()), config)) {
            known.add(new Known(RewardModel.finished(s.scenario(), s.transcript()), s.outcome().label(),
                    d.scorer().score(s.scenario(), s.transcript())));
        }
        List<Judged> log = new CopyOnWriteArrayList<>();
        AtomicInteger scoring = new AtomicInteger();
        try (FakeOpenAiServer server = FakeOpenAiServer.start()) {
            server.fallback(request -> {
                String user = request.path("messages").get(1).path("content").asText();
                String schema = request.path("response_format").path("json_schema").path("name").asText("");
                if (schema.equals("payoff")) {
                    Matcher m = VALUE.matcher(user);
                    return FakeOpenAiServer.Reply.content(m.find() ? "{\"value\": " + m.group(1) + "}" : "{}");
                }
                Known k = null;
                int player = -1;
                for (Known c : known) {
                    String t = c.finished().transcriptText();
                    int at = user.indexOf(t);
                    if (at >= 0 && c.finished().privateInfo().stream().allMatch(user::contains)) {
                        String question = user.substring(at + t.length());
                        for (int p = 0; p < c.finished().players().size(); p++) {
                            if (question.contains(c.finished().players().get(p))) {
                                player = p;
                            }
                        }
                        k = c;
                        break;
                    }
                }
                if (k == null || player < 0) {
                    return FakeOpenAiServer.Reply.status(500, "the loopback judge does not know this dialogue");
                }
                double exact = k.exact()[player];
                boolean wrong = scoring.getAndIncrement() % 5 == 4;
                double said = !wrong ? exact : exact > 0 ? -5 : exact < 0 ? 5 : 7;
                log.add(new Judged(k.outcome(), exact, said));
                return FakeOpenAiServer.Reply.content("Adding it up, the payoff is value=" + said);
            });
            CliRun r = CliRun.parley("study", "reward", "--domain", "fruit-trading", "--samples", "" + samples,
                    "--llm", "openai", "--base-url", server.baseUrl(), "--model", "m", "--cache-mode", "off",
                    "--judge", "llm", "--json");
            assertThat(r.code()).as(r.err()).isZero();
            JsonNode j = JSON.readTree(r.out());
            assertThat(j.path("judge").asText()).isEqualTo("llm-judge:openai:m");
            assertThat(j.path("judge_is_exact").asBoolean()).isFalse();
            assertThat(log).hasSize(3 * samples * 2);
            long wrong = log.stream().filter(x -> x.exact() != x.answered()).count();
            assertThat(wrong).isEqualTo(24);
            JsonNode all = j.path("overall");
            assertThat(all.path("n").asInt()).isEqualTo(120);
            assertThat(all.path("sign_mismatch").asDouble()).isEqualTo(0.2);
            assertThat(all.path("sign_mismatch_count").asInt()).isEqualTo(24);
            assertThat(all.path("sign_mismatch_ci95").get(0).asDouble()).isLessThan(0.2);
            assertThat(all.path("sign_mismatch_ci95").get(1).asDouble()).isGreaterThan(0.2);
            assertThat(all.path("agreement").asDouble()).isEqualTo(0.8);
            check(all, log);
            for (String outcome : List.of("valid", "rejected", "incomplete")) {
                List<Judged> part = log.stream().filter(x -> x.outcome().equals(outcome)).toList();
                JsonNode f = j.path("by_outcome").path(outcome);
                assertThat(f.path("n").asInt()).isEqualTo(2 * samples).isEqualTo(part.size());
                assertThat(f.path("sign_mismatch_count").asLong())
                        .isEqualTo(part.stream().filter(x -> x.exact() != x.answered()).count());
                check(f, part);
            }
            // the worst cases are the wrong answers, with their transcripts and raw answers
            JsonNode worst = j.path("worst");
            assertThat(worst).hasSize(5);
            for (JsonNode w : worst) {
                assertThat(w.path("judge").asDouble()).isNotEqualTo(w.path("exact").asDouble());
                assertThat(w.path("transcript")).isNotEmpty();
                assertThat(w.path("raw_answers").get(0).asText()).contains("value=");
            }
        }
    }

    /** Normalised error and its t interval recomputed from the judge's log. */
    private static void check(JsonNode f, List<Judged> log) {
        double[] e = log.stream().mapToDouble(x -> Math.abs(x.answered() - x.exact()) / 40).toArray();
        double mean = java.util.Arrays.stream(e).average().orElseThrow();
        double ss = java.util.Arrays.stream(e).map(v -> (v - mean) * (v - mean)).sum();
        double se = Math.sqrt(ss / (e.length - 1) / e.length);
        double t = new org.apache.commons.math3.distribution.TDistribution(e.length - 1)
                .inverseCumulativeProbability(0.975);
        assertThat(f.path("normalised_error").asDouble()).isCloseTo(mean, offset(1e-12));
        assertThat(f.path("normalised_error_stderr").asDouble()).isCloseTo(se, offset(1e-12));
        assertThat(f.path("normalised_error_ci95").get(0).asDouble()).isCloseTo(mean - t * se, offset(1e-12));
        assertThat(f.path("normalised_error_ci95").get(1).asDouble()).isCloseTo(mean + t * se, offset(1e-12));
    }

    /** Offline the judge is the exact scorer: labelled so, every error 0, every answer agreeing. */
    @Test
    void offlineTheJudgeIsTheExactScorerAndSaysSo(@TempDir Path dir) throws Exception {
        CliRun r = CliRun.parley("study", "reward", "--domain", "scheduling", "--samples", "4", "--json", "--out",
                dir.toString());
        assertThat(r.code()).as(r.err()).isZero();
        JsonNode j = JSON.readTree(r.out());
        assertThat(j.path("judge").asText()).isEqualTo("exact:scheduling");
        assertThat(j.path("judge_is_exact").asBoolean()).isTrue();
        assertThat(j.path("note").asText()).contains("0 by construction");
        assertThat(j.path("overall").path("normalised_error").asDouble()).isZero();
        assertThat(j.path("overall").path("agreement").asDouble()).isEqualTo(1.0);
        assertThat(j.path("samples").asInt()).isEqualTo(4);
        // cases.jsonl: one line per player of each dialogue, each with its outcome kind
        List<String> lines = Files.readAllLines(dir.resolve("cases.jsonl"));
        assertThat(lines).hasSize(3 * 4 * 2);
        Map<String, Integer> kinds = new HashMap<>();
        for (String l : lines) {
            JsonNode c = JSON.readTree(l);
            kinds.merge(c.path("outcome").asText(), 1, Integer::sum);
            String last = c.path("transcript").get(c.path("transcript").size() - 1).path("move").asText();
            switch (c.path("outcome").asText()) {
                case "valid" -> assertThat(last).isEqualTo("accept");
                case "rejected" -> assertThat(last).isEqualTo("reject");
                default -> assertThat(c.path("transcript").size()).isEqualTo(4);
            }
        }
        assertThat(kinds).containsEntry("valid", 8).containsEntry("rejected", 8).containsEntry("incomplete", 8);
        assertThat(Files.exists(dir.resolve("report.json"))).isTrue();
    }

    /**
     * The LLM classifier through a loopback model that answers by a rule of its own (the instruction whose name has
     * the most letters in common with the message's first word, so sometimes right and sometimes wrong): the study's
     * confusion matrix must be exactly the counts of (instruction given, answer the model gave) over the messages it
     * wrote out, and the accuracy their diagonal share.
     */
    @Test
    void theLlmClassifiersConfusionMatrixIsWhatTheModelAnswered(@TempDir Path dir) throws Exception {
        Domain d = DialogueDomains.require("fruit-trading");
        List<String> names = SteeringStudy.labels(d).stream().map(Instruction::name).toList();
        Map<String, String> answered = new ConcurrentHashMap<>();
        AtomicInteger calls = new AtomicInteger();
        try (FakeOpenAiServer server = FakeOpenAiServer.start()) {
            server.fallback(request -> {
                String schema = request.path("response_format").path("json_schema").path("name").asText("");
                if (!schema.equals(LlmClassifier.SCHEMA_NAME)) {
                    return FakeOpenAiServer.Reply.status(500, "only classification is expected, got " + schema);
                }
                calls.incrementAndGet();
                String user = request.path("messages").get(1).path("content").asText();
                for (String n : names) {
                    assertThat(user).contains("- " + n + ": ");
                }
                String message = user.substring(user.indexOf("The message:\n\"") + 14, user.lastIndexOf("\"\n\n"));
                String first = message.split("[^A-Za-z]+")[0].toLowerCase(java.util.Locale.ROOT);
                String pick = names.get(0);
                long best = -1;
                for (String n : names) {
                    long common = n.chars().filter(ch -> first.indexOf(ch) >= 0).count();
                    if (common > best) {
                        best = common;
                        pick = n;
                    }
                }
                answered.put(message, pick);
                return FakeOpenAiServer.Reply.content("{\"instruction\": \"" + pick + "\"}");
            });
            // the words come from the offline realiser, the classification from the loopback model
            CliRun r = CliRun.parley("study", "steering", "--domain", "fruit-trading", "--samples", "6",
                    "--classifier", "llm", "--generator", "offline", "--llm", "openai", "--base-url", server.baseUrl(), "--model", "m",
                    "--cache-mode", "off", "--json", "--out", dir.toString());
            assertThat(r.code()).as(r.err()).isZero();
            JsonNode j = JSON.readTree(r.out());
            assertThat(j.path("classifier").asText()).isEqualTo("llm:openai:m");
            assertThat(calls.get()).isEqualTo(18);
            long[][] expected = new long[names.size()][names.size()];
            long right = 0;
            List<String> lines = Files.readAllLines(dir.resolve("messages.jsonl"));
            assertThat(lines).hasSize(18);
            for (String l : lines) {
                JsonNode m = JSON.readTree(l);
                String given = m.path("instruction").asText();
                String said = answered.get(m.path("text").asText());
                assertThat(m.path("recognised").asText()).isEqualTo(said);
                expected[names.indexOf(given)][names.indexOf(said)]++;
                right += given.equals(said) ? 1 : 0;
            }
            assertThat(j.path("confusion").path("labels")).hasSize(3);
            for (int i = 0; i < names.size(); i++) {
                assertThat(j.path("confusion").path("labels").get(i).asText()).isEqualTo(names.get(i));
                for (int k = 0; k < names.size(); k++) {
                    assertThat(j.path("confusion").path("matrix").get(i).get(k).asLong()).as(i + "," + k)
                            .isEqualTo(expected[i][k]);
                }
            }
            assertThat(j.path("accuracy").asDouble()).isCloseTo(right / 18.0, offset(1e-12));
            assertThat(j.path("chance").asDouble()).isCloseTo(1 / 3.0, offset(1e-12));
            assertThat(Files.size(dir.resolve("confusion.png"))).isPositive();
        }
    }

    /**
     * The embedding classifier is a real model: a message that is an instruction's own description is recognised as
     * that instruction, in every domain; and offline the study runs on its defaults with a matrix of N per row.
     */
    @Tag("minilm")
    @Test
    void theEmbeddingClassifierRecognisesEachDescriptionAndTheStudyRunsOffline() throws Exception {
        dev.parley.study.EmbeddingClassifier c = new dev.parley.study.EmbeddingClassifier();
        for (Domain d : DialogueDomains.all()) {
            List<Instruction> labels = SteeringStudy.labels(d);
            for (int i = 0; i < labels.size(); i++) {
                assertThat(c.classify(labels.get(i).guidance(), labels)).as(d.name() + " " + labels.get(i).name())
                        .isEqualTo(i);
            }
        }
        CliRun r = CliRun.parley("study", "steering", "--domain", "debate", "--samples", "5", "--json");
        assertThat(r.code()).as(r.err()).isZero();
        JsonNode j = JSON.readTree(r.out());
        assertThat(j.path("classifier").asText()).isEqualTo("embedding:all-minilm-l6-v2");
        assertThat(j.path("samples").asInt()).isEqualTo(15);
        long diagonal = 0;
        for (int i = 0; i < 3; i++) {
            long row = 0;
            for (JsonNode x : j.path("confusion").path("matrix").get(i)) {
                row += x.asLong();
            }
            assertThat(row).isEqualTo(5);
            diagonal += j.path("confusion").path("matrix").get(i).get(i).asLong();
        }
        assertThat(j.path("accuracy").asDouble()).isCloseTo(diagonal / 15.0, offset(1e-12));
        assertThat(j.path("correct").asLong()).isEqualTo(diagonal);
    }

    @Test
    void studyAloneNamesEveryStudy() {
        CliRun r = CliRun.parley("study");
        assertThat(r.code()).isEqualTo(2);
        assertThat(r.err()).contains("reward", "steering", "human-steering", "human-reward", "human-solver",
                "human-imitation");
    }

    @Test
    void badValuesGiveOneLineAndExitTwo() {
        String[][] bad = {
            {"study"},
            {"study", "nonsense"},
            {"study", "reward", "--domain", "chess"},
            {"study", "reward", "--domain", "fruit-trading", "--samples", "0"},
            {"study", "reward", "--domain", "fruit-trading", "--judge", "llm"},
            {"study", "reward", "--domain", "fruit-trading", "--generator", "nope"},
            {"study", "steering", "--domain", "debate", "--samples", "-1"},
            {"study", "steering", "--domain", "debate", "--classifier", "llm"},
            {"study", "steering", "--domain", "debate", "--classifier", "magic"},
            {"study", "steering", "--domain", "debate", "--generator", "llm"},
            {"imitate", "--seeds", "0"},
            {"imitate", "--heldout", "debate"},
            {"imitate", "--heldout", "scheduling", "--train", "debate"},
            {"imitate", "--heldout", "scheduling", "--train", "scheduling"},
            {"imitate", "--hidden", "0"},
            {"imitate", "--model-in", "no-such-model.json"},
            {"imitate", "--meta-solver", "oracle"},
            {"imitate", "--solver", "nope"},
        };
        for (String[] args : bad) {
            CliRun r = CliRun.parley(args);
            assertThat(r.code()).as(String.join(" ", args) + ": " + r.err()).isEqualTo(2);
            assertThat(r.err().strip()).as(String.join(" ", args)).startsWith("parley: ").doesNotContain("\n")
                    .doesNotContain("Exception");
        }
    }
}
