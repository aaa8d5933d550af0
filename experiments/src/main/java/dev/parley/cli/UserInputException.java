package dev.parley.cli;

import dev.parley.error.InputException;
import java.io.IOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.NoSuchFileException;
import java.util.function.Supplier;

/** Bad input from the user (a file, a name, a value): reported as one line with exit code 2. */
public class UserInputException extends InputException {

    private static final long serialVersionUID = 1L;

    public UserInputException(String message) {
        super(message);
    }

    public UserInputException(String message, Throwable cause) {
        super(message, cause);
    }

    /**
     * What {@code parser} reads from an option's value; a value it refuses ({@link IllegalArgumentException}) is bad
     * input, reported after the option's name ({@code --observe: ...}), as every command reports such a value.
     */
    static <T> T parsed(String option, Supplier<T> parser) {
        try {
            return parser.get();
        } catch (IllegalArgumentException e) {
            throw new UserInputException(option + ": " + e.getMessage());
        }
    }

    /** Why a file could not be read or written, without repeating its path (NIO's messages are often just the path). */
    static String reason(IOException e) {
        if (e instanceof NoSuchFileException) {
            return "no such file";
        }
        if (e instanceof AccessDeniedException) {
            return "permission denied";
        }
        if (e instanceof FileAlreadyExistsException f) {
            return f.getFile() + " is in the way (a file where a directory is needed)";
        }
        if (e instanceof FileSystemException f && f.getReason() != null) {
            return f.getReason();
        }
        return String.valueOf(e.getMessage());
    }
}
