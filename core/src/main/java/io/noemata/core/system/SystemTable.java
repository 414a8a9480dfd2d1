package io.noemata.core.system;

/**
 * One row of {@code system.tables}: a table or view with its engine, its statement as the server
 * writes it (drift is compared in those words) and its sorting key (empty for a view).
 */
public record SystemTable(String database, String name, String engine, String engineFull, String createTableQuery,
    String sortingKey) {}
