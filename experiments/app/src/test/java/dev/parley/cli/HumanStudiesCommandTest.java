package dev.parley.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class HumanStudiesCommandTest {

    /** The held-out split, as the repository has it (tests run in the module directory). */
    private static final Path HELD_OUT = Path.of("../..", "corpora", "heldout", "casino", "casino_test.json");

    private static String valid() throws Exception {
        try (InputStream in = HumanStudiesCommandTest.class.getResourceAsStream("/corpora/casino/casino_valid.json")) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    @Test
    void theExactScorerIsPerfectOnRealOutcomesInValidAndTest(@TempDir Path dir) throws Exception {
        Path out = dir.resolve("reward");
        CliRun r = CliRun.parley("study", "human-reward", "--domain", "campsite", "--test-file", HELD_OUT.toString(),
                "--json", "--out", out.toString());
        JsonNode j = r.successJson();
        for (String split : new String[] {"valid", "test"}) {
            JsonNode s = j.get(split);
            assertThat(s.get("dialogues").asInt()).isEqualTo(split.equals("valid") ? 30 : 100);
            assertThat(s.get("correlation").asDouble()).isEqualTo(1.0);
            assertThat(s.get("mean_absolute_error").asDouble()).isZero();
            assertThat(s.get("who_did_better").asDouble()).isEqualTo(1.0);
            assertThat(s.get("points_satisfaction_correlation").asDouble()).isBetween(-1.0, 1.0);
        }
        assertThat(Files.readString(out.resolve("cases.csv")).lines()).hasSize(131);
        assertThat(out.resolve("report.csv")).exists();
    }

    @Test
    void aDomainWithoutPeopleOrABadTestFileIsOneLineAndNothingIsWritten(@TempDir Path dir) throws Exception {
        Path out = dir.resolve("never");
        CliRun fruit = CliRun.parley("study", "human-reward", "--domain", "fruit-trading", "--out", out.toString());
        assertThat(fruit.code()).isEqualTo(2);
        assertThat(fruit.err().strip()).doesNotContain("\n").contains("fruit-trading has no recorded human dialogues");
        Path bad = dir.resolve("casino_test.json");
        Files.writeString(bad, valid().replaceFirst("\"small-talk\"", "\"flattery\""));
        CliRun label = CliRun.parley("study", "human-reward", "--domain", "campsite", "--test-file", bad.toString(),
                "--out", out.toString());
        assertThat(label.code()).isEqualTo(2);
        assertThat(label.err().strip()).isEqualTo("parley: " + bad + ": dialogue 157, turn 1: unknown strategy label"
                + " 'flattery' (known: small-talk, showing-empathy, promote-coordination, no-need, elicit-pref, uv-part,"
                + " vouch-fair, self-need, other-need, non-strategic)");
        assertThat(out).doesNotExist();
    }

    @Test
    void aLanguageModelJudgeNeedsAModelAndBadOptionsAreRefusedBeforeAnythingIsWritten(@TempDir Path dir) {
        Path out = dir.resolve("never");
        CliRun offline = CliRun.parley("study", "human-reward", "--domain", "campsite", "--judge", "llm",
                "--valid-only", "--out", out.toString());
        assertThat(offline.code()).isEqualTo(2);
        assertThat(offline.err().strip()).doesNotContain("\n").contains("--judge llm needs a language model");
        CliRun judge = CliRun.parley("study", "human-reward", "--domain", "campsite", "--judge", "oracle",
                "--out", out.toString());
        assertThat(judge.code()).isEqualTo(2);
        assertThat(judge.err().strip()).isEqualTo("parley: --judge must be exact, llm or llm-joint, got 'oracle'");
        CliRun sample = CliRun.parley("study", "human-reward", "--domain", "campsite", "--sample", "-1",
                "--out", out.toString());
        assertThat(sample.code()).isEqualTo(2);
        assertThat(sample.err()).contains("--sample");
        assertThat(out).doesNotExist();
    }

    @Test
    void validOnlyNeitherReadsNorNeedsTheHeldOutSplitAndASampleIsThatManyDialogues(@TempDir Path dir)
            throws Exception {
        Path out = dir.resolve("valid");
        CliRun r = CliRun.parley("study", "human-reward", "--domain", "campsite", "--valid-only", "--sample", "5",
                "--test-file", dir.resolve("absent.json").toString(), "--json", "--out", out.toString());
        JsonNode j = r.successJson();
        assertThat(j.has("test")).isFalse();
        assertThat(j.get("valid").get("dialogues").asInt()).isEqualTo(5);
        assertThat(j.get("valid").get("mean_absolute_error").asDouble()).isZero();
        assertThat(j.get("valid").get("judge_failures").asInt()).isZero();
        assertThat(Files.readString(out.resolve("cases.csv")).lines()).hasSize(6);
        assertThat(Files.readString(out.resolve("answers.jsonl")).lines()).hasSize(5);
    }

    @Test
    void theSolverStudyComparesEquilibriumPayoffsWithThePeoplesPointsAndRefusesBadOptions(@TempDir Path dir)
            throws Exception {
        Path out = dir.resolve("solver");
        CliRun r = CliRun.parley("study", "human-solver", "--domain", "campsite", "--valid-only", "--sample", "2",
                "--max-replies", "1", "--iterations", "10", "--json", "--out", out.toString());
        JsonNode v = r.successJson().get("valid");
        assertThat(v.get("dialogues").asInt()).isEqualTo(2);
        // one message: no deal can be answered, so the equilibrium pays 5 each and the gain is 5 - recorded
        for (String camper : new String[] {"first", "second"}) {
            JsonNode c = v.get(camper);
            assertThat(c.get("equilibrium").asDouble()).isEqualTo(5.0, within(1e-9));
            assertThat(c.get("gain").asDouble()).isEqualTo(5.0 - c.get("recorded").asDouble(), within(1e-9));
        }
        assertThat(Files.readString(out.resolve("cases.csv")).lines()).hasSize(3);
        Path never = dir.resolve("never");
        CliRun iterations = CliRun.parley("study", "human-solver", "--domain", "campsite", "--iterations", "0",
                "--out", never.toString());
        assertThat(iterations.code()).isEqualTo(2);
        assertThat(iterations.err()).contains("--iterations");
        CliRun fruit = CliRun.parley("study", "human-solver", "--domain", "fruit-trading", "--out", never.toString());
        assertThat(fruit.code()).isEqualTo(2);
        assertThat(fruit.err()).contains("has no recorded human dialogues");
        assertThat(never).doesNotExist();
    }

    @Test
    void theImitationStudyRefusesBadOptionsBeforeAnyWork(@TempDir Path dir) {
        Path never = dir.resolve("never");
        String[][] bad = {
            {"--seeds", "0"}, {"--max-replies", String.valueOf(dev.parley.study.HumanImitationStudy.WINDOW + 2)},
            {"--meta-solver", "nonsense"}, {"--train-dialogues", "-1"}, {"--hidden", "0"},
            {"--actions", "moves"}, {"--actions", ""}};
        for (String[] b : bad) {
            CliRun r = CliRun.parley("study", "human-imitation", "--domain", "campsite", b[0], b[1], "--out",
                    never.toString());
            assertThat(r.code()).as(String.join(" ", b) + ": " + r.err()).isEqualTo(2);
            assertThat(r.err().strip().lines()).as(r.err()).hasSize(1);
            assertThat(r.err()).contains(b[0].equals("--meta-solver") ? "nonsense" : b[0]);
            if (b[0].equals("--actions")) {
                assertThat(r.err().strip()).isEqualTo("parley: --actions: unknown action space '" + b[1]
                        + "' (expected one of [move-x-instruction, instruction])");
            }
        }
        CliRun fruit = CliRun.parley("study", "human-imitation", "--domain", "fruit-trading", "--out",
                never.toString());
        assertThat(fruit.code()).isEqualTo(2);
        assertThat(fruit.err()).contains("has no recorded human dialogues");
        assertThat(never).doesNotExist();
    }

    /** A small run end to end on MiniLM: the baselines are the uniform policy's log 25 and the majority's share. */
    @Test
    @Tag("minilm")
    void theImitationStudyClonesPeopleAndPlaysTheCloneInTheMetaGame(@TempDir Path dir) throws Exception {
        Path out = dir.resolve("imitation");
        CliRun r = CliRun.parley("study", "human-imitation", "--domain", "campsite", "--valid-only",
                "--train-dialogues", "3", "--seeds", "2", "--epochs", "5", "--patience", "2", "--hidden", "16,16",
                "--scenarios", "1", "--iterations", "20", "--json", "--out", out.toString());
        JsonNode o = r.successJson();
        assertThat(o.get("train_dialogues").asInt()).isEqualTo(3);
        assertThat(o.get("actions").asText()).as("the default action space").isEqualTo("move-x-instruction");
        assertThat(o.has("test")).as("--valid-only reads no test split").isFalse();
        JsonNode v = o.get("valid");
        assertThat(v.get("uniform").get("log_loss").asDouble()).isCloseTo(Math.log(25), within(1e-9));
        assertThat(v.get("per_seed")).hasSize(2);
        double mean = (v.get("per_seed").get(0).get("log_loss").asDouble()
                + v.get("per_seed").get(1).get("log_loss").asDouble()) / 2;
        assertThat(v.get("log_loss").asDouble()).isCloseTo(mean, within(1e-9));
        JsonNode m = v.get("meta_game");
        for (String camper : new String[] {"first", "second"}) {
            double human = m.get(camper).get("human_share").asDouble();
            double cfr = m.get(camper).get("cfr_share").asDouble();
            assertThat(human).isBetween(-1e-9, 1.0 + 1e-9);
            assertThat(human + cfr).isLessThanOrEqualTo(1.0 + 1e-9);
            JsonNode c = m.get(camper);
            assertThat(c.get("solver_gain").asDouble()).isCloseTo(c.get("cfr_vs_human").asDouble()
                    - c.get("human_vs_human").asDouble(), within(1e-9));
        }
        assertThat(m.get("human_nash_conv").asDouble()).isGreaterThanOrEqualTo(-1e-9);
        assertThat(Files.readString(out.resolve("report.csv")).lines()).hasSize(3);
    }

    @Test
    @Tag("model")
    void theSmallLocalModelJudgesPeoplesTranscriptsAndTheCacheReplaysItsJudgement(@TempDir Path dir)
            throws Exception {
        Path model = dev.parley.llm.llamacpp.testing.TestModels.smollm2();
        String[] args = {"study", "human-reward", "--domain", "campsite", "--valid-only", "--sample", "1",
                "--llm", "local", "--model-file", model.toString(), "--temperature", "0", "--max-tokens", "64",
                "--timeout", "900", "--cache", dir.resolve("calls.sqlite").toString(), "--json"};
        CliRun first = CliRun.parley(append(args, "--out", dir.resolve("first").toString()));
        JsonNode a = first.successJson();
        assertThat(a.get("judge").asText()).isEqualTo("llm-judge:local:SmolLM2-135M-Instruct.Q4_1.gguf");
        assertThat(a.get("valid").get("dialogues").asInt()).isEqualTo(1);
        JsonNode answer = Json.MAPPER.readTree(Files.readString(dir.resolve("first").resolve("answers.jsonl")));
        assertThat(answer.get("raw_answers")).hasSize(4); // per camper: the scoring answer, then the extraction
        for (JsonNode p : answer.get("predicted")) {
            assertThat(p.asDouble()).isBetween(0.0, 36.0);
        }
        CliRun replay = CliRun.parley(append(args, "--cache-mode", "replay"));
        assertThat(replay.successJson()).isEqualTo(a);
    }

    private static String[] append(String[] args, String... more) {
        String[] all = java.util.Arrays.copyOf(args, args.length + more.length);
        System.arraycopy(more, 0, all, args.length, more.length);
        return all;
    }

    @Test
    void corpusShowRefusesBadDataWithOneLineNamingFileAndDialogue(@TempDir Path dir) throws Exception {
        String text = valid();
        Path truncated = dir.resolve("truncated.json");
        Files.writeString(truncated, text.substring(0, text.length() / 3));
        CliRun t = CliRun.parley("corpus", "show", "casino", "--id", "157", "--file", truncated.toString());
        assertThat(t.code()).isEqualTo(2);
        assertThat(t.out()).isEmpty();
        String file = java.util.regex.Pattern.quote(truncated.toString());
        assertThat(t.err().strip()).matches("parley: " + file + ":1:\\d+: malformed JSON: .*")
                .doesNotContain("\n");
        Path sum = dir.resolve("sum.json");
        Files.writeString(sum, text.replaceFirst("\"issue2theyget\": \\{\\s*\"Firewood\": \"1\"",
                "\"issue2theyget\": {\"Firewood\": \"2\""));
        CliRun s = CliRun.parley("corpus", "show", "casino", "--id", "157", "--file", sum.toString());
        assertThat(s.code()).isEqualTo(2);
        assertThat(s.out()).isEmpty();
        assertThat(s.err().strip()).isEqualTo("parley: " + sum + ": dialogue 157, turn 11: the submitted deal is not a"
                + " split of the packages: the firewood counts 2 + 2 do not split the 3 packages");
        CliRun missing = CliRun.parley("corpus", "show", "casino", "--id", "999999");
        assertThat(missing.code()).isEqualTo(2);
        assertThat(missing.err()).contains("no dialogue 999999");
    }

    @Test
    @Tag("minilm")
    void corpusShowPrintsTheDialogueWithParleysReading() {
        CliRun r = CliRun.parley("corpus", "show", "casino", "--id", "157");
        assertThat(r.code()).as(r.err()).isZero();
        assertThat(r.out()).contains("CaSiNo dialogue 157")
                .contains("Hello there! Are you getting excited for your upcoming trip?!")
                .contains("annotators: small-talk -> prosocial-generic")
                .contains("Parley:     say, ")
                .contains("Parley:     submit {\"deal\":{\"mine\":{\"firewood\":2,\"food\":1,\"water\":1},"
                        + "\"yours\":{\"firewood\":1,\"food\":2,\"water\":2}}}")
                .contains("points: recorded 17 / 19, scored 17 / 19");
    }
}
