package dev.parley.cli;

/** Bad input from the user (a file, a name, a value): reported as one line with exit code 2. */
public class UserInputException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    public UserInputException(String message) {
        super(message);
    }

    public UserInputException(String message, Throwable cause) {
        super(message, cause);
    }
}
