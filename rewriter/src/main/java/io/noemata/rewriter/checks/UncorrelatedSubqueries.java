package io.noemata.rewriter.checks;

import io.noemata.core.catalog.Rollup;
import io.noemata.core.catalog.TableInfo;
import io.noemata.core.sql.Clause;
import io.noemata.core.sql.Expr;
import io.noemata.core.sql.Node;
import io.noemata.core.sql.Query;
import io.noemata.core.sql.TableExpr;
import io.noemata.rewriter.provenance.RollupSkip;
import java.util.HashSet;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;

/**
 * A scalar subquery inside a level is a level of its own and, here, a constant, unless it reads
 * this level's rows: ClickHouse resolves a name a subquery does not bind in the enclosing level
 * (correlated subqueries are on by default), so a subquery that names a column of this table other
 * than a dimension could read it per source row, and the level stays on the table.
 *
 * <p>A name the subquery binds itself is no reference out: an unqualified name of a column of the
 * table a SELECT inside it reads (its FROM table, or the tables it joins) is that table's column,
 * which the server looks up before any enclosing level's (Superset's and Grafana's "top N series"
 * filter, {@code ServiceName IN (SELECT ServiceName FROM otel.otel_logs WHERE Timestamp >= ... GROUP
 * BY ServiceName ORDER BY count() DESC LIMIT 5)}). Only tables the catalog knows bind names; a
 * derived table or a CTE binds none, so a name read there is still taken as a possible reference out.
 */
public final class UncorrelatedSubqueries {

  private UncorrelatedSubqueries() {}

  /**
   * @param tables the catalog's columns of a table a subquery names (its database defaulted to the
   *     session's), empty for a table it does not know or a CTE's name
   */
  public static Optional<Skip> check(String sql, Expr.Subquery sq, TableInfo info, Rollup rollup,
      Function<TableExpr.Table, Optional<TableInfo>> tables) {
    return new Walk(sql, sq, info, rollup, tables).names(sq, Set.of());
  }

  private record Walk(String sql, Expr.Subquery sq, TableInfo info, Rollup rollup,
      Function<TableExpr.Table, Optional<TableInfo>> tables) {

    Optional<Skip> names(Node n, Set<String> bound) {
      if (n instanceof Expr.Identifier id && !(id.parts().size() == 1 && bound.contains(id.name()))) {
        for (String part : id.parts()) {
          if (info.columnTypes().containsKey(part) && !rollup.dimensions().contains(part)) {
            return Optional.of(new Skip(RollupSkip.NOT_UNDERSTOOD, "the subquery " + sql.substring(sq.start(), sq.end())
                + " names " + part + ", which may be this level's column"));
          }
        }
      }
      Set<String> inner = bound;
      if (n instanceof Query.Select s && s.from() != null) {
        inner = new HashSet<>(bound);
        columns(s.from(), inner);
      }
      for (Node c : n.children()) {
        // the FROM clause and the WITH elements are not in the scope of the SELECT's own table
        boolean outside = n instanceof Query.Select s && (c == s.from() || c instanceof Clause.With);
        Optional<Skip> found = names(c, outside ? bound : inner);
        if (found.isPresent()) {
          return found;
        }
      }
      return Optional.empty();
    }

    /**
     * Adds the columns of the known tables {@code from} reads (a name one of them has is resolved
     * inside, whatever the other sides of a join hold).
     */
    private void columns(TableExpr from, Set<String> out) {
      if (from instanceof TableExpr.Table t) {
        tables.apply(t).ifPresent(k -> out.addAll(k.columnTypes().keySet()));
      } else if (from instanceof TableExpr.Join j) {
        columns(j.left(), out);
        columns(j.right(), out);
      }
    }
  }
}
