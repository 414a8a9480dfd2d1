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
 */
public record TableInfo(
    TableName name,
    Map<String, String> columnTypes,
    List<MaterializedColumn> materializedColumns,
    List<SkipIndex> skipIndexes,
    List<Projection> projections,
    List<Rollup> rollups) {

  public TableInfo {
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

  /** The MATERIALIZED column called {@code column}, if there is one. */
  public Optional<MaterializedColumn> materializedColumn(String column) {
    return materializedColumns.stream().filter(c -> c.name().equals(column)).findFirst();
  }
}
