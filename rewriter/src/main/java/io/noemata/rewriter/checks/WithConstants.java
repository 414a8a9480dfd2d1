package io.noemata.rewriter.checks;

import io.noemata.core.sql.Expr;
import io.noemata.core.sql.Node;
import io.noemata.rewriter.provenance.RollupSkip;
import io.noemata.rewriter.syntax.RollupFunctions;
import java.util.Map;
import java.util.Optional;

/**
 * The WITH expressions a level sees, for the rollup rule: constants are read
 * ({@code WITH 'frontend' AS svc}, {@code WITH toDateTime('...') AS start}: a name for a value that
 * reads no row, which the rewritten query still sees, in its subqueries too, measured on 26.5 with
 * either analyzer); any other is refused. (WINDOW and QUALIFY are read by the rule's walk.)
 */
public final class WithConstants {

  private WithConstants() {}

  /** @param withValues the WITH expressions the level sees, its own and its enclosing levels', by name */
  public static Optional<Skip> check(Map<String, Expr> withValues) {
    for (Map.Entry<String, Expr> w : withValues.entrySet()) {
      if (!constant(w.getValue(), withValues)) {
        return Optional.of(new Skip(RollupSkip.NOT_UNDERSTOOD, "the level sees the WITH expression " + w.getKey()
            + ", which is not a constant the rule reads"));
      }
    }
    return Optional.empty();
  }

  /** No column, subquery, aggregate, window or lambda: names only the other WITH values. */
  private static boolean constant(Node n, Map<String, Expr> withValues) {
    if (n instanceof Expr.Identifier id) {
      return id.parts().size() == 1 && withValues.containsKey(id.name());
    }
    if (n instanceof Expr.Subquery || n instanceof Expr.Lambda || n instanceof Expr.Window
        || n instanceof Expr.Call c && RollupFunctions.isAggregate(c)) {
      return false;
    }
    return n.children().stream().allMatch(child -> constant(child, withValues));
  }
}
