package dev.parley.domain.protocols;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

/** The scripted-dialogue helper really fails on a wrong expectation (so the protocol tests can fail). */
class PlayTest {

    @Test
    void wrongExpectationsFail() {
        assertThatThrownBy(() -> new Play("ppd").legal("Proponent: Claim, Why | Opponent:"))
                .isInstanceOf(AssertionError.class);
        assertThatThrownBy(() -> new Play("ppd").legal("Proponent: Claim"))
                .isInstanceOf(AssertionError.class);
        assertThatThrownBy(() -> new Play("ppd").stores("CSProponent: x | CSOpponent:"))
                .isInstanceOf(AssertionError.class);
        assertThatThrownBy(() -> new Play("ppd").move("Opponent", "Why", "p=x"))
                .isInstanceOf(AssertionError.class);
        assertThatThrownBy(() -> new Play("ppd").move("Proponent", "Claim", "p=x").text("I claim that y"))
                .isInstanceOf(AssertionError.class);
    }
}
