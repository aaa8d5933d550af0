package dev.parley.io;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.parley.error.InputException;
import java.io.BufferedReader;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class InputFilesTest {

    private static Path bytes(Path dir, String name, byte[] content) throws IOException {
        return Files.write(dir.resolve(name), content);
    }

    private static byte[] concat(byte[]... parts) {
        int n = Arrays.stream(parts).mapToInt(p -> p.length).sum();
        byte[] out = new byte[n];
        int at = 0;
        for (byte[] p : parts) {
            System.arraycopy(p, 0, out, at, p.length);
            at += p.length;
        }
        return out;
    }

    @Test
    void readsUtf8TextWhole(@TempDir Path dir) throws IOException {
        Path f = bytes(dir, "ok.txt", "naïve 😀\nsecond".getBytes(StandardCharsets.UTF_8));
        assertThat(InputFiles.readText(f)).isEqualTo("naïve 😀\nsecond");
    }

    @Test
    void aMissingFileAndADirectoryAreSaidSo(@TempDir Path dir) {
        Path missing = dir.resolve("absent.json");
        assertThatThrownBy(() -> InputFiles.readText(missing)).isInstanceOf(InputException.class)
                .hasMessage(missing + ": no such file");
        assertThatThrownBy(() -> InputFiles.readText(dir)).hasMessage(dir + ": is a directory, not a file");
        assertThatThrownBy(() -> InputFiles.openText(dir)).hasMessage(dir + ": is a directory, not a file");
        assertThatThrownBy(() -> InputFiles.openBytes(missing)).hasMessage(missing + ": no such file");
        assertThat(InputFiles.notAFile(dir)).contains("is a directory, not a file");
        assertThat(InputFiles.notAFile(missing)).contains("no such file");
    }

    @Test
    void theFirstByteThatIsNotUtf8IsPlacedByLineAndColumn(@TempDir Path dir) throws IOException {
        // line 3, after "é" (2 bytes, 1 column) and an emoji (4 bytes, 1 column): the Latin-1 0xE9 is column 4
        Path f = bytes(dir, "latin.txt", concat("one\ntwo\né😀x".getBytes(StandardCharsets.UTF_8),
                new byte[] {(byte) 0xE9}, "z\n".getBytes(StandardCharsets.UTF_8)));
        InputException e = (InputException) catchThrown(() -> InputFiles.readText(f));
        assertThat(e.getMessage()).isEqualTo(f + ":3:4: not UTF-8 text (byte 0xE9)");
        assertThat(e.source()).isEqualTo(f.toString());
        assertThat(e.line()).isEqualTo(3);
        assertThat(e.column()).isEqualTo(4);
    }

    @Test
    void aBadByteFarIntoALargeFileIsFoundAcrossBufferBoundaries(@TempDir Path dir) throws IOException {
        // 70,000 two-byte characters on line 1 straddle the 64 KiB buffer, then a bad byte on line 2
        byte[] wide = "ß".repeat(70_000).getBytes(StandardCharsets.UTF_8);
        Path f = bytes(dir, "big.txt", concat(wide, "\nab".getBytes(StandardCharsets.UTF_8), new byte[] {(byte) 0x80}));
        assertThatThrownBy(() -> InputFiles.readText(f)).hasMessage(f + ":2:3: not UTF-8 text (byte 0x80)");
    }

    @Test
    void aSequenceCutOffAtTheEndIsReported(@TempDir Path dir) throws IOException {
        // the first two bytes of a three-byte character, then the end of the file
        Path f = bytes(dir, "cut.txt", concat("ok".getBytes(StandardCharsets.UTF_8),
                new byte[] {(byte) 0xE2, (byte) 0x82}));
        assertThatThrownBy(() -> InputFiles.readText(f)).hasMessage(f + ":1:3: not UTF-8 text (byte 0xE2)");
    }

    @Test
    void utf16IsNamed(@TempDir Path dir) throws IOException {
        Path f = bytes(dir, "u16.txt", "\uFEFFhi".getBytes(StandardCharsets.UTF_16LE));
        assertThatThrownBy(() -> InputFiles.readText(f))
                .hasMessage(f + ":1:1: not UTF-8 text (byte 0xFF); the file looks like UTF-16: save it as UTF-8");
    }

    @Test
    void aStreamingReaderStopsAtTheBadByteWithItsPlace(@TempDir Path dir) throws IOException {
        Path f = bytes(dir, "s.txt", concat("a\n".getBytes(StandardCharsets.UTF_8), new byte[] {(byte) 0xC0}));
        try (BufferedReader r = InputFiles.openText(f)) {
            assertThatThrownBy(() -> {
                while (r.readLine() != null) {
                    // read on to the bad byte
                }
            }).isInstanceOf(InputException.class).hasMessage(f + ":2:1: not UTF-8 text (byte 0xC0)");
        }
    }

    @Test
    void reasonsLeaveThePathOut() {
        assertThat(InputFiles.reason(new java.nio.file.NoSuchFileException("/x"))).isEqualTo("no such file");
        assertThat(InputFiles.reason(new java.nio.file.AccessDeniedException("/x"))).isEqualTo("permission denied");
        assertThat(InputFiles.reason(new java.nio.charset.MalformedInputException(1))).isEqualTo("not UTF-8 text");
        assertThat(InputFiles.reason(new java.nio.file.FileSystemException("/x", null, "No space left on device")))
                .isEqualTo("No space left on device");
    }

    private interface Body {
        void run() throws Exception;
    }

    private static Throwable catchThrown(Body body) {
        try {
            body.run();
        } catch (Throwable t) {
            return t;
        }
        throw new AssertionError("nothing was thrown");
    }
}
