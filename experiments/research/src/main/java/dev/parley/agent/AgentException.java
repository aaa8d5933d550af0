package dev.parley.agent;

import dev.parley.error.ParleyException;

/** The agent cannot go on: the server refused it, or the served dialogue left the game the agent plays. */
public final class AgentException extends ParleyException {

    private static final long serialVersionUID = 1L;

    private final int status;

    public AgentException(String message) {
        this(0, message);
    }

    public AgentException(int status, String message) {
        super(message);
        this.status = status;
    }

    /** The HTTP status that caused this, or 0. */
    public int status() {
        return status;
    }
}
