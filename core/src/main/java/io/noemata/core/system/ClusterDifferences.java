package io.noemata.core.system;

import io.noemata.core.sql.Literals;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.HashSet;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * The tables, columns, indexes and projections that some server of a cluster lacks or writes
 * another way ("drift compares the whole statement ... as the server writes it", on each), read
 * through {@code clusterAllReplicas}: keys {@code db.table} and {@code db.table.object}.
 */
public final class ClusterDifferences {

  private ClusterDifferences() {}

  /**
   * The keys in {@code databases} not the same on all {@code servers} of {@code cluster}; of the
   * columns, only those whose names start with {@code columnPrefix} (a table's own columns are not
   * the installer's to repair).
   */
  public static Set<String> of(Connection c, String cluster, int servers, Set<String> databases, String columnPrefix)
      throws SQLException {
    Set<String> out = new HashSet<>();
    if (databases.isEmpty()) {
      return Set.of();
    }
    String in = new java.util.TreeSet<>(databases).stream().map(Literals::string)
        .collect(Collectors.joining(", ", "(", ")"));
    String from = "clusterAllReplicas(" + Literals.string(cluster) + ", ";
    read(c, from, servers, in, "system.tables", "name", "create_table_query", "", out);
    read(c, from, servers, in, "system.columns", "table, name", "type, default_kind, default_expression",
        " AND startsWith(name, " + Literals.string(columnPrefix) + ")", out);
    read(c, from, servers, in, "system.data_skipping_indices", "table, name", "type_full, expr", "", out);
    read(c, from, servers, in, "system.projections", "table, name", "query", "", out);
    return Set.copyOf(out);
  }

  /** The keys of {@code systemTable} whose {@code value} differs between servers, or that some server lacks. */
  private static void read(Connection c, String from, int servers, String in, String systemTable, String key,
      String value, String filter, Set<String> out) throws SQLException {
    String sql = "SELECT database, " + key + " FROM " + from + systemTable + ") WHERE database IN " + in + filter
        + " GROUP BY database, " + key + " HAVING uniqExact(" + value + ") > 1 OR count() < " + servers;
    try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery(sql)) {
      int columns = rs.getMetaData().getColumnCount();
      while (rs.next()) {
        StringBuilder k = new StringBuilder(rs.getString(1));
        for (int col = 2; col <= columns; col++) {
          k.append('.').append(rs.getString(col));
        }
        out.add(k.toString());
      }
    }
  }
}
