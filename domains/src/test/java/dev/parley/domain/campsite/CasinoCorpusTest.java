package dev.parley.domain.campsite;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.parley.domain.corpus.CorpusException;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.jar.JarFile;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

class CasinoCorpusTest {

    private static String valid() throws IOException {
        try (InputStream in = CasinoCorpusTest.class.getResourceAsStream(CasinoCorpus.Split.VALID.resource())) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    private static List<CasinoDialogue> parse(String text) {
        return CasinoCorpus.read(new ByteArrayInputStream(text.getBytes(StandardCharsets.UTF_8)), "casino_x.json");
    }

    @Test
    void theSplitsHaveTheirPublishedSizesAndAnnotations() {
        assertThat(CasinoCorpus.load(CasinoCorpus.Split.TRAIN)).hasSize(900);
        assertThat(CasinoCorpus.load(CasinoCorpus.Split.VALID)).hasSize(30);
        long annotated = CasinoCorpus.load(CasinoCorpus.Split.TRAIN).stream().filter(CasinoDialogue::annotated)
                .count() + CasinoCorpus.load(CasinoCorpus.Split.VALID).stream().filter(CasinoDialogue::annotated)
                .count();
        assertThat(annotated).isEqualTo(354); // 347 + 7; the test split holds the other 42 of CaSiNo's 396
    }

    /**
     * CaSiNo's published length, "11.6 utterances on average" (Chawla et al. 2021, as the README of
     * kushalchawla/CaSiNo states it), is over all 1,030 dialogues and counts the words, not the deal actions. Measured here on train and valid only
     * (the test split stays held out): 930 of the 1,030, whose mean has a standard error of about 0.08 (a standard
     * deviation of 2.3 utterances), so the tolerance is 0.3, more than three standard errors plus the rounding.
     */
    @Test
    void dialoguesHaveThePublishedLengthOfElevenPointSixUtterances() {
        List<CasinoDialogue> all = new ArrayList<>(CasinoCorpus.load(CasinoCorpus.Split.TRAIN));
        all.addAll(CasinoCorpus.load(CasinoCorpus.Split.VALID));
        double utterances = all.stream().mapToLong(d -> d.turns().stream()
                .filter(t -> t.kind() == CasinoDialogue.Kind.UTTERANCE).count()).average().orElseThrow();
        assertThat(utterances).isBetween(11.6 - 0.3, 11.6 + 0.3);
    }

    /**
     * The paper's annotation statistics (Chawla et al. 2021, Table 2): 396 dialogues, 4,615 utterances, and the
     * count of each label. Train and valid hold 354 of the dialogues; counted here with the corpus reader, their
     * labels are at most the paper's and their shares of all labels are within 0.01 of the paper's shares (the
     * held-out split, 42 dialogues, is not read; counted once, it carries exactly the remainder).
     */
    @Test
    void strategyLabelsMatchThePapersAnnotationStatistics() {
        java.util.Map<String, Integer> paper = java.util.Map.of("non-strategic", 1455, "small-talk", 1054,
                "self-need", 964, "promote-coordination", 579, "vouch-fair", 439, "other-need", 409,
                "elicit-pref", 377, "showing-empathy", 254, "no-need", 196, "uv-part", 131);
        java.util.Map<String, Integer> counted = new java.util.TreeMap<>();
        int utterances = 0;
        List<CasinoDialogue> all = new ArrayList<>(CasinoCorpus.load(CasinoCorpus.Split.TRAIN));
        all.addAll(CasinoCorpus.load(CasinoCorpus.Split.VALID));
        for (CasinoDialogue d : all) {
            for (CasinoDialogue.Turn t : d.turns()) {
                if (!t.labels().isEmpty()) {
                    utterances++;
                }
                t.labels().forEach(l -> counted.merge(l, 1, Integer::sum));
            }
        }
        assertThat(counted.keySet()).isEqualTo(paper.keySet());
        int paperTotal = paper.values().stream().mapToInt(Integer::intValue).sum();
        int countedTotal = counted.values().stream().mapToInt(Integer::intValue).sum();
        assertThat(utterances).isLessThanOrEqualTo(4615).isGreaterThan(4615 * 354 / 396 - 100);
        for (String label : paper.keySet()) {
            assertThat(counted.get(label)).as(label).isLessThanOrEqualTo(paper.get(label));
            assertThat((double) counted.get(label) / countedTotal).as(label + " share")
                    .isCloseTo((double) paper.get(label) / paperTotal, org.assertj.core.data.Offset.offset(0.01));
        }
        // the data's own counts in train + valid (347 + 7 annotated dialogues)
        assertThat(counted).containsEntry("non-strategic", 1306).containsEntry("small-talk", 941)
                .containsEntry("uv-part", 122);
    }

    @Test
    void aTruncatedFileIsOneLineNamingTheFile() throws IOException {
        String text = valid();
        assertThatThrownBy(() -> parse(text.substring(0, text.length() / 2)))
                .isInstanceOf(CorpusException.class)
                .hasMessageMatching("casino_x\\.json:\\d+:\\d+: malformed JSON: .*")
                .satisfies(e -> assertThat(e.getMessage()).doesNotContain("\n"));
    }

    @Test
    void aDealThatDoesNotSumNamesTheFileAndTheDialogue() throws IOException {
        // dialogue 157's submission gives Firewood 2 / 1; make it 2 / 2
        String text = valid().replaceFirst("\"issue2theyget\": \\{\\s*\"Firewood\": \"1\"",
                "\"issue2theyget\": {\"Firewood\": \"2\"");
        assertThatThrownBy(() -> parse(text)).isInstanceOf(CorpusException.class)
                .hasMessageStartingWith("casino_x.json: dialogue 157, turn 11:")
                .hasMessageContaining("firewood counts 2 + 2");
    }

    @Test
    void anUnknownStrategyLabelNamesTheFileAndTheDialogue() throws IOException {
        String text = valid().replaceFirst("\"small-talk\"", "\"flattery\"");
        assertThatThrownBy(() -> parse(text)).isInstanceOf(CorpusException.class)
                .hasMessageStartingWith("casino_x.json: dialogue 157, turn 1: unknown strategy label 'flattery'");
    }

    @Test
    void theHeldOutTestSplitIsOnNoClassPathAndNoScenarioComesFromIt() throws IOException {
        assertThat(CasinoCorpusTest.class.getResource("/corpora/casino/casino_test.json")).isNull();
        List<String> found = new ArrayList<>();
        for (String entry : System.getProperty("java.class.path").split(java.io.File.pathSeparator)) {
            Path p = Path.of(entry);
            if (Files.isDirectory(p)) {
                try (Stream<Path> files = Files.walk(p)) {
                    files.filter(f -> f.getFileName().toString().equals("casino_test.json"))
                            .forEach(f -> found.add(f.toString()));
                }
            } else if (entry.endsWith(".jar") && Files.isRegularFile(p)) {
                try (JarFile jar = new JarFile(p.toFile())) {
                    jar.stream().filter(e -> e.getName().endsWith("casino_test.json"))
                            .forEach(e -> found.add(entry + "!" + e.getName()));
                }
            }
        }
        assertThat(found).as("casino_test.json on the class path").isEmpty();
        // the held-out file lives at the repository root, read by path only
        Path heldOut = Path.of("..").resolve(CasinoCorpus.HELD_OUT);
        assertThat(heldOut).exists();
        Set<Integer> testIds = new HashSet<>();
        CasinoCorpus.read(heldOut).forEach(d -> testIds.add(d.id()));
        assertThat(testIds).hasSize(100);
        Set<Integer> trainIds = new HashSet<>();
        CasinoCorpus.load(CasinoCorpus.Split.TRAIN).forEach(d -> trainIds.add(d.id()));
        CasinoCorpus.load(CasinoCorpus.Split.VALID).forEach(d -> assertThat(trainIds.add(d.id())).isTrue());
        assertThat(trainIds).doesNotContainAnyElementsOf(testIds);
        Set<String> scenarioIds = new HashSet<>();
        Campsite.domain().scenarios(CampsiteScenarios.pool().size(), 1).forEach(s -> scenarioIds.add(s.id()));
        for (int id : testIds) {
            assertThat(scenarioIds).doesNotContain("casino-" + id);
        }
        assertThat(CampsiteScenarios.pool()).allSatisfy(d -> assertThat(trainIds).contains(d.id()));
    }
}
