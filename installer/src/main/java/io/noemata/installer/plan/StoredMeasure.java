package io.noemata.installer.plan;

import java.util.Objects;

/**
 * One state column of a rollup target. {@code simpleFunction} non-null means a
 * {@code SimpleAggregateFunction(simpleFunction, T)} column filled by {@code valueSql} (plain SQL
 * readable); null means an {@code AggregateFunction} state filled by {@code valueSql} (a -State call)
 * and merged with {@code mergeName}.
 *
 * @param name the declared measure
 * @param definition the canonical aggregate this column answers (the ledger's measure definition)
 * @param column the target column
 * @param type the target column's type
 * @param valueSql what the view and the backfill select from source rows into the column
 * @param fromFinerSql what a coarser {@code from} rollup selects from this column
 */
public record StoredMeasure(String name, String definition, String column, String type, String simpleFunction,
    String valueSql, String fromFinerSql) {

  public StoredMeasure {
    for (String s : new String[] {name, definition, column, type, valueSql, fromFinerSql}) {
      Objects.requireNonNull(s, "stored measure field");
    }
  }
}
