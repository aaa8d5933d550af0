package dev.parley.domain.dealornodeal;

import dev.parley.domain.corpus.CorpusException;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * OpenSpiel's 1,000 bargaining boards ({@code bargaining_instances1000.txt}, Apache-2.0), bundled under
 * {@code /corpora/deal-or-no-deal/}. Each line is {@code pool values0 values1}; every board is checked as it is read
 * (three items, 5 to 7 of them in the pool, each player's values summing to 10 over the pool), and a bad line is
 * reported with the file and the line number.
 */
public final class Boards {

    public static final String RESOURCE = "/corpora/deal-or-no-deal/bargaining_instances1000.txt";
    public static final int ITEMS = 3;
    public static final int TOTAL_VALUE = 10;

    private static final class Holder {
        static final List<Board> ALL = load();
    }

    private Boards() {
    }

    /** The 1,000 boards in file order. */
    public static List<Board> all() {
        return Holder.ALL;
    }

    private static List<Board> load() {
        try (InputStream in = Boards.class.getResourceAsStream(RESOURCE)) {
            if (in == null) {
                throw new CorpusException(RESOURCE + ": the bundled boards are missing from the class path");
            }
            return read(in, RESOURCE);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Boards from a stream; {@code name} is the file named in error messages. */
    public static List<Board> read(InputStream in, String name) throws IOException {
        List<Board> out = new ArrayList<>();
        BufferedReader r = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8));
        String line;
        int n = 0;
        while ((line = r.readLine()) != null) {
            n++;
            if (line.isBlank()) {
                continue;
            }
            String where = name + ":" + n;
            String[] parts = line.strip().split(" ");
            if (parts.length != 3) {
                throw new CorpusException(where + ": expected 'pool values0 values1', found '" + line + "'");
            }
            int[] pool = triple(parts[0], where);
            int[] v0 = triple(parts[1], where);
            int[] v1 = triple(parts[2], where);
            int items = pool[0] + pool[1] + pool[2];
            if (items < 5 || items > 7) {
                throw new CorpusException(where + ": the pool has " + items + " items, not 5 to 7");
            }
            for (int[] v : new int[][] {v0, v1}) {
                int total = v[0] * pool[0] + v[1] * pool[1] + v[2] * pool[2];
                if (total != TOTAL_VALUE) {
                    throw new CorpusException(where + ": a player's values sum to " + total + " over the pool, not "
                            + TOTAL_VALUE);
                }
            }
            out.add(new Board(out.size(), pool, v0, v1));
        }
        return List.copyOf(out);
    }

    private static int[] triple(String s, String where) {
        String[] p = s.split(",");
        if (p.length != ITEMS) {
            throw new CorpusException(where + ": '" + s + "' is not three comma-separated counts");
        }
        int[] out = new int[ITEMS];
        for (int i = 0; i < ITEMS; i++) {
            try {
                out[i] = Integer.parseInt(p[i]);
            } catch (NumberFormatException e) {
                throw new CorpusException(where + ": '" + p[i] + "' is not a whole number");
            }
            if (out[i] < 0) {
                throw new CorpusException(where + ": '" + p[i] + "' is negative");
            }
        }
        return out;
    }
}
