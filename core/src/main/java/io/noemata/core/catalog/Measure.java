package io.noemata.core.catalog;

/**
 * One aggregate state a rollup stores, from the rollup's declaration in the resource ledger.
 *
 * <p>The contract between installer and rewriter: one {@code Measure} per stored state column,
 * and the rewriter derives how to read a column from its {@code stateType} alone:
 * {@code SimpleAggregateFunction(f, T)} is read with {@code f(column)} (a stored {@code count()}
 * is {@code SimpleAggregateFunction(sum, UInt64)}, read with {@code sum}); {@code
 * AggregateFunction(f(params), T...)} with {@code fMerge(params)(column)}. A declared measure that
 * needs several states is stored as several {@code Measure}s under the same {@code name}: an
 * {@code avg(x)} is kept as {@code sum(x)} and {@code count(x)} (so that sum, count and avg can all
 * be answered from it; the seed: "sum(Duration) can use the sum stored by an avg(Duration)
 * measure"), each with the canonical definition of the aggregate it holds.
 *
 * @param name the measure's name in the declaration, e.g. {@code P99Duration}
 * @param definition the canonical aggregate this column's state answers, e.g. {@code
 *     quantile(0.99)(Duration)}, {@code count()}, {@code sum(Duration)}
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
