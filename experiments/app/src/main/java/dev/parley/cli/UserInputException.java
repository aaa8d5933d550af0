package dev.parley.cli;

import dev.parley.error.InputException;
import dev.parley.io.InputFiles;
import java.io.IOException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Path;
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

    /** Refuses, before any work, the file an option names when it is missing or is a directory. */
    static void requireFile(String option, Path file) {
        InputFiles.notAFile(file).ifPresent(why -> {
            throw new UserInputException(option + " " + file + ": " + why);
        });
    }

    /** Why a file could not be read or written, without repeating its path (NIO's messages are often just the path). */
    static String reason(IOException e) {
        if (e instanceof FileAlreadyExistsException f) {
            return f.getFile() + " is in the way (a file where a directory is needed)";
        }
        return InputFiles.reason(e);
    }
}
