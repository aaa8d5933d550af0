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
public final class LlmRewardModel implements RewardModel {

    public static final OutputSchema VALUE_SCHEMA =
            OutputSchema.of("payoff", "value", OutputSchema.FieldType.NUMBER);
    private static final Pattern NUMBER = Pattern.compile("[-+]?\\d+(?:\\.\\d+)?(?:[eE][-+]?\\d+)?");
    private static final ObjectMapper JSON = new ObjectMapper();

    private final ChatBackend chat;
    private final RewardSpec spec;
    private final long seed;

    /** @param seed the sampling seed of every judging call (fixed, so that judgements are cached and repeatable) */
    public LlmRewardModel(ChatBackend chat, RewardSpec spec, long seed) {
        this.chat = chat;
        this.spec = spec;
        this.seed = seed;
    }

    @Override
    public Payoffs score(FinishedDialogue d) {
        List<Double> values = new ArrayList<>();
        List<String> raw = new ArrayList<>();
        int failures = 0;
        for (int p = 0; p < d.players().size(); p++) {
            String name = d.players().get(p);
            String scoring = chat.complete(new ChatCall(List.of(
                    ChatMessage.system(spec.context()),
                    ChatMessage.user(d.privateInfo().get(p) + "\n\nThe dialogue:\n" + d.transcriptText() + "\n"
                            + spec.question().replace("{player}", name))), seed, Optional.empty())).text();
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

    @Override
    public double minPayoff() {
        return spec.min();
    }

    @Override
    public double maxPayoff() {
        return spec.max();
    }

    @Override
    public String backend() {
        return "llm-judge:" + chat.label();
    }
}
