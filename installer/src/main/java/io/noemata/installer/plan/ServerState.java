package io.noemata.installer.plan;

import io.noemata.core.sql.Literals;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * What the server reports in the plan's databases, keyed {@code db.table} or {@code db.table.object}:
 * columns (type and default expression), skip indexes, projections, and tables with their statement
 * as the server writes it (drift is compared in the server's own words).
 */
public record ServerState(Map<String, String[]> columns, Map<String, String> indexes, Set<String> projections,
    Map<String, String> tables, Map<String, String> recordedDigests) {

  /** Key in an object's settings (objects table) of the SHA-256 of its statement as the server wrote it. */
  public static final String STATEMENT_DIGEST = "server_statement_sha256";

  private static final java.util.regex.Pattern DIGEST = java.util.regex.Pattern.compile(
      "\"" + STATEMENT_DIGEST + "\":\"([0-9a-f]{64})\"");

  /** Whether {@code db.table}'s statement differs from the one recorded when noemata wrote it. */
  public boolean changedSinceRecorded(String db, String table) {
    String recorded = recordedDigests.get(db + "." + table);
    String now = tables.get(db + "." + table);
    return recorded != null && now != null && !recorded.equals(io.noemata.installer.ddl.Names.sha256Hex(now));
  }

  public static ServerState read(Connection c, Set<String> databases, String namespace) throws SQLException {
    String in = databases.stream().map(Literals::string).collect(Collectors.joining(", ", "(", ")"));
    if (databases.isEmpty()) {
      return new ServerState(Map.of(), Map.of(), Set.of(), Map.of(), Map.of());
    }
    Map<String, String[]> columns = new HashMap<>();
    query(c, "SELECT database, table, name, type, default_kind, default_expression FROM system.columns WHERE database IN "
        + in, rs -> columns.put(rs.getString(1) + "." + rs.getString(2) + "." + rs.getString(3),
            new String[] {rs.getString(4), rs.getString(5), rs.getString(6)}));
    Map<String, String> indexes = new HashMap<>();
    query(c, "SELECT database, table, name, type_full FROM system.data_skipping_indices WHERE database IN " + in,
        rs -> indexes.put(rs.getString(1) + "." + rs.getString(2) + "." + rs.getString(3), rs.getString(4)));
    Map<String, String> projections = new HashMap<>();
    query(c, "SELECT database, table, name FROM system.projections WHERE database IN " + in,
        rs -> projections.put(rs.getString(1) + "." + rs.getString(2) + "." + rs.getString(3), ""));
    Map<String, String> tables = new HashMap<>();
    query(c, "SELECT database, name, create_table_query FROM system.tables WHERE database IN " + in,
        rs -> tables.put(rs.getString(1) + "." + rs.getString(2), rs.getString(3)));
    Map<String, String> digests = new HashMap<>();
    String objects = io.noemata.core.ledger.LedgerSchema.objectsTable(namespace);
    for (String db : databases) {
      if (tables.containsKey(db + "." + objects)) {
        query(c, "SELECT object, settings FROM " + Literals.qualified(db, objects) + " FINAL WHERE dropped = 0",
            rs -> {
              java.util.regex.Matcher m = DIGEST.matcher(rs.getString(2));
              if (m.find()) {
                digests.put(db + "." + rs.getString(1), m.group(1));
              }
            });
      }
    }
    return new ServerState(columns, indexes, projections.keySet(), tables, digests);
  }

  public boolean hasTable(String db, String table) {
    return tables.containsKey(db + "." + table);
  }

  public String statement(String db, String table) {
    return tables.get(db + "." + table);
  }

  private interface Row {
    void accept(ResultSet rs) throws SQLException;
  }

  private static void query(Connection c, String sql, Row row) throws SQLException {
    try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery(sql)) {
      while (rs.next()) {
        row.accept(rs);
      }
    }
  }
}
