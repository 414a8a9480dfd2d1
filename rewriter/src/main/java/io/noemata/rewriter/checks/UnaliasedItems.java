package io.noemata.rewriter.checks;

import io.noemata.core.sql.Expr;
import io.noemata.core.sql.Literals;
import io.noemata.core.sql.Node;
import io.noemata.rewriter.syntax.Edit;
import io.noemata.rewriter.provenance.RollupSkip;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import io.noemata.rewriter.syntax.ColumnNames;
import io.noemata.rewriter.syntax.RollupFunctions;

/**
 * The seed's "an unaliased select item that contains an inline aggregate reads a rollup only when
 * it is a function call over column names, such as count() or toFloat64(count())": every changed
 * unaliased item keeps the name ClickHouse gives it, spelled as an alias. A call over literals and
 * comparisons ({@code count(1)}, {@code countIf(x = 'a')}) or with DISTINCT ({@code count(DISTINCT x)},
 * named {@code countDistinct(x)}) is read too when its name is spelled.
 */
public final class UnaliasedItems {

  private UnaliasedItems() {}

  /**
   * The aliases that keep every changed unaliased item's name; fails on an item whose name the
   * rewrite would change.
   *
   * @param edits every edit the level gets, to tell which items change
   * @param taken the names the level already uses (aliases, dimensions, the rollup's columns)
   * @param ofTheTable which qualified names are columns of the level's one table ({@link ColumnNames#of(Expr, java.util.function.Predicate)})
   * @param columns columns the level reads under their own names (a rollup's dimensions): an item
   *     that is one of them, qualified ({@code t.ServiceName}), may be aliased by its own name
   * @param naming how the server names result columns ({@link ColumnNames#of(Expr, java.util.function.Predicate,
   *     io.noemata.core.catalog.ResultNaming)})
   */
  public static Checked<List<Edit>> names(String sql, List<Expr> items, List<Edit> edits, Set<String> taken,
      java.util.function.Predicate<Expr.Identifier> ofTheTable, Set<String> columns,
      io.noemata.core.catalog.ResultNaming naming) {
    Set<String> used = new HashSet<>(taken);
    used.addAll(columns);
    Set<String> given = new HashSet<>();
    List<Edit> names = new ArrayList<>();
    for (Expr item : items) {
      if (item instanceof Expr.Aliased || edits.stream().noneMatch(x -> item.start() <= x.start()
          && x.end() <= item.end())) {
        continue;
      }
      String text = sql.substring(item.start(), item.end());
      Optional<String> name = ColumnNames.of(item, ofTheTable, naming);
      if (readsAggregate(item) && !(callOverNames(item) || name.isPresent() && call(item))) {
        return Checked.fails(RollupSkip.UNALIASED_ITEM, "the unaliased select item " + text + " holds an aggregate"
            + " and is not a function call, so rewriting it would change its result-column name");
      }
      if (name.isEmpty()) {
        return Checked.fails(RollupSkip.UNALIASED_ITEM, "the select item " + text + " would change its result-column"
            + " name, which the rule cannot spell");
      }
      boolean itself = Expr.unparenthesized(item) instanceof Expr.Identifier id && id.name().equals(name.get())
          && columns.contains(name.get()) && !taken.contains(name.get());
      if (!(itself ? given.add(name.get()) : used.add(name.get()) && given.add(name.get()))) {
        return Checked.fails(RollupSkip.UNALIASED_ITEM, "the select item " + text + " is named " + name.get()
            + ", a name the level already uses");
      }
      names.add(new Edit(item.end(), item.end(), " AS " + Literals.identifier(name.get())));
    }
    return Checked.holds(names);
  }

  private static boolean readsAggregate(Node n) {
    return n instanceof Expr.Call c && RollupFunctions.isAggregate(c)
        || !(n instanceof Expr.Subquery) && n.children().stream().anyMatch(UnaliasedItems::readsAggregate);
  }

  /**
   * A function call (or {@code f(x) FILTER (WHERE c)}) at the top of the item, whose name {@link
   * ColumnNames} spells: {@code count(1)}, {@code countIf(SeverityText = 'ERROR')}. The seed names
   * calls over column names; a call over literals and comparisons keeps its name as exactly once
   * it is spelled as the alias. An operator at the top ({@code count() / 60}) stays refused, as
   * the seed says.
   */
  private static boolean call(Expr e) {
    return e instanceof Expr.Call || e instanceof Expr.Filtered;
  }

  /** The seed's "function call over column names", such as {@code count()} or {@code toFloat64(count())}. */
  static boolean callOverNames(Expr e) {
    if (!(e instanceof Expr.Call c) || c.distinct()) {
      return false;
    }
    if (c.params() != null && !c.params().stream().allMatch(p -> p instanceof Expr.Literal)) {
      return false;
    }
    return c.args().stream().allMatch(a -> a instanceof Expr.Identifier || a instanceof Expr.Star s
        && s.qualifier().isEmpty() || callOverNames(a));
  }
}
