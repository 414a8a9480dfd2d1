package io.noemata.core.system;

/** One row of {@code system.columns}; {@code defaultKind} is empty for an ordinary column. */
public record SystemColumn(String database, String table, String name, String type, String defaultKind,
    String defaultExpression) {

  /** Whether the server computes and stores it on insert ({@code default_kind = 'MATERIALIZED'}). */
  public boolean materialized() {
    return "MATERIALIZED".equals(defaultKind);
  }
}
