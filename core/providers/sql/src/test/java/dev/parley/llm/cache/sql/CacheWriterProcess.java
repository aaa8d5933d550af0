package dev.parley.llm.cache.sql;

import dev.parley.llm.cache.CachedAnswer;
import dev.parley.llm.cache.CallCache;
import dev.parley.llm.cache.CallSignature;
import java.io.BufferedReader;
import java.io.Reader;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * A separate JVM that writes a cache file, for the tests that need a second process: concurrent writers, and a
 * writer killed in the middle of a transaction.
 *
 * <pre>
 *   write FILE PREFIX COUNT   store COUNT calls named PREFIX-i, print "done"
 *   crash FILE                store 10 calls, then import an endless stream in one transaction; print "MID-WRITE"
 *                             once 500 rows of it are written, and keep writing until killed
 * </pre>
 */
public final class CacheWriterProcess {

    private CacheWriterProcess() {
    }

    public static void main(String[] args) throws Exception {
        Path file = Path.of(args[1]);
        try (CallCache cache = CallCache.openFile(file)) {
            if (args[0].equals("write")) {
                int count = Integer.parseInt(args[3]);
                for (int i = 0; i < count; i++) {
                    cache.put(call(args[2] + "-" + i), new CachedAnswer("answer " + args[2] + "-" + i, 3, 4, 5));
                }
                System.out.println("done");
            } else {
                for (int i = 0; i < 10; i++) {
                    cache.put(call("committed-" + i), new CachedAnswer("kept " + i, 1, 1, 1));
                }
                cache.importFrom(new BufferedReader(new EndlessExport()), "endless");
                System.out.println("import returned: impossible");
            }
        }
        System.out.flush();
    }

    static CallSignature call(String prompt) {
        return new CallSignature("test", "m", Map.of("temperature", 0.0), 1L,
                List.of(new CallSignature.Message("user", prompt)));
    }

    /** JSON lines that never end; announces on stdout when a good part of the transaction is written. */
    private static final class EndlessExport extends Reader {
        private String pending = "";
        private int pos;
        private long lines;

        @Override
        public int read(char[] buf, int off, int len) throws java.io.IOException {
            if (pos == pending.length()) {
                CallSignature s = call("uncommitted-" + lines);
                pending = "{\"key\":\"" + s.key() + "\",\"provider\":\"test\",\"model\":\"m\",\"request\":"
                        + com.fasterxml.jackson.databind.node.TextNode.valueOf(s.canonicalJson())
                        + ",\"answer\":\"lost\"}\n";
                pos = 0;
                lines++;
                if (lines == 500) {
                    System.out.println("MID-WRITE");
                    System.out.flush();
                }
                if (lines > 500) {
                    try {
                        Thread.sleep(1);
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                    }
                }
            }
            int n = Math.min(len, pending.length() - pos);
            pending.getChars(pos, pos + n, buf, off);
            pos += n;
            return n;
        }

        @Override
        public void close() {
        }
    }
}
