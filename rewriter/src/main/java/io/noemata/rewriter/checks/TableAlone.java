package io.noemata.rewriter.checks;

import io.noemata.core.sql.Query;
import io.noemata.core.sql.TableExpr;
import io.noemata.rewriter.provenance.RollupSkip;
import java.util.Optional;
import io.noemata.rewriter.syntax.Inlined;

/**
 * The seed's "the query reads the table alone": no ARRAY JOIN, FINAL or SAMPLE, and no join but
 * one that provably keeps counts exact ({@link #joinsOnDimensions}). A derived table that only
 * filters the table ({@link Inlined}) reads it alone; a PREWHERE is a WHERE for a level that reads
 * its table alone, since it only filters the same rows earlier.
 */
public final class TableAlone {

  private TableAlone() {}

  public static Optional<Skip> check(Query.Select s, TableExpr.Table t, Inlined inlined) {
    return check(s, t, inlined, false);
  }

  /**
   * The same; with {@code finalRead}, {@code FINAL} on the table is read as the rollup holds it (a
   * refreshed rollup aggregated the table {@code FINAL}: {@link RefreshCovers} checks the rest).
   */
  public static Optional<Skip> check(Query.Select s, TableExpr.Table t, Inlined inlined, boolean finalRead) {
    if (!(s.from() instanceof TableExpr.Table || inlined != null || joinsOnDimensions(s, t)) || !s.arrayJoins().isEmpty()
        || t.fin() && !(finalRead && inlined == null) || t.sampled() || s.prewhere() != null && !(s.from() instanceof TableExpr.Table)) {
      return Optional.of(new Skip(RollupSkip.TABLE_NOT_ALONE, "the level reads " + t.table() + " with a join, ARRAY"
          + " JOIN, FINAL, SAMPLE or PREWHERE"));
    }
    return Optional.empty();
  }

  /**
   * {@code FROM table [INNER] JOIN (subquery) AS alias ON ...}: every source row meets the joined rows
   * its ON condition picks, so when that condition reads only dimensions (checked with the level's
   * expressions) a rollup row meets the same rows as each source row it holds, and counts, sums,
   * uniq and quantile states multiply exactly as the source rows would.
   */
  static boolean joinsOnDimensions(Query.Select s, TableExpr.Table t) {
    return s.from() instanceof TableExpr.Join j && j.left() == t && j.right() instanceof TableExpr.Derived d
        && d.alias() != null && j.on() != null && j.using().isEmpty()
        && (j.kind().isEmpty() || j.kind().equals("INNER") || j.kind().equals("ALL INNER"));
  }
}
