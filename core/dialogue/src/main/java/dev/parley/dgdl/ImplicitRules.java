package dev.parley.dgdl;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * What the original DGDL leaves implicit, made explicit for the engine: the permissive default (after a move that
 * mandates nothing, every move is legal next) and the turn order (who speaks first, which moves open the dialogue,
 * and under strict ordering the floor passing on after each move).
 */
final class ImplicitRules {

    private final List<String> moveIds;
    /** The translated move effects that came from a mandate (a permit translates to the same effect). */
    private final Set<Effect.Move> mandates;
    private final OriginalSyntax syntax;

    /** {@code moveIds} and {@code mandates} are the reader's own, read as they fill. */
    ImplicitRules(List<String> moveIds, Set<Effect.Move> mandates, OriginalSyntax syntax) {
        this.moveIds = moveIds;
        this.mandates = mandates;
        this.syntax = syntax;
    }

    /** Every move, made legal next for everyone (the floor decides who may use it). */
    List<Statement> everyMove(SourcePosition at) {
        List<Statement> out = new ArrayList<>();
        for (String m : moveIds) {
            out.add(new Effect.Move(Effect.MoveAction.ADD, Effect.MoveList.NEXT, m, null, List.of(), null, at));
        }
        return out;
    }

    /** Adds every move as legal next on each path through {@code body} that mandates nothing. */
    List<Statement> withDefaults(List<Statement> body) {
        SourcePosition at = body.isEmpty() ? new SourcePosition(1, 1) : body.get(0).position();
        if (mandatesAlways(body)) {
            return body;
        }
        if (!mayMandate(body)) {
            List<Statement> out = new ArrayList<>(body);
            out.addAll(everyMove(at));
            return out;
        }
        List<Statement> out = new ArrayList<>();
        boolean seen = false;
        for (Statement s : body) {
            if (s instanceof Conditional c && mayMandate(List.of(c))) {
                if (seen) {
                    syntax.note(c.position(), "mandates in two conditionals of one move",
                            "which moves are legal next would depend on both at once");
                }
                seen = true;
                List<Conditional.Branch> branches = new ArrayList<>();
                for (Conditional.Branch b : c.branches()) {
                    branches.add(new Conditional.Branch(b.conditions(), withDefaults(b.body())));
                }
                out.add(new Conditional(branches, withDefaults(c.otherwise()), c.position()));
            } else {
                out.add(s);
            }
        }
        return out;
    }

    boolean mandatesAlways(List<Statement> body) {
        for (Statement s : body) {
            if (s instanceof Effect.Move m && mandates.contains(m)) {
                return true;
            }
            if (s instanceof Conditional c && !c.otherwise().isEmpty() && mandatesAlways(c.otherwise())
                    && c.branches().stream().allMatch(b -> mandatesAlways(b.body()))) {
                return true;
            }
        }
        return false;
    }

    boolean mayMandate(List<Statement> body) {
        for (Statement s : body) {
            if (s instanceof Effect.Move m && mandates.contains(m)) {
                return true;
            }
            if (s instanceof Conditional c && (mayMandate(c.otherwise())
                    || c.branches().stream().anyMatch(b -> mayMandate(b.body())))) {
                return true;
            }
        }
        return false;
    }

    static boolean assignsSpeaker(List<Statement> body) {
        for (Statement s : body) {
            if (s instanceof Effect.Assign a && a.role().equals("speaker")) {
                return true;
            }
            if (s instanceof Conditional c && (assignsSpeaker(c.otherwise())
                    || c.branches().stream().anyMatch(b -> assignsSpeaker(b.body())))) {
                return true;
            }
        }
        return false;
    }

    /**
     * Adds to {@code rules} the ones the original leaves implicit: who speaks first, which moves open the dialogue,
     * and (under strict ordering) the floor passing to the next player after each move.
     *
     * @return whether the floor passes by who moved, which needs each player to hold a role named after it
     */
    boolean addTo(List<Protocol.Rule> rules, List<Protocol.Interaction> interactions, List<Protocol.Player> players,
                  Protocol.TurnTaking turnTaking, SourcePosition at) {
        boolean perMover = false;
        List<Protocol.Rule> initial = rules.stream().filter(r -> r.scope() == Protocol.Scope.INITIAL).toList();
        boolean strict = turnTaking == Protocol.TurnTaking.STRICT;
        boolean floorGiven = players.stream().anyMatch(p -> p.roles().contains("speaker"))
                || initial.stream().anyMatch(r -> assignsSpeaker(r.body()));
        List<Protocol.Rule> added = new ArrayList<>();
        if (strict && !floorGiven && !players.isEmpty()) {
            added.add(new Protocol.Rule(OriginalDgdlReader.FIRST_SPEAKER_RULE, Protocol.Scope.INITIAL,
                    List.of(new Effect.Assign(players.get(0).id(), "speaker", at)), at));
        }
        if (initial.stream().noneMatch(r -> mayMandate(r.body()))) {
            added.add(new Protocol.Rule(OriginalDgdlReader.OPENING_RULE, Protocol.Scope.INITIAL, everyMove(at), at));
        }
        rules.addAll(0, added);
        boolean gameAssignsFloor = interactions.stream().anyMatch(i -> assignsSpeaker(i.body()))
                || rules.stream().filter(r -> r.scope() != Protocol.Scope.INITIAL).anyMatch(r -> assignsSpeaker(
                r.body()));
        if (strict && !gameAssignsFloor && players.size() > 1) {
            List<Statement> pass;
            if (players.size() == 2) {
                pass = List.of(new Effect.Assign(OriginalDgdlReader.LISTENER, "speaker", at));
            } else {
                perMover = true;
                List<Conditional.Branch> branches = new ArrayList<>();
                for (int k = 0; k < players.size(); k++) {
                    String next = players.get((k + 1) % players.size()).id();
                    branches.add(new Conditional.Branch(List.of(new Condition(false, new Requirement.InRole(
                            OriginalDgdlReader.SPEAKER, players.get(k).id(), at))),
                            List.of(new Effect.Assign(next, "speaker", at))));
                }
                pass = List.of(new Conditional(branches, List.of(), at));
            }
            rules.add(new Protocol.Rule(OriginalDgdlReader.TURN_RULE, Protocol.Scope.MOVEWISE, pass, at));
        }
        return perMover;
    }
}
