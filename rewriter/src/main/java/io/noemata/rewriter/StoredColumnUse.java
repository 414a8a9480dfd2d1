package io.noemata.rewriter;

import java.util.Objects;

/**
 * One Map subscript an installed stored column holds, and what the rewriter did with it.
 *
 * @param level which query level, numbered from 1 in the order levels start in the text (a level
 *     starts at its own WITH, so an outer query comes before its CTEs)
 * @param table the physical table, {@code database.table}
 * @param expression the subscript as written, e.g. {@code `ResourceAttributes`['k8s.pod.name']}
 * @param start where it starts in the original text
 * @param column the stored column holding it
 * @param substituted true when the query now reads the column
 * @param reason why it was kept (a {@link Reason}); null when substituted
 */
public record StoredColumnUse(int level, String table, String expression, int start, String column,
    boolean substituted, Reason reason) {

  /** Stable codes for a kept subscript. */
  public enum Reason {
    /** The level reads more than the table alone (a join, ARRAY JOIN). */
    TABLE_NOT_ALONE,
    /** The map's name is bound by the query (an alias, a WITH name), so the subscript may not read the column. */
    BOUND_NAME,
    /** The stored column's name is bound by the query, so naming it would read the alias. */
    COLUMN_NAME_BOUND,
    /** A WITH expression the level sees reads the map; WITH aliases expand unsubstituted. */
    WITH_EXPRESSION,
    /** GROUP BY groups by the map itself; the column would not be a grouping key. */
    MAP_GROUPED,
    /** The column's type is neither the map's value type nor its LowCardinality. */
    TYPE_DIFFERS,
    /** An unaliased select item holds it and its result-column name could not be kept. */
    RESULT_NAME,
    /** Reading the column would lose the only projection that serves the query. */
    PROJECTION
  }

  public StoredColumnUse {
    Objects.requireNonNull(table, "table");
    Objects.requireNonNull(expression, "expression");
    Objects.requireNonNull(column, "column");
    if (substituted != (reason == null)) {
      throw new IllegalArgumentException("a kept use needs a reason, a substituted one none");
    }
  }
}
