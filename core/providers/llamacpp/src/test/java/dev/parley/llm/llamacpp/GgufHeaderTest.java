package dev.parley.llm.llamacpp;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The header check on GGUF files written here byte by byte, to the GGUF specification's layout. */
class GgufHeaderTest {

    @TempDir
    Path dir;

    /** A GGUF v3 file: architecture, context length, a template, and one F32 tensor of {@code n} values. */
    private static byte[] gguf(String arch, long n, boolean withData) {
        Out o = new Out();
        o.bytes("GGUF".getBytes(StandardCharsets.US_ASCII)).u32(3).u64(1).u64(3);
        o.string("general.architecture").u32(8).string(arch);
        o.string(arch + ".context_length").u32(4).u32(2048);
        o.string("tokenizer.chat_template").u32(8).string("{{ messages }}");
        o.string("w").u32(1).u64(n).u32(0).u64(0); // one dimension of n, type F32, offset 0
        while (o.size() % 32 != 0) {
            o.bytes(new byte[1]);
        }
        if (withData) {
            o.bytes(new byte[(int) (4 * n)]);
        }
        return o.toByteArray();
    }

    private Path write(String name, byte[] b) throws Exception {
        Path p = dir.resolve(name);
        Files.write(p, b);
        return p;
    }

    @Test
    void aWholeFileGivesItsArchitectureContextAndTemplate() throws Exception {
        GgufHeader h = GgufHeader.read(write("ok.gguf", gguf("llama", 16, true)));
        assertThat(h.version()).isEqualTo(3);
        assertThat(h.architecture()).isEqualTo("llama");
        assertThat(h.contextLength()).isEqualTo(2048);
        assertThat(h.chatTemplate()).contains("{{ messages }}");
        assertThat(h.tensors()).isEqualTo(1);
    }

    @Test
    void aFileThatIsNotGgufIsRefusedByName() throws Exception {
        Path p = write("model.gguf", "PK\u0003\u0004 not a model, a zip".getBytes(StandardCharsets.UTF_8));
        assertThatThrownBy(() -> GgufHeader.read(p)).isInstanceOf(ModelFileException.class)
                .hasMessage(p + ": not a GGUF file (it does not start with the bytes GGUF)");
    }

    @Test
    void aFileCutInsideItsTensorDataIsTruncated() throws Exception {
        byte[] whole = gguf("llama", 1024, true);
        Path p = write("cut.gguf", Arrays.copyOf(whole, whole.length - 100));
        assertThatThrownBy(() -> GgufHeader.read(p)).isInstanceOf(ModelFileException.class)
                .hasMessageStartingWith(p + ": truncated: its tensors need " + whole.length + " bytes but the file"
                        + " has " + (whole.length - 100));
    }

    @Test
    void aFileCutInsideItsHeaderIsTruncated() throws Exception {
        byte[] whole = gguf("llama", 16, true);
        Path p = write("head.gguf", Arrays.copyOf(whole, 40));
        assertThatThrownBy(() -> GgufHeader.read(p)).isInstanceOf(ModelFileException.class)
                .hasMessageContaining(p.toString()).hasMessageContaining("truncated");
    }

    @Test
    void anAbsurdCountIsACorruptHeaderNotAnAttemptToReadIt() throws Exception {
        byte[] b = gguf("llama", 16, true);
        ByteBuffer.wrap(b).order(ByteOrder.LITTLE_ENDIAN).putLong(16, Long.MAX_VALUE / 3); // the metadata count
        Path p = write("corrupt.gguf", b);
        assertThatThrownBy(() -> GgufHeader.read(p)).isInstanceOf(ModelFileException.class)
                .hasMessageStartingWith(p + ": corrupt header (metadata count");
    }

    @Test
    void anUnsupportedVersionIsNamed() throws Exception {
        byte[] b = gguf("llama", 16, true);
        ByteBuffer.wrap(b).order(ByteOrder.LITTLE_ENDIAN).putInt(4, 1);
        Path p = write("v1.gguf", b);
        assertThatThrownBy(() -> GgufHeader.read(p)).hasMessage(p + ": GGUF version 1 is not supported (this"
                + " llama.cpp reads versions 2 and 3)");
    }

    @Test
    void aMissingFileSaysHowToGetTheTestModels() {
        Path p = dir.resolve("absent.gguf");
        assertThatThrownBy(() -> GgufHeader.read(p)).isInstanceOf(ModelFileException.class)
                .hasMessage(p + ": no such model file (fetch the test models with scripts/models.sh, or give a GGUF"
                        + " file)");
    }

    @Test
    void aFileLargerThanTheMachinesMemoryIsRefusedBeforeLoading() throws Exception {
        Path p = write("big.gguf", gguf("llama", 4096, true));
        long size = Files.size(p);
        assertThatThrownBy(() -> LocalModel.load(LocalModelSettings.of(p), size - 1))
                .isInstanceOf(ModelFileException.class)
                .hasMessageContaining(p.toRealPath() + ": the model needs").hasMessageContaining("of memory");
    }

    private static final class Out extends ByteArrayOutputStream {
        Out bytes(byte[] b) {
            writeBytes(b);
            return this;
        }

        Out u32(long v) {
            return bytes(ByteBuffer.allocate(4).order(ByteOrder.LITTLE_ENDIAN).putInt((int) v).array());
        }

        Out u64(long v) {
            return bytes(ByteBuffer.allocate(8).order(ByteOrder.LITTLE_ENDIAN).putLong(v).array());
        }

        Out string(String s) {
            byte[] b = s.getBytes(StandardCharsets.UTF_8);
            return u64(b.length).bytes(b);
        }
    }
}
