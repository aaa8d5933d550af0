package dev.parley.llm.cache.sql;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.parley.llm.cache.CacheException;
import dev.parley.llm.cache.CacheStats;
import dev.parley.llm.cache.CachedAnswer;
import dev.parley.llm.cache.CallCache;
import dev.parley.llm.cache.CallSignature;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.io.StringReader;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CallCacheTest {

    @TempDir
    Path dir;

    @Test
    void theKeyCoversEveryPartOfTheCall() {
        CallSignature base = CacheWriterProcess.call("hello");
        assertThat(base.key()).hasSize(64).isEqualTo(CacheWriterProcess.call("hello").key());
        List<CallSignature> variants = List.of(
                new CallSignature("other", "m", Map.of("temperature", 0.0), 1L, base.messages()),
                new CallSignature("test", "m2", Map.of("temperature", 0.0), 1L, base.messages()),
                new CallSignature("test", "m", Map.of("temperature", 0.5), 1L, base.messages()),
                new CallSignature("test", "m", Map.of("temperature", 0.0), 2L, base.messages()),
                new CallSignature("test", "m", Map.of("temperature", 0.0), null, base.messages()),
                new CallSignature("test", "m", Map.of("temperature", 0.0), 1L,
                        List.of(new CallSignature.Message("system", "hello"))));
        assertThat(variants).extracting(CallSignature::key).doesNotContain(base.key()).doesNotHaveDuplicates();
        // parameter order does not matter: the JSON is canonical
        CallSignature ab = new CallSignature("p", "m", Map.of("a", 1, "b", 2), null, base.messages());
        CallSignature ba = new CallSignature("p", "m", new java.util.LinkedHashMap<>(Map.of("b", 2, "a", 1)), null,
                base.messages());
        assertThat(ab.key()).isEqualTo(ba.key());
        assertThat(ab.canonicalJson()).isEqualTo("{\"messages\":[{\"role\":\"user\",\"text\":\"hello\"}],\"model\":\"m\","
                + "\"parameters\":{\"a\":1,\"b\":2},\"provider\":\"p\",\"seed\":null}"); // keys sorted at every level
    }

    @Test
    void answersSurviveCloseAndReopenAndTheFirstAnswerWins() {
        Path file = dir.resolve("sub/dir/cache.sqlite");
        CallSignature call = CacheWriterProcess.call("q");
        try (CallCache cache = CallCache.openFile(file)) {
            assertThat(cache.get(call)).isEmpty();
            assertThat(cache.put(call, new CachedAnswer("first", 10, 2, 1500))).isTrue();
            assertThat(cache.put(call, new CachedAnswer("second", 1, 1, 1))).isFalse();
        }
        try (CallCache cache = CallCache.openFile(file)) {
            assertThat(cache.get(call)).contains(new CachedAnswer("first", 10, 2, 1500));
            CacheStats s = cache.stats();
            assertThat(s.entries()).isEqualTo(1);
            assertThat(s.inputTokens()).isEqualTo(10);
            assertThat(s.outputTokens()).isEqualTo(2);
            assertThat(s.byModel()).containsExactly(new CacheStats.ModelCount("test", "m", 1));
            assertThat(journalMode(file)).isEqualToIgnoringCase("wal");
        }
    }

    @Test
    void exportAndImportRoundTrip() {
        StringWriter out = new StringWriter();
        try (CallCache a = CallCache.openFile(dir.resolve("a.sqlite"))) {
            for (int i = 0; i < 5; i++) {
                a.put(CacheWriterProcess.call("q" + i), new CachedAnswer("a" + i, i, i + 1, 100 + i));
            }
            assertThat(a.exportTo(out)).isEqualTo(5);
        }
        try (CallCache b = CallCache.openFile(dir.resolve("b.sqlite"))) {
            b.put(CacheWriterProcess.call("q0"), new CachedAnswer("a0", 0, 1, 100));
            CallCache.ImportResult r = b.importFrom(new BufferedReader(new StringReader(out.toString())), "x.jsonl");
            assertThat(r).isEqualTo(new CallCache.ImportResult(5, 4));
            assertThat(b.get(CacheWriterProcess.call("q3"))).contains(new CachedAnswer("a3", 3, 4, 103));
        }
    }

    @Test
    void aTamperedImportIsRejectedWhole() {
        StringWriter out = new StringWriter();
        try (CallCache a = CallCache.openFile(dir.resolve("a.sqlite"))) {
            a.put(CacheWriterProcess.call("q0"), new CachedAnswer("a0", 0, 1, 100));
            a.put(CacheWriterProcess.call("q1"), new CachedAnswer("a1", 0, 1, 100));
            a.exportTo(out);
        }
        String[] lines = out.toString().split("\n");
        String tampered = lines[0] + "\n" + lines[1].replace("q1", "q1 changed") + "\n";
        try (CallCache b = CallCache.openFile(dir.resolve("b.sqlite"))) {
            assertThatThrownBy(() -> b.importFrom(new BufferedReader(new StringReader(tampered)), "t.jsonl"))
                    .isInstanceOf(CacheException.class)
                    .hasMessageContaining("t.jsonl:2: key ")
                    .hasMessageEndingWith("is not the SHA-256 of its request; nothing imported");
            assertThatThrownBy(() -> b.importFrom(new BufferedReader(new StringReader(lines[0] + "\n{oops")), "u"))
                    .hasMessageStartingWith("u:2:2: malformed JSON: ");
            assertThat(b.stats().entries()).isZero(); // the good first lines were rolled back too
        }
    }

    @Test
    void aByteThatIsNotUtf8StopsAFileImportAtItsPlaceWithNothingImported() throws Exception {
        StringWriter out = new StringWriter();
        try (CallCache a = CallCache.openFile(dir.resolve("a.sqlite"))) {
            for (int i = 0; i < 200; i++) {
                a.put(CacheWriterProcess.call("q" + i), new CachedAnswer("a" + i, i, i + 1, 100 + i));
            }
            a.exportTo(out);
        }
        // 200 good lines, well past the reader's first buffer, then a Latin-1 byte on line 201
        java.io.ByteArrayOutputStream bytes = new java.io.ByteArrayOutputStream();
        bytes.write(out.toString().getBytes(java.nio.charset.StandardCharsets.UTF_8));
        bytes.write("{\"key\": \"caf".getBytes(java.nio.charset.StandardCharsets.UTF_8));
        bytes.write(0xE9);
        bytes.write("\"}\n".getBytes(java.nio.charset.StandardCharsets.UTF_8));
        Path export = java.nio.file.Files.write(dir.resolve("export.jsonl"), bytes.toByteArray());
        assertThat(bytes.size()).isGreaterThan(3 * 8192);
        try (CallCache b = CallCache.openFile(dir.resolve("b.sqlite"));
                BufferedReader in = dev.parley.io.InputFiles.openText(export)) {
            assertThatThrownBy(() -> b.importFrom(in, export.toString()))
                    .isInstanceOf(dev.parley.error.InputException.class)
                    .hasMessage(export + ":201:13: not UTF-8 text (byte 0xE9)");
            assertThat(b.stats().entries()).isZero();
        }
    }

    @Tag("process")
    @Test
    void concurrentThreadsAndProcessesWriteOneFile() throws Exception {
        Path file = dir.resolve("shared.sqlite");
        try (CallCache cache = CallCache.openFile(file)) {
            Process p1 = child("write", file.toString(), "procA", "300");
            Process p2 = child("write", file.toString(), "procB", "300");
            ExecutorService pool = Executors.newFixedThreadPool(4);
            List<Future<?>> fs = new ArrayList<>();
            for (int t = 0; t < 4; t++) {
                int id = t;
                fs.add(pool.submit(() -> {
                    for (int i = 0; i < 200; i++) {
                        // overlapping keys: every thread writes shared-i, only one insert may win
                        cache.put(CacheWriterProcess.call("shared-" + i), new CachedAnswer("t" + id, 1, 1, 1));
                        cache.put(CacheWriterProcess.call("thread" + id + "-" + i), new CachedAnswer("x", 1, 1, 1));
                    }
                }));
            }
            for (Future<?> f : fs) {
                f.get(60, TimeUnit.SECONDS);
            }
            pool.shutdown();
            assertThat(readLine(p1)).isEqualTo("done");
            assertThat(readLine(p2)).isEqualTo("done");
            assertThat(p1.waitFor(60, TimeUnit.SECONDS) && p1.exitValue() == 0).isTrue();
            assertThat(p2.waitFor(60, TimeUnit.SECONDS) && p2.exitValue() == 0).isTrue();
            assertThat(cache.stats().entries()).isEqualTo(600 + 200 + 4 * 200);
            assertThat(cache.get(CacheWriterProcess.call("procB-299"))).map(CachedAnswer::text)
                    .contains("answer procB-299");
        }
    }

    @Tag("process")
    @Test
    void aWriterKilledMidTransactionLeavesAnIntactFile() throws Exception {
        Path file = dir.resolve("crash.sqlite");
        Process p = child("crash", file.toString());
        assertThat(readLine(p)).isEqualTo("MID-WRITE");
        p.destroyForcibly(); // SIGKILL: no shutdown hooks, no rollback by the writer
        assertThat(p.waitFor(30, TimeUnit.SECONDS)).isTrue();
        try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + file);
                Statement st = c.createStatement();
                ResultSet rs = st.executeQuery("PRAGMA integrity_check")) {
            rs.next();
            assertThat(rs.getString(1)).isEqualTo("ok");
        }
        try (CallCache cache = CallCache.openFile(file)) {
            assertThat(cache.stats().entries()).isEqualTo(10); // the committed calls, none of the open transaction
            assertThat(cache.get(CacheWriterProcess.call("committed-9"))).map(CachedAnswer::text).contains("kept 9");
            assertThat(cache.get(CacheWriterProcess.call("uncommitted-0"))).isEmpty();
            assertThat(cache.put(CacheWriterProcess.call("after"), new CachedAnswer("fine", 1, 1, 1))).isTrue();
        }
    }

    @Test
    void anUnopenableLocationIsAClearError() {
        assertThatThrownBy(() -> CallCache.open("jdbc:nosuchdb:x"))
                .isInstanceOf(CacheException.class)
                .hasMessageStartingWith("cannot open the call cache at jdbc:nosuchdb:x");
    }

    private static String journalMode(Path file) {
        try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + file);
                Statement st = c.createStatement();
                ResultSet rs = st.executeQuery("PRAGMA journal_mode")) {
            rs.next();
            return rs.getString(1);
        } catch (java.sql.SQLException e) {
            throw new IllegalStateException(e);
        }
    }

    private static Process child(String... args) throws Exception {
        List<String> cmd = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp", System.getProperty("java.class.path"), CacheWriterProcess.class.getName()));
        cmd.addAll(List.of(args));
        return new ProcessBuilder(cmd).redirectError(ProcessBuilder.Redirect.INHERIT).start();
    }

    private static String readLine(Process p) throws Exception {
        BufferedReader r = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8));
        String line;
        while ((line = r.readLine()) != null) {
            if (!line.startsWith("[")) { // skip any log lines
                return line;
            }
        }
        return null;
    }
}
