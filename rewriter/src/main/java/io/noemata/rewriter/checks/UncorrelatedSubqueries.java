package io.noemata.rewriter.checks;

import io.noemata.core.catalog.Rollup;
import io.noemata.core.catalog.TableInfo;
import io.noemata.core.sql.Expr;
import io.noemata.core.sql.Node;
import io.noemata.rewriter.provenance.RollupSkip;
import java.util.Optional;

/**
 * A scalar subquery inside a level is a level of its own and, here, a constant, unless it reads
 * this level's rows: ClickHouse resolves a name a subquery does not bind in the enclosing level
 * (correlated subqueries are on by default), so a subquery that names a column of this table other
 * than a dimension could read it per source row, and the level stays on the table.
 */
public final class UncorrelatedSubqueries {

  private UncorrelatedSubqueries() {}

  public static Optional<Skip> check(String sql, Expr.Subquery sq, TableInfo info, Rollup rollup) {
    return names(sql, sq, sq, info, rollup);
  }

  private static Optional<Skip> names(String sql, Expr.Subquery sq, Node n, TableInfo info, Rollup rollup) {
    if (n instanceof Expr.Identifier id) {
      for (String part : id.parts()) {
        if (info.columnTypes().containsKey(part) && !rollup.dimensions().contains(part)) {
          return Optional.of(new Skip(RollupSkip.NOT_UNDERSTOOD, "the subquery " + sql.substring(sq.start(), sq.end())
              + " names " + part + ", which may be this level's column"));
        }
      }
    }
    for (Node c : n.children()) {
      Optional<Skip> inner = names(sql, sq, c, info, rollup);
      if (inner.isPresent()) {
        return inner;
      }
    }
    return Optional.empty();
  }
}
