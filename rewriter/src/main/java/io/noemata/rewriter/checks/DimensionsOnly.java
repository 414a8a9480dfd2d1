package io.noemata.rewriter.checks;

import io.noemata.core.catalog.Rollup;
import io.noemata.core.catalog.TableInfo;
import io.noemata.rewriter.provenance.RollupSkip;
import java.util.Optional;

/**
 * The seed's "every column the query groups, filters or selects by is a dimension, or an
 * expression over dimensions", for a column read outside an aggregate (the time column is read
 * through its bucket, by {@link GrainDividesBucket}).
 */
public final class DimensionsOnly {

  private DimensionsOnly() {}

  /** {@code column}, as written {@code written}, read outside an aggregate of a level over {@code info}. */
  public static Optional<Skip> check(String column, String written, TableInfo info, Rollup rollup) {
    if (rollup.dimensions().contains(column)) {
      return Optional.empty();
    }
    if (!info.columnTypes().containsKey(column)) {
      return Optional.of(new Skip(RollupSkip.NOT_UNDERSTOOD, written + " names no column of " + info.name()));
    }
    return Optional.of(new Skip(RollupSkip.COLUMN_NOT_DIMENSION, column + " is read outside an aggregate and is not"
        + " a dimension of " + rollup.key()));
  }

  /** {@code *} reads every column. */
  public static Skip star() {
    return new Skip(RollupSkip.COLUMN_NOT_DIMENSION, "* reads every column, not only dimensions");
  }
}
