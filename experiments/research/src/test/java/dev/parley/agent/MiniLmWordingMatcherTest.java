package dev.parley.agent;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/** The in-process MiniLM model (a real neural sentence encoder shipped in a Maven jar) tells wordings apart. */
@Tag("minilm")
class MiniLmWordingMatcherTest {

    @Test
    void aParaphraseIsNearerThanAnotherOfferOrAnotherTopic() {
        MiniLmWordingMatcher m = new MiniLmWordingMatcher();
        String said = "Here's my offer: you get a banana from me and I take three of your kiwis.";
        double paraphrase = m.distance(said, "I will give you a banana for three kiwis.");
        double otherTopic = m.distance(said, "Let us meet on Tuesday afternoon.");
        assertThat(paraphrase).isLessThan(otherTopic);
        assertThat(m.distance(said, said)).isZero();
        assertThat(paraphrase).isBetween(0.0, 2.0);
        // the embedding is the model's 384 dimensions, and cached
        assertThat(m.embed(said)).hasSize(384).isSameAs(m.embed(said));
    }
}
