package dev.parley.server.store;

/**
 * What a dialogue started from a dialogue domain needs to be played again after a restart: the domain, the scenario
 * chance dealt, the game settings its solved game was built with (JSON, as the web layer writes them), and the seat a
 * steered agent holds with the agent's token and its state (JSON: the actions it chose by transcript index and the
 * draws it made), so that it goes on playing where it was. The agent fields are null while no agent was invited.
 *
 * <p>The agent's token is kept in the clear, unlike a person's: the server itself plays that seat and must present
 * the token again after a restart; whoever can read the database can read the agent's moves anyway.
 */
public record DomainBinding(String domain, int scenario, String gameJson, String agentSeat, String agentToken,
                            String agentState) {

    /** A dialogue of a domain with no agent yet. */
    public static DomainBinding of(String domain, int scenario, String gameJson) {
        return new DomainBinding(domain, scenario, gameJson, null, null, null);
    }
}
