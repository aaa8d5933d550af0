package dev.parley.registry;

import dev.parley.error.InputException;
import java.util.List;

/** A name no {@link Registry} entry has: bad input, whose message lists the names there are. */
public final class UnknownNameException extends InputException {

    private static final long serialVersionUID = 1L;

    private final String kind;
    private final String name;
    private final transient List<String> known;

    public UnknownNameException(String kind, String name, List<String> known) {
        super(message(kind, name, known));
        this.kind = kind;
        this.name = name;
        this.known = List.copyOf(known);
    }

    /**
     * {@code unknown KIND 'NAME'; expected one of A, B, C}: the words of every refusal of an unknown name, for a
     * caller that reports one in another form (a command-line converter).
     */
    public static String message(String kind, String name, List<String> known) {
        return "unknown " + kind + " '" + name + "'; expected one of " + String.join(", ", known);
    }

    public String kind() {
        return kind;
    }

    public String name() {
        return name;
    }

    public List<String> known() {
        return known;
    }
}
