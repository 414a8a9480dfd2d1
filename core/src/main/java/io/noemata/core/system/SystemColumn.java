package io.noemata.core.system;

import java.util.Objects;

/** One row of {@code system.columns}; {@code defaultKind} is empty for an ordinary column. */
public record SystemColumn(String database, String table, String name, String type, String defaultKind,
    String defaultExpression) {

  public SystemColumn {
    Objects.requireNonNull(database, "database");
    Objects.requireNonNull(table, "table");
    Objects.requireNonNull(name, "name");
  }

  /** Whether the server computes and stores it on insert ({@code default_kind = 'MATERIALIZED'}). */
  public boolean materialized() {
    return "MATERIALIZED".equals(defaultKind);
  }
}
