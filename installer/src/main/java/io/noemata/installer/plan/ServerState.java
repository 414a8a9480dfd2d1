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
    Map<String, String> tables) {

  public static ServerState read(Connection c, Set<String> databases) throws SQLException {
    String in = databases.stream().map(Literals::string).collect(Collectors.joining(", ", "(", ")"));
    if (databases.isEmpty()) {
      return new ServerState(Map.of(), Map.of(), Set.of(), Map.of());
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
    return new ServerState(columns, indexes, projections.keySet(), tables);
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
