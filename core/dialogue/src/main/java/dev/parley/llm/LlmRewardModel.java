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
 *
 * <p>The players' question chains are independent, so they run at the same time (a leaf waits for two calls, not
 * four, with the same prompts and answers as one after another). {@link #joint} asks instead one structured
 * question for every player's payoff at once: one call per leaf instead of two per player, at the price of
 * different prompts (and so different judgements) from the paper's protocol.
 */
public final class LlmRewardModel {

    /** How the judge asks. */
    public enum Protocol {
        /** Score then extract, per player (Gemp et al., OpenSpiel); the players' chains run concurrently. */
        PER_PLAYER,
        /** One structured call: an assessment and every player's payoff. */
        JOINT
    }

    /** Runs the second and later players' chains; threads live only while chains run (daemon, so never block exit). */
    private static final java.util.concurrent.ExecutorService PLAYERS =
            java.util.concurrent.Executors.newCachedThreadPool(r -> {
                Thread t = new Thread(r, "parley-judge");
                t.setDaemon(true);
                return t;
            });

    public static final OutputSchema VALUE_SCHEMA =
            OutputSchema.of("payoff", "value", OutputSchema.FieldType.NUMBER);
    private static final Pattern NUMBER = Pattern.compile("[-+]?\\d+(?:\\.\\d+)?(?:[eE][-+]?\\d+)?");
    private static final ObjectMapper JSON = new ObjectMapper();

    private final ChatBackend chat;
    private final RewardSpec spec;
    private final long seed;

    private final boolean summarise;
    private final Protocol protocol;

    /** @param seed the sampling seed of every judging call (fixed, so that judgements are cached and repeatable) */
    public LlmRewardModel(ChatBackend chat, RewardSpec spec, long seed) {
        this(chat, spec, seed, false);
    }

    /**
     * @param summarise first ask for a summary of the outcome (what was agreed, by whom), once per dialogue, and
     *                  score each player from the transcript and that summary (OpenSpiel's optional summary step)
     */
    public LlmRewardModel(ChatBackend chat, RewardSpec spec, long seed, boolean summarise) {
        this(chat, spec, seed, summarise, Protocol.PER_PLAYER);
    }

    public LlmRewardModel(ChatBackend chat, RewardSpec spec, long seed, boolean summarise, Protocol protocol) {
        this.chat = chat;
        this.spec = spec;
        this.seed = seed;
        this.summarise = summarise;
        this.protocol = protocol;
    }

    /** The judge that asks once per dialogue for every player's payoff. */
    public static LlmRewardModel joint(ChatBackend chat, RewardSpec spec, long seed, boolean summarise) {
        return new LlmRewardModel(chat, spec, seed, summarise, Protocol.JOINT);
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
        List<String> raw = new ArrayList<>();
        String summary = null;
        if (summarise) {
            summary = chat.complete(new ChatCall(List.of(ChatMessage.system(spec.context()),
                    ChatMessage.user(evidence(d, null) + "\nSummarise the outcome of this dialogue in two or three"
                            + " sentences: what, if anything, was agreed, and who gives and receives what.")),
                    seed, Optional.empty())).text();
            raw.add(summary);
        }
        return protocol == Protocol.JOINT ? jointly(d, summary, raw) : perPlayer(d, summary, raw);
    }

    private Payoffs perPlayer(FinishedDialogue d, String summary, List<String> raw) {
        int n = d.players().size();
        List<java.util.concurrent.CompletableFuture<String[]>> others = new ArrayList<>();
        for (int p = 1; p < n; p++) {
            int player = p;
            others.add(java.util.concurrent.CompletableFuture.supplyAsync(() -> chain(d, summary, player), PLAYERS));
        }
        List<String[]> answers = new ArrayList<>(n);
        answers.add(chain(d, summary, 0));
        for (var f : others) {
            try {
                answers.add(f.join());
            } catch (java.util.concurrent.CompletionException e) {
                if (e.getCause() instanceof RuntimeException re) {
                    throw re;
                }
                if (e.getCause() instanceof Error err) {
                    throw err;
                }
                throw e;
            }
        }
        List<Double> values = new ArrayList<>();
        int failures = 0;
        for (String[] a : answers) {
            raw.add(a[0]);
            raw.add(a[1]);
            OptionalDouble v = extract(a[1]);
            if (v.isEmpty()) {
                failures++;
            }
            values.add(clip(v.orElse(0)));
        }
        return new Payoffs(values, backend(), raw, failures);
    }

    /** One player's scoring answer, then the extraction from it. */
    private String[] chain(FinishedDialogue d, String summary, int p) {
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
        return new String[] {scoring, extraction};
    }

    /** The schema of a joint judgement: the assessment first (room to reason), then a number per player. */
    static OutputSchema jointSchema(List<String> players) {
        java.util.Map<String, OutputSchema.FieldType> fields = new java.util.LinkedHashMap<>();
        fields.put(ASSESSMENT, OutputSchema.FieldType.STRING);
        for (String p : players) {
            if (fields.put(p, OutputSchema.FieldType.NUMBER) != null) {
                throw new IllegalArgumentException("a joint judgement needs distinct player names, not " + players);
            }
        }
        return new OutputSchema("payoffs", fields);
    }

    private static final String ASSESSMENT = "assessment";

    private Payoffs jointly(FinishedDialogue d, String summary, List<String> raw) {
        StringBuilder q = new StringBuilder(evidence(d, summary)).append('\n');
        q.append("Answer this question for each player in turn:\n");
        for (String name : d.players()) {
            q.append("[").append(name).append("] ").append(spec.question().replace("{player}", name)).append('\n');
        }
        q.append("Answer with only one JSON object: \"").append(ASSESSMENT)
                .append("\" (your calculation, briefly, for every player), then each player's final payoff as a"
                        + " number under the player's name: ");
        q.append("{\"").append(ASSESSMENT).append("\": \"...\"");
        for (String name : d.players()) {
            q.append(", ").append(com.fasterxml.jackson.databind.node.TextNode.valueOf(name)).append(": <number>");
        }
        q.append("}.");
        String answer = chat.complete(new ChatCall(List.of(ChatMessage.system(spec.context()),
                ChatMessage.user(q.toString())), seed, Optional.of(jointSchema(d.players())))).text();
        raw.add(answer);
        JsonNode o = null;
        try {
            o = JSON.readTree(answer == null ? "" : answer.strip());
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            // not JSON: every player's payoff is a failure, as with an unreadable extraction
        }
        List<Double> values = new ArrayList<>();
        int failures = 0;
        for (String name : d.players()) {
            JsonNode v = o == null ? null : o.get(name);
            if (v == null || !v.isNumber()) {
                failures++;
                values.add(clip(0));
            } else {
                values.add(clip(v.asDouble()));
            }
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
        return (protocol == Protocol.JOINT ? "llm-judge-joint:" : "llm-judge:") + chat.label();
    }
}
