package io.noemata.rewriter.rules;

import io.noemata.core.sql.Expr;
import io.noemata.core.sql.Query;
import io.noemata.core.sql.TableExpr;
import java.util.Optional;

/**
 * A derived table that only filters its single table ({@code FROM (SELECT * FROM otel.otel_logs
 * [WHERE ...]) AS virtual_table}, Superset's virtual datasets): it returns that table's rows and
 * columns under their own names, so the level over it reads the table, filtered, and a rollup
 * answers it as it answers the table; the rewrite replaces the inner table, whose {@code *} then
 * returns the rollup's columns.
 *
 * @param inner the derived table's query
 * @param table the table it reads
 * @param alias the derived table's alias (what the outer level qualifies columns with), or null
 */
record Inlined(Query.Select inner, TableExpr.Table table, String alias) {

  /** The derived table {@code from} inlined, when it is one that only filters. */
  static Optional<Inlined> of(TableExpr from) {
    if (!(from instanceof TableExpr.Derived d) || !(d.query() instanceof Query.Select s)) {
      return Optional.empty();
    }
    boolean onlyFilters = s.with().isEmpty() && !s.distinct() && s.items().size() == 1
        && s.items().get(0) instanceof Expr.Star star && star.qualifier().isEmpty()
        && s.from() instanceof TableExpr.Table && s.arrayJoins().isEmpty() && s.groupBy() == null
        && s.having() == null && s.windows().isEmpty() && s.qualify() == null && s.orderBy().isEmpty()
        && s.limitBy() == null && s.limit() == null && s.offset() == null && s.settings() == null;
    return onlyFilters ? Optional.of(new Inlined(s, (TableExpr.Table) s.from(), d.alias())) : Optional.empty();
  }

  /** True when {@code id}, written in the outer level, names a column of the derived table. */
  boolean holds(Expr.Identifier id) {
    return id.qualifier().isEmpty() || id.qualifier().size() == 1 && id.qualifier().get(0).equals(alias);
  }
}
