package io.noemata.resources.catalog;

import io.noemata.core.catalog.SourceRows;
import io.noemata.resources.model.PhysicalName;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * A table as {@code system.tables} and {@code system.columns} report it.
 *
 * @param distribution for a Distributed table, the cluster and local table it reads and writes
 * @param sourceRows whether the table (its local table, for a Distributed one) keeps its inserted
 *     rows as inserted: an insert-fed rollup needs it
 */
public record PhysicalTable(PhysicalName name, String engine, List<PhysicalColumn> columns,
    Optional<Distribution> distribution, SourceRows sourceRows) {

  /** A table that keeps its rows. */
  public PhysicalTable(PhysicalName name, String engine, List<PhysicalColumn> columns,
      Optional<Distribution> distribution) {
    this(name, engine, columns, distribution, SourceRows.KEEPS_ROWS);
  }

  public PhysicalTable {
    Objects.requireNonNull(sourceRows, "sourceRows");
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(engine, "engine");
    columns = List.copyOf(columns);
    Objects.requireNonNull(distribution, "distribution");
  }

  /** A table that is not Distributed. */
  public PhysicalTable(PhysicalName name, String engine, List<PhysicalColumn> columns) {
    this(name, engine, columns, Optional.empty());
  }

  public Optional<PhysicalColumn> column(String columnName) {
    return columns.stream().filter(c -> c.name().equals(columnName)).findFirst();
  }

  /**
   * Columns, indexes and projections install only on the MergeTree family: the table's own engine,
   * or for a Distributed table its local table's.
   */
  public boolean mergeTree() {
    return distribution.map(d -> d.localEngine().endsWith("MergeTree")).orElse(engine.endsWith("MergeTree"));
  }

  /** The engine that decides what installs: the local table's for a Distributed table, else the table's own. */
  public String storageEngine() {
    return distribution.map(d -> d.localEngine().isEmpty() ? "missing local table " + d.local() : d.localEngine())
        .orElse(engine);
  }
}
