package dev.parley.engine;

/** A dialogue's mutable state, room by room, every change journaled in the one journal. */
record Rooms(Journal journal, Roles roles, Stores stores, MoveLists moveLists, Variables variables, History history) {

    static Rooms empty() {
        Journal j = new Journal();
        return new Rooms(j, new Roles(j), new Stores(j), new MoveLists(j), new Variables(j), new History());
    }

    /** An independent copy with a journal of its own. */
    Rooms copy() {
        Journal j = new Journal();
        return new Rooms(j, roles.copy(j), stores.copy(j), moveLists.copy(j), variables.copy(j), history.copy());
    }
}
