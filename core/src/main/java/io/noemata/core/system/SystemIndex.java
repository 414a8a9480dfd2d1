package io.noemata.core.system;

/** One row of {@code system.data_skipping_indices}. */
public record SystemIndex(String database, String table, String name, String typeFull, String expr,
    long granularity) {}
