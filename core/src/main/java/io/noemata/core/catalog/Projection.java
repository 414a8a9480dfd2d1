package io.noemata.core.catalog;

import java.util.List;

/**
 * A projection: one row of {@code system.projections}.
 *
 * @param name {@code name}
 * @param sortColumns {@code sorting_key}, leading column first; a query that filters on the first
 *     one can be served by this projection
 * @param columns the columns it stores, read from the select list of {@code query}; empty means
 *     {@code SELECT *}, which stores every ordinary column and no MATERIALIZED column
 */
public record Projection(String name, List<String> sortColumns, List<String> columns) {

  public Projection {
    MaterializedColumn.requireText(name, "name");
    sortColumns = List.copyOf(sortColumns);
    columns = List.copyOf(columns);
    if (sortColumns.isEmpty()) {
      throw new IllegalArgumentException("projection " + name + " has no sort column");
    }
  }

  /** True when this projection stores {@code column} of a table whose ordinary columns are given. */
  public boolean stores(String column, TableInfo table) {
    if (columns.isEmpty()) {
      return table.columnTypes().containsKey(column) && table.materializedColumn(column).isEmpty();
    }
    return columns.contains(column) || sortColumns.contains(column);
  }
}
