package io.noemata.installer.plan;

import io.noemata.core.system.ClusterDifferences;
import io.noemata.core.system.Scope;
import io.noemata.core.system.SystemColumn;
import io.noemata.core.system.SystemTable;
import io.noemata.core.system.SystemTables;
import io.noemata.core.ledger.RecordedStatements;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;

/**
 * What the server reports in the plan's databases, keyed {@code db.table} or {@code db.table.object}:
 * columns (as {@code system.columns} has them), skip indexes, projections, and tables with their statement
 * as the server writes it (drift is compared in the server's own words). On a cluster, also which
 * of those are not the same on every server of it ({@code uneven}: read through
 * {@code clusterAllReplicas}, a key some server lacks or writes otherwise), and where statements run.
 * Read once by {@code Publish}; the {@link Planner} only compares it.
 */
public record ServerState(Map<String, SystemColumn> columns, Map<String, String> indexes, Set<String> projections,
    Map<String, String> tables, Map<String, String> engines, Map<String, String> recordedDigests, Set<String> uneven,
    io.noemata.installer.ddl.Placement placement) {

  public ServerState {
    java.util.Objects.requireNonNull(placement, "placement");
  }

  /** Whether {@code db.table}'s statement differs from the one recorded when noemata wrote it. */
  public boolean changedSinceRecorded(String db, String table) {
    String recorded = recordedDigests.get(db + "." + table);
    String now = tables.get(db + "." + table);
    return recorded != null && now != null && !recorded.equals(io.noemata.core.naming.Names.sha256Hex(now));
  }

  public static ServerState read(Connection c, Set<String> databases, String namespace,
      io.noemata.installer.ddl.Placement placement) throws SQLException {
    if (databases.isEmpty()) {
      return new ServerState(Map.of(), Map.of(), Set.of(), Map.of(), Map.of(), Map.of(), Set.of(), placement);
    }
    Scope scope = new Scope.Databases(databases);
    Map<String, SystemColumn> columns = new HashMap<>();
    SystemTables.columns(c, scope).forEach(col -> columns.put(col.database() + "." + col.table() + "." + col.name(),
        col));
    Map<String, String> indexes = new HashMap<>();
    SystemTables.indexes(c, scope).forEach(i -> indexes.put(i.database() + "." + i.table() + "." + i.name(),
        i.typeFull()));
    Set<String> projections = new HashSet<>();
    SystemTables.projections(c, scope).forEach(p -> projections.add(p.database() + "." + p.table() + "." + p.name()));
    Map<String, String> tables = new HashMap<>();
    Map<String, String> engines = new HashMap<>();
    for (SystemTable t : SystemTables.tables(c, scope)) {
      tables.put(t.database() + "." + t.name(), t.createTableQuery());
      engines.put(t.database() + "." + t.name(), t.engineFull());
    }
    Map<String, String> digests = RecordedStatements.read(c, databases, namespace, tables.keySet());
    Set<String> uneven = placement.cluster().isPresent() ? ClusterDifferences.of(c, placement.cluster().get(),
        placement.servers(), databases, io.noemata.core.naming.Names.PREFIX) : Set.of();
    return new ServerState(columns, indexes, projections, tables, engines, digests, uneven, placement);
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
}
