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
 * as the server writes it (drift is compared in the server's own words). On a cluster, also which
 * of those are not the same on every server of it ({@code uneven}: read through
 * {@code clusterAllReplicas}, a key some server lacks or writes otherwise), and where statements run.
 * Read once by {@code Publish}; the {@link Planner} only compares it.
 */
public record ServerState(Map<String, String[]> columns, Map<String, String> indexes, Set<String> projections,
    Map<String, String> tables, Map<String, String> engines, Map<String, String> recordedDigests, Set<String> uneven,
    io.noemata.installer.ddl.Placement placement) {

  public ServerState {
    columns = Map.copyOf(columns);
    indexes = Map.copyOf(indexes);
    projections = Set.copyOf(projections);
    tables = Map.copyOf(tables);
    engines = Map.copyOf(engines);
    recordedDigests = Map.copyOf(recordedDigests);
    uneven = Set.copyOf(uneven);
    java.util.Objects.requireNonNull(placement, "placement");
  }

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

  public static ServerState read(Connection c, Set<String> databases, String namespace,
      io.noemata.installer.ddl.Placement placement) throws SQLException {
    String in = databases.stream().map(Literals::string).collect(Collectors.joining(", ", "(", ")"));
    if (databases.isEmpty()) {
      return new ServerState(Map.of(), Map.of(), Set.of(), Map.of(), Map.of(), Map.of(), Set.of(), placement);
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
    Map<String, String> engines = new HashMap<>();
    query(c, "SELECT database, name, create_table_query, engine_full FROM system.tables WHERE database IN " + in, rs -> {
      tables.put(rs.getString(1) + "." + rs.getString(2), rs.getString(3));
      engines.put(rs.getString(1) + "." + rs.getString(2), rs.getString(4));
    });
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
    Set<String> uneven = placement.cluster().isPresent() ? uneven(c, placement, in) : Set.of();
    return new ServerState(columns, indexes, projections.keySet(), tables, engines, digests, uneven, placement);
  }

  /**
   * The tables, {@code __nm_} columns, indexes and projections that some server of the cluster lacks
   * or writes another way: "drift compares the whole statement ... as the server writes it", on each.
   */
  private static Set<String> uneven(Connection c, io.noemata.installer.ddl.Placement p, String in) throws SQLException {
    Set<String> out = new java.util.HashSet<>();
    Row table = rs -> out.add(rs.getString(1) + "." + rs.getString(2));
    Row object = rs -> out.add(rs.getString(1) + "." + rs.getString(2) + "." + rs.getString(3));
    query(c, everyServer(p, "system.tables", "name", "create_table_query", in, ""), table);
    query(c, everyServer(p, "system.columns", "table, name", "type, default_kind, default_expression", in,
        " AND startsWith(name, '__nm_')"), object);
    query(c, everyServer(p, "system.data_skipping_indices", "table, name", "type_full, expr", in, ""), object);
    query(c, everyServer(p, "system.projections", "table, name", "query", in, ""), object);
    return Set.copyOf(out);
  }

  /** The keys of {@code systemTable} whose {@code value} differs between servers, or that some server lacks. */
  private static String everyServer(io.noemata.installer.ddl.Placement p, String systemTable, String key, String value,
      String in, String filter) {
    return "SELECT database, " + key + " FROM clusterAllReplicas(" + Literals.string(p.cluster().get()) + ", "
        + systemTable + ") WHERE database IN " + in + filter + " GROUP BY database, " + key + " HAVING uniqExact("
        + value + ") > 1 OR count() < " + p.servers();
  }

  /** Whether {@code key} ({@code db.table} or {@code db.table.object}) is not the same on every server. */
  public boolean unevenOnCluster(String key) {
    return uneven.contains(key);
  }

  /** The local table a Distributed {@code db.table} reads, from its {@code engine_full}. */
  public java.util.Optional<io.noemata.resources.model.PhysicalName> distributedOver(String db, String table) {
    String engine = engines.get(db + "." + table);
    return engine == null ? java.util.Optional.empty() : io.noemata.resources.catalog.Distribution.parse(engine, db)
        .map(io.noemata.resources.catalog.Distribution.Target::local);
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
