package dev.parley.preface;

import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A move's scaffold made concrete: the known variables bound, the one left for the model renamed {@code $response}.
 * "$p because $q" with p bound to "We should take climate change seriously" becomes the prompt
 * "We should take climate change seriously because $response", and q is the response variable.
 *
 * <p>Known variables come from {@code response.reply} (DCRS 1.1: the DGEP legal move's reply template, where a value
 * that is itself a variable means unknown); otherwise every variable but the last is the claim being answered, the
 * content of the most recent utterance by someone else (the paper: "$p ... instantiated with some previous claim").
 * The last unbound variable is the one the model fills. A template without variables gets " $response" appended.
 *
 * @param template         the scaffold (or opener) as written in the DCRS
 * @param bindings         known variable values, in order of appearance
 * @param responseVariable the variable the model's answer fills (e.g. "q"), or empty if the template had none
 * @param prompt           the concrete scaffold with {@code $response} in place of the response variable
 */
public record Scaffold(String template, Map<String, String> bindings, Optional<String> responseVariable, String prompt) {

    /** The placeholder the model is asked to find a value for. */
    public static final String RESPONSE = "$response";

    /** A variable: $p, $q, $claim; the paper also writes $p$, so one trailing $ belongs to the variable. */
    public static final Pattern VARIABLE = Pattern.compile("\\$([A-Za-z_][A-Za-z0-9_]*)\\$?");

    public Scaffold {
        bindings = Collections.unmodifiableMap(new LinkedHashMap<>(bindings));
    }

    /** The concrete scaffold for {@code dcrs}'s response (scaffold first, opener as the fallback). */
    public static Scaffold of(Dcrs dcrs) {
        String template = dcrs.response().template();
        if (template == null || template.isBlank()) {
            throw new DcrsException("the response has neither a scaffold nor an opener", List.of());
        }
        List<String> vars = variables(template);
        Map<String, String> reply = dcrs.response().reply() == null ? Map.of() : dcrs.response().reply();
        Map<String, String> bound = new LinkedHashMap<>();
        List<String> unbound = new ArrayList<>();
        for (String v : vars) {
            String value = reply.get(v);
            if (value != null && !VARIABLE.matcher(value.trim()).matches()) {
                bound.put(v, withoutDollars(value));
            } else {
                unbound.add(v);
            }
        }
        Optional<String> responseVar = unbound.isEmpty() ? Optional.empty()
                : Optional.of(unbound.get(unbound.size() - 1));
        for (String v : unbound.subList(0, Math.max(0, unbound.size() - 1))) {
            String claim = answeredUtterance(dcrs).map(Dcrs.Utterance::content).orElseThrow(() -> new DcrsException(
                    "scaffold variable $" + v + " of '" + template + "' has no value: bind it in response.reply"
                            + " (DCRS 1.1) or give a history utterance by another speaker", List.of()));
            bound.put(v, withoutDollars(claim));
        }
        String prompt = substitute(template, bound, responseVar.orElse(null));
        if (responseVar.isEmpty()) {
            prompt = template.strip() + " " + RESPONSE;
        }
        return new Scaffold(template, orderedBindings(vars, bound), responseVar, prompt);
    }

    /** The text of the move once the model has answered. */
    public String fill(String response) {
        return prompt.replace(RESPONSE, response);
    }

    /** The text before {@code $response} (what the model must not repeat), trimmed. */
    public String prefix() {
        int at = prompt.indexOf(RESPONSE);
        return at < 0 ? prompt.strip() : prompt.substring(0, at).strip();
    }

    /**
     * Text that can stand in a filled move: a bound value must not contain '$', or a DGEP client would take it for a
     * variable. Amounts ("$5", "$ 3.50") become "5 dollars"; any other '$' is dropped ("$q" becomes "q").
     */
    public static String withoutDollars(String text) {
        return text.replaceAll("\\$\\s?(\\d[\\d,.]*\\d|\\d)", "$1 dollars").replace("$", "");
    }

    /** The variable names of a template in order of first appearance. */
    public static List<String> variables(String template) {
        LinkedHashSet<String> out = new LinkedHashSet<>();
        Matcher m = VARIABLE.matcher(template);
        while (m.find()) {
            out.add(m.group(1));
        }
        return List.copyOf(out);
    }

    /** The utterance the new one answers: the most recent one by another speaker, else the most recent one. */
    public static Optional<Dcrs.Utterance> answeredUtterance(Dcrs dcrs) {
        List<Dcrs.Utterance> hist = dcrs.history().utterances();
        Comparator<Dcrs.Utterance> recent = Comparator.comparingInt(Dcrs.Utterance::index);
        Optional<Dcrs.Utterance> other = hist.stream().filter(u -> !u.isSelf()).max(recent);
        return other.isPresent() ? other : hist.stream().max(recent);
    }

    private static String substitute(String template, Map<String, String> bound, String responseVar) {
        Matcher m = VARIABLE.matcher(template);
        StringBuilder sb = new StringBuilder();
        while (m.find()) {
            String name = m.group(1);
            String replacement = name.equals(responseVar) ? RESPONSE : bound.getOrDefault(name, m.group());
            m.appendReplacement(sb, Matcher.quoteReplacement(replacement));
        }
        m.appendTail(sb);
        return sb.toString();
    }

    private static Map<String, String> orderedBindings(List<String> vars, Map<String, String> bound) {
        Map<String, String> out = new LinkedHashMap<>();
        for (String v : vars) {
            if (bound.containsKey(v)) {
                out.put(v, bound.get(v));
            }
        }
        return out;
    }
}
