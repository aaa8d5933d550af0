package dev.parley.iccma;

import dev.parley.argument.Semantics;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/** An ICCMA problem such as {@code DC-PR}: a task over a semantics. */
public record IccmaProblem(Task task, Semantics semantics) {

    /** What is asked. */
    public enum Task {
        /** Enumerate every extension. */
        EE,
        /** Some extension (or NO when there is none). */
        SE,
        /** Is the argument in some extension (credulous acceptance)? */
        DC,
        /** Is the argument in every extension (sceptical acceptance)? */
        DS;

        public boolean needsArgument() {
            return this == DC || this == DS;
        }
    }

    /** ICCMA's code of a semantics: CO, GR, PR, ST, SST, ID. */
    public static String code(Semantics s) {
        return switch (s) {
            case COMPLETE -> "CO";
            case GROUNDED -> "GR";
            case PREFERRED -> "PR";
            case STABLE -> "ST";
            case SEMI_STABLE -> "SST";
            case IDEAL -> "ID";
        };
    }

    /** Parses {@code TASK-SEM}, case ignored. */
    public static Optional<IccmaProblem> parse(String text) {
        String t = text.trim().toUpperCase(Locale.ROOT);
        int dash = t.indexOf('-');
        if (dash < 0) {
            return Optional.empty();
        }
        Task task;
        try {
            task = Task.valueOf(t.substring(0, dash));
        } catch (IllegalArgumentException e) {
            return Optional.empty();
        }
        String sem = t.substring(dash + 1);
        for (Semantics s : Semantics.values()) {
            if (code(s).equals(sem)) {
                return Optional.of(new IccmaProblem(task, s));
            }
        }
        return Optional.empty();
    }

    /** Every problem Parley answers, in ICCMA's order: tasks, then semantics. */
    public static List<IccmaProblem> supported() {
        List<IccmaProblem> r = new ArrayList<>();
        for (Task t : Task.values()) {
            for (Semantics s : List.of(Semantics.COMPLETE, Semantics.GROUNDED, Semantics.PREFERRED, Semantics.STABLE,
                    Semantics.SEMI_STABLE, Semantics.IDEAL)) {
                r.add(new IccmaProblem(t, s));
            }
        }
        return r;
    }

    @Override
    public String toString() {
        return task + "-" + code(semantics);
    }
}
