package io.noemata.rewriter.checks;

import io.noemata.core.catalog.Rollup;
import io.noemata.core.catalog.TableInfo;
import io.noemata.rewriter.provenance.RollupSkip;
import java.util.Optional;

/**
 * An insert-fed rollup holds every row the source was given; it answers only while the source keeps
 * them as inserted. A source whose engine replaces or collapses rows on merge, whose TTL deletes
 * them, or whose rows a mutation deleted or changed shows other rows than the rollup holds, so the
 * rollup is never read over it, whatever the window (raw edges included).
 */
public final class SourceKeepsRows {

  private SourceKeepsRows() {}

  public static Optional<Skip> check(TableInfo source, Rollup r) {
    if (r.refreshed()) {
      return Optional.empty(); // not fed by inserts: RefreshCovers decides
    }
    return source.sourceRows().rewritesFor(r.fedSince()).map(why -> new Skip(RollupSkip.SOURCE_REWRITES_ROWS, r.key()
        + " is fed by inserts into " + source.name() + ", but " + why + ", so the rollup holds rows the table"
        + " no longer shows"));
  }
}
