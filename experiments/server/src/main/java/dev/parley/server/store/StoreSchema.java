package dev.parley.server.store;

import dev.parley.error.Setting;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The dialogue store's tables and their version. A documented version table instead of Flyway: there are two
 * versions and one step between them, the step needs Java (it splits each saved engine state into a snapshot and
 * per-move AIF), and the same code must run on SQLite, PostgreSQL and H2, so a migration framework would add a
 * dependency and a second place where the schema lives without saving any code.
 *
 * <ul>
 *   <li>Version 1 (before the move log): {@code parley_dialogue.state_json} held the whole engine state, rewritten
 *       on every move; no version table.</li>
 *   <li>Version 2: {@code parley_schema(version, migrated_at, probed_at)} holds one row. The move log
 *       {@code parley_move} is append-only (one row per accepted move, with its AIF, the client's words and an
 *       optional idempotency key, unique per dialogue); {@code parley_snapshot} holds the latest engine state of a
 *       dialogue without its history (the history is the log), taken every K moves;
 *       {@code parley_dialogue.move_count} is the version the next move is checked against.</li>
 *
 *   <li>Version 3: {@code parley_binding} holds what a dialogue started from a dialogue domain was started as
 *       (domain, scenario, game settings) and its steered agent (seat, token, state), so that such a dialogue comes
 *       back whole after a restart. Version 2 migrates by adding the empty table: its domain dialogues stay bare
 *       protocol dialogues, as they were served before.</li>
 *   <li>Version 4: {@code parley_invitation} holds the hash of each free seat's invitation, which a participant
 *       other than the operator needs to take that seat. Version 3 migrates by adding the empty table: its
 *       dialogues have no invitations and are joined as before.</li>
 * </ul>
 *
 * A database with a version newer than this program knows is refused, never written.
 */
final class StoreSchema {

    static final int VERSION = 4;
    private static final Logger LOG = LoggerFactory.getLogger(StoreSchema.class);
    private static final ObjectMapper JSON = new ObjectMapper();

    private StoreSchema() {
    }

    /** What the database holds before the store touches it. */
    enum Found { NOTHING, FOREIGN, VERSION_1, VERSION_2, VERSION_3, CURRENT }

    static Found inspect(Connection c) throws SQLException {
        List<String> tables = tables(c);
        boolean anyParley = tables.stream().anyMatch(t -> t.startsWith("parley_"));
        if (tables.contains("parley_schema")) {
            int v = version(c);
            if (v > VERSION) {
                throw new SQLException("the database has store version " + v + "; this parley reads up to "
                        + VERSION + " (upgrade parley)");
            }
            return v == 2 ? Found.VERSION_2 : v == 3 ? Found.VERSION_3 : Found.CURRENT;
        }
        if (tables.contains("parley_dialogue")) {
            return Found.VERSION_1;
        }
        if (anyParley || !tables.isEmpty()) {
            return Found.FOREIGN;
        }
        return Found.NOTHING;
    }

    private static List<String> tables(Connection c) throws SQLException {
        List<String> out = new ArrayList<>();
        DatabaseMetaData md = c.getMetaData();
        try (ResultSet rs = md.getTables(null, null, "%", new String[] {"TABLE"})) {
            while (rs.next()) {
                String schema = rs.getString("TABLE_SCHEM");
                if (schema != null && (schema.equalsIgnoreCase("information_schema")
                        || schema.toLowerCase(Locale.ROOT).startsWith("pg_"))) {
                    continue;
                }
                out.add(rs.getString("TABLE_NAME").toLowerCase(Locale.ROOT));
            }
        }
        return out;
    }

    private static int version(Connection c) throws SQLException {
        try (Statement st = c.createStatement(); ResultSet rs = st.executeQuery("SELECT version FROM parley_schema")) {
            if (!rs.next()) {
                throw new SQLException("parley_schema has no row");
            }
            return rs.getInt(1);
        }
    }

    /**
     * Brings the database to this version in the caller's transaction: nothing to do, a migration, or (with
     * {@code init}) a new store where there is none.
     */
    static void prepare(Connection c, boolean init, String url) throws SQLException {
        Found found = inspect(c);
        switch (found) {
            case CURRENT -> { }
            case VERSION_3 -> migrateFrom3(c);
            case VERSION_2 -> {
                migrateFrom2(c);
                migrateFrom3(c);
            }
            case VERSION_1 -> {
                migrateFrom1(c);
                migrateFrom2(c);
                migrateFrom3(c);
            }
            case NOTHING, FOREIGN -> {
                if (!init) {
                    throw new SQLException((found == Found.NOTHING ? "it is empty"
                            : "it holds tables of another program") + " and no Parley dialogue store; pass "
                            + Setting.named("init") + " to create one there");
                }
                create(c);
                LOG.info("created a dialogue store (version {}) in {}", VERSION, url);
            }
            default -> throw new IllegalStateException(found.name());
        }
    }

    /** Creates this version in an empty database. */
    static void create(Connection c) throws SQLException {
        try (Statement st = c.createStatement()) {
            st.execute("CREATE TABLE IF NOT EXISTS parley_protocol ("
                    + "name VARCHAR(200) PRIMARY KEY, dgdl TEXT NOT NULL, added_at BIGINT NOT NULL)");
            st.execute("CREATE TABLE parley_dialogue ("
                    + "id VARCHAR(64) PRIMARY KEY, protocol VARCHAR(200) NOT NULL, created_at BIGINT NOT NULL, "
                    + "move_count INTEGER NOT NULL)");
            st.execute("CREATE TABLE IF NOT EXISTS parley_seat ("
                    + "dialogue_id VARCHAR(64) NOT NULL, seat_no INTEGER NOT NULL, handle VARCHAR(200) NOT NULL, "
                    + "player VARCHAR(200) NOT NULL, token_hash VARCHAR(64), joined_at BIGINT, "
                    + "PRIMARY KEY (dialogue_id, seat_no))");
            st.execute("CREATE TABLE parley_move ("
                    + "dialogue_id VARCHAR(64) NOT NULL, seq INTEGER NOT NULL, speaker VARCHAR(200) NOT NULL, "
                    + "move_id VARCHAR(200) NOT NULL, target VARCHAR(200), reply_json TEXT NOT NULL, "
                    + "locution TEXT NOT NULL, created_at BIGINT NOT NULL, words TEXT, aif_json TEXT, "
                    + "idem_key VARCHAR(200), PRIMARY KEY (dialogue_id, seq))");
            createVersion2Parts(st, VERSION);
            createBinding(st);
            createInvitation(st);
        }
    }

    private static void createInvitation(Statement st) throws SQLException {
        st.execute("CREATE TABLE parley_invitation (dialogue_id VARCHAR(64) NOT NULL, seat_no INTEGER NOT NULL, "
                + "code_hash VARCHAR(64) NOT NULL, PRIMARY KEY (dialogue_id, seat_no))");
    }

    /** Version 3 to 4, in the caller's transaction: the invitation table, empty. */
    static void migrateFrom3(Connection c) throws SQLException {
        try (Statement st = c.createStatement()) {
            createInvitation(st);
            st.executeUpdate("UPDATE parley_schema SET version = 4, migrated_at = " + System.currentTimeMillis());
        }
        LOG.info("dialogue store migrated from version 3 to 4");
    }

    private static void createBinding(Statement st) throws SQLException {
        st.execute("CREATE TABLE parley_binding (dialogue_id VARCHAR(64) PRIMARY KEY, domain VARCHAR(200) NOT NULL, "
                + "scenario INTEGER NOT NULL, game_json TEXT NOT NULL, agent_seat VARCHAR(200), agent_token TEXT, "
                + "agent_state TEXT)");
    }

    /** Version 2 to 3, in the caller's transaction: the binding table, empty. */
    static void migrateFrom2(Connection c) throws SQLException {
        try (Statement st = c.createStatement()) {
            createBinding(st);
            st.executeUpdate("UPDATE parley_schema SET version = 3, migrated_at = " + System.currentTimeMillis());
        }
        LOG.info("dialogue store migrated from version 2 to 3");
    }

    private static void createVersion2Parts(Statement st, int version) throws SQLException {
        st.execute("CREATE UNIQUE INDEX parley_move_idem ON parley_move (dialogue_id, idem_key)");
        st.execute("CREATE TABLE parley_snapshot (dialogue_id VARCHAR(64) NOT NULL, seq INTEGER NOT NULL, "
                + "state_json TEXT NOT NULL, PRIMARY KEY (dialogue_id, seq))");
        st.execute("CREATE TABLE parley_schema (version INTEGER NOT NULL, migrated_at BIGINT NOT NULL, "
                + "probed_at BIGINT NOT NULL)");
        st.executeUpdate("INSERT INTO parley_schema (version, migrated_at, probed_at) VALUES (" + version + ", "
                + System.currentTimeMillis() + ", 0)");
    }

    /**
     * Version 1 to 2, in the caller's transaction: each dialogue's saved state becomes its snapshot at its move
     * count (history left out), each move row gets its AIF from that state's history, and the state column goes.
     */
    static void migrateFrom1(Connection c) throws SQLException {
        try (Statement st = c.createStatement()) {
            st.execute("ALTER TABLE parley_move ADD COLUMN words TEXT");
            st.execute("ALTER TABLE parley_move ADD COLUMN aif_json TEXT");
            st.execute("ALTER TABLE parley_move ADD COLUMN idem_key VARCHAR(200)");
            createVersion2Parts(st, 2);
        }
        int n = 0;
        try (Statement st = c.createStatement();
             ResultSet rs = st.executeQuery("SELECT id, move_count, state_json FROM parley_dialogue");
             PreparedStatement snap = c.prepareStatement(
                     "INSERT INTO parley_snapshot (dialogue_id, seq, state_json) VALUES (?, ?, ?)");
             PreparedStatement aif = c.prepareStatement(
                     "UPDATE parley_move SET aif_json = ? WHERE dialogue_id = ? AND seq = ?")) {
            while (rs.next()) {
                String id = rs.getString(1);
                int moves = rs.getInt(2);
                JsonNode state;
                try {
                    state = JSON.readTree(rs.getString(3));
                } catch (java.io.IOException e) {
                    // left without a snapshot: the dialogue is quarantined when it is loaded, the rest migrate
                    LOG.error("dialogue {}: its saved state is not JSON; it will be quarantined", id);
                    continue;
                }
                JsonNode history = state.path("history");
                for (JsonNode m : history) {
                    aif.setString(1, m.path("aif").toString());
                    aif.setString(2, id);
                    aif.setInt(3, m.path("index").asInt());
                    aif.addBatch();
                }
                snap.setString(1, id);
                snap.setInt(2, moves);
                snap.setString(3, SnapshotFormat.withoutHistory(state));
                snap.addBatch();
                n++;
            }
            snap.executeBatch();
            aif.executeBatch();
        }
        try (Statement st = c.createStatement()) {
            st.execute("ALTER TABLE parley_dialogue DROP COLUMN state_json");
        }
        LOG.info("dialogue store migrated from version 1 to 2: {} dialogues", n);
    }

    /** The health probe: a write that must commit. */
    static void probe(Connection c) throws SQLException {
        try (PreparedStatement up = c.prepareStatement("UPDATE parley_schema SET probed_at = ?")) {
            up.setLong(1, System.currentTimeMillis());
            if (up.executeUpdate() != 1) {
                throw new SQLException("parley_schema has no row");
            }
        }
    }
}
