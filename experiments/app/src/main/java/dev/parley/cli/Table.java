package dev.parley.cli;

import java.util.ArrayList;
import java.util.List;

/**
 * A plain-text table with aligned columns, for human output. At a terminal a long last column (a description, a
 * guidance) is wrapped at spaces so that a row fits in {@link #TERMINAL_COLUMNS}; piped output keeps each row on one
 * line, for grep and for scripts.
 */
final class Table {

    /** The width tables are wrapped to: $COLUMNS if exported, else 100, at a terminal; 0 (none) otherwise. */
    static final int TERMINAL_COLUMNS = terminalColumns(System.console() != null, System.getenv("COLUMNS"));

    /** A last column narrower than this is not wrapped: the row is left long rather than made a tall strip. */
    static final int NARROWEST_WRAP = 24;

    private final String[] header;
    private final List<String[]> rows = new ArrayList<>();

    Table(String... header) {
        this.header = header.clone();
    }

    Table row(Object... cells) {
        if (cells.length != header.length) {
            throw new IllegalArgumentException("row has " + cells.length + " cells, header " + header.length);
        }
        String[] r = new String[cells.length];
        for (int i = 0; i < cells.length; i++) {
            r[i] = String.valueOf(cells[i]);
        }
        rows.add(r);
        return this;
    }

    String render() {
        return render(TERMINAL_COLUMNS);
    }

    /** The table with no line wider than {@code maxWidth} where wrapping the last column allows it (0: no limit). */
    String render(int maxWidth) {
        int last = header.length - 1;
        int[] width = new int[header.length];
        for (int i = 0; i < header.length; i++) {
            width[i] = header[i].length();
            for (String[] r : rows) {
                width[i] = Math.max(width[i], r[i].length());
            }
        }
        int indent = 0;
        for (int i = 0; i < last; i++) {
            indent += width[i] + 2;
        }
        int room = maxWidth - indent;
        boolean wrap = maxWidth > 0 && width[last] > room && room >= NARROWEST_WRAP;
        if (wrap) {
            width[last] = room;
        }
        StringBuilder sb = new StringBuilder();
        line(sb, header, width);
        String[] rule = new String[header.length];
        for (int i = 0; i < header.length; i++) {
            rule[i] = "-".repeat(width[i]);
        }
        line(sb, rule, width);
        for (String[] r : rows) {
            if (!wrap || r[last].length() <= room) {
                line(sb, r, width);
                continue;
            }
            List<String> pieces = wrapped(r[last], room);
            String[] first = r.clone();
            first[last] = pieces.get(0);
            line(sb, first, width);
            for (String piece : pieces.subList(1, pieces.size())) {
                sb.append(" ".repeat(indent)).append(piece).append('\n');
            }
        }
        return sb.toString();
    }

    /** Text broken at spaces into lines of at most {@code width} (a longer word stands alone on its line). */
    static List<String> wrapped(String text, int width) {
        List<String> lines = new ArrayList<>();
        StringBuilder current = new StringBuilder();
        for (String word : text.split(" ")) {
            if (current.length() > 0 && current.length() + 1 + word.length() > width) {
                lines.add(current.toString());
                current.setLength(0);
            }
            if (current.length() > 0) {
                current.append(' ');
            }
            current.append(word);
        }
        lines.add(current.toString());
        return lines;
    }

    static int terminalColumns(boolean terminal, String columns) {
        if (!terminal) {
            return 0;
        }
        try {
            int c = columns == null ? 100 : Integer.parseInt(columns.strip());
            return c >= 40 ? c : 100;
        } catch (NumberFormatException e) {
            return 100;
        }
    }

    private static void line(StringBuilder sb, String[] cells, int[] width) {
        for (int i = 0; i < cells.length; i++) {
            sb.append(cells[i]);
            if (i < cells.length - 1) {
                sb.append(" ".repeat(width[i] - cells[i].length() + 2));
            }
        }
        sb.append('\n');
    }
}
