package io.noemata.rewriter.rules;

import io.noemata.core.catalog.MaterializedColumn;
import io.noemata.core.sql.Expr;
import io.noemata.core.sql.Node;
import io.noemata.core.sql.Query;
import io.noemata.core.sql.TableExpr;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import io.noemata.rewriter.syntax.MapSubscript;
import io.noemata.rewriter.syntax.RollupFunctions;

/**
 * One pass over the expressions a query level evaluates itself (not its subqueries): the stored
 * subscripts it holds, the names it binds, the columns it reads, where it reads them.
 */
final class LevelScan {

  /**
   * A stored subscript found at this level. {@code item} is the select item index, or -1.
   * {@code onGroups}: read from the level's groups outside any aggregate (select items, HAVING,
   * windows, QUALIFY, ORDER BY, LIMIT BY), so with GROUP BY it must match a key. {@code bareKey}:
   * a GROUP BY key written as the subscript itself.
   */
  record Occurrence(Expr node, String map, MaterializedColumn column, int item, boolean output,
      boolean onGroups, boolean bareKey, Set<String> lambdaParams) {}

  private enum Where { SELECT, FILTER, GROUP, OTHER }

  /** Aggregates whose result type does not depend on their arguments' types. */
  private static final Set<String> TYPE_NEUTRAL = Set.of("count", "countif", "uniq", "uniqif", "uniqexact",
      "uniqexactif", "uniqcombined", "uniqcombined64", "uniqhll12", "uniqtheta");

  /** Aggregates whose -If form takes the condition last (multiIf is no aggregate). */
  private static final Set<String> AGGREGATES = Set.of("count", "sum", "avg", "min", "max", "any", "anyLast",
      "uniq", "uniqExact", "uniqCombined", "uniqCombined64", "quantile", "quantiles", "quantileExact",
      "quantileDD", "quantileTDigest", "quantileTiming", "median", "argMax", "argMin", "groupArray",
      "groupUniqArray", "sumMap", "maxMap", "minMap", "topK", "stddevPop", "stddevSamp", "varPop", "varSamp");

  final List<Occurrence> occurrences = new ArrayList<>();
  final Set<String> aliases = new HashSet<>();
  final Set<String> groupedBare = new HashSet<>();
  final Set<String> readOther = new HashSet<>();
  final Set<String> filtered = new HashSet<>();
  boolean star;

  private final TableExpr.Table table;
  private final String database;
  private final StoredColumnIndex index;

  LevelScan(Query.Select select, TableExpr.Table table, String database, StoredColumnIndex index) {
    this.table = table;
    this.database = database;
    this.index = index;
    for (int i = 0; i < select.items().size(); i++) {
      walk(select.items().get(i), Where.SELECT, true, true, Set.of(), i);
    }
    walkIfPresent(select.prewhere(), Where.FILTER);
    walkIfPresent(select.where(), Where.FILTER);
    if (select.groupBy() != null) {
      select.groupBy().items().forEach(e -> walk(e, Where.GROUP, false, false, Set.of(), -1));
    }
    walkIfPresent(select.having(), Where.OTHER);
    select.windows().forEach(w -> w.spec().expressions().forEach(e -> walkIfPresent(e, Where.OTHER)));
    walkIfPresent(select.qualify(), Where.OTHER);
    select.orderBy().forEach(o -> walkIfPresent(o.expr(), Where.OTHER));
    if (select.limitBy() != null) {
      select.limitBy().by().forEach(e -> walkIfPresent(e, Where.OTHER));
    }
  }

  private void walkIfPresent(Expr e, Where where) {
    if (e != null) {
      walk(e, where, false, where == Where.OTHER, Set.of(), -1);
    }
  }

  /** True when {@code id} names a column of the level's table: unqualified, or qualified by it. */
  boolean refersToTable(Expr.Identifier id) {
    return table.holds(id, database);
  }

  private void walk(Expr e, Where where, boolean output, boolean onGroups, Set<String> lambdaParams, int item) {
    if (e instanceof Expr.Subquery) {
      return; // a level of its own
    }
    if (e instanceof Expr.Aliased a) {
      // a name can carry the value into the result from any clause (GROUP BY x AS b ... SELECT b),
      // and one alias written twice must stay one expression: treat every aliased value as output
      aliases.add(a.alias());
      walk(a.expr(), where, true, onGroups, lambdaParams, item);
      return;
    }
    var subscript = MapSubscript.of(e);
    if (subscript.isPresent() && refersToTable(subscript.get().map())
        && !isLambdaParam(subscript.get().map(), lambdaParams)) {
      String map = subscript.get().map().name();
      var column = index.column(map, subscript.get().key());
      if (column.isPresent()) {
        occurrences.add(new Occurrence(e, map, column.get(), item, output, onGroups,
            where == Where.GROUP && !output, lambdaParams));
        if (where == Where.FILTER) {
          filtered.add(map);
        }
      } else {
        read(map, where);
      }
      return;
    }
    if (e instanceof Expr.Identifier id) {
      if (!isLambdaParam(id, lambdaParams) && refersToTable(id)) {
        read(id.name(), where);
        if (where == Where.GROUP) {
          groupedBare.add(id.name());
        }
      }
      return;
    }
    if (e instanceof Expr.Star) {
      star = true;
      return;
    }
    if (e instanceof Expr.Lambda l) {
      Set<String> params = new HashSet<>(lambdaParams);
      params.addAll(l.params());
      walk(l.body(), where, output, onGroups, Set.copyOf(params), item);
      return;
    }
    if (e instanceof Expr.Window w) {
      // a window function runs over the level's rows after grouping, aggregate or not: its arguments
      // are read from the groups; its partition and sort keys only pick rows
      children(w.function(), where, output, onGroups, lambdaParams, item);
      for (Node key : w.children().subList(1, w.children().size())) {
        walk((Expr) key, where, false, onGroups, lambdaParams, item);
      }
      return;
    }
    boolean aggregate = e instanceof Expr.Call c && RollupFunctions.isAggregate(c);
    children(e, where, output, onGroups && !aggregate, lambdaParams, item);
  }

  private void children(Expr e, Where where, boolean output, boolean onGroups, Set<String> lambdaParams, int item) {
    List<Node> children = e.children();
    for (int i = 0; i < children.size(); i++) {
      walk((Expr) children.get(i), where, output && reachesResult(e, i), onGroups, lambdaParams, item);
    }
  }

  private void read(String column, Where where) {
    readOther.add(column);
    if (where == Where.FILTER) {
      filtered.add(column);
    }
  }

  private static boolean isLambdaParam(Expr.Identifier id, Set<String> lambdaParams) {
    return lambdaParams.contains(id.parts().get(0)); // x, or x.field of a lambda's tuple
  }

  /**
   * Whether child {@code i} of {@code e} can give the result its type. Almost everything can:
   * ClickHouse runs functions and operators on LowCardinality arguments and returns LowCardinality
   * (measured: NOT (lc = '') is LowCardinality(UInt8)). Only aggregates that count, and the
   * condition of an -If aggregate, never pass their argument's type on.
   */
  private static boolean reachesResult(Expr e, int i) {
    if (!(e instanceof Expr.Call c)) {
      return true;
    }
    int params = c.params() == null ? 0 : c.params().size();
    if (i < params) {
      return false;
    }
    String name = c.name();
    if (TYPE_NEUTRAL.contains(name.toLowerCase(Locale.ROOT))) {
      return false;
    }
    boolean ifCondition = name.endsWith("If") && i == params + c.args().size() - 1
        && AGGREGATES.contains(name.substring(0, name.length() - 2));
    return !ifCondition;
  }
}
