package dev.parley.llm;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * An LLM judge, as in Gemp et al. and OpenSpiel's chat games: for each player, the player's private information
 * and the transcript followed by the scoring question; then a second, strict query that extracts a single number
 * from that answer; the number is clipped to the domain's range. When no number can be extracted the payoff is 0
 * (clipped), and the failure is counted. Every raw answer is kept.
 */
public final class LlmRewardModel {

    public static final OutputSchema VALUE_SCHEMA =
            OutputSchema.of("payoff", "value", OutputSchema.FieldType.NUMBER);
    private static final Pattern NUMBER = Pattern.compile("[-+]?\\d+(?:\\.\\d+)?(?:[eE][-+]?\\d+)?");
    private static final ObjectMapper JSON = new ObjectMapper();

    private final ChatBackend chat;
    private final RewardSpec spec;
    private final long seed;

    private final boolean summarise;

    /** @param seed the sampling seed of every judging call (fixed, so that judgements are cached and repeatable) */
    public LlmRewardModel(ChatBackend chat, RewardSpec spec, long seed) {
        this(chat, spec, seed, false);
    }

    /**
     * @param summarise first ask for a summary of the outcome (what was agreed, by whom), once per dialogue, and
     *                  score each player from the transcript and that summary (OpenSpiel's optional summary step)
     */
    public LlmRewardModel(ChatBackend chat, RewardSpec spec, long seed, boolean summarise) {
        this.chat = chat;
        this.spec = spec;
        this.seed = seed;
        this.summarise = summarise;
    }

    /**
     * What the judge reads before each question: every player's private information (as OpenSpiel's chat games
     * give it: the judge must know each side's values to score any of them), the words of the dialogue, and the
     * optional summary.
     */
    static String evidence(FinishedDialogue d, String summary) {
        StringBuilder sb = new StringBuilder("The players' private information:\n");
        for (int p = 0; p < d.players().size(); p++) {
            sb.append("[").append(d.players().get(p)).append("]\n").append(d.privateInfo().get(p).strip())
                    .append('\n');
        }
        sb.append("\nThe dialogue:\n").append(d.transcriptText());
        if (summary != null) {
            sb.append("\nA summary of its outcome:\n").append(summary.strip()).append('\n');
        }
        return sb.toString();
    }

    public Payoffs score(FinishedDialogue d) {
        List<Double> values = new ArrayList<>();
        List<String> raw = new ArrayList<>();
        int failures = 0;
        String summary = null;
        if (summarise) {
            summary = chat.complete(new ChatCall(List.of(ChatMessage.system(spec.context()),
                    ChatMessage.user(evidence(d, null) + "\nSummarise the outcome of this dialogue in two or three"
                            + " sentences: what, if anything, was agreed, and who gives and receives what.")),
                    seed, Optional.empty())).text();
            raw.add(summary);
        }
        for (int p = 0; p < d.players().size(); p++) {
            String name = d.players().get(p);
            String scoring = chat.complete(new ChatCall(List.of(
                    ChatMessage.system(spec.context()),
                    ChatMessage.user(evidence(d, summary) + "\n" + spec.question().replace("{player}", name))),
                    seed, Optional.empty())).text();
            String extraction = chat.complete(new ChatCall(List.of(
                    ChatMessage.system("You extract numbers from assessments. Answer with only the JSON object"
                            + " {\"value\": <number>}."),
                    ChatMessage.user("Assessment:\n" + scoring + "\n\nWhat final payoff for " + name
                            + " does this assessment state? Answer with only {\"value\": <number>}.")),
                    seed, Optional.of(VALUE_SCHEMA))).text();
            raw.add(scoring);
            raw.add(extraction);
            OptionalDouble v = extract(extraction);
            if (v.isEmpty()) {
                failures++;
            }
            values.add(clip(v.orElse(0)));
        }
        return new Payoffs(values, backend(), raw, failures);
    }

    /** The number in a strict extraction answer: the JSON field "value", else the only number in the text. */
    static OptionalDouble extract(String answer) {
        if (answer == null) {
            return OptionalDouble.empty();
        }
        try {
            JsonNode n = JSON.readTree(answer.strip());
            if (n != null && n.path("value").isNumber()) {
                return OptionalDouble.of(n.get("value").asDouble());
            }
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            // not JSON: fall through to the plain-number rule
        }
        Matcher m = NUMBER.matcher(answer);
        if (m.find()) {
            String first = m.group();
            if (!m.find()) { // strict: exactly one number, or we do not guess
                return OptionalDouble.of(Double.parseDouble(first));
            }
        }
        return OptionalDouble.empty();
    }

    double clip(double v) {
        return Math.max(spec.min(), Math.min(spec.max(), v));
    }

    public double minPayoff() {
        return spec.min();
    }

    public double maxPayoff() {
        return spec.max();
    }

    public String backend() {
        return "llm-judge:" + chat.label();
    }
}
