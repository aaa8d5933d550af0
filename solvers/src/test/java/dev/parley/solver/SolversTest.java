package dev.parley.solver;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.parley.cfr.CfrSolver;
import dev.parley.cfr.CfrVariant;
import dev.parley.game.poker.KuhnPoker;
import dev.parley.game.GameTree;
import dev.parley.game.IterativeSolver;
import dev.parley.mccfr.MccfrSolver;
import dev.parley.registry.UnknownNameException;
import org.junit.jupiter.api.Test;

/** The solvers by name: every name makes the solver it says, and every solver enum value has exactly one name. */
class SolversTest {

    private static final GameTree KUHN = GameTree.compile(new KuhnPoker(2));

    @Test
    void theNamesInOrder() {
        assertThat(Solvers.names()).containsExactly("cfr", "cfr+", "dcfr", "lcfr", "cfr-vector", "cfr+-vector",
                "mccfr-es", "mccfr-os");
        assertThat(Solvers.cfrNames()).containsExactly("cfr", "cfr+", "dcfr", "lcfr");
    }

    @Test
    void everyNameMakesAWorkingSolverOfItsKind() {
        for (String name : Solvers.names()) {
            SolverKind kind = Solvers.require(name);
            assertThat(kind.name()).isEqualTo(name);
            IterativeSolver s = kind.onTree(KUHN, 3);
            assertThat(s).isInstanceOf(kind instanceof SolverKind.Cfr ? CfrSolver.class : MccfrSolver.class);
            if (s instanceof CfrSolver cfr) {
                assertThat(cfr.isVectorForm()).as(name).isEqualTo(name.endsWith("-vector"));
            }
            s.run(5);
            assertThat(s.iterations()).as(name).isEqualTo(5);
            assertThat(s.averagePolicy().rows()).as(name).hasSize(KUHN.numInfosets());
        }
    }

    @Test
    void everyEnumValueHasOneNameThatLeadsBackToIt() {
        for (CfrVariant v : CfrVariant.values()) {
            assertThat(Solvers.requireCfr(Solvers.nameOf(v))).isEqualTo(v);
            assertThat(((SolverKind.Cfr) Solvers.require(Solvers.nameOf(v))).variant()).isEqualTo(v);
        }
        for (MccfrSolver.Sampling s : MccfrSolver.Sampling.values()) {
            assertThat(((SolverKind.Mccfr) Solvers.require(Solvers.nameOf(s))).sampling()).isEqualTo(s);
            @SuppressWarnings("deprecation")
            String old = s.cliName();
            assertThat(old).isEqualTo(Solvers.nameOf(s));
        }
    }

    @Test
    void onlyTheSamplingSolversRunWithoutTheTree() {
        KuhnPoker game = new KuhnPoker(2);
        for (String name : Solvers.names()) {
            SolverKind kind = Solvers.require(name);
            if (kind.runsOnGame()) {
                IterativeSolver s = kind.onGame(game, 1);
                s.run(10);
                assertThat(s.iterations()).isEqualTo(10);
            } else {
                assertThatThrownBy(() -> kind.onGame(game, 1)).isInstanceOf(UnsupportedOperationException.class)
                        .hasMessage(name + " needs the game's compiled tree");
            }
        }
        assertThat(Solvers.names().stream().filter(n -> Solvers.require(n).runsOnGame()))
                .containsExactly("mccfr-es", "mccfr-os");
    }

    /** What the commands ask instead of the class: whether it samples, and whether its runs can be saved. */
    @Test
    void theSampledSolversAreMccfrsAndOnlyTheirRunsCanBeSaved() throws Exception {
        assertThat(Solvers.sampledNames()).containsExactly("mccfr-es", "mccfr-os");
        for (String name : Solvers.names()) {
            SolverKind kind = Solvers.require(name);
            assertThat(kind.sampled()).as(name).isEqualTo(kind instanceof SolverKind.Mccfr);
            assertThat(kind.saving().isPresent()).as(name).isEqualTo(kind.sampled());
        }
        // a run saved and read back is the same solver, by name and seed, and goes on from where it stopped
        SolverKind.Saving saving = Solvers.require("mccfr-os").saving().orElseThrow();
        KuhnPoker game = new KuhnPoker(2);
        IterativeSolver s = saving.start(game, 7);
        s.run(20);
        java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
        saving.save(s, out);
        SolverKind.Saved back = saving.resume(game, new java.io.ByteArrayInputStream(out.toByteArray()));
        assertThat(back.name()).isEqualTo("mccfr-os");
        assertThat(back.seed()).isEqualTo(7);
        assertThat(back.solver().iterations()).isEqualTo(20);
        s.run(5);
        back.solver().run(5);
        assertThat(back.solver().averagePolicy()).isEqualTo(s.averagePolicy());
    }

    @Test
    void unknownNamesAreRefusedListingTheKnownOnes() {
        assertThatThrownBy(() -> Solvers.require("cfr++")).isInstanceOf(UnknownNameException.class)
                .hasMessage("unknown solver 'cfr++'; expected one of cfr, cfr+, dcfr, lcfr, cfr-vector,"
                        + " cfr+-vector, mccfr-es, mccfr-os");
        assertThatThrownBy(() -> Solvers.requireCfr("mccfr-es")).isInstanceOf(UnknownNameException.class)
                .hasMessage("unknown solver 'mccfr-es'; expected one of cfr, cfr+, dcfr, lcfr");
        assertThat(Solvers.find("nope")).isEmpty();
    }
}
