package dev.parley.domain;

import dev.parley.dialogue.ActionSpace;
import dev.parley.dialogue.DialogueGame;
import dev.parley.dialogue.Domain;
import dev.parley.dialogue.Observation;
import dev.parley.game.poker.KuhnPoker;
import dev.parley.game.poker.LeducPoker;
import dev.parley.error.InputException;
import dev.parley.game.Game;
import dev.parley.registry.GameSpec;
import dev.parley.registry.Suggestions;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;

/**
 * Every built-in game by name, with its parameters, on the model of OpenSpiel's {@code LoadGame}:
 * {@code kuhn_poker(players=3)}, {@code fruit_trading(scenarios=4,max_replies=3,actions=instruction)}. The reference
 * games (Kuhn and Leduc poker) and the dialogue games (a dialogue domain played offline: its planner and realiser
 * speak, its exact scorer pays) are one list: what {@code parley games} shows and every command that takes a game
 * reads. Older names stay accepted: {@code kuhn_poker_3p} is {@code kuhn_poker(players=3)}, {@code fruit-trading}
 * is {@code fruit_trading}.
 */
public final class Games {

    /**
     * A parameter: its default and what a value must be ({@code check} throws IllegalArgumentException saying so).
     */
    public record Parameter(String name, String defaultValue, String description, Function<String, ?> check) {
    }

    /**
     * One game.
     *
     * @param domain the dialogue domain it plays, for a dialogue game; null for a reference game
     */
    public record Entry(String name, String kind, String description, List<Parameter> parameters, Domain domain,
                        Function<Values, Game> factory) {

        public Entry {
            parameters = List.copyOf(parameters);
        }

        public List<String> parameterNames() {
            return parameters.stream().map(Parameter::name).toList();
        }

        /** {@code name(k=default,...)}: the game with every default written out. */
        public String signature() {
            Map<String, String> all = new LinkedHashMap<>();
            parameters.forEach(p -> all.put(p.name(), p.defaultValue()));
            return new GameSpec(name, all).toString();
        }
    }

    /** A game's parameter values, checked: the ones given and the defaults of the rest. */
    public record Values(Entry entry, Map<String, String> given) {

        public Values {
            given = Map.copyOf(given);
        }

        public String text(String name) {
            String v = given.get(name);
            if (v != null) {
                return v;
            }
            return entry.parameters().stream().filter(p -> p.name().equals(name)).findFirst()
                    .orElseThrow(() -> new IllegalArgumentException(entry.name() + " has no parameter " + name))
                    .defaultValue();
        }

        public int integer(String name) {
            return Integer.parseInt(text(name));
        }

        /** The spec as given, in canonical form. */
        public GameSpec spec() {
            return new GameSpec(entry.name(), given);
        }
    }

    /** The parameters of every dialogue game, with the defaults of {@code parley experiment}. */
    private static final List<Parameter> DIALOGUE_PARAMETERS = List.of(
            new Parameter("scenarios", "4", "scenarios chance deals, uniformly", v -> atLeast(v, 1)),
            new Parameter("max_replies", "3", "longest dialogue, in messages", v -> atLeast(v, 1)),
            new Parameter("actions", "move-x-instruction", "move-x-instruction or instruction", ActionSpace::parse),
            new Parameter("observe", "words", "what information states hold: words or moves", Observation::parse),
            new Parameter("seeds_per_message", "1", "sampling seeds chance picks after each decision",
                    v -> atLeast(v, 1)),
            new Parameter("seed", "1", "seed of the scenario draw", Long::parseLong));

    private static final List<Entry> ENTRIES = entries(DialogueDomains.all());
    /** Older or alternative names: each stands for a game with some parameters set. */
    private static final Map<String, GameSpec> ALIASES = Map.of(
            "kuhn_poker_3p", new GameSpec("kuhn_poker", Map.of("players", "3")),
            "fruit-trading", new GameSpec("fruit_trading", Map.of()));

    private Games() {
    }

    private static List<Entry> entries(List<Domain> domains) {
        List<Entry> out = new ArrayList<>();
        out.add(new Entry("kuhn_poker", "reference", "Kuhn poker (OpenSpiel rules); 2 players: value -1/18",
                List.of(new Parameter("players", "2", "players, at least 2", v -> atLeast(v, 2))), null,
                v -> new KuhnPoker(v.integer("players"))));
        out.add(new Entry("leduc_poker", "reference", "Leduc poker, 2 players (OpenSpiel rules); value -0.0856",
                List.of(), null, v -> new LeducPoker()));
        for (Domain d : domains) {
            out.add(new Entry(d.name().replace('-', '_'), "dialogue", d.name() + " played offline (planner and"
                    + " realiser speak, the exact scorer pays)", DIALOGUE_PARAMETERS, d, v -> dialogue(d, v)));
        }
        return List.copyOf(out);
    }

    private static Game dialogue(Domain d, Values v) {
        DialogueGame.Settings settings = new DialogueGame.Settings(v.integer("max_replies"),
                v.integer("seeds_per_message"), ActionSpace.parse(v.text("actions")),
                Observation.parse(v.text("observe")));
        return DialogueGame.offline(d, d.scenarios(v.integer("scenarios"), Long.parseLong(v.text("seed"))),
                settings);
    }

    private static int atLeast(String v, int min) {
        int n;
        try {
            n = Integer.parseInt(v);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("must be a whole number, not '" + v + "'");
        }
        if (n < min) {
            throw new IllegalArgumentException("must be at least " + min + ", not " + n);
        }
        return n;
    }

    /** Every game, reference games first, in a fixed order. */
    public static List<Entry> entries() {
        return ENTRIES;
    }

    public static List<String> names() {
        return ENTRIES.stream().map(Entry::name).toList();
    }

    /** The game a bare name or an older name stands for, if any (parameters aside). */
    public static Optional<Entry> find(String name) {
        String n = ALIASES.containsKey(name) ? ALIASES.get(name).name() : name;
        return ENTRIES.stream().filter(e -> e.name().equals(n)).findFirst();
    }

    /** Whether {@code text} names a built-in game, with or without parameters (no check of the parameters). */
    public static boolean names(String text) {
        return GameSpec.hasParameters(text) || find(text.strip()).isPresent();
    }

    /**
     * Reads and checks {@code text}: the game and its parameter values.
     *
     * @throws InputException for an unknown game or parameter (with the nearest names) or a bad value
     */
    public static Values resolve(String text) {
        GameSpec spec = GameSpec.parse(text);
        Map<String, String> given = new LinkedHashMap<>();
        GameSpec alias = ALIASES.get(spec.name());
        if (alias != null) {
            given.putAll(alias.parameters());
        }
        Entry entry = find(spec.name()).orElseThrow(() -> new InputException("unknown game '" + spec.name() + "'"
                + suggest(spec.name()) + "; the games are " + String.join(", ", names())));
        for (Map.Entry<String, String> p : spec.parameters().entrySet()) {
            Parameter param = entry.parameters().stream().filter(x -> x.name().equals(p.getKey())).findFirst()
                    .orElseThrow(() -> new InputException("game " + entry.name() + " has no parameter '"
                            + p.getKey() + "'" + Suggestions.didYouMean(p.getKey(), entry.parameterNames())
                            + (entry.parameters().isEmpty() ? "; it takes none"
                            : "; its parameters are " + String.join(", ", entry.parameterNames()))));
            try {
                param.check().apply(p.getValue());
            } catch (IllegalArgumentException e) {
                throw new InputException("game " + entry.name() + ", parameter " + param.name() + ": "
                        + e.getMessage(), e);
            }
            given.put(p.getKey(), p.getValue());
        }
        return new Values(entry, given);
    }

    /** The game {@code text} names, built with its parameters. */
    public static Game load(String text) {
        Values v = resolve(text);
        return v.entry().factory().apply(v);
    }

    /** The nearest games to a mistyped name, an older name counting as the game it stands for. */
    private static String suggest(String typed) {
        List<String> all = new ArrayList<>(names());
        all.addAll(ALIASES.keySet());
        List<String> near = Suggestions.near(typed, all).stream()
                .map(n -> ALIASES.containsKey(n) ? ALIASES.get(n).name() : n).distinct().toList();
        return Suggestions.didYouMean(typed, near);
    }
}
