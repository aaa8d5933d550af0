package dev.parley.iccma;

import static org.assertj.core.api.Assertions.assertThat;

import dev.parley.argument.ArgumentationFramework;
import dev.parley.argument.Semantics;
import java.io.IOException;
import java.io.StringReader;
import org.junit.jupiter.api.Test;

/** ICCMA's output forms on frameworks whose answers are worked by hand. */
class IccmaSolverTest {

    // 1 <-> 2 -> 3: grounded {}, preferred and stable {2} and {1,3}; complete adds {}
    private static final String MUTUAL = "p af 3\n1 2\n2 1\n2 3\n";
    // an odd cycle 1 -> 2 -> 3 -> 1 beside an unattacked 4 attacking nothing: grounded {4}, no stable extension
    private static final String ODD = "p af 4\n1 2\n2 3\n3 1\n";

    private static String answer(String i23, String problem, int arg) throws IOException {
        ArgumentationFramework af = AfReader.read(new StringReader(i23), "t.i23", AfFormat.I23);
        return IccmaSolver.solve(af, IccmaProblem.parse(problem).orElseThrow(), arg - 1).render(af, AfFormat.I23);
    }

    private static String answer2019(String apx, String problem, String arg) throws IOException {
        ArgumentationFramework af = AfReader.read(new StringReader(apx), "t.apx", AfFormat.APX);
        return IccmaSolver.solve(af, IccmaProblem.parse(problem).orElseThrow(), af.indexOf(arg))
                .render(af, AfFormat.APX);
    }

    @Test
    void iccma2023Output() throws IOException {
        assertThat(answer(MUTUAL, "SE-GR", 0)).isEqualTo("w");
        assertThat(answer(MUTUAL, "EE-PR", 0).lines()).containsExactlyInAnyOrder("w 2", "w 1 3");
        assertThat(answer(MUTUAL, "EE-CO", 0).lines()).containsExactlyInAnyOrder("w", "w 2", "w 1 3");
        assertThat(answer(MUTUAL, "DC-PR", 3)).isEqualTo("YES\nw 1 3");
        assertThat(answer(MUTUAL, "DC-CO", 3)).isEqualTo("YES\nw 1 3");
        assertThat(answer(MUTUAL, "DS-PR", 3)).isEqualTo("NO\nw 2");
        assertThat(answer(MUTUAL, "DC-GR", 3)).isEqualTo("NO");
        assertThat(answer(MUTUAL, "DS-CO", 1)).isEqualTo("NO\nw");
        assertThat(answer(ODD, "SE-ST", 0)).isEqualTo("NO");
        assertThat(answer(ODD, "EE-ST", 0)).isEqualTo("NO");
        assertThat(answer(ODD, "DS-ST", 1)).as("vacuous: no stable extension").isEqualTo("YES");
        assertThat(answer(ODD, "DC-ST", 4)).isEqualTo("NO");
        assertThat(answer(ODD, "SE-GR", 0)).isEqualTo("w 4");
        assertThat(answer(ODD, "DS-GR", 4)).isEqualTo("YES");
        assertThat(answer(ODD, "DC-GR", 4)).isEqualTo("YES\nw 4");
    }

    @Test
    void iccma2019Output() throws IOException {
        String apx = "arg(a). arg(b). arg(c). att(a,b). att(b,a). att(b,c).";
        assertThat(answer2019(apx, "EE-PR", null)).isIn("[[b],[a,c]]", "[[a,c],[b]]");
        assertThat(answer2019(apx, "SE-GR", null)).isEqualTo("[]");
        assertThat(answer2019(apx, "DC-ST", "c")).isEqualTo("YES");
        assertThat(answer2019(apx, "DS-ST", "c")).isEqualTo("NO");
        assertThat(answer2019("arg(a). att(a,a).", "SE-ST", null)).isEqualTo("NO");
        assertThat(answer2019("arg(a). att(a,a).", "EE-ST", null)).isEqualTo("[]");
    }

    @Test
    void semiStableDiffersFromPreferredWhereTheTheoryExpectsIt() throws IOException {
        // Caminada (2006)'s kind of example: 1 <-> 2, 2 -> 3, 3 -> 3. Preferred {1} and {2}; only {2} has the full
        // range {1,2,3} ({1} leaves 3 unattacked), so semi-stable = stable = {2}.
        String f = "p af 3\n1 2\n2 1\n2 3\n3 3\n";
        assertThat(answer(f, "EE-PR", 0).lines()).containsExactlyInAnyOrder("w 1", "w 2");
        assertThat(answer(f, "EE-SST", 0)).isEqualTo("w 2");
        assertThat(answer(f, "EE-ST", 0)).isEqualTo("w 2");
    }

    @Test
    void idealIsLargerThanGroundedWhereTheTheoryExpectsIt() throws IOException {
        // 1 <-> 2 with 2 attacking itself: nothing is unattacked, so grounded {}; the only preferred extension is
        // {1} (1 beats 2, and 2 can never be in), and {1} is admissible, so it is the ideal extension
        String f = "p af 2\n1 2\n2 1\n2 2\n";
        assertThat(answer(f, "SE-GR", 0)).isEqualTo("w");
        assertThat(answer(f, "SE-ID", 0)).isEqualTo("w 1");
        assertThat(answer(f, "DS-ID", 1)).isEqualTo("YES");
        // 1 <-> 2, both attack 3, 3 attacks 4: 4 is in both preferred extensions {1,4} and {2,4}, but no subset of
        // their intersection {4} defends it against 3, so the ideal extension is empty
        assertThat(answer("p af 4\n1 2\n2 1\n1 3\n2 3\n3 4\n", "SE-ID", 0)).isEqualTo("w");
    }

    @Test
    void everySupportedProblemParses() {
        assertThat(IccmaProblem.supported()).hasSize(24);
        assertThat(IccmaProblem.parse("dc-pr")).contains(new IccmaProblem(IccmaProblem.Task.DC, Semantics.PREFERRED));
        assertThat(IccmaProblem.parse("DC-XX")).isEmpty();
        assertThat(IccmaProblem.parse("PR")).isEmpty();
    }
}
