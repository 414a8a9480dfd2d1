package io.noemata.resources.catalog;

import java.util.Objects;

/**
 * One row of {@code system.columns}.
 *
 * @param defaultKind {@code ""}, {@code DEFAULT}, {@code MATERIALIZED}, {@code ALIAS} or {@code EPHEMERAL}
 * @param defaultExpression the server's formatting of the expression, {@code ""} when none
 */
public record PhysicalColumn(String name, String type, String defaultKind, String defaultExpression) {

  public PhysicalColumn {
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(type, "type");
    defaultKind = defaultKind == null ? "" : defaultKind;
    defaultExpression = defaultExpression == null ? "" : defaultExpression;
  }

  public static PhysicalColumn plain(String name, String type) {
    return new PhysicalColumn(name, type, "", "");
  }

  public boolean materialized() {
    return defaultKind.equals("MATERIALIZED");
  }
}
