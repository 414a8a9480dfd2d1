package io.noemata.core.system;

import java.util.List;
import java.util.Objects;

/** One row of {@code system.projections}: its sort key and its query as the server writes it. */
public record SystemProjection(String database, String table, String name, List<String> sortingKey, String query) {

  public SystemProjection {
    Objects.requireNonNull(database, "database");
    Objects.requireNonNull(table, "table");
    Objects.requireNonNull(name, "name");
    sortingKey = List.copyOf(sortingKey);
  }
}
