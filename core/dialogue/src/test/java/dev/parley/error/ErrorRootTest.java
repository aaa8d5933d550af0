package dev.parley.error;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import dev.parley.aif.AifException;
import dev.parley.aif.AifJson;
import dev.parley.dgdl.DgdlException;
import dev.parley.dgdl.ProtocolParser;
import dev.parley.engine.DialogueException;
import dev.parley.game.GameModelException;
import dev.parley.game.PolicyFormatException;
import dev.parley.gambit.Efg;
import dev.parley.gambit.GambitFormatException;
import dev.parley.llm.LlmException;
import dev.parley.llm.cache.CacheException;
import dev.parley.preface.DcrsException;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * One root for the errors Parley reports to its user, and the input errors under it carry the place the message
 * names: the fields agree with the message's {@code source:line:column:} prefix.
 */
class ErrorRootTest {

    @Test
    void theLibrarysUserErrorsShareTheRoot() {
        for (Class<?> c : List.of(GameModelException.class, DialogueException.class, LlmException.class,
                CacheException.class)) {
            assertThat(ParleyException.class).as(c.getSimpleName()).isAssignableFrom(c);
        }
        for (Class<?> c : List.of(GambitFormatException.class, DgdlException.class, AifException.class,
                PolicyFormatException.class, DcrsException.class)) {
            assertThat(InputException.class).as(c.getSimpleName()).isAssignableFrom(c);
        }
    }

    @Test
    void aGambitErrorCarriesTheLineAndColumnItsMessageNames() {
        GambitFormatException e = catchThrowableOfType(
                () -> Efg.parse("EFG 2 R \"g\" { \"A\" \"B\" }\n\"\"\nt \"\" 1 \"o\" { 1 oops }\n", "bad.efg"),
                GambitFormatException.class);
        assertLocated(e);
        assertThat(e.source()).isEqualTo("bad.efg").isEqualTo(e.file());
        assertThat(e.getMessage()).isEqualTo("bad.efg:" + e.line() + ":" + e.column() + ": " + e.detail());
    }

    @Test
    void aDgdlErrorCarriesTheLineAndColumnItsMessageNames() {
        DgdlException e = catchThrowableOfType(() -> ProtocolParser.load("game(id:G){\n  player(id:A\n}\n", "g.dgdl"),
                DgdlException.class);
        assertLocated(e);
        assertThat(e.source()).isEqualTo("g.dgdl").isEqualTo(e.file());
        assertThat(e.line()).isEqualTo(e.position().line());
    }

    @Test
    void anAifSyntaxErrorCarriesItsPlace() {
        AifException e = catchThrowableOfType(() -> AifJson.read("{\"nodes\": [\n  {\"nodeID\": }\n]}"),
                AifException.class);
        assertLocated(e);
    }

    @Test
    void locatedLeavesOutWhatIsUnknown() {
        assertThat(InputException.located("f", 3, 7, "bad")).isEqualTo("f:3:7: bad");
        assertThat(InputException.located("f", 3, -1, "bad")).isEqualTo("f:3: bad");
        assertThat(InputException.located("f", -1, -1, "bad")).isEqualTo("f: bad");
        InputException plain = new InputException("--iterations must be at least 1");
        assertThat(plain.source()).isNull();
        assertThat(plain.line()).isEqualTo(-1);
        assertThat(plain.column()).isEqualTo(-1);
    }

    private static void assertLocated(InputException e) {
        assertThat(e).isNotNull();
        assertThat(e.line()).as(e.getMessage()).isPositive();
        assertThat(e.column()).as(e.getMessage()).isPositive();
        assertThat(e.getMessage()).startsWith(e.source() + ":" + e.line() + ":" + e.column() + ": ");
    }
}
