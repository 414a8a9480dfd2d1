package io.noemata.core.system;

import java.util.Objects;

/**
 * One row of {@code system.tables}: a table or view with its engine and its statement as the
 * server writes it (drift is compared in those words).
 */
public record SystemTable(String database, String name, String engine, String engineFull, String createTableQuery) {

  public SystemTable {
    Objects.requireNonNull(database, "database");
    Objects.requireNonNull(name, "name");
  }
}
