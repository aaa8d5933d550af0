package dev.parley.domain.debate;

/** Which way a debater argues: for the proposition (stance {@code support}) or against it ({@code oppose}). */
public enum Side {
    PRO("support"), CON("oppose");

    private final String stance;

    Side(String stance) {
        this.stance = stance;
    }

    /** The {@code PrivateInfo.stance} text (PrEFACE's stance names). */
    public String stance() {
        return stance;
    }

    public Side other() {
        return this == PRO ? CON : PRO;
    }

    /** The side of a stance text; {@code null} for anything else. */
    public static Side ofStance(String stance) {
        return switch (stance) {
            case "support" -> PRO;
            case "oppose" -> CON;
            default -> null;
        };
    }
}
