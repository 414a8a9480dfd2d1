package io.noemata.core.system;

import io.noemata.core.catalog.TableName;
import java.sql.Array;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;

/**
 * The one reader of what the server has installed: rows of {@code system.tables},
 * {@code system.columns}, {@code system.data_skipping_indices}, {@code system.projections} and
 * {@code system.row_policies}, {@code system.view_refreshes} and {@code system.parts} in a
 * {@link Scope}, in a stable order (database, table, then position or name); and of where it runs:
 * {@code system.databases} (their engines) and {@code system.clusters}. Plain JDBC, so the driver,
 * the installer and the resources catalog read the server the same way.
 */
public final class SystemTables {

  private SystemTables() {}

  /** The tables and views of {@code scope}, by database and name. */
  public static List<SystemTable> tables(Connection c, Scope scope) throws SQLException {
    return read(c, "SELECT database, name, engine, engine_full, create_table_query, sorting_key FROM system.tables",
        scope, "name", " ORDER BY database, name", rs -> new SystemTable(rs.getString(1), rs.getString(2),
            rs.getString(3), rs.getString(4), rs.getString(5), rs.getString(6)));
  }

  /** Only the names of the tables and views of {@code scope}: what a reader needs that asks which exist. */
  public static List<TableName> names(Connection c, Scope scope) throws SQLException {
    return read(c, "SELECT database, name FROM system.tables", scope, "name", " ORDER BY database, name",
        rs -> new TableName(rs.getString(1), rs.getString(2)));
  }

  /** The table or view {@code database.name}, if the server has it. */
  public static Optional<SystemTable> table(Connection c, String database, String name) throws SQLException {
    return tables(c, new Scope.Table(database, name)).stream().findFirst();
  }

  /** The columns of the tables of {@code scope}, in each table's order. */
  public static List<SystemColumn> columns(Connection c, Scope scope) throws SQLException {
    return read(c, "SELECT database, table, name, type, default_kind, default_expression FROM system.columns", scope,
        "table", " ORDER BY database, table, position", rs -> new SystemColumn(rs.getString(1), rs.getString(2),
            rs.getString(3), rs.getString(4), rs.getString(5), rs.getString(6)));
  }

  /** The skip indexes of the tables of {@code scope}. */
  public static List<SystemIndex> indexes(Connection c, Scope scope) throws SQLException {
    return read(c, "SELECT database, table, name, type_full, expr, granularity FROM system.data_skipping_indices",
        scope, "table", " ORDER BY database, table, name", rs -> new SystemIndex(rs.getString(1), rs.getString(2),
            rs.getString(3), rs.getString(4), rs.getString(5), rs.getLong(6)));
  }

  /** The projections of the tables of {@code scope}. */
  public static List<SystemProjection> projections(Connection c, Scope scope) throws SQLException {
    return read(c, "SELECT database, table, name, sorting_key, query FROM system.projections", scope, "table",
        " ORDER BY database, table, name", rs -> new SystemProjection(rs.getString(1), rs.getString(2),
            rs.getString(3), strings(rs.getArray(4)), rs.getString(5)));
  }

  /**
   * The mutations of the tables of {@code scope} the server still lists (done or not): whether
   * their rows were deleted or changed after insert ({@link io.noemata.core.catalog.SourceRows}).
   */
  public static List<SystemMutation> mutations(Connection c, Scope scope) throws SQLException {
    return read(c, "SELECT database, table, command, toUnixTimestamp(create_time), is_done FROM system.mutations",
        scope, "table", " ORDER BY database, table, create_time", rs -> new SystemMutation(rs.getString(1),
            rs.getString(2), rs.getString(3), java.time.Instant.ofEpochSecond(rs.getLong(4)), rs.getInt(5) != 0));
  }

  /**
   * The active patch parts of the tables of {@code scope} ({@code system.parts} named {@code
   * patch-...}): what a lightweight {@code UPDATE} writes instead of a mutation, each listed as a
   * done mutation {@code UPDATE (patch part <name>)} created at the part's modification time.
   */
  public static List<SystemMutation> patchParts(Connection c, Scope scope) throws SQLException {
    return read(c, "SELECT database, table, name, toUnixTimestamp(modification_time) FROM system.parts", scope,
        "table", " AND active AND startsWith(name, 'patch-') ORDER BY database, table, modification_time",
        rs -> new SystemMutation(rs.getString(1), rs.getString(2), "UPDATE (patch part " + rs.getString(3) + ")",
            java.time.Instant.ofEpochSecond(rs.getLong(4)), true));
  }

  /** The SELECT row policies on the tables of {@code scope}; refused (ACCESS_DENIED) without {@code SHOW ROW POLICIES}. */
  public static List<SystemRowPolicy> rowPolicies(Connection c, Scope scope) throws SQLException {
    return read(c, "SELECT database, table, short_name, select_filter, is_restrictive, apply_to_all, apply_to_list,"
        + " apply_to_except FROM system.row_policies", scope, "table", " AND select_filter IS NOT NULL"
        + " ORDER BY database, table, short_name", rs -> new SystemRowPolicy(rs.getString(1), rs.getString(2),
            rs.getString(3), rs.getString(4), rs.getInt(5) != 0, rs.getInt(6) != 0, strings(rs.getArray(7)),
            strings(rs.getArray(8))));
  }

  /**
   * The active parts of the tables of {@code scope}: their rows and time ranges (the cost estimate)
   * and their block numbers (late rows: {@code io.noemata.core.ledger.BlockWatermarks}).
   */
  public static List<SystemPart> activeParts(Connection c, Scope scope) throws SQLException {
    return read(c, "SELECT database, table, partition_id, min_block_number, max_block_number, data_version,"
        + " toUnixTimestamp(min_time), toUnixTimestamp(max_time), rows FROM system.parts", scope, "table",
        " AND active ORDER BY database, table, partition_id, min_block_number", rs -> new SystemPart(rs.getString(1),
            rs.getString(2), rs.getString(3), rs.getLong(4), rs.getLong(5), rs.getLong(6),
            java.time.Instant.ofEpochSecond(rs.getLong(7)),
            java.time.Instant.ofEpochSecond(Math.max(rs.getLong(7), rs.getLong(8))), rs.getLong(9)));
  }

  /** The refreshable materialized views of {@code scope} ({@code system.view_refreshes}) and their last refresh. */
  public static List<SystemViewRefresh> viewRefreshes(Connection c, Scope scope) throws SQLException {
    return read(c, "SELECT database, view, status, toUnixTimestamp(last_success_time), exception FROM"
        + " system.view_refreshes", scope, "view", " ORDER BY database, view", rs -> {
          long success = rs.getLong(4);
          boolean none = rs.wasNull();
          return new SystemViewRefresh(rs.getString(1), rs.getString(2), rs.getString(3),
              none ? null : java.time.Instant.ofEpochSecond(success), rs.getString(5));
        });
  }

  /**
   * When each table of {@code scope} last changed its parts, in whole seconds: the newest {@code
   * modification_time} of a part, or {@code remove_time} of one a merge, mutation or drop made
   * inactive (kept listed for a few minutes), active or not. A table without parts is absent.
   */
  public static java.util.Map<TableName, java.time.Instant> lastPartChanges(Connection c, Scope scope)
      throws SQLException {
    java.util.Map<TableName, java.time.Instant> out = new java.util.LinkedHashMap<>();
    read(c, "SELECT database, table, " + LAST_PART_CHANGE + " FROM system.parts", scope, "table",
        " GROUP BY database, table ORDER BY database, table",
        rs -> java.util.Map.entry(new TableName(rs.getString(1), rs.getString(2)), java.time.Instant.ofEpochSecond(rs.getLong(3))))
        .forEach(e -> out.put(e.getKey(), e.getValue()));
    return out;
  }

  /**
   * Over {@code system.parts} rows of one table: the epoch second its parts last changed, as
   * {@link #lastPartChanges} reads it; also what a refreshed rollup's read asks the server again.
   */
  public static final String LAST_PART_CHANGE = "toUnixTimestamp(max(greatest(modification_time, remove_time)))";

  /**
   * Over {@code system.parts} rows of one table: how many of its parts changed at or after the epoch
   * second {@code since} (as {@link #LAST_PART_CHANGE} reads a change, removed parts included) may
   * hold rows stamped before the epoch second {@code before}, by their {@code min_time} (the epoch
   * when the partition key has no time column, so such a part always counts). What a refreshed
   * rollup read beside raw rows from {@code before} on asks the server again.
   */
  public static String changedBefore(long since, long before) {
    return "countIf(greatest(modification_time, remove_time) >= toDateTime(" + since + ") AND toUnixTimestamp(min_time) < "
        + before + ")";
  }

  /**
   * The earliest {@code min_time} (epoch seconds; 0 when the partition key has no time column) of
   * the parts of {@code table} changed at or after {@code since}, removed parts included; empty when
   * none changed.
   */
  public static java.util.OptionalLong earliestChangedSince(Connection c, TableName table, java.time.Instant since)
      throws SQLException {
    List<long[]> r = read(c, "SELECT count(), toUnixTimestamp(min(min_time)) FROM system.parts",
        new Scope.Table(table.database(), table.table()), "table", " AND greatest(modification_time, remove_time) >="
            + " toDateTime(" + since.getEpochSecond() + ")", rs -> new long[] {rs.getLong(1), rs.getLong(2)});
    return r.isEmpty() || r.get(0)[0] == 0 ? java.util.OptionalLong.empty() : java.util.OptionalLong.of(r.get(0)[1]);
  }

  /**
   * The columns of {@code table}'s partition key of a DateTime type: with exactly one, {@code
   * system.parts.min_time}/{@code max_time} are the range of that column's values in each part.
   */
  public static List<String> partitionTimeColumns(Connection c, TableName table) throws SQLException {
    return read(c, "SELECT name FROM system.columns", new Scope.Table(table.database(), table.table()), "table",
        " AND is_in_partition_key AND startsWith(type, 'DateTime') ORDER BY position", rs -> rs.getString(1));
  }

  /** The mutations of the tables of {@code scope} that are not done yet. */
  public static List<PendingMutation> pendingMutations(Connection c, Scope scope) throws SQLException {
    return read(c, "SELECT database, table, arrayStringConcat(arrayMap(x -> hex(x), block_numbers.partition_id), ','),"
        + " arrayStringConcat(arrayMap(x -> toString(x), block_numbers.number), ',') FROM system.mutations", scope,
        "table", " AND NOT is_done ORDER BY database, table, mutation_id", rs -> {
          List<String> ids = new ArrayList<>();
          List<Long> numbers = new ArrayList<>();
          String hexIds = rs.getString(3);
          String joined = rs.getString(4);
          if (joined != null && !joined.isEmpty()) {
            String[] h = hexIds.split(",", -1);
            String[] n = joined.split(",");
            for (int i = 0; i < n.length; i++) {
              ids.add(new String(java.util.HexFormat.of().parseHex(i < h.length ? h[i].toLowerCase(java.util.Locale.ROOT)
                  : ""), java.nio.charset.StandardCharsets.UTF_8));
              numbers.add(Long.parseLong(n[i]));
            }
          }
          return new PendingMutation(rs.getString(1), rs.getString(2), ids, numbers);
        });
  }

  /** The databases named {@code names} that the server has, by name (none when the set is empty). */
  public static List<SystemDatabase> databases(Connection c, Set<String> names) throws SQLException {
    if (names.isEmpty()) {
      return List.of();
    }
    List<String> sorted = List.copyOf(new TreeSet<>(names));
    return query(c, "SELECT name, engine FROM system.databases WHERE name IN ("
        + String.join(", ", sorted.stream().map(n -> "?").toList()) + ") ORDER BY name", sorted,
        rs -> new SystemDatabase(rs.getString(1), rs.getString(2)));
  }

  /** The servers of the cluster {@code cluster}, by shard and replica; empty when the server defines no such cluster. */
  public static List<SystemClusterServer> cluster(Connection c, String cluster) throws SQLException {
    return query(c, "SELECT cluster, shard_num, replica_num, host_name, is_local FROM system.clusters"
        + " WHERE cluster = ? ORDER BY shard_num, replica_num", List.of(cluster),
        rs -> new SystemClusterServer(rs.getString(1), rs.getInt(2), rs.getInt(3), rs.getString(4), rs.getInt(5) != 0));
  }

  /** The settings named {@code names} as the connected user sees them (none when the set is empty). */
  public static List<SystemSetting> settings(Connection c, Set<String> names) throws SQLException {
    if (names.isEmpty()) {
      return List.of();
    }
    List<String> sorted = List.copyOf(new TreeSet<>(names));
    return query(c, "SELECT name, toUInt8(readonly), min, max, value FROM system.settings WHERE name IN ("
        + String.join(", ", sorted.stream().map(n -> "?").toList()) + ") ORDER BY name", sorted,
        rs -> new SystemSetting(rs.getString(1), rs.getInt(2) != 0, rs.getString(3), rs.getString(4), rs.getString(5)));
  }

  /** The active parts of each table of {@code scope}, summed per table. */
  public static List<SystemStorage> tableStorage(Connection c, Scope scope) throws SQLException {
    return read(c, "SELECT database, table, sum(rows), sum(bytes_on_disk), sum(data_compressed_bytes) FROM system.parts",
        scope, "table", " AND active GROUP BY database, table ORDER BY database, table",
        rs -> new SystemStorage(rs.getString(1), rs.getString(2), "", rs.getLong(3), rs.getLong(4), rs.getLong(5)));
  }

  /** The active parts of each projection of the tables of {@code scope}, summed per projection. */
  public static List<SystemStorage> projectionStorage(Connection c, Scope scope) throws SQLException {
    return read(c, "SELECT database, table, name, sum(rows), sum(bytes_on_disk), sum(data_compressed_bytes)"
        + " FROM system.projection_parts", scope, "table",
        " AND active GROUP BY database, table, name ORDER BY database, table, name", rs -> new SystemStorage(
            rs.getString(1), rs.getString(2), rs.getString(3), rs.getLong(4), rs.getLong(5), rs.getLong(6)));
  }

  /** Each column of the tables of {@code scope} with its compressed size (0 for columns only in compact parts). */
  public static List<SystemStorage> columnStorage(Connection c, Scope scope) throws SQLException {
    return read(c, "SELECT database, table, name, data_compressed_bytes FROM system.columns", scope, "table",
        " ORDER BY database, table, position", rs -> new SystemStorage(rs.getString(1), rs.getString(2),
            rs.getString(3), 0, rs.getLong(4), rs.getLong(4)));
  }

  /** The roles in effect for the connection's user ({@code system.current_roles}). */
  public static List<String> currentRoles(Connection c) throws SQLException {
    return query(c, "SELECT role_name FROM system.current_roles ORDER BY role_name", List.of(), rs -> rs.getString(1));
  }

  /** One result row to a value. */
  interface RowReader<T> {
    T read(ResultSet rs) throws SQLException;
  }

  private static <T> List<T> read(Connection c, String select, Scope scope, String nameColumn, String order,
      RowReader<T> row) throws SQLException {
    Scope.Filter f = scope.filter(nameColumn);
    return query(c, select + " WHERE " + f.sql() + order, f.parameters(), row);
  }

  /** {@code sql} with {@code parameters} bound to its {@code ?} in order: a plain statement when there are none. */
  private static <T> List<T> query(Connection c, String sql, List<String> parameters, RowReader<T> row)
      throws SQLException {
    List<T> out = new ArrayList<>();
    if (parameters.isEmpty()) {
      try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery(sql)) {
        while (rs.next()) {
          out.add(row.read(rs));
        }
      }
      return out;
    }
    try (PreparedStatement s = c.prepareStatement(sql)) {
      for (int i = 0; i < parameters.size(); i++) {
        s.setString(i + 1, parameters.get(i));
      }
      try (ResultSet rs = s.executeQuery()) {
        while (rs.next()) {
          out.add(row.read(rs));
        }
      }
    }
    return out;
  }

  /** A JDBC array of strings (an {@code Array(String)} column) as a list; empty for null. */
  static List<String> strings(Array a) throws SQLException {
    if (a == null) {
      return List.of();
    }
    Object v = a.getArray();
    List<String> out = new ArrayList<>();
    if (v instanceof Object[] items) {
      for (Object o : items) {
        out.add(String.valueOf(o));
      }
    } else if (v instanceof List<?> items) {
      items.forEach(o -> out.add(String.valueOf(o)));
    }
    return out;
  }
}
