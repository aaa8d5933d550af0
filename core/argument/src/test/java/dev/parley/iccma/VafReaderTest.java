package dev.parley.iccma;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.io.StringReader;
import org.junit.jupiter.api.Test;

class VafReaderTest {

    private static VafReader.ValueBasedFile read(String text) throws IOException {
        return VafReader.read(new StringReader(text), "v.vaf");
    }

    @Test
    void readsArgumentsAttacksValuesAndPreferences() throws IOException {
        VafReader.ValueBasedFile f = read("% Bench-Capon 2003, Fig. 2\narg(a). arg(b).\narg(c). val(a,red).\n"
                + "val(b,blue). val(c,blue).\natt(a,b). att(b,c).\nvalpref(blue,red).\n");
        assertThat(f.framework().framework().arguments()).containsExactly("a", "b", "c");
        assertThat(f.framework().framework().numAttacks()).isEqualTo(2);
        assertThat(f.framework().valueOf("a")).isEqualTo("red");
        assertThat(f.preferences().prefers("blue", "red")).isTrue();
        assertThat(read("arg(a). val(a,v).").preferences().orderedValues()).isEmpty();
    }

    @Test
    void everyProblemNamesItsLineAndColumn() {
        String[][] cases = {
            {"arg(a). val(a,v).\nfoo(a).\n", "v.vaf:2:1: expected arg(A). att(A,B). val(A,VALUE). or valpref(V1,V2). ,"
                + " found \"foo(a).\""},
            {"arg(a).\nval(b,v).\n", "v.vaf:2:5: val gives a value to b, which is not declared by an earlier arg(b)."},
            {"arg(a). val(a,v).\nval(a,w).\n", "v.vaf:2:5: argument a already promotes v; an argument promotes one value"},
            {"arg(a).\narg(b). val(a,v).\n", "v.vaf:2:5: argument b has no value; add val(b,VALUE)."},
            {"arg(a). val(a,v).\n\natt(a,c).\n", "v.vaf:3:7: an attack names c, which is never declared by arg(c)."},
            {"arg(a). val(a,v).\natt(a,a).\n", "v.vaf:2:5: argument a attacks itself; a value-based framework's attacks"
                + " are irreflexive"},
            {"arg(a). val(a,v).\nvalpref(v,w).\n", "v.vaf:2:11: valpref names w, which no argument promotes"},
            {"arg(a). val(a,v). arg(b). val(b,w).\nvalpref(v,w).\nvalpref(w,v).\n", "v.vaf:3: the audience's"
                + " preferences are cyclic"},
            {"arg(a,b).\n", "v.vaf:1:7: arg takes one name, found \"arg(a,b).\""},
            {"arg(a). arg(a).\n", "v.vaf:1:13: argument a is declared twice"},
        };
        for (String[] c : cases) {
            assertThatThrownBy(() -> read(c[0])).as(c[0]).isInstanceOf(AfFormatException.class)
                    .hasMessageStartingWith(c[1]);
        }
    }
}
