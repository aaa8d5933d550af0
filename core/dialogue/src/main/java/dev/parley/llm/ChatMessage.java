package dev.parley.llm;

import java.util.Locale;

/** One message of a chat call. */
public record ChatMessage(Role role, String text) {

    public enum Role {
        SYSTEM, USER, ASSISTANT;

        public String label() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    public static ChatMessage system(String text) {
        return new ChatMessage(Role.SYSTEM, text);
    }

    public static ChatMessage user(String text) {
        return new ChatMessage(Role.USER, text);
    }

    public static ChatMessage assistant(String text) {
        return new ChatMessage(Role.ASSISTANT, text);
    }
}
