package io.noemata.resources.catalog;

import io.noemata.resources.model.PhysicalName;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/** A table as {@code system.tables} and {@code system.columns} report it. */
public record PhysicalTable(PhysicalName name, String engine, List<PhysicalColumn> columns) {

  public PhysicalTable {
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(engine, "engine");
    columns = List.copyOf(columns);
  }

  public Optional<PhysicalColumn> column(String columnName) {
    return columns.stream().filter(c -> c.name().equals(columnName)).findFirst();
  }

  /** Columns, indexes and projections install only on the MergeTree family. */
  public boolean mergeTree() {
    return engine.endsWith("MergeTree");
  }
}
