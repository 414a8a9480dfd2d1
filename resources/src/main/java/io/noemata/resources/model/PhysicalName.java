package io.noemata.resources.model;

import java.util.Objects;
import java.util.Optional;

/** A ClickHouse table as {@code database.table}. */
public record PhysicalName(String database, String table) {

  public PhysicalName {
    Objects.requireNonNull(database, "database");
    Objects.requireNonNull(table, "table");
    if (database.isEmpty() || table.isEmpty()) {
      throw new IllegalArgumentException("empty database or table name");
    }
  }

  /** {@code db.table}, split at the first dot; empty when there is no dot or a side is empty. */
  public static Optional<PhysicalName> parse(String text) {
    int dot = text.indexOf('.');
    if (dot <= 0 || dot == text.length() - 1) {
      return Optional.empty();
    }
    return Optional.of(new PhysicalName(text.substring(0, dot), text.substring(dot + 1)));
  }

  @Override
  public String toString() {
    return database + "." + table;
  }
}
