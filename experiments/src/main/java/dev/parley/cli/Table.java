package dev.parley.cli;

import java.util.ArrayList;
import java.util.List;

/** A plain-text table with aligned columns, for human output. */
final class Table {

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
        int[] width = new int[header.length];
        for (int i = 0; i < header.length; i++) {
            width[i] = header[i].length();
            for (String[] r : rows) {
                width[i] = Math.max(width[i], r[i].length());
            }
        }
        StringBuilder sb = new StringBuilder();
        line(sb, header, width);
        String[] rule = new String[header.length];
        for (int i = 0; i < header.length; i++) {
            rule[i] = "-".repeat(width[i]);
        }
        line(sb, rule, width);
        for (String[] r : rows) {
            line(sb, r, width);
        }
        return sb.toString();
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
