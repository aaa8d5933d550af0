package dev.parley.aif;

import java.util.Objects;

/** A participant as AIFdb lists them; names are empty strings when absent. */
public record AifParticipant(String participantID, String firstname, String surname) {

    public AifParticipant {
        Objects.requireNonNull(participantID, "participantID");
        firstname = firstname == null ? "" : firstname;
        surname = surname == null ? "" : surname;
    }
}
