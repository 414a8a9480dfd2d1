package io.noemata.core.system;

import io.noemata.core.catalog.SourceRows;
import io.noemata.core.catalog.TableName;
import io.noemata.core.sql.DistributedEngine;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Whether each of a set of tables keeps its inserted rows ({@link SourceRows}), from {@code
 * system.tables}, {@code system.mutations} and the patch parts of lightweight updates ({@code
 * system.parts}); a Distributed table is judged by the local table it
 * reads (where its rows are stored and merged). A table the server does not list is left out.
 */
public final class SourceEngines {

  private SourceEngines() {}

  /** What each of {@code tables} does to its rows, in three reads (four with Distributed tables). */
  public static Map<TableName, SourceRows> of(Connection c, Set<TableName> tables) throws SQLException {
    if (tables.isEmpty()) {
      return Map.of();
    }
    Map<TableName, SystemTable> read = new HashMap<>();
    for (SystemTable t : SystemTables.tables(c, new Scope.Tables(tables))) {
      read.put(new TableName(t.database(), t.name()), t);
    }
    // a Distributed table holds no rows: its local table's engine, TTL and mutations decide
    Map<TableName, TableName> stored = new LinkedHashMap<>();
    for (TableName name : tables) {
      SystemTable t = read.get(name);
      if (t != null) {
        stored.put(name, "Distributed".equals(t.engine()) ? distributedOver(t.engineFull(), name.database())
            .orElse(name) : name);
      }
    }
    Set<TableName> locals = new LinkedHashSet<>(stored.values());
    locals.removeAll(read.keySet());
    if (!locals.isEmpty()) {
      for (SystemTable t : SystemTables.tables(c, new Scope.Tables(locals))) {
        read.put(new TableName(t.database(), t.name()), t);
      }
    }
    Map<TableName, List<SourceRows.Mutation>> mutations = new HashMap<>();
    Scope holding = new Scope.Tables(new LinkedHashSet<>(stored.values()));
    List<SystemMutation> changes = new ArrayList<>(SystemTables.mutations(c, holding));
    changes.addAll(SystemTables.patchParts(c, holding));
    for (SystemMutation m : changes) {
      mutations.computeIfAbsent(new TableName(m.database(), m.table()), k -> new ArrayList<>())
          .add(new SourceRows.Mutation(m.command(), m.created(), m.done()));
    }
    Map<TableName, SourceRows> out = new LinkedHashMap<>();
    stored.forEach((name, local) -> {
      SystemTable t = read.get(local);
      if (t != null) {
        out.put(name, SourceRows.of(t.engine(), t.engineFull(), t.createTableQuery(),
            mutations.getOrDefault(local, List.of())));
      }
    });
    return out;
  }

  /**
   * The local table of a Distributed engine ({@code Distributed('cluster', 'db', 'table'[, ...])}),
   * the database defaulting to {@code database} when written as {@code currentDatabase()}; empty
   * when its arguments are not plain names.
   */
  public static Optional<TableName> distributedOver(String engineFull, String database) {
    return DistributedEngine.parse(engineFull, database).map(d -> new TableName(d.database(), d.table()));
  }
}
