package io.noemata.rewriter.syntax;

import io.noemata.core.sql.Expr;
import io.noemata.core.sql.Query;
import io.noemata.core.sql.TableExpr;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * A derived table that only filters its single table ({@code FROM (SELECT * FROM otel.otel_logs
 * [WHERE ...]) AS virtual_table}, Superset's virtual datasets), or only projects some of its columns
 * under their own names ({@code FROM (SELECT ServiceName, Timestamp FROM otel.otel_logs) t}, as query
 * engines wrap a pushed-down scan): it returns that table's rows and those columns, so the level over
 * it reads the table, filtered, and a rollup answers it as it answers the table; the rewrite replaces
 * the inner table, whose {@code *} then returns the rollup's columns (a projection list becomes
 * {@code *}: the outer level names only the projected columns, which the rollup holds under the same
 * names or reads in their place).
 *
 * @param inner the derived table's query
 * @param table the table it reads
 * @param alias the derived table's alias (what the outer level qualifies columns with), or null
 * @param projected the column names the projection list returns, or null for {@code *}
 */
public record Inlined(Query.Select inner, TableExpr.Table table, String alias, Set<String> projected) {

  /** The derived table {@code from} inlined, when it is one that only filters or projects. */
  public static Optional<Inlined> of(TableExpr from) {
    if (!(from instanceof TableExpr.Derived d) || !(d.query() instanceof Query.Select s)) {
      return Optional.empty();
    }
    boolean onlyFilters = s.with().isEmpty() && !s.distinct() && !s.items().isEmpty()
        && s.from() instanceof TableExpr.Table && s.arrayJoins().isEmpty() && s.groupBy() == null
        && s.having() == null && s.windows().isEmpty() && s.qualify() == null && s.orderBy().isEmpty()
        && s.limitBy() == null && s.limit() == null && s.offset() == null && s.settings() == null;
    if (!onlyFilters) {
      return Optional.empty();
    }
    TableExpr.Table t = (TableExpr.Table) s.from();
    if (s.items().size() == 1 && s.items().get(0) instanceof Expr.Star star && star.qualifier().isEmpty()) {
      return Optional.of(new Inlined(s, t, d.alias(), null));
    }
    Set<String> names = new LinkedHashSet<>();
    for (Expr item : s.items()) {
      Expr e = item instanceof Expr.Aliased a ? a.expr() : item;
      if (!(e instanceof Expr.Identifier id) || !namesTheTable(id.qualifier(), t)
          || item instanceof Expr.Aliased a && !a.alias().equals(id.name()) || !names.add(id.name())) {
        return Optional.empty(); // a rename or a computed column: the outer level would need rewriting too
      }
    }
    return Optional.of(new Inlined(s, t, d.alias(), Set.copyOf(names)));
  }

  /**
   * Whether a column's qualifier, written inside the derived table, names its one table: nothing,
   * the table's alias, or (without an alias) its name or database and name. Power BI and SQLAlchemy
   * qualify every projected column ({@code select `_`.`Timestamp` from `otel`.`otel_logs` `_`}); the
   * column is still named by its own name (measured on 26.5).
   */
  private static boolean namesTheTable(List<String> qualifier, TableExpr.Table t) {
    if (qualifier.isEmpty()) {
      return true;
    }
    if (t.alias() != null) {
      return qualifier.equals(List.of(t.alias()));
    }
    return qualifier.equals(List.of(t.table()))
        || t.database() != null && qualifier.equals(List.of(t.database(), t.table()));
  }

  /** True when {@code id}, written in the outer level, names a column of the derived table. */
  public boolean holds(Expr.Identifier id) {
    boolean qualified = id.qualifier().isEmpty() || id.qualifier().size() == 1 && id.qualifier().get(0).equals(alias);
    return qualified && (projected == null || projected.contains(id.name()));
  }

  /** The edit that makes a projection list {@code *}, when there is one. */
  public Optional<Edit> star() {
    if (projected == null) {
      return Optional.empty();
    }
    List<Expr> items = inner.items();
    return Optional.of(new Edit(items.get(0).start(), items.get(items.size() - 1).end(), "*"));
  }
}
