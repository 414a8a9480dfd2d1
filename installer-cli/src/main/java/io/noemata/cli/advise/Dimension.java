package io.noemata.cli.advise;

import io.noemata.core.sql.Literals;
import java.util.Objects;

/**
 * What a rollup row would be keyed by, or a stored column would hold: a column of the table, or a
 * Map subscript with a constant key ({@code ResourceAttributes['k8s.pod.name']}).
 *
 * @param column the table column, or the Map column of a subscript
 * @param key the subscript's key, null for a plain column
 */
public record Dimension(String column, String key) {

  public Dimension {
    Objects.requireNonNull(column, "column");
  }

  public boolean subscript() {
    return key != null;
  }

  /** The expression in ClickHouse SQL: {@code ServiceName} or {@code LogAttributes['http.status_code']}. */
  public String sql() {
    return key == null ? Literals.identifier(column) : Literals.identifier(column) + "[" + Literals.string(key) + "]";
  }

  @Override
  public String toString() {
    return key == null ? column : column + "[" + Literals.string(key) + "]";
  }
}
