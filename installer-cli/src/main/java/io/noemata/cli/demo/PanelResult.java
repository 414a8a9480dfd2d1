package io.noemata.cli.demo;

import java.util.List;

/**
 * What one panel did raw and through noemata.
 *
 * @param query the panel
 * @param sentSql the SQL that reached the engine through noemata (the original when not rewritten)
 * @param rawMs median milliseconds on plain clickhouse-jdbc
 * @param proxiedMs median milliseconds through {@code jdbc:noemata:clickhouse://}
 * @param rawRowsRead rows the engine read for the original query
 * @param proxiedRowsRead rows the engine read for what noemata sent
 * @param warnings the provenance warnings noemata attached, as a person reads them
 * @param difference null when both results are the same (see {@link ResultTable#difference}), else the first difference
 * @param rawIsCheaper true when noemata read the table because it estimated that cheaper than every
 *     rollup that answers ({@code RAW_IS_CHEAPER})
 */
public record PanelResult(
    DashboardQuery query,
    String sentSql,
    double rawMs,
    double proxiedMs,
    long rawRowsRead,
    long proxiedRowsRead,
    List<String> warnings,
    String difference,
    boolean rawIsCheaper) {

  public PanelResult {
    warnings = List.copyOf(warnings);
  }

  public boolean accelerated() {
    return !sentSql.equals(query.sql());
  }

  public double speedup() {
    return proxiedMs <= 0 ? 0 : rawMs / proxiedMs;
  }

  public double rowsReadRatio() {
    return proxiedRowsRead <= 0 ? rawRowsRead : (double) rawRowsRead / proxiedRowsRead;
  }
}
