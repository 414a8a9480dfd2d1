package io.noemata.core.catalog;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * What one physical table has installed.
 *
 * @param name the table
 * @param columnTypes every column in table order: {@code system.columns.name -> type}, MATERIALIZED
 *     ones included (the rewriter needs a Map column's value type to keep result types)
 * @param materializedColumns the {@code default_kind = 'MATERIALIZED'} columns
 * @param skipIndexes {@code system.data_skipping_indices} rows of the table
 * @param projections {@code system.projections} rows of the table
 * @param rollups ready rollups whose source is this table
 * @param sourceRows whether the table keeps its inserted rows as inserted (its engine, TTL and
 *     mutations): an insert-fed rollup over one that does not drifts from it and is never read
 */
public record TableInfo(
    TableName name,
    Map<String, String> columnTypes,
    List<MaterializedColumn> materializedColumns,
    List<SkipIndex> skipIndexes,
    List<Projection> projections,
    List<Rollup> rollups,
    SourceRows sourceRows) {

  /** A table known to keep its rows (or not known not to). */
  public TableInfo(TableName name, Map<String, String> columnTypes, List<MaterializedColumn> materializedColumns,
      List<SkipIndex> skipIndexes, List<Projection> projections, List<Rollup> rollups) {
    this(name, columnTypes, materializedColumns, skipIndexes, projections, rollups, SourceRows.KEEPS_ROWS);
  }

  public TableInfo {
    Objects.requireNonNull(sourceRows, "sourceRows");
    Objects.requireNonNull(name, "name");
    columnTypes = Collections.unmodifiableMap(new LinkedHashMap<>(columnTypes));
    materializedColumns = List.copyOf(materializedColumns);
    skipIndexes = List.copyOf(skipIndexes);
    projections = List.copyOf(projections);
    rollups = List.copyOf(rollups);
    for (MaterializedColumn c : materializedColumns) {
      if (!c.type().equals(columnTypes.get(c.name()))) {
        throw new IllegalArgumentException(name + ": materialized column " + c.name()
            + " must be listed in columnTypes with type " + c.type());
      }
    }
  }

  /** This table with {@code rows} for what it does to its rows. */
  public TableInfo withSourceRows(SourceRows rows) {
    return new TableInfo(name, columnTypes, materializedColumns, skipIndexes, projections, rollups, rows);
  }

  /** The MATERIALIZED column called {@code column}, if there is one. */
  public Optional<MaterializedColumn> materializedColumn(String column) {
    return materializedColumns.stream().filter(c -> c.name().equals(column)).findFirst();
  }
}
