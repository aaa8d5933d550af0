package dev.parley.experiment;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.parley.llm.testing.FakeOpenAiServer;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A loopback "language model" that trades fruit: it reads a structured move request as a server would receive it
 * (the schema's name says the move; the system prompt holds the trader's basket and the dialogue with its verified
 * content) and answers with words and content. Optionally it hallucinates on the first attempt of every move: it
 * offers fruit it does not hold, or accepts or rejects an offer that was never made, as the paper's App. C.2 shows
 * real models do; a retry, which carries the refusal, gets a correct answer.
 */
public final class LoopbackTrader {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final List<String> FRUITS = List.of("apple", "banana", "blueberry", "kiwi");
    private static final Pattern HAVE = Pattern.compile("You have ([^.]*)\\.");
    private static final Pattern PIECE = Pattern.compile("(\\d+) (apple|banana|blueberr|kiwi)");

    private LoopbackTrader() {
    }

    /** The trader for moves, and a judge that values every dialogue at 3 (an assessment, then its number). */
    public static FakeOpenAiServer.Reply withFixedJudge(JsonNode request) {
        String all = request.path("messages").toString();
        if (all.contains("You extract numbers")) {
            return FakeOpenAiServer.Reply.content("{\"value\": 3}");
        }
        if (all.contains("The players' private information")) {
            return FakeOpenAiServer.Reply.content("The trade is worth 3.");
        }
        return FakeOpenAiServer.Reply.content(answer(request, false, ""));
    }

    /** Whether a request is a first attempt (no refusal in the conversation yet). */
    public static boolean firstAttempt(JsonNode request) {
        return !request.path("messages").toString().contains("was refused: ");
    }

    /** The schema name of a structured request ("parley_propose"), or "" for free text. */
    public static String move(JsonNode request) {
        return request.path("response_format").path("json_schema").path("name").asText("");
    }

    /**
     * @param hallucinate answer the first attempt of every move with infeasible content
     * @param prefix      put this before the words (a test marks a tone with it), or ""
     */
    public static String answer(JsonNode request, boolean hallucinate, String prefix) {
        String system = request.path("messages").get(0).path("content").asText();
        boolean bad = hallucinate && firstAttempt(request);
        int[] have = holdings(system);
        ObjectNode table = lastOffer(system);
        ObjectNode out = JSON.createObjectNode();
        switch (move(request)) {
            case "parley_propose", "parley_counter" -> {
                int give = bad ? 3 : firstWhere(have, true);
                int get = bad ? 0 : firstWhere(have, false);
                int count = bad ? 10 : 1;
                ObjectNode offer = out.putObject("offer");
                offer.putObject("give").put(FRUITS.get(give), count);
                offer.putObject("get").put(FRUITS.get(get), 1);
                out.put("text", prefix + "I will give you " + count + " " + plural(give, count) + " for a "
                        + FRUITS.get(get) + ".");
            }
            case "parley_accept" -> {
                ObjectNode terms = bad ? never() : table;
                out.set("terms", terms);
                out.put("text", prefix + "Deal: you give me " + side(terms.get("give")) + ", and I give you "
                        + side(terms.get("get")) + ".");
            }
            case "parley_reject" -> {
                out.set("terms", bad ? never() : table);
                out.put("reason", "too-little");
                out.put("text", prefix + "No, thank you: that is worth too little to me.");
            }
            case "parley_choose_move" -> {
                JsonNode options = request.path("response_format").path("json_schema").path("schema")
                        .path("properties").path("move").path("enum");
                String pick = options.size() > 0 ? options.get(0).asText() : "propose";
                for (JsonNode o : options) {
                    if (o.asText().equals("accept")) {
                        pick = "accept";
                    }
                }
                out.put("move", pick);
            }
            default -> out.put("text", prefix + "Let us trade.");
        }
        return out.toString();
    }

    private static ObjectNode never() {
        ObjectNode o = JSON.createObjectNode();
        o.putObject("give").put("apple", 9);
        o.putObject("get").put("kiwi", 1);
        return o;
    }

    private static String side(JsonNode basket) {
        List<String> parts = new ArrayList<>();
        basket.fields().forEachRemaining(e -> parts.add(e.getValue().asInt() + " "
                + plural(FRUITS.indexOf(e.getKey()), e.getValue().asInt())));
        return String.join(" and ", parts);
    }

    private static String plural(int fruit, int n) {
        String f = FRUITS.get(fruit);
        return n == 1 ? f : f.equals("blueberry") ? "blueberries" : f + "s";
    }

    private static int firstWhere(int[] have, boolean held) {
        for (int f = 0; f < have.length; f++) {
            if ((have[f] > 0) == held) {
                return f;
            }
        }
        return 0;
    }

    static int[] holdings(String system) {
        int[] have = new int[4];
        Matcher m = HAVE.matcher(system);
        if (m.find()) {
            Matcher p = PIECE.matcher(m.group(1).toLowerCase(Locale.ROOT));
            while (p.find()) {
                for (int f = 0; f < FRUITS.size(); f++) {
                    if (FRUITS.get(f).startsWith(p.group(2))) {
                        have[f] += Integer.parseInt(p.group(1));
                    }
                }
            }
        }
        return have;
    }

    /** The last offer in the dialogue history of the prompt, read from its verified content. */
    static ObjectNode lastOffer(String system) {
        int at = system.lastIndexOf("{\"offer\":");
        if (at < 0) {
            return never();
        }
        try (JsonParser p = JSON.getFactory().createParser(system.substring(at))) {
            JsonNode n = JSON.readTree(p);
            return (ObjectNode) n.get("offer");
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }
}
