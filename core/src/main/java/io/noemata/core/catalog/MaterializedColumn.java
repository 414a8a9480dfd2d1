package io.noemata.core.catalog;

import java.util.Objects;

/**
 * A stored column: one row of {@code system.columns} with {@code default_kind = 'MATERIALIZED'}.
 *
 * @param name {@code system.columns.name}, e.g. {@code __otel_materialized_k8s.pod.name}
 * @param type {@code system.columns.type}, e.g. {@code LowCardinality(String)}
 * @param expression {@code system.columns.default_expression}: the server's own formatting of the
 *     expression, e.g. {@code ResourceAttributes['k8s.pod.name']}; the rewriter parses it
 */
public record MaterializedColumn(String name, String type, String expression) {

  public MaterializedColumn {
    requireText(name, "name");
    requireText(type, "type");
    requireText(expression, "expression");
  }

  static void requireText(String value, String what) {
    if (Objects.requireNonNull(value, what).isBlank()) {
      throw new IllegalArgumentException("blank " + what);
    }
  }
}
