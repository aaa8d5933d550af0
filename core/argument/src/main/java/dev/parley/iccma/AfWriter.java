package dev.parley.iccma;

import dev.parley.argument.ArgumentationFramework;
import java.io.IOException;
import java.io.Writer;

/** Writes a framework in any {@link AfFormat}; i23 numbers the arguments 1..n in the framework's order. */
public final class AfWriter {

    private AfWriter() {
    }

    public static void write(ArgumentationFramework af, AfFormat format, Writer out) throws IOException {
        int n = af.size();
        switch (format) {
            case I23 -> {
                out.write("p af " + n + "\n");
                for (int a = 0; a < n; a++) {
                    for (int b : af.targetsOf(a)) {
                        out.write((a + 1) + " " + (b + 1) + "\n");
                    }
                }
            }
            case APX -> {
                for (int a = 0; a < n; a++) {
                    out.write("arg(" + af.name(a) + ").\n");
                }
                for (int a = 0; a < n; a++) {
                    for (int b : af.targetsOf(a)) {
                        out.write("att(" + af.name(a) + "," + af.name(b) + ").\n");
                    }
                }
            }
            case TGF -> {
                for (int a = 0; a < n; a++) {
                    out.write(af.name(a) + "\n");
                }
                out.write("#\n");
                for (int a = 0; a < n; a++) {
                    for (int b : af.targetsOf(a)) {
                        out.write(af.name(a) + " " + af.name(b) + "\n");
                    }
                }
            }
        }
    }
}
