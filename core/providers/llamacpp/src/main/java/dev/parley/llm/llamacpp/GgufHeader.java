package dev.parley.llm.llamacpp;

import dev.parley.io.InputFiles;
import java.io.BufferedInputStream;
import java.io.DataInputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * What a GGUF file says about itself, read in Java before the native loader sees the file: llama.cpp trusts a GGUF's
 * header, so a truncated or corrupt file can crash the whole JVM there. This reads the magic, the version, every
 * metadata pair and every tensor's shape and offset, and checks that the tensor data the header describes lies
 * inside the file. Layout and type sizes from the GGUF specification (ggml's docs/gguf.md, MIT).
 *
 * @param version       the GGUF version (2 or 3)
 * @param architecture  {@code general.architecture}
 * @param name          {@code general.name}, or empty
 * @param license       {@code general.license}, or empty
 * @param contextLength {@code <architecture>.context_length}, or 0 when absent
 * @param chatTemplate  {@code tokenizer.chat_template}, or empty when the file carries none
 * @param tensors       the number of tensors
 * @param fileBytes     the file's size
 */
public record GgufHeader(int version, String architecture, String name, String license, long contextLength,
        Optional<String> chatTemplate, long tensors, long fileBytes) {

    private static final int MAGIC = 0x46554747; // "GGUF" read little-endian
    /** Far above any real model's counts; a larger value means a corrupt header, not a big model. */
    private static final long MAX_COUNT = 10_000_000;
    private static final long MAX_STRING = 64L << 20;

    /**
     * Bytes per block and values per block of ggml's tensor types, by type id (zero where unknown here: such a
     * tensor's extent is then checked only by its offset).
     */
    private static final int[][] TYPE_SIZES = new int[64][];

    static {
        type(0, 4, 1);      // F32
        type(1, 2, 1);      // F16
        type(2, 18, 32);    // Q4_0
        type(3, 20, 32);    // Q4_1
        type(6, 22, 32);    // Q5_0
        type(7, 24, 32);    // Q5_1
        type(8, 34, 32);    // Q8_0
        type(9, 36, 32);    // Q8_1
        type(10, 84, 256);  // Q2_K
        type(11, 110, 256); // Q3_K
        type(12, 144, 256); // Q4_K
        type(13, 176, 256); // Q5_K
        type(14, 210, 256); // Q6_K
        type(15, 292, 256); // Q8_K
        type(24, 1, 1);     // I8
        type(25, 2, 1);     // I16
        type(26, 4, 1);     // I32
        type(27, 8, 1);     // I64
        type(28, 8, 1);     // F64
        type(30, 2, 1);     // BF16
    }

    private static void type(int id, int bytes, int perBlock) {
        TYPE_SIZES[id] = new int[] {bytes, perBlock};
    }

    /** Reads and checks {@code file}; every problem is one {@link ModelFileException} line naming the file. */
    public static GgufHeader read(Path file) {
        long size;
        try {
            size = Files.size(file);
        } catch (NoSuchFileException e) {
            throw new ModelFileException(file + ": no such model file (fetch the test models with scripts/models.sh,"
                    + " or give a GGUF file)");
        } catch (IOException e) {
            throw new ModelFileException(file + ": cannot read (" + InputFiles.reason(e) + ")");
        }
        if (Files.isDirectory(file)) {
            throw new ModelFileException(file + ": is a directory, not a GGUF model file");
        }
        try (InputStream in = new BufferedInputStream(Files.newInputStream(file), 1 << 16)) {
            return new Reader(file, size, new DataInputStream(in)).header();
        } catch (EOFException e) {
            throw new ModelFileException(file + ": truncated GGUF header (the file ends inside it, at " + size
                    + " bytes)");
        } catch (IOException e) {
            throw new ModelFileException(file + ": cannot read (" + InputFiles.reason(e) + ")");
        }
    }

    /** A little-endian walk over the header, counting the bytes read so far. */
    private static final class Reader {
        private final Path file;
        private final long size;
        private final DataInputStream in;
        private long pos;

        Reader(Path file, long size, DataInputStream in) {
            this.file = file;
            this.size = size;
            this.in = in;
        }

        GgufHeader header() throws IOException {
            if (size < 24 || Integer.reverseBytes(in.readInt()) != MAGIC) {
                throw bad("not a GGUF file (it does not start with the bytes GGUF)");
            }
            pos = 4;
            int version = i32();
            if (version < 2 || version > 3) {
                throw bad("GGUF version " + version + " is not supported (this llama.cpp reads versions 2 and 3)");
            }
            long tensors = count(u64(), "tensor count");
            long pairs = count(u64(), "metadata count");
            Map<String, Object> meta = new LinkedHashMap<>();
            for (long i = 0; i < pairs; i++) {
                String key = string();
                meta.put(key, value(u32(), key));
            }
            long alignment = meta.get("general.alignment") instanceof Long a && a > 0 ? a : 32;
            long dataEnd = 0;
            for (long i = 0; i < tensors; i++) {
                String tensor = string();
                long dims = u32();
                if (dims > 8) {
                    throw bad("corrupt tensor '" + tensor + "' (" + dims + " dimensions)");
                }
                long elements = 1;
                for (int d = 0; d < dims; d++) {
                    long n = u64();
                    if (n < 0 || n > (1L << 40)) {
                        throw bad("corrupt tensor '" + tensor + "' (dimension " + n + ")");
                    }
                    elements = Math.multiplyExact(elements, n);
                }
                int type = i32();
                long offset = u64();
                if (offset < 0) {
                    throw bad("corrupt tensor '" + tensor + "' (offset " + offset + ")");
                }
                long bytes = type >= 0 && type < TYPE_SIZES.length && TYPE_SIZES[type] != null
                        ? elements / TYPE_SIZES[type][1] * TYPE_SIZES[type][0] : 1;
                dataEnd = Math.max(dataEnd, offset + bytes);
            }
            long dataStart = (pos + alignment - 1) / alignment * alignment;
            if (dataStart + dataEnd > size) {
                throw bad("truncated: its tensors need " + (dataStart + dataEnd) + " bytes but the file has " + size);
            }
            String arch = meta.get("general.architecture") instanceof String s ? s : null;
            if (arch == null || arch.isBlank()) {
                throw bad("no general.architecture in its metadata");
            }
            long ctx = meta.get(arch + ".context_length") instanceof Long c ? c : 0;
            return new GgufHeader(version, arch, text(meta.get("general.name")), text(meta.get("general.license")),
                    ctx, Optional.ofNullable(meta.get("tokenizer.chat_template") instanceof String t ? t : null),
                    tensors, size);
        }

        private static String text(Object o) {
            return o instanceof String s ? s : "";
        }

        private Object value(long type, String key) throws IOException {
            switch ((int) type) {
                case 0, 1, 7 -> {
                    skip(1);
                    return null;
                }
                case 2, 3 -> {
                    skip(2);
                    return null;
                }
                case 4 -> {
                    return u32();
                }
                case 5 -> {
                    return (long) i32();
                }
                case 6 -> {
                    skip(4);
                    return null;
                }
                case 8 -> {
                    return string();
                }
                case 9 -> {
                    long elementType = u32();
                    long n = count(u64(), "length of array " + key);
                    if (elementType == 9) {
                        throw bad("nested array in '" + key + "'");
                    }
                    for (long i = 0; i < n; i++) {
                        value(elementType, key);
                    }
                    return null;
                }
                case 10, 11 -> {
                    return u64();
                }
                case 12 -> {
                    skip(8);
                    return null;
                }
                default -> throw bad("corrupt metadata: '" + key + "' has unknown value type " + type);
            }
        }

        private String string() throws IOException {
            long n = u64();
            if (n < 0 || n > MAX_STRING) {
                throw bad("corrupt metadata (a string of " + Long.toUnsignedString(n) + " bytes at byte " + pos + ")");
            }
            if (pos + n > size) {
                throw new EOFException();
            }
            byte[] b = in.readNBytes((int) n);
            if (b.length < n) {
                throw new EOFException();
            }
            pos += n;
            return new String(b, StandardCharsets.UTF_8);
        }

        private long count(long n, String what) {
            if (n < 0 || n > MAX_COUNT) {
                throw bad("corrupt header (" + what + " " + Long.toUnsignedString(n) + ")");
            }
            return n;
        }

        private int i32() throws IOException {
            pos += 4;
            return Integer.reverseBytes(in.readInt());
        }

        private long u32() throws IOException {
            return i32() & 0xffffffffL;
        }

        private long u64() throws IOException {
            pos += 8;
            return Long.reverseBytes(in.readLong());
        }

        private void skip(int n) throws IOException {
            in.readFully(new byte[n]);
            pos += n;
        }

        private ModelFileException bad(String why) {
            return new ModelFileException(file + ": " + why);
        }
    }
}
