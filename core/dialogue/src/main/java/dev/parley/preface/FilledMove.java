package dev.parley.preface;

/**
 * A move whose scaffold has been filled.
 *
 * @param moveName the DGDL move
 * @param text     the full utterance, e.g. "We should take climate change seriously because ..."
 * @param response the value found for {@code $response}
 * @param reply    the DGEP reply object
 * @param backend  what produced the response ("offline-realiser", "openai:gpt-4o-mini", ...)
 */
public record FilledMove(String moveName, String text, String response, ReplyObject reply, String backend) {

    /** The same move spoken by {@code speakerId} (a DGEP participant id). */
    public FilledMove withSpeaker(String speakerId) {
        return new FilledMove(moveName, text, response, new ReplyObject(speakerId, reply.target(), reply.reply()),
                backend);
    }

    /**
     * Fills {@code dcrs}'s scaffold with {@code response}. The speaker defaults to "self"; the target is the speaker
     * of the utterance being answered, when that is someone else.
     */
    public static FilledMove of(Dcrs dcrs, Scaffold scaffold, String response, String speaker, String backend) {
        java.util.Map<String, String> values = new java.util.LinkedHashMap<>();
        for (String v : Scaffold.variables(scaffold.template())) {
            values.put(v, scaffold.bindings().containsKey(v) ? scaffold.bindings().get(v) : response);
        }
        if (scaffold.responseVariable().isEmpty()) {
            values.put(AnswerFormat.FIELD, response);
        }
        String target = Scaffold.answeredUtterance(dcrs).filter(u -> !u.isSelf()).map(Dcrs.Utterance::speaker)
                .orElse(null);
        String who = speaker == null || speaker.isBlank() ? Dcrs.Utterance.SELF : speaker;
        return new FilledMove(dcrs.response().moveName(), scaffold.fill(response), response,
                new ReplyObject(who, target, values), backend);
    }
}
