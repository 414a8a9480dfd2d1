package io.noemata.core.catalog;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The one way a catalog is assembled table by table: the driver's loader fills it from the server's
 * system tables and ledgers, advise's hypothesis from those plus what a publish would install.
 * Mutable while one catalog read runs, then {@link #build} gives the immutable {@link TableInfo}.
 */
public class TableInfoBuilder {

  public final TableName name;
  /** Every column in table order: name to type. */
  public final Map<String, String> types;
  public final List<MaterializedColumn> materialized = new ArrayList<>();
  public final List<SkipIndex> indexes = new ArrayList<>();
  public final List<Projection> projections = new ArrayList<>();
  public final List<Rollup> rollups = new ArrayList<>();
  /** What the table does to its rows: read only for tables with rollups. */
  public SourceRows rows = SourceRows.KEEPS_ROWS;

  public TableInfoBuilder(TableName name) {
    this(name, Map.of());
  }

  public TableInfoBuilder(TableName name, Map<String, String> types) {
    this.name = name;
    this.types = new LinkedHashMap<>(types);
  }

  public TableInfo build() {
    return new TableInfo(name, types, materialized, indexes, projections, rollups, rows);
  }
}
