package io.noemata.rewriter.checks;

import io.noemata.core.catalog.Rollup;
import io.noemata.core.catalog.TableInfo;
import io.noemata.rewriter.provenance.RollupSkip;
import java.util.Optional;
import io.noemata.rewriter.time.TimeConstant;

/** The rollup's time column is a DateTime or DateTime64 column of the table: bounds and buckets are read in its precision. */
public final class DateTimeColumn {

  private DateTimeColumn() {}

  public static Optional<Skip> check(Rollup rollup, TableInfo info) {
    if (resolutionNanos(info.columnTypes().get(rollup.timeColumn())) > 0) {
      return Optional.empty();
    }
    return Optional.of(new Skip(RollupSkip.NOT_UNDERSTOOD, "the time column " + rollup.timeColumn() + " is not a"
        + " DateTime column of " + info.name()));
  }

  /** How far apart the instants a column of {@code type} holds are: 1 s for DateTime; 0 for another type. */
  public static long resolutionNanos(String type) {
    if (type == null) {
      return 0;
    }
    if (type.equals("DateTime") || type.startsWith("DateTime(")) {
      return TimeConstant.NANOS;
    }
    if (type.startsWith("DateTime64(")) {
      String p = type.substring("DateTime64(".length()).split("[,)]")[0].strip();
      if (p.matches("[0-9]")) {
        return TimeConstant.pow10(9 - Integer.parseInt(p));
      }
    }
    return 0;
  }
}
