package dev.parley.iccma;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.parley.argument.ArgumentationFramework;
import dev.parley.argument.Attack;
import java.io.IOException;
import java.io.StringReader;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.EnumSource;

class AfReaderTest {

    private static ArgumentationFramework read(String text, AfFormat f) throws IOException {
        return AfReader.read(new StringReader(text), "x." + f.code(), f);
    }

    @Test
    void readsTheSameFrameworkFromEachFormat() throws IOException {
        ArgumentationFramework i23 = read("# a comment\np af 3\n1 2\n\n2 1\n# another\n2 3\n1 2\n", AfFormat.I23);
        ArgumentationFramework apx = read("arg(1).\narg(2). arg(3).\n% comment\natt(1,2). att(2,1).\n att( 2 , 3 ).\n",
                AfFormat.APX);
        ArgumentationFramework tgf = read("1\n2\n3\n#\n1 2\n2 1\n2 3\n", AfFormat.TGF);
        List<Attack> expected = List.of(new Attack("1", "2"), new Attack("2", "1"), new Attack("2", "3"));
        for (ArgumentationFramework af : List.of(i23, apx, tgf)) {
            assertThat(af.arguments()).containsExactly("1", "2", "3");
            assertThat(af.attackList()).containsExactlyElementsOf(expected);
        }
        assertThat(i23).isEqualTo(apx).isEqualTo(tgf);
    }

    @Test
    void anArgumentWithNoAttackIsKept() throws IOException {
        assertThat(read("p af 4\n1 2\n", AfFormat.I23).size()).isEqualTo(4);
        assertThat(read("arg(a).\narg(lonely).\natt(a,a).\n", AfFormat.APX).arguments()).containsExactly("a", "lonely");
    }

    @ParameterizedTest
    @EnumSource(AfFormat.class)
    void writerAndReaderRoundTrip(AfFormat f) throws IOException {
        ArgumentationFramework af = GeneratedFrameworks.random(30, 0.1, 5);
        StringWriter w = new StringWriter();
        AfWriter.write(af, f, w);
        assertThat(read(w.toString(), f)).isEqualTo(af);
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
        "I23|1 2\\np af 2\\n|x.i23:1:1: expected the header \"p af N\" before the first attack, found \"1 2\"",
        "I23|p af 3\\n1 2\\n3 4\\n|x.i23:3:3: expected an argument number 1..3, found 4",
        "I23|p af 3\\n1 2\\n1\\n|x.i23:3:1: expected an attack \"i j\" (two argument numbers), found \"1\"",
        "I23|p af 3\\n1 2 3\\n|x.i23:2:1: expected an attack \"i j\" (two argument numbers), found \"1 2 3\"",
        "I23|p af 3\\np af 3\\n|x.i23:2:1: a second header line; the header \"p af N\" comes once, first",
        "I23|p bf 3\\n|x.i23:1:1: expected the header \"p af N\", found \"p bf 3\"",
        "I23|p af 3\\n0 1\\n|x.i23:2:1: expected an argument number 1..3, found 0",
        "I23|p af 2\\n-1 2\\n|x.i23:2:1: expected an argument number 1..2, found \"-1\"",
        "I23|# only a comment\\n|x.i23:1: no header \"p af N\": the file is empty or holds only comments",
        "APX|arg(a).\\narg(b)\\n|x.apx:2:1: expected arg(NAME). or att(NAME,NAME). , found \"arg(b)\"",
        "APX|arg(a).\\natt(a).\\n|x.apx:2:1: att takes two argument names, found \"att(a).\"",
        "APX|arg(a).\\natt(a,b).\\natt(c,a).\\n|x.apx:2:7: an attack names b, which is never declared (by arg(NAME).)",
        "APX|arg(a). junk\\n|x.apx:1:9: expected arg(NAME). or att(NAME,NAME). , found \"junk\"",
        "TGF|a\\nb\\n#\\na\\n|x.tgf:4:1: expected an attack \"a b\" after the # line, found \"a\"",
        "TGF|a\\na\\n#\\n|x.tgf:2:1: argument a is declared twice",
        "TGF|a\\n#\\na b\\n|x.tgf:3:3: an attack names b, which is never declared (on a line before the # line)",
        "I23|p af 3\\n  1   7\\n|x.i23:2:7: expected an argument number 1..3, found 7",
        "APX|arg(b).\\n  arg(a). att(a, zed).\\n|x.apx:2:18: an attack names zed, which is never declared (by arg(NAME).)",
    })
    void aBadLineIsReportedWithFileLineAndColumn(AfFormat f, String text, String message) {
        assertThatThrownBy(() -> read(text.replace("\\n", "\n"), f))
                .isInstanceOf(AfFormatException.class).hasMessage(message);
    }

    @Test
    void formatComesFromTheExtension() {
        assertThat(AfFormat.fromFileName(Path.of("d/x.i23"))).contains(AfFormat.I23);
        assertThat(AfFormat.fromFileName(Path.of("x.af"))).contains(AfFormat.I23);
        assertThat(AfFormat.fromFileName(Path.of("X.APX"))).contains(AfFormat.APX);
        assertThat(AfFormat.fromFileName(Path.of("x.tgf"))).contains(AfFormat.TGF);
        assertThat(AfFormat.fromFileName(Path.of("x.txt"))).isEmpty();
        assertThat(AfFormat.fromFileName(Path.of("noext"))).isEmpty();
    }
}
