package io.noemata.core.system;

import java.util.Objects;

/** One row of {@code system.data_skipping_indices}. */
public record SystemIndex(String database, String table, String name, String typeFull, String expr,
    long granularity) {

  public SystemIndex {
    Objects.requireNonNull(database, "database");
    Objects.requireNonNull(table, "table");
    Objects.requireNonNull(name, "name");
  }
}
