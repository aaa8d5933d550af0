package dev.parley.agent;

/**
 * How far apart two wordings of a move are: 0 for the same meaning, up to 2 (cosine distance). The steered agent
 * uses it to find, among the game's children with the move and content a player made, the one whose words are
 * nearest to what was actually said (a person's or another model's words).
 */
@FunctionalInterface
public interface WordingMatcher {

    double distance(String a, String b);

    /** Exact wording only: 0 for equal texts (ignoring case and surrounding blanks), 1 otherwise. */
    WordingMatcher EXACT = (a, b) -> a.strip().equalsIgnoreCase(b.strip()) ? 0 : 1;
}
