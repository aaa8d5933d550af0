package dev.parley.json;

import com.fasterxml.jackson.core.JsonProcessingException;
import dev.parley.error.InputException;
import java.util.regex.Pattern;

/** Jackson's parse errors as a user reads them: what went wrong and where, without Jackson's internals. */
public final class JsonErrors {

    /** Jackson embeds locations as "[Source: REDACTED (`StreamReadFeature...` disabled); line: 1, column: 30]". */
    private static final Pattern SOURCE = Pattern.compile("\\[Source: [^;\\]]*(?:;[^\\]]*?)?; line: (\\d+), column: "
            + "(\\d+)\\]");

    private JsonErrors() {
    }

    /**
     * The problem, e.g. "Unexpected end-of-input: expected close marker for Array (start marker at line 1, column
     * 30)".
     */
    public static String describe(JsonProcessingException e) {
        String m = e.getOriginalMessage() == null ? "unreadable JSON" : e.getOriginalMessage();
        m = SOURCE.matcher(m).replaceAll("line $1, column $2");
        return m.replaceAll("\\s+", " ").strip();
    }

    /** "line L, column C: problem", or the problem alone when Jackson gives no location. */
    public static String located(JsonProcessingException e) {
        var loc = e.getLocation();
        String where = loc == null || loc.getLineNr() < 0 ? "" : "line " + loc.getLineNr() + ", column "
                + loc.getColumnNr() + ": ";
        return where + describe(e);
    }

    /**
     * The one shape of a malformed JSON file, as a compiler reports: {@code FILE:LINE:COLUMN: malformed JSON: problem}
     * ({@code FILE: malformed JSON: problem} when Jackson gives no location).
     */
    public static String inFile(Object file, JsonProcessingException e) {
        return inFile(file, 0, e);
    }

    /**
     * The same for a JSON value that begins after {@code linesBefore} lines of the file: a JSON Lines entry, whose
     * line Jackson counts from 1.
     */
    public static String inFile(Object file, int linesBefore, JsonProcessingException e) {
        var loc = e.getLocation();
        int line = loc == null || loc.getLineNr() < 1 ? -1 : loc.getLineNr() + linesBefore;
        int column = loc == null ? -1 : loc.getColumnNr();
        return InputException.located(String.valueOf(file), line, column, "malformed JSON: " + describe(e));
    }
}
