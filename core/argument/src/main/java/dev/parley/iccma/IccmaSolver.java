package dev.parley.iccma;

import dev.parley.argument.ArgumentationFramework;
import dev.parley.argument.Extension;
import dev.parley.argument.Semantics;
import java.util.List;
import java.util.Optional;

/**
 * Answers ICCMA problems on a framework with Parley's own semantics. Shortcuts that hold by theory, so that the
 * cheap problems stay cheap on large frameworks: the grounded extension is complete and is the intersection of the
 * complete extensions (SE-CO, DS-CO, and every grounded task need only it, in linear time); an argument is in some
 * complete extension exactly when it is in some preferred one (DC-CO); a stable extension is preferred.
 */
public final class IccmaSolver {

    private IccmaSolver() {
    }

    /**
     * @param argument the queried argument's 0-based index for DC and DS, ignored otherwise
     */
    public static IccmaAnswer solve(ArgumentationFramework af, IccmaProblem problem, int argument) {
        Semantics s = problem.semantics();
        return switch (problem.task()) {
            case EE -> new IccmaAnswer.Every(af.extensions(s));
            case SE -> new IccmaAnswer.Some(some(af, s));
            case DC -> credulous(af, s, argument);
            case DS -> sceptical(af, s, argument);
        };
    }

    private static Optional<Extension> some(ArgumentationFramework af, Semantics s) {
        return switch (s) {
            case GROUNDED, COMPLETE -> Optional.of(af.grounded());
            case IDEAL -> Optional.of(af.ideal());
            default -> af.extensions(s).stream().findFirst();
        };
    }

    private static IccmaAnswer credulous(ArgumentationFramework af, Semantics s, int a) {
        if (s == Semantics.GROUNDED || s == Semantics.IDEAL) {
            Extension e = s == Semantics.GROUNDED ? af.grounded() : af.ideal();
            return new IccmaAnswer.Decision(e.contains(a), e.contains(a) ? Optional.of(e) : Optional.empty());
        }
        if (s == Semantics.COMPLETE && af.grounded().contains(a)) {
            return new IccmaAnswer.Decision(true, Optional.of(af.grounded()));
        }
        List<Extension> pool = af.extensions(s == Semantics.COMPLETE ? Semantics.PREFERRED : s);
        for (Extension e : pool) {
            if (e.contains(a)) {
                return new IccmaAnswer.Decision(true, Optional.of(e));
            }
        }
        return new IccmaAnswer.Decision(false, Optional.empty());
    }

    private static IccmaAnswer sceptical(ArgumentationFramework af, Semantics s, int a) {
        if (s == Semantics.GROUNDED || s == Semantics.COMPLETE || s == Semantics.IDEAL) {
            Extension e = s == Semantics.IDEAL ? af.ideal() : af.grounded();
            return new IccmaAnswer.Decision(e.contains(a), e.contains(a) ? Optional.empty() : Optional.of(e));
        }
        for (Extension e : af.extensions(s)) {
            if (!e.contains(a)) {
                return new IccmaAnswer.Decision(false, Optional.of(e));
            }
        }
        // no counterexample; for stable semantics with no extension at all this is ICCMA's vacuous YES
        return new IccmaAnswer.Decision(true, Optional.empty());
    }
}
