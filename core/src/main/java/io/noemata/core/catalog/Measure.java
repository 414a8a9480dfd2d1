package io.noemata.core.catalog;

/**
 * One aggregate a rollup stores, from the rollup's declaration in the resource ledger.
 *
 * @param name the measure's name in the declaration, e.g. {@code P99Duration}
 * @param definition the aggregate as the view table defines it, e.g. {@code quantile(0.99)(Duration)}
 * @param stateColumn the target's column holding its state ({@code system.columns.name})
 * @param stateType that column's type, e.g. {@code AggregateFunction(quantileDD(0.01, 0.99), UInt64)}
 */
public record Measure(String name, String definition, String stateColumn, String stateType) {

  public Measure {
    MaterializedColumn.requireText(name, "name");
    MaterializedColumn.requireText(definition, "definition");
    MaterializedColumn.requireText(stateColumn, "stateColumn");
    MaterializedColumn.requireText(stateType, "stateType");
  }
}
