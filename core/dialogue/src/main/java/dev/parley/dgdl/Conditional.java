package dev.parley.dgdl;

import java.util.List;

/**
 * {@code if(c && !c){..} elseif(c) then {..} else {..}}: the first branch whose conditions all hold runs; the
 * else body runs when none does.
 */
public record Conditional(List<Branch> branches, List<Statement> otherwise, SourcePosition position)
        implements Statement {

    public Conditional {
        branches = List.copyOf(branches);
        otherwise = List.copyOf(otherwise);
    }

    /** Conditions joined by {@code &&} and the body they guard. */
    public record Branch(List<Condition> conditions, List<Statement> body) {
        public Branch {
            conditions = List.copyOf(conditions);
            body = List.copyOf(body);
        }
    }
}
