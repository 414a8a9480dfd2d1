package io.noemata.rewriter.checks;

import io.noemata.core.catalog.CatalogSnapshot;
import io.noemata.core.catalog.Rollup;
import io.noemata.core.catalog.RowFilter;
import io.noemata.core.catalog.TableAccess;
import io.noemata.core.catalog.TableName;
import io.noemata.core.sql.Expr;
import io.noemata.core.sql.Node;
import io.noemata.core.sql.Query;
import io.noemata.rewriter.provenance.RollupSkip;
import java.util.Collection;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;

/**
 * The rule beside the seed's: the app reads with the signed-in user's credentials, so an
 * accelerator answers a statement for a user only where the server would show that user exactly
 * the rows and columns of the source. The catalog, read with the user's rights, holds what the
 * server said ({@link io.noemata.core.catalog.UserAccess}); a level fails here when the user may
 * not read the source, a column the level names, or the rollup's target (the statement then goes
 * as written: the server refuses it or answers it from the table), and when the row policies of the
 * source leave the user other rows than those of the target.
 */
public final class SameRowsAndColumns {

  private SameRowsAndColumns() {}

  /** Whether {@code r} shows the user of {@code snapshot} what {@code source} would for the levels {@code read}. */
  public static Optional<Skip> rollup(CatalogSnapshot snapshot, TableName source, Rollup r, List<? extends Node> read) {
    TableAccess from = snapshot.access().of(source);
    Optional<Skip> columns = columns(from, source, read).map(why -> new Skip(
        from.readable() ? RollupSkip.COLUMN_GRANT : RollupSkip.TABLE_GRANT, why));
    if (columns.isPresent()) {
      return columns;
    }
    TableName targetName = new TableName(source.database(), r.target());
    TableAccess target = snapshot.access().of(targetName);
    if (!target.readable()) {
      return Optional.of(new Skip(RollupSkip.TABLE_GRANT, "you may not read its target " + targetName
          + "; the table answers"));
    }
    if (RowFilter.sameRows(from.rowFilter(), target.rowFilter(), r.dimensions())) {
      return Optional.empty();
    }
    return Optional.of(new Skip(RollupSkip.ROW_POLICY, rowsDiffer(source, targetName, from.rowFilter(),
        target.rowFilter(), r.dimensions())));
  }

  /**
   * Why a read of {@code source} that names what {@code read} names would be refused to the user,
   * when it would: the table is not readable to them, or a column it names is not. A rewrite must
   * then leave the statement as written, for the server to refuse it as it would without noemata.
   */
  public static Optional<String> columns(TableAccess from, TableName source, List<? extends Node> read) {
    if (!from.readable()) {
      return Optional.of("you may not read " + source + ": the statement goes as written, for the server to answer");
    }
    if (from.refusedColumns().isEmpty()) {
      return Optional.empty();
    }
    Set<String> named = new TreeSet<>();
    read.forEach(n -> names(n, from.refusedColumns(), named));
    return named.isEmpty() ? Optional.empty() : Optional.of("you may not read " + String.join(", ", named)
        + " of " + source + ": the statement goes as written, for the server to answer");
  }

  /** The refused columns {@code n} may name: any part of an identifier, every column for a {@code *}. */
  private static void names(Node n, Set<String> refused, Set<String> out) {
    if (n instanceof Expr.Identifier id) {
      id.parts().stream().filter(refused::contains).forEach(out::add);
    } else if (n instanceof Expr.Star) {
      out.addAll(refused);
    }
    for (Node c : n.children()) {
      if (!(c instanceof Query)) { // a subquery is a level of its own, checked when it is decided
        names(c, refused, out);
      }
    }
  }

  /** Says which rows differ, naming the columns a condition reads but never the condition (an administrator's text). */
  private static String rowsDiffer(TableName source, TableName target, RowFilter from, RowFilter to,
      Collection<String> dimensions) {
    if (from instanceof RowFilter.Unknown u) {
      return u.why();
    }
    if (to instanceof RowFilter.Unknown u) {
      return u.why();
    }
    if (from instanceof RowFilter.Condition c && !dimensions.containsAll(c.columns())) {
      Set<String> others = new TreeSet<>(c.columns());
      others.removeAll(dimensions);
      return "a row policy filters your rows of " + source + " by " + String.join(", ", others)
          + ", which the rollup does not keep as a dimension; the table answers";
    }
    if (from instanceof RowFilter.Condition && to instanceof RowFilter.None) {
      return "a row policy filters your rows of " + source + ", and no policy filters its target " + target
          + " alike; the table answers";
    }
    if (from instanceof RowFilter.None) {
      return "a row policy filters your rows of its target " + target + " but not of " + source + "; the table answers";
    }
    return "the row policies of " + source + " and of its target " + target + " filter your rows differently;"
        + " the table answers";
  }
}
