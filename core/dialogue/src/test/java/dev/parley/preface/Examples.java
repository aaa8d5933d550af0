package dev.parley.preface;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;

/** The DCRS documents under src/test/resources/dev/parley/preface. */
public final class Examples {

    /** Snaith &amp; Wells, figure 2, field for field (index "0" and stance "PRO" as printed). */
    public static final String PAPER_FIGURE_2 = "paper-figure2.json";
    /** The paper's worked example: an argue move "$p because $q" answering Alice's claim. */
    public static final String PAPER_WORKED = "paper-worked-example.json";
    /** Version 1.1: the DGEP DisagreeReason move of seed 001 with an instruction and the reply template. */
    public static final String DGEP_DISAGREE = "dgep-disagree-1.1.json";

    private Examples() {
    }

    public static String text(String name) {
        try (InputStream in = Examples.class.getResourceAsStream("/dev/parley/preface/" + name)) {
            if (in == null) {
                throw new IllegalStateException("missing test resource " + name);
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    public static Dcrs dcrs(String name) {
        return DcrsReader.parse(text(name), name);
    }
}
