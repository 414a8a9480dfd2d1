package io.noemata.core.catalog;

import java.util.Collection;
import java.util.Objects;
import java.util.Set;

/**
 * The filter the server puts on one user's reads of one table: what its row policies leave that
 * user, as the server's own plan for a read shows it (resolved for the user: a policy that does not
 * apply to the user, or whose condition is true for them, leaves no filter).
 */
public sealed interface RowFilter {

  /** The user reads every row. */
  record None() implements RowFilter {
  }

  /**
   * A condition over the table's columns.
   *
   * @param expression the condition as the server's plan spells it (names, constants folded): two
   *     tables whose plans spell the same condition over the same columns filter the same rows
   * @param columns the table's columns it reads
   */
  record Condition(String expression, Set<String> columns) implements RowFilter {
    public Condition {
      Objects.requireNonNull(expression, "expression");
      columns = Set.copyOf(columns);
    }
  }

  /** The filter could not be told (a plan without a read of the table, or a condition hiding every row). */
  record Unknown(String why) implements RowFilter {
    public Unknown {
      Objects.requireNonNull(why, "why");
    }
  }

  RowFilter NONE = new None();

  /**
   * Whether a rollup whose target has the filter {@code target}, keyed by {@code dimensions} (which
   * keep the source's column names), shows the user the rows of the source it summarises under the
   * filter {@code source}: no filter on either, or the same condition over dimensions alone (it then
   * keeps or drops each target row exactly as it keeps or drops every source row of that row).
   */
  static boolean sameRows(RowFilter source, RowFilter target, Collection<String> dimensions) {
    if (source instanceof None && target instanceof None) {
      return true;
    }
    return source instanceof Condition s && target instanceof Condition t && s.expression().equals(t.expression())
        && s.columns().equals(t.columns()) && dimensions.containsAll(s.columns());
  }
}
