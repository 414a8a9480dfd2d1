package io.noemata.core.catalog;

import java.util.Objects;

/**
 * A physical table, {@code database.table}, exactly as {@code system.tables.database} and
 * {@code system.tables.name} spell it (ClickHouse names are case-sensitive).
 */
public record TableName(String database, String table) {

  public TableName {
    if (Objects.requireNonNull(database, "database").isEmpty()) {
      throw new IllegalArgumentException("empty database name");
    }
    if (Objects.requireNonNull(table, "table").isEmpty()) {
      throw new IllegalArgumentException("empty table name");
    }
  }

  @Override
  public String toString() {
    return database + "." + table;
  }
}
