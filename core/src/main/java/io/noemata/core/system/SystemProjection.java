package io.noemata.core.system;

import java.util.List;

/** One row of {@code system.projections}: its sort key and its query as the server writes it. */
public record SystemProjection(String database, String table, String name, List<String> sortingKey, String query) {

  public SystemProjection {
    sortingKey = List.copyOf(sortingKey);
  }
}
