package io.noemata.rewriter.rules;

import io.noemata.core.catalog.CatalogSnapshot;
import io.noemata.core.catalog.MaterializedColumn;
import io.noemata.core.catalog.Projection;
import io.noemata.core.catalog.TableAccess;
import io.noemata.core.catalog.TableInfo;
import io.noemata.core.catalog.TableName;
import io.noemata.core.sql.Literals;
import io.noemata.rewriter.syntax.Edit;
import io.noemata.rewriter.provenance.ResourceUse;
import io.noemata.rewriter.provenance.StoredColumnUse;
import io.noemata.rewriter.provenance.KeptReason;
import io.noemata.core.sql.Clause;
import io.noemata.core.sql.Expr;
import io.noemata.core.sql.Node;
import io.noemata.core.sql.Query;
import io.noemata.core.sql.Statement;
import io.noemata.core.sql.TableExpr;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import io.noemata.rewriter.checks.SameRowsAndColumns;
import io.noemata.rewriter.syntax.ColumnNames;

/**
 * The spec's "Stored columns" rule: a Map subscript that a stored column holds is read from the
 * column, in every clause of a query level that reads the table alone; kept when the query binds
 * the map's name, when reading the column would change what the level means or returns, or when
 * it would lose the only projection that serves the query. A subscript's occurrences at one level
 * are substituted all together or not at all, so a GROUP BY key and the select item that repeats it
 * always still match.
 */
public final class StoredColumns {

  /** The edits to splice and what happened to every stored subscript. */
  public record Result(List<Edit> edits, List<StoredColumnUse> uses) {
    public Result {
      edits = List.copyOf(edits);
      uses = List.copyOf(uses);
    }
  }

  /** Names visible to a level from WITH clauses around and on it. */
  private record Scope(Set<String> cteNames, Set<String> withNames, List<Expr> withExprs) {
    static final Scope EMPTY = new Scope(Set.of(), Set.of(), List.of());

    Scope plus(List<Clause.With> with) {
      if (with.isEmpty()) {
        return this;
      }
      Set<String> ctes = new HashSet<>(cteNames);
      Set<String> names = new HashSet<>(withNames);
      List<Expr> exprs = new ArrayList<>(withExprs);
      for (Clause.With w : with) {
        if (w.query() != null) {
          ctes.add(w.name());
        } else {
          names.add(w.name());
          exprs.add(w.expr());
        }
      }
      return new Scope(Set.copyOf(ctes), Set.copyOf(names), List.copyOf(exprs));
    }
  }

  private final String sql;
  private final CatalogSnapshot snapshot;
  private final String defaultDatabase;
  private final Map<Query.Select, Integer> levels = new HashMap<>();
  private final Map<TableName, StoredColumnIndex> indexes = new HashMap<>();
  private final List<Edit> edits = new ArrayList<>();
  private final List<StoredColumnUse> uses = new ArrayList<>();

  private StoredColumns(String sql, CatalogSnapshot snapshot, String defaultDatabase) {
    this.sql = sql;
    this.snapshot = snapshot;
    this.defaultDatabase = defaultDatabase;
  }

  /** The rule as {@link io.noemata.rewriter.Rewriter} runs it. */
  public static final Rule RULE = (statement, sql, request) -> {
    Result r = apply(statement, sql, request.snapshot(), request.defaultDatabase());
    return new Rule.Applied(r.edits(), List.copyOf(r.uses()));
  };

  public static Result apply(Statement statement, String sql, CatalogSnapshot snapshot, String defaultDatabase) {
    StoredColumns rule = new StoredColumns(sql, snapshot, defaultDatabase);
    List<Query.Select> all = new ArrayList<>();
    collectSelects(statement, all);
    all.sort(Comparator.comparingInt(Node::start));
    for (int i = 0; i < all.size(); i++) {
      rule.levels.put(all.get(i), i + 1);
    }
    rule.query(statement.query(), Scope.EMPTY);
    rule.uses.sort(Comparator.comparingInt(StoredColumnUse::start));
    return new Result(rule.edits, rule.uses);
  }

  private static void collectSelects(Node n, List<Query.Select> out) {
    if (n instanceof Query.Select s) {
      out.add(s);
    }
    n.children().forEach(c -> collectSelects(c, out));
  }

  private void query(Query q, Scope scope) {
    List<Query.Select> selects = Query.selects(q);
    // a CTE on the first branch may be visible to all: treat its name as bound everywhere
    Scope branches = selects.size() > 1 ? scope.plus(selects.get(0).with()) : scope;
    for (Query.Select s : selects) {
      select(s, branches);
    }
  }

  private void select(Query.Select s, Scope outer) {
    Scope scope = outer.plus(s.with());
    for (Clause.With w : s.with()) {
      if (w.query() != null) {
        query(w.query(), scope);
      } else {
        subqueries(w.expr(), scope);
      }
    }
    if (s.from() != null) {
      fromSubqueries(s.from(), scope);
    }
    s.arrayJoins().forEach(a -> a.items().forEach(e -> subqueries(e, scope)));
    s.ownExpressions().forEach(e -> subqueries(e, scope));
    level(s, scope);
  }

  private void fromSubqueries(TableExpr t, Scope scope) {
    if (t instanceof TableExpr.Derived d) {
      query(d.query(), scope);
    } else if (t instanceof TableExpr.Join j) {
      fromSubqueries(j.left(), scope);
      fromSubqueries(j.right(), scope);
      if (j.on() != null) {
        subqueries(j.on(), scope);
      }
    } else if (t instanceof TableExpr.Function f) {
      subqueries(f.call(), scope);
    }
  }

  private void subqueries(Node n, Scope scope) {
    if (n instanceof Expr.Subquery sq) {
      query(sq.query(), scope);
      return;
    }
    n.children().forEach(c -> subqueries(c, scope));
  }

  /** The physical table a FROM leaf names, or null for a CTE. */
  private TableName physical(TableExpr.Table t, Scope scope) {
    if (t.database() == null && scope.cteNames().contains(t.table())) {
      return null;
    }
    return new TableName(t.database() != null ? t.database() : defaultDatabase, t.table());
  }

  private Optional<StoredColumnIndex> index(TableName name) {
    if (name == null) {
      return Optional.empty();
    }
    Optional<TableInfo> info = snapshot.table(name);
    if (info.isEmpty()) {
      return Optional.empty();
    }
    StoredColumnIndex index = indexes.computeIfAbsent(name, n -> new StoredColumnIndex(info.get()));
    return index.isEmpty() ? Optional.empty() : Optional.of(index);
  }

  private void level(Query.Select s, Scope scope) {
    if (s.from() == null) {
      return;
    }
    List<TableExpr.Table> leaves = new ArrayList<>();
    tableLeaves(s.from(), leaves);
    boolean alone = s.from() instanceof TableExpr.Table && s.arrayJoins().isEmpty();
    for (TableExpr.Table t : leaves) {
      TableName name = physical(t, scope);
      Optional<StoredColumnIndex> index = index(name);
      if (index.isEmpty()) {
        continue;
      }
      LevelScan scan = new LevelScan(s, t, name.database(), index.get());
      if (alone) {
        decide(s, scope, snapshot.table(name).orElseThrow(), t, scan);
      } else {
        for (LevelScan.Occurrence o : scan.occurrences) {
          record(s, name, o, KeptReason.TABLE_NOT_ALONE);
        }
      }
    }
  }

  private static void tableLeaves(TableExpr t, List<TableExpr.Table> out) {
    if (t instanceof TableExpr.Table table) {
      out.add(table);
    } else if (t instanceof TableExpr.Join j) {
      tableLeaves(j.left(), out);
      tableLeaves(j.right(), out);
    }
  }

  private void decide(Query.Select s, Scope scope, TableInfo info, TableExpr.Table t, LevelScan scan) {
    Set<String> bound = new HashSet<>(scan.aliases);
    bound.addAll(scope.withNames());
    if (t.alias() != null) {
      bound.add(t.alias());
    }
    Map<MaterializedColumn, KeptReason> kept = new LinkedHashMap<>();
    Map<MaterializedColumn, String> casts = new HashMap<>();
    // a level the server would refuse this user stays refused: never answered by naming other columns
    TableAccess access = snapshot.access().of(info.name());
    boolean refused = SameRowsAndColumns.columns(access, info.name(), List.of(s)).isPresent();
    for (LevelScan.Occurrence o : scan.occurrences) {
      MaterializedColumn c = o.column();
      KeptReason reason = null;
      Optional<String> valueType = MapTypes.valueType(info.columnTypes().get(o.map()));
      if (refused || access.refusedColumns().contains(c.name())) {
        reason = KeptReason.COLUMN_GRANT;
      } else if (bound.contains(o.map())) {
        reason = KeptReason.BOUND_NAME;
      } else if (bound.contains(c.name()) || o.lambdaParams().contains(c.name())) {
        reason = KeptReason.COLUMN_NAME_BOUND;
      } else if (scope.withExprs().stream().anyMatch(e -> mentions(e, o.map()))) {
        reason = KeptReason.WITH_EXPRESSION;
      } else if (scan.groupedBare.contains(o.map())) {
        reason = KeptReason.MAP_GROUPED;
      } else if (valueType.isEmpty() || !(c.type().equals(valueType.get())
          || c.type().equals("LowCardinality(" + valueType.get() + ")"))) {
        reason = KeptReason.TYPE_DIFFERS;
      } else if (!c.type().equals(valueType.get())) {
        casts.put(c, valueType.get());
      }
      if (reason != null) {
        kept.putIfAbsent(c, reason);
      }
    }
    Map<Integer, String> resultNames = resultNames(s, info, scan, kept);
    if (losesOnlyProjection(info, scan, kept)) {
      scan.occurrences.forEach(o -> kept.putIfAbsent(o.column(), KeptReason.PROJECTION));
      resultNames.clear();
    }
    TableName name = info.name();
    Set<MaterializedColumn> bareKeys = new HashSet<>();
    scan.occurrences.stream().filter(LevelScan.Occurrence::bareKey).forEach(o -> bareKeys.add(o.column()));
    for (LevelScan.Occurrence o : scan.occurrences) {
      KeptReason reason = kept.get(o.column());
      record(s, name, o, reason);
      if (reason == null) {
        String column = Literals.identifier(o.column().name());
        // grouped only by the cast (GROUP BY alias, x AS b, ALL), the bare column is no key: read the cast there too
        boolean castKey = s.groupBy() != null && o.onGroups() && !bareKeys.contains(o.column());
        String cast = o.output() || castKey ? casts.get(o.column()) : null;
        edits.add(new Edit(o.node().start(), o.node().end(), cast == null ? column
            : "CAST(" + column + " AS " + cast + ")"));
      }
    }
    resultNames.forEach((item, resultName) -> {
      Expr e = s.items().get(item);
      edits.add(new Edit(e.end(), e.end(), " AS " + Literals.identifier(resultName)));
    });
  }

  /**
   * The alias each changed unaliased select item needs to keep its result-column name; marks as
   * kept (RESULT_NAME) the subscripts of items whose name is not certain or would collide.
   */
  private Map<Integer, String> resultNames(Query.Select s, TableInfo info, LevelScan scan,
      Map<MaterializedColumn, KeptReason> kept) {
    Map<Integer, String> names = new HashMap<>();
    boolean changed = true;
    while (changed) { // keeping one item's subscript can leave another item unchanged
      changed = false;
      names.clear();
      Set<String> taken = new HashSet<>(scan.aliases);
      taken.addAll(info.columnTypes().keySet());
      for (LevelScan.Occurrence o : scan.occurrences) {
        if (o.item() < 0 || kept.containsKey(o.column()) || names.containsKey(o.item())
            || s.items().get(o.item()) instanceof Expr.Aliased) {
          continue;
        }
        Optional<String> name = ColumnNames.of(s.items().get(o.item()), id -> false, snapshot.naming());
        if (name.isEmpty() || !taken.add(name.get())) {
          for (LevelScan.Occurrence other : scan.occurrences) {
            if (other.item() == o.item()) {
              kept.putIfAbsent(other.column(), KeptReason.RESULT_NAME);
            }
          }
          changed = true;
          break;
        }
        names.put(o.item(), name.get());
      }
    }
    return names;
  }

  /**
   * True when some projection serves the level as written (it filters on the projection's leading
   * sort column and the projection stores every column read) but none would serve it rewritten.
   */
  private static boolean losesOnlyProjection(TableInfo info, LevelScan scan, Map<MaterializedColumn, KeptReason> kept) {
    if (info.projections().isEmpty()) {
      return false;
    }
    Set<String> before = new HashSet<>(scan.readOther);
    Set<String> after = new HashSet<>(scan.readOther);
    if (scan.star) {
      info.columnTypes().keySet().stream().filter(c -> info.materializedColumn(c).isEmpty())
          .forEach(c -> { before.add(c); after.add(c); });
    }
    for (LevelScan.Occurrence o : scan.occurrences) {
      before.add(o.map());
      after.add(kept.containsKey(o.column()) ? o.map() : o.column().name());
    }
    boolean servedBefore = false;
    boolean servedAfter = false;
    for (Projection p : info.projections()) {
      if (!scan.filtered.contains(p.sortColumns().get(0))) {
        continue;
      }
      servedBefore |= before.stream().allMatch(c -> p.stores(c, info));
      servedAfter |= after.stream().allMatch(c -> p.stores(c, info));
    }
    return servedBefore && !servedAfter;
  }

  private static boolean mentions(Node n, String name) {
    if (n instanceof Expr.Identifier id && id.parts().contains(name)) {
      return true;
    }
    return n.children().stream().anyMatch(c -> mentions(c, name));
  }

  private void record(Query.Select s, TableName table, LevelScan.Occurrence o, KeptReason reason) {
    int level = levels.get(s);
    if (uses.stream().anyMatch(u -> u.level() == level && u.start() == o.node().start())) {
      return; // an unqualified subscript in a self-join matches both sides: report it once
    }
    String written = sql.substring(o.node().start(), o.node().end());
    uses.add(reason == null
        ? new ResourceUse.Substituted(level, table.toString(), written, o.node().start(), o.column().name())
        : new ResourceUse.Kept(level, table.toString(), written, o.node().start(), o.column().name(), reason));
  }
}
