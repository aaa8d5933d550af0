package dev.parley.cli;

import dev.parley.error.InputException;

/** Bad input from the user (a file, a name, a value): reported as one line with exit code 2. */
public class UserInputException extends InputException {

    private static final long serialVersionUID = 1L;

    public UserInputException(String message) {
        super(message);
    }

    public UserInputException(String message, Throwable cause) {
        super(message, cause);
    }
}
