package dev.parley.io;

import dev.parley.error.InputException;
import java.io.BufferedReader;
import java.io.FilterReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.Reader;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CoderResult;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.Optional;

/**
 * Reading the files a user names, with one wording for each way it fails: {@code FILE: no such file},
 * {@code FILE: is a directory, not a file}, {@code FILE: permission denied}, and
 * {@code FILE:LINE:COLUMN: not UTF-8 text (byte 0xFF)} at the first byte that is not. Every reader of a user's file
 * goes through here, so a command never shows Java's own words ("Input length = 1", "Is a directory").
 */
public final class InputFiles {

    private InputFiles() {
    }

    /** The whole file as UTF-8 text. */
    public static String readText(Path file) {
        try {
            return Files.readString(file, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw unreadable(file, e);
        }
    }

    /**
     * A reader of the file's UTF-8 text, for files too large to hold whole. A byte that is not UTF-8 stops the
     * reading with this class's {@link InputException} at the byte's line and column, wherever the reader is used.
     */
    public static BufferedReader openText(Path file) {
        requireFile(file);
        try {
            CharsetDecoder strict = StandardCharsets.UTF_8.newDecoder()
                    .onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT);
            return new BufferedReader(new Locating(file, new InputStreamReader(Files.newInputStream(file), strict)));
        } catch (IOException e) {
            throw unreadable(file, e);
        }
    }

    /** Turns a decoding failure into the located error, so that no caller has to catch it to say where it is. */
    private static final class Locating extends FilterReader {
        private final Path file;

        Locating(Path file, Reader in) {
            super(in);
            this.file = file;
        }

        @Override
        public int read() throws IOException {
            try {
                return super.read();
            } catch (CharacterCodingException e) {
                throw unreadable(file, e);
            }
        }

        @Override
        public int read(char[] buffer, int offset, int length) throws IOException {
            try {
                return super.read(buffer, offset, length);
            } catch (CharacterCodingException e) {
                throw unreadable(file, e);
            }
        }
    }

    /** The file's bytes, for a binary format. */
    public static InputStream openBytes(Path file) {
        requireFile(file);
        try {
            return Files.newInputStream(file);
        } catch (IOException e) {
            throw unreadable(file, e);
        }
    }

    /** Refuses, before any work, a path that is missing or is a directory. */
    public static void requireFile(Path file) {
        notAFile(file).ifPresent(why -> {
            throw new InputException(file + ": " + why, file.toString(), -1, -1, null);
        });
    }

    /** Why {@code file} cannot be read as a file ("no such file", "is a directory, not a file"), if it cannot. */
    public static Optional<String> notAFile(Path file) {
        if (Files.isDirectory(file)) {
            return Optional.of("is a directory, not a file");
        }
        return Files.exists(file) ? Optional.empty() : Optional.of("no such file");
    }

    /** The one-line error for {@code e}, met while reading {@code file}. */
    public static InputException unreadable(Path file, IOException e) {
        if (e instanceof CharacterCodingException) {
            BadByte bad = firstBadByte(file);
            if (bad != null) {
                return new InputException(InputException.located(file.toString(), bad.line, bad.column,
                        bad.describe()), file.toString(), bad.line, bad.column, e);
            }
            return new InputException(file + ": not UTF-8 text", file.toString(), -1, -1, e);
        }
        String why = notAFile(file).orElseGet(() -> reason(e));
        return new InputException(file + ": " + why, file.toString(), -1, -1, e);
    }

    /**
     * Why a file could not be read or written, without its path (NIO's messages are often the path alone): "no such
     * file", "permission denied", or the file system's reason.
     */
    public static String reason(IOException e) {
        if (e instanceof NoSuchFileException) {
            return "no such file";
        }
        if (e instanceof AccessDeniedException) {
            return "permission denied";
        }
        if (e instanceof CharacterCodingException) {
            return "not UTF-8 text";
        }
        if (e instanceof FileSystemException f && f.getReason() != null) {
            return f.getReason();
        }
        return e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
    }

    private record BadByte(int line, int column, int value, boolean utf16) {
        String describe() {
            String b = String.format("not UTF-8 text (byte 0x%02X)", value);
            return utf16 ? b + "; the file looks like UTF-16: save it as UTF-8" : b;
        }
    }

    /** Decodes the file again to find its first byte that is not UTF-8; only called once reading has failed. */
    private static BadByte firstBadByte(Path file) {
        CharsetDecoder decoder = StandardCharsets.UTF_8.newDecoder()
                .onMalformedInput(CodingErrorAction.REPORT)
                .onUnmappableCharacter(CodingErrorAction.REPORT);
        ByteBuffer in = ByteBuffer.allocate(1 << 16);
        CharBuffer out = CharBuffer.allocate(1 << 16);
        int line = 1;
        int column = 1;
        boolean first = true;
        boolean utf16 = false;
        try (InputStream stream = Files.newInputStream(file)) {
            boolean end = false;
            while (true) {
                int n = end ? -1 : stream.read(in.array(), in.position(), in.remaining());
                if (n < 0) {
                    end = true;
                } else {
                    in.position(in.position() + n);
                }
                in.flip();
                if (first && in.remaining() >= 2) {
                    int b0 = in.get(0) & 0xFF;
                    int b1 = in.get(1) & 0xFF;
                    utf16 = (b0 == 0xFF && b1 == 0xFE) || (b0 == 0xFE && b1 == 0xFF);
                    first = false;
                }
                CoderResult r = decoder.decode(in, out, end);
                out.flip();
                while (out.hasRemaining()) {
                    char c = out.get();
                    if (c == '\n') {
                        line++;
                        column = 1;
                    } else if (!Character.isLowSurrogate(c)) {
                        column++;
                    }
                }
                out.clear();
                if (r.isError()) {
                    return new BadByte(line, column, in.get(in.position()) & 0xFF, utf16);
                }
                if (end && !in.hasRemaining()) {
                    return null;
                }
                in.compact();
            }
        } catch (IOException e) {
            return null;
        }
    }
}
