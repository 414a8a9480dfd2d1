package io.noemata.cli.advise;

import io.noemata.core.system.Scope;
import io.noemata.core.system.SystemTables;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * A workload from a server's {@code system.query_log}: the SELECTs that finished in a time range,
 * one per normalized query shape ({@code normalized_query_hash}, so the same panel with other
 * literals counts once), weighted by how often the shape ran, most frequent first. Queries on
 * system tables are left out.
 */
public final class QueryLogWorkload {

  private QueryLogWorkload() {}

  /** True when the server keeps {@code system.query_log} (the embedded engine does not). */
  public static boolean available(Connection c) throws SQLException {
    return !SystemTables.names(c, new Scope.Table("system", "query_log")).isEmpty();
  }

  public static List<WorkloadQuery> read(Connection c, Instant from, Instant to, int limit) throws SQLException {
    return read(c, "system.query_log", from, to, limit);
  }

  /** The same from {@code table}, a table with {@code system.query_log}'s columns (tests use a copy). */
  public static List<WorkloadQuery> read(Connection c, String table, Instant from, Instant to, int limit)
      throws SQLException {
    String sql = "SELECT argMax(query, event_time), count() AS runs FROM " + table
        + " WHERE type = 'QueryFinish' AND query_kind = 'Select' AND is_initial_query"
        + " AND event_time >= toDateTime(" + from.getEpochSecond() + ") AND event_time < toDateTime(" + to.getEpochSecond() + ")"
        + " AND NOT has(databases, 'system') AND query NOT ILIKE 'EXPLAIN%'"
        + " GROUP BY normalized_query_hash ORDER BY runs DESC, any(query) LIMIT " + limit;
    List<WorkloadQuery> out = new ArrayList<>();
    try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery(sql)) {
      while (rs.next()) {
        String q = rs.getString(1).strip();
        if (q.endsWith(";")) {
          q = q.substring(0, q.length() - 1);
        }
        String head = q.replaceAll("\\s+", " ");
        out.add(new WorkloadQuery("query_log: " + (head.length() > 70 ? head.substring(0, 70) + "..." : head), q,
            rs.getLong(2), 0));
      }
    }
    return out;
  }
}
