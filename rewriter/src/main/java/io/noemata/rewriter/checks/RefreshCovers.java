package io.noemata.rewriter.checks;

import io.noemata.core.catalog.RefreshState;
import io.noemata.core.catalog.Rollup;
import io.noemata.core.catalog.TableInfo;
import io.noemata.core.sql.Query;
import io.noemata.core.sql.TableExpr;
import io.noemata.rewriter.provenance.RollupSkip;
import java.util.Optional;

/**
 * A refreshed rollup holds the source as its last successful refresh read it, every bucket
 * aggregated again ({@code FINAL} where the source's engine merges rows). It answers a level only
 * when (1) the refresh covers the source: it started in a later second than the source's parts
 * last changed ({@link RefreshState#covers}; an insert, merge, mutation or drop since, or in the
 * same second, is not in it), and (2) where the engine merges rows, the level reads the table
 * {@code FINAL}, as the refresh did, and without PREWHERE (which the server applies before
 * {@code FINAL} merges rows): without {@code FINAL} the table shows its unmerged rows, which the
 * rollup no longer holds. Where the source changed only in rows from some instant on ({@link
 * RefreshState#heldBefore}), the catalog's rollup holds the buckets before it, and the union reads
 * the rest of the window raw.
 */
public final class RefreshCovers {

  private RefreshCovers() {}

  public static Optional<Skip> check(TableInfo source, Rollup r, Query.Select s, TableExpr.Table t) {
    if (!r.refreshed()) {
      return Optional.empty();
    }
    if (source.sourceRows().merging() && (!t.fin() || s.prewhere() != null)) {
      return Optional.of(new Skip(RollupSkip.REFRESH_NEEDS_FINAL, r.key() + " holds " + source.name()
          + " as FINAL shows it (" + source.sourceRows().reason() + "), and the level reads it "
          + (t.fin() ? "with PREWHERE, which is applied before FINAL" : "without FINAL")));
    }
    RefreshState state = r.refresh();
    if (!state.covers() && state.heldBefore() == null) {
      return Optional.of(new Skip(RollupSkip.REFRESH_BEHIND, r.key() + " was last refreshed "
          + (state.lastSuccess() == null ? "never (or not successfully)" : "at " + state.lastSuccess())
          + ", and " + source.name() + " changed " + (state.sourceChanged() == null ? "since"
              : "at " + state.sourceChanged()) + ": rows since its refresh would be missing"));
    }
    return Optional.empty();
  }
}
