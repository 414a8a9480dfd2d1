package io.noemata.rewriter.checks;

import io.noemata.core.catalog.Rollup;
import io.noemata.core.catalog.TableInfo;
import io.noemata.core.sql.Expr;
import io.noemata.core.sql.Node;
import io.noemata.core.sql.Query;
import io.noemata.rewriter.provenance.RollupSkip;
import io.noemata.rewriter.syntax.Inlined;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * A derived table that renames columns ({@link Inlined#renames}) is decided on the outer level with
 * each new name read as its column ({@link Inlined#view}), and over the rollup it returns {@code *}
 * beside the new names: that holds only while every name means one thing in both. So a new name may
 * be no column of the table or of the rollup (over the rollup both would be visible), and the outer
 * level may neither bind a new name or a renamed column's own name (an alias, a WITH name, a lambda's
 * parameter; {@code t.C1 AS C1} is the column itself, and an alias may take a new name no identifier
 * of the level reads), nor name a renamed column by its own name
 * (no column of the derived table as written, one of the rollup's {@code *}), nor read {@code *}
 * (the rollup's columns, not the derived table's). Over a chain of derived tables the renames of every
 * level are checked: the renaming level returns each beside the rollup's columns.
 */
public final class RenamedColumns {

  private RenamedColumns() {}

  /**
   * @param outer the level over the derived table, as written
   * @param withNames the WITH names the level sees
   */
  public static Optional<Skip> check(Query.Select outer, Inlined inlined, Set<String> withNames, TableInfo info,
      Rollup rollup) {
    if (inlined == null || inlined.chain().stream().allMatch(link -> link.renames().isEmpty())) {
      return Optional.empty();
    }
    Set<String> rollupColumns = new HashSet<>(NamesBound.generated(rollup));
    // every level's: a rename the outer level does not see is still returned over the rollup below it
    for (String name : inlined.chain().stream().flatMap(link -> link.renames().keySet().stream()).toList()) {
      if (info.columnTypes().containsKey(name) || rollupColumns.contains(name)) {
        return Optional.of(new Skip(RollupSkip.NAME_BOUND, "the derived table renames a column to " + name
            + ", a column of " + (rollupColumns.contains(name) ? rollup.key() : info.name())
            + " too: over the rollup the name would mean both"));
      }
    }
    Set<String> bound = new HashSet<>(inlined.renames().keySet());
    bound.addAll(inlined.renames().values());
    for (String name : withNames) {
      if (bound.contains(name)) {
        return Optional.of(shadowed(name));
      }
    }
    List<Expr> own = new ArrayList<>(outer.ownExpressions());
    if (outer.groupBy() != null) {
      outer.groupBy().sets().forEach(own::addAll);
    }
    Set<String> read = new HashSet<>();
    own.forEach(e -> identifiers(e, read));
    for (Expr e : own) {
      Optional<Skip> skip = names(e, null, inlined, bound, read);
      if (skip.isPresent()) {
        return skip;
      }
    }
    return Optional.empty();
  }

  /** The names the level's identifiers read (their last part), outside subqueries. */
  private static void identifiers(Node n, Set<String> out) {
    if (n instanceof Expr.Identifier id) {
      out.add(id.name());
    }
    if (!(n instanceof Expr.Subquery)) {
      n.children().forEach(c -> identifiers(c, out));
    }
  }

  private static Optional<Skip> names(Node n, Node parent, Inlined inlined, Set<String> bound, Set<String> read) {
    if (n instanceof Expr.Subquery) {
      return Optional.empty(); // a level of its own
    }
    if (n instanceof Expr.Star && !(parent instanceof Expr.Call c && AggregateForms.countsEveryRow(c))) {
      return Optional.of(new Skip(RollupSkip.NOT_UNDERSTOOD, "the level reads * of a derived table that renames"
          + " columns: over the rollup * would return the rollup's columns"));
    }
    if (n instanceof Expr.Aliased a && bound.contains(a.alias()) && !itself(a, inlined) && !unread(a, inlined, read)) {
      return Optional.of(shadowed(a.alias()));
    }
    if (n instanceof Expr.Lambda l) {
      Optional<String> param = l.params().stream().filter(bound::contains).findFirst();
      if (param.isPresent()) {
        return Optional.of(shadowed(param.get()));
      }
    }
    if (n instanceof Expr.Identifier id && inlined.holds(id) && inlined.renames().containsValue(id.name())) {
      return Optional.of(new Skip(RollupSkip.NOT_UNDERSTOOD, id.name() + " is renamed by the derived table: it names"
          + " none of its columns, but would name one over the rollup"));
    }
    for (Node c : n.children()) {
      Optional<Skip> skip = names(c, n, inlined, bound, read);
      if (skip.isPresent()) {
        return skip;
      }
    }
    return Optional.empty();
  }

  /** {@code t.C1 AS C1}, as Power BI names every item: the alias is the column it names, by the same name. */
  private static boolean itself(Expr.Aliased a, Inlined inlined) {
    return Expr.unparenthesized(a.expr()) instanceof Expr.Identifier id && id.name().equals(a.alias())
        && inlined.holdsAsWritten(id);
  }

  /**
   * {@code count(1) AS C2} over a derived table returning a new name C2 that the level reads nowhere:
   * no reference could mean either, and the result column is the alias's in both texts. (An old
   * name is never rebound: the rewrite spells reads of renamed columns by it.)
   */
  private static boolean unread(Expr.Aliased a, Inlined inlined, Set<String> read) {
    return inlined.renames().containsKey(a.alias()) && !read.contains(a.alias());
  }

  private static Skip shadowed(String name) {
    return new Skip(RollupSkip.NAME_BOUND, "the level binds " + name + ", a name the derived table renames a column"
        + " to or from: which one a reference means is the server's choice");
  }
}
