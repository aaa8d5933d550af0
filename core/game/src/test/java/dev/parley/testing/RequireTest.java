package dev.parley.testing;

import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.opentest4j.TestAbortedException;

class RequireTest {

    private static final String TAG = "requiretest";

    @AfterEach
    void clear() {
        System.clearProperty(Require.property(TAG));
    }

    @Test
    void aPresentResourcePasses() {
        System.setProperty(Require.property(TAG), "true");
        assertThatCode(() -> Require.resource(TAG, true, "nothing to do")).doesNotThrowAnyException();
    }

    @Test
    void aMissingResourceSkipsWithHowToGetIt() {
        assertThatThrownBy(() -> Require.resource(TAG, false, "run scripts/models.sh"))
                .isInstanceOf(TestAbortedException.class)
                .hasMessageContaining("requiretest resource missing: run scripts/models.sh");
    }

    @Test
    void aMissingResourceFailsWhenRequired() {
        System.setProperty(Require.property(TAG), "true");
        assertThatThrownBy(() -> Require.resource(TAG, false, "run scripts/models.sh"))
                .isInstanceOf(AssertionError.class)
                .hasMessage("requiretest resource missing: run scripts/models.sh (required by"
                        + " -Dparley.require.requiretest=true)");
    }
}
