package io.noemata.core.system;

/**
 * What one stored thing occupies: a table's active parts ({@code name} empty), one projection's
 * active parts, or one column ({@code rows} 0). From {@code system.parts},
 * {@code system.projection_parts} and {@code system.columns}; the latter reports 0 bytes for
 * columns that live only in compact parts.
 */
public record SystemStorage(String database, String table, String name, long rows, long bytesOnDisk,
    long compressedBytes) {}
