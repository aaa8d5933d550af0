package dev.parley.preface;

/**
 * What PrEFACE sends a model: the system context and the user prompt (the concrete scaffold).
 *
 * @param system   topic and stance; task and constraints; knowledge and history; the answer-only instruction
 * @param user     the concrete scaffold, e.g. "We should take climate change seriously because $response"
 * @param scaffold the scaffold the answer will fill
 * @param format   how the answer is requested
 */
public record Prompt(String system, String user, Scaffold scaffold, AnswerFormat format) {
}
