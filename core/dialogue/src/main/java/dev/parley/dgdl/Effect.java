package dev.parley.dgdl;

import java.util.List;

/** An effect in a rule or interaction body. */
public sealed interface Effect extends Statement {

    enum MoveAction { ADD, DELETE }

    enum MoveList { NEXT, FUTURE }

    enum StoreAction { ADD, REMOVE, EMPTY }

    enum Status { ACTIVE, INACTIVE, COMPLETE, INCOMPLETE, TERMINATE }

    /**
     * {@code move(add|delete, next|future, MoveID[, $Addressee][, {content}][, User])}: puts a move template on (or
     * takes it off) the move list of every participant {@code user} names (all participants when absent).
     */
    record Move(MoveAction action, MoveList list, String moveId, String addressee, List<Term> content, String user,
                SourcePosition position) implements Effect {
        public Move {
            content = List.copyOf(content);
        }
    }

    /** {@code store(add|remove|empty, {content}, Store)}. */
    record Store(StoreAction action, List<Term> content, String storeId, SourcePosition position) implements Effect {
        public Store {
            content = List.copyOf(content);
        }
    }

    /** {@code status(active|inactive|complete|incomplete|terminate, Game)}. */
    record SetStatus(Status status, String game, SourcePosition position) implements Effect {
    }

    /** {@code assign(User, Role)}. */
    record Assign(String user, String role, SourcePosition position) implements Effect {
    }

    /** {@code unassign(User, Role)}. */
    record Unassign(String user, String role, SourcePosition position) implements Effect {
    }

    /** {@code save({content}, $Var$)}. */
    record Save(List<Term> content, String variable, SourcePosition position) implements Effect {
        public Save {
            content = List.copyOf(content);
        }
    }
}
