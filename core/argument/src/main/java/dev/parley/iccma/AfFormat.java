package dev.parley.iccma;

import java.nio.file.Path;
import java.util.Locale;
import java.util.Optional;

/**
 * The file formats of ICCMA for abstract argumentation frameworks.
 *
 * <ul>
 *   <li>{@link #I23}: ICCMA 2023's format: a header {@code p af N}, then one attack {@code i j} per line over the
 *       arguments {@code 1..N}; lines starting with {@code #} are comments.</li>
 *   <li>{@link #APX}: the Aspartix format of ICCMA 2015-2021: facts {@code arg(a).} and {@code att(a,b).}.</li>
 *   <li>{@link #TGF}: trivial graph format: one argument name per line, a line {@code #}, then {@code a b} per
 *       attack.</li>
 * </ul>
 */
public enum AfFormat {
    I23("i23"),
    APX("apx"),
    TGF("tgf");

    private final String code;

    AfFormat(String code) {
        this.code = code;
    }

    /** The name used by {@code -fo} and as the file extension. */
    public String code() {
        return code;
    }

    /** The format named {@code code} ({@code i23}, {@code apx}, {@code tgf}; case ignored). */
    public static Optional<AfFormat> of(String code) {
        for (AfFormat f : values()) {
            if (f.code.equalsIgnoreCase(code.trim())) {
                return Optional.of(f);
            }
        }
        return Optional.empty();
    }

    /** The format a file's extension names; ICCMA 2023 also wrote i23 files as {@code .af}. */
    public static Optional<AfFormat> fromFileName(Path file) {
        String name = file.getFileName().toString().toLowerCase(Locale.ROOT);
        int dot = name.lastIndexOf('.');
        if (dot < 0) {
            return Optional.empty();
        }
        String ext = name.substring(dot + 1);
        return ext.equals("af") ? Optional.of(I23) : of(ext);
    }

    /** Whether answers use ICCMA 2023's output ({@code w 1 2}) rather than 2019's ({@code [a,b]}). */
    public boolean iccma2023Output() {
        return this == I23;
    }
}
