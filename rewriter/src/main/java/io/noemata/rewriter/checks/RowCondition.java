package io.noemata.rewriter.checks;

import io.noemata.core.sql.Expr;
import io.noemata.core.sql.Node;
import io.noemata.rewriter.syntax.RollupFunctions;
import java.util.List;
import java.util.Optional;
import java.util.function.Predicate;

/**
 * Beyond the seed: a WHERE condition over a column the rollup does not keep, whose count it stores
 * ({@code WHERE SeverityNumber >= 17} beside a stored {@code countIf(SeverityNumber >= 17)}, "errors
 * per hour by service"). Such a level counts, in each group, the rows where the condition holds,
 * and has only the groups where there is one: read from the rollup without the condition, its row
 * counts are the stored count and {@code HAVING <count> > 0} drops the other groups, which ClickHouse
 * computes before windows, ORDER BY and LIMIT as it would have filtered the rows. Exact only when
 * every aggregate of the level counts rows (a sum or uniq of the filtered rows is no stored state)
 * and the level groups once (GROUP BY a, b or none: WITH TOTALS, ROLLUP, CUBE and GROUPING SETS
 * compute their totals before HAVING); the rule decides those. This class finds the condition.
 */
public final class RowCondition {

  private RowCondition() {}

  /**
   * The one conjunct of {@code candidates} (a level's WHERE conjuncts that bound no window) that
   * reads a column {@code kept} does not hold; empty when there is none, or more than one, or it
   * holds a subquery, an aggregate, a window or a lambda, or a name {@code column} does not take
   * for a column of the table.
   *
   * @param column true for an identifier that is a column of the level's one table
   * @param kept true for a column the rollup holds (a dimension, the time column)
   */
  public static Optional<Expr> of(List<Expr> candidates, Predicate<Expr.Identifier> column, Predicate<Expr.Identifier> kept) {
    Expr found = null;
    for (Expr c : candidates) {
      if (readsUnkept(c, kept)) {
        if (found != null || !plain(c, column)) {
          return Optional.empty();
        }
        found = c;
      }
    }
    return Optional.ofNullable(found);
  }

  /** {@code count()}, {@code COUNT(*)}, {@code count(1)}: the aggregates such a level may hold. */
  public static boolean countsRows(Expr.Call c) {
    return AggregateForms.countsEveryRow(c);
  }

  private static boolean readsUnkept(Node n, Predicate<Expr.Identifier> kept) {
    if (n instanceof Expr.Identifier id) {
      return !kept.test(id);
    }
    return n.children().stream().anyMatch(c -> readsUnkept(c, kept));
  }

  /** Row values only: columns of the table, literals, functions of them. */
  private static boolean plain(Node n, Predicate<Expr.Identifier> column) {
    if (n instanceof Expr.Identifier id) {
      return column.test(id);
    }
    if (n instanceof Expr.Subquery || n instanceof Expr.Lambda || n instanceof Expr.Window || n instanceof Expr.Parameter
        || n instanceof Expr.Star || n instanceof Expr.Call c && RollupFunctions.isAggregate(c)) {
      return false;
    }
    return n.children().stream().allMatch(c -> plain(c, column));
  }
}
