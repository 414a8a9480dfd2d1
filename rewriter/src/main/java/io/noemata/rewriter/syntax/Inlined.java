package io.noemata.rewriter.syntax;

import io.noemata.core.sql.Clause;
import io.noemata.core.sql.Expr;
import io.noemata.core.sql.Literals;
import io.noemata.core.sql.Node;
import io.noemata.core.sql.Query;
import io.noemata.core.sql.TableExpr;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * A derived table that only filters its single table ({@code FROM (SELECT * FROM otel.otel_logs
 * [WHERE ...]) AS virtual_table}, Superset's virtual datasets; also {@code SELECT l.*}), or only projects some of its columns
 * ({@code FROM (SELECT ServiceName, Timestamp FROM otel.otel_logs) t}, as query engines wrap a
 * pushed-down scan), under their own names or renamed ({@code ServiceName AS C1}, as Power BI,
 * Tableau and SQL builders write): it returns that table's rows and those columns, so the level over
 * it reads the table, filtered, and a rollup answers it as it answers the table; the rewrite replaces
 * the inner table, whose {@code *} then returns the rollup's columns (a projection list becomes
 * {@code *}: the outer level names only the projected columns, which the rollup holds under the same
 * names or reads in their place, and each renamed one it keeps under its new name too). The level is
 * decided on its {@link #view}, where a renamed column is named by its column.
 *
 * @param inner the derived table's query
 * @param table the table it reads
 * @param alias the derived table's alias (what the outer level qualifies columns with), or null
 * @param projected the columns the projection list reads, by the table's names, or null for {@code *}
 * @param renames each renamed column's new name and the table's column it names; empty when none is
 */
public record Inlined(Query.Select inner, TableExpr.Table table, String alias, Set<String> projected,
    Map<String, String> renames, Inlined below) {

  public Inlined {
    renames = Collections.unmodifiableMap(new LinkedHashMap<>(renames));
  }

  Inlined(Query.Select inner, TableExpr.Table table, String alias, Set<String> projected, Map<String, String> renames) {
    this(inner, table, alias, projected, renames, null);
  }

  /** This derived table and those it reads in turn, down to the one reading the table. */
  public List<Inlined> chain() {
    List<Inlined> out = new ArrayList<>();
    for (Inlined i = this; i != null; i = i.below) {
      out.add(i);
    }
    return out;
  }

  /** The derived table {@code from} inlined, when it is one that only filters or projects. */
  public static Optional<Inlined> of(TableExpr from) {
    if (!(from instanceof TableExpr.Derived d) || !(d.query() instanceof Query.Select s)) {
      return Optional.empty();
    }
    return of(s, d.alias());
  }

  /**
   * The CTE {@code from} names, inlined as its derived table would be ({@code WITH logs_dt AS (SELECT
   * ...) SELECT ... FROM logs_dt}, as Looker writes a derived table and dbt an ephemeral model), when
   * {@code with} (the level's own WITH) defines it once as one that only filters or projects and
   * {@code statement} reads the name nowhere else: its body is rewritten for this one reader.
   */
  public static Optional<Inlined> ofCte(TableExpr from, List<Clause.With> with, Node statement) {
    if (!(from instanceof TableExpr.Table t) || t.database() != null || t.fin() || t.sampled()) {
      return Optional.empty();
    }
    List<Clause.With> named = with.stream().filter(w -> w.name().equals(t.table())).toList();
    if (named.size() != 1 || !(named.get(0).query() instanceof Query.Select s) || reads(statement, t.table()) != 1) {
      return Optional.empty();
    }
    return of(s, t.alias() != null ? t.alias() : t.table());
  }

  /** How often {@code n} names {@code name} unqualified, as a table or a column (a column of that name counts too). */
  private static int reads(Node n, String name) {
    int own = n instanceof TableExpr.Table t && t.database() == null && t.table().equals(name)
        || n instanceof Expr.Identifier id && id.parts().equals(List.of(name)) ? 1 : 0;
    return own + n.children().stream().mapToInt(c -> reads(c, name)).sum();
  }

  private static Optional<Inlined> of(Query.Select s, String alias) {
    boolean ownCte = !s.with().isEmpty() && s.with().stream().allMatch(w -> w.query() != null);
    boolean onlyFilters = (s.with().isEmpty() || ownCte) && !s.distinct() && !s.items().isEmpty()
        && s.arrayJoins().isEmpty() && s.groupBy() == null
        && s.having() == null && s.windows().isEmpty() && s.qualify() == null && s.orderBy().isEmpty()
        && s.limitBy() == null && s.limit() == null && s.offset() == null && s.settings() == null;
    if (!onlyFilters) {
      return Optional.empty();
    }
    if (ownCte) { // FROM (WITH errs AS (SELECT ...) SELECT * FROM errs) AS virtual_table, as Superset keeps a dataset's CTE
      return s.prewhere() == null ? over(s, alias, ofCte(s.from(), s.with(), s)) : Optional.empty();
    }
    if (s.from() instanceof TableExpr.Derived d) {
      return s.prewhere() == null ? over(s, alias, of(d)) : Optional.empty();
    }
    if (!(s.from() instanceof TableExpr.Table)) {
      return Optional.empty();
    }
    TableExpr.Table t = (TableExpr.Table) s.from();
    if (s.items().size() == 1 && s.items().get(0) instanceof Expr.Star star && namesTheTable(star.qualifier(), t)) {
      return Optional.of(new Inlined(s, t, alias, null, Map.of()));
    }
    Set<String> names = new LinkedHashSet<>();
    Set<String> returned = new HashSet<>();
    Map<String, String> renames = new LinkedHashMap<>();
    for (Expr item : s.items()) {
      Expr e = item instanceof Expr.Aliased a ? a.expr() : item;
      if (!(e instanceof Expr.Identifier id) || !namesTheTable(id.qualifier(), t) || !names.add(id.name())) {
        return Optional.empty(); // a computed column, or one projected twice: not the table's column by one name
      }
      String name = item instanceof Expr.Aliased a ? a.alias() : id.name();
      if (!returned.add(name)) {
        return Optional.empty();
      }
      if (!name.equals(id.name())) {
        renames.put(name, id.name());
      }
    }
    return Optional.of(new Inlined(s, t, alias, Set.copyOf(names), renames));
  }

  /**
   * A derived table that only filters or projects another such one under the same names (Metabase's
   * nested questions, Power BI's nested folds, {@code SELECT source.* FROM (...) source}), or a CTE of
   * its own such one read once: it returns
   * that one's rows, filtered, and the columns it names, each of which that one must return (else the
   * statement fails as written). A rename is made once, on the lowest level, and passed on under its new name.
   */
  private static Optional<Inlined> over(Query.Select s, String alias, Optional<Inlined> found) {
    if (found.isEmpty()) {
      return Optional.empty();
    }
    Inlined below = found.get();
    if (s.where() != null && readsOldName(s.where(), below)) {
      return Optional.empty(); // the statement fails as written; over the rollup the name would be a column
    }
    if (s.items().size() == 1 && s.items().get(0) instanceof Expr.Star star
        && (star.qualifier().isEmpty() || star.qualifier().equals(List.of(String.valueOf(below.alias()))))) {
      return Optional.of(new Inlined(s, below.table(), alias, below.projected(), below.renames(), below));
    }
    Set<String> names = new LinkedHashSet<>(); // by the table's names, as projected and holds() read them
    Map<String, String> renames = new LinkedHashMap<>(); // the new names below that this level passes on
    for (Expr item : s.items()) {
      Expr e = item instanceof Expr.Aliased a ? a.expr() : item;
      if (!(e instanceof Expr.Identifier id) || !below.holdsAsWritten(id)
          || item instanceof Expr.Aliased a && !a.alias().equals(id.name())) {
        return Optional.empty(); // not a column of the one below, or renamed again
      }
      String column = below.renames().getOrDefault(id.name(), id.name());
      if (!names.add(column)) {
        return Optional.empty(); // projected twice
      }
      if (!column.equals(id.name())) {
        renames.put(id.name(), column);
      }
    }
    return Optional.of(new Inlined(s, below.table(), alias, Set.copyOf(names), renames, below));
  }

  /** True when {@code n} names a column {@code below} renamed by its old name, which {@code below} does not return. */
  private static boolean readsOldName(Node n, Inlined below) {
    if (n instanceof Expr.Subquery) {
      return false; // a level of its own
    }
    if (n instanceof Expr.Identifier id && below.holds(id) && below.renames.containsValue(id.name())
        && !below.renames.containsKey(id.name())) {
      return true;
    }
    return n.children().stream().anyMatch(c -> readsOldName(c, below));
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

  /** True when {@code id}, in the outer level's {@link #view}, names a column of the derived table. */
  public boolean holds(Expr.Identifier id) {
    return qualified(id) && (projected == null || projected.contains(id.name()));
  }

  /** True when {@code id}, written in the outer level, names a column of the derived table (a new name of a renamed one). */
  public boolean holdsAsWritten(Expr.Identifier id) {
    return qualified(id) && (projected == null || renames.containsKey(id.name())
        || projected.contains(id.name()) && !renames.containsValue(id.name()));
  }

  private boolean qualified(Expr.Identifier id) {
    return id.qualifier().isEmpty() || id.qualifier().size() == 1 && id.qualifier().get(0).equals(alias);
  }

  /**
   * The outer level as the rules decide it: each name of a renamed column replaced by the column's
   * name, at the same text span. Empty when the substitution does not know an expression of it.
   */
  public Optional<Query.Select> view(Query.Select outer) {
    if (renames.isEmpty()) {
      return Optional.of(outer);
    }
    try {
      return Optional.of(Substituted.select(outer, id -> holdsAsWritten(id) && renames.containsKey(id.name())
          ? renamed(id) : id));
    } catch (IllegalStateException unknown) {
      return Optional.empty(); // a form the substitution does not know: the level is no inlined one
    }
  }

  /**
   * The derived table itself as the rules decide its filter: an unqualified new name it reads
   * ({@code SELECT ServiceName AS C1 ... WHERE C1 = 'x'}: ClickHouse lets a level's WHERE name its own
   * aliases) replaced by the column's name, at the same text span. A new name is no column of the
   * table (else refused, {@code RenamedColumns}), so it can only mean the alias. Empty when the
   * substitution does not know an expression of it.
   */
  public Optional<Query.Select> innerView() {
    if (below != null) { // a level over a derived table that renames: its filter reads the new names as columns
      return below.renames.isEmpty() ? Optional.of(inner) : below.view(inner);
    }
    if (renames.isEmpty()) {
      return Optional.of(inner);
    }
    try {
      return Optional.of(Substituted.select(inner, id -> id.qualifier().isEmpty() && renames.containsKey(id.name())
          ? renamed(id) : id));
    } catch (IllegalStateException unknown) {
      return Optional.empty();
    }
  }

  private Expr.Identifier renamed(Expr.Identifier id) {
    List<String> parts = new ArrayList<>(id.qualifier());
    parts.add(renames.get(id.name()));
    return new Expr.Identifier(parts, id.start(), id.end());
  }

  /** True when a projection of the chain is a list, which the rewrite makes {@code *}. */
  public boolean listsColumns() {
    return chain().stream().anyMatch(i -> i.projected != null);
  }

  /**
   * The edit that makes a projection list or a qualified {@code t.*} {@code *}, when there is one, followed by each renamed
   * column in {@code kept} under its new name, which the outer level's text still reads (the time
   * column and the measures' arguments are read in its place by the rule's own edits).
   */
  public Optional<Edit> star(Collection<String> kept) {
    if (projected == null) {
      // t.* as written: the table's name no longer names the rollup read in its place
      return inner.items().get(0) instanceof Expr.Star star && !star.qualifier().isEmpty()
          ? Optional.of(new Edit(star.start(), star.end(), "*")) : Optional.empty();
    }
    StringBuilder b = new StringBuilder("*");
    renames.forEach((name, column) -> {
      if (below == null && kept.contains(column)) { // a level above passes the new name on in its *
        b.append(", ").append(Literals.identifier(column)).append(" AS ").append(Literals.identifier(name));
      }
    });
    List<Expr> items = inner.items();
    return Optional.of(new Edit(items.get(0).start(), items.get(items.size() - 1).end(), b.toString()));
  }
}
