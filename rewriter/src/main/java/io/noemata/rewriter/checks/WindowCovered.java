package io.noemata.rewriter.checks;

import io.noemata.core.catalog.Rollup;
import io.noemata.rewriter.provenance.RollupSkip;
import java.util.Optional;
import io.noemata.rewriter.time.TimeConstant;

/** The seed's "the range the rollup covers holds the window, and the query has a window". */
public final class WindowCovered {

  private WindowCovered() {}

  /** {@code lower} and {@code upper} bound the window (upper null when open); no lower bound is no window. */
  public static Optional<Skip> check(Rollup rollup, TimeConstant lower, TimeConstant upper) {
    if (lower == null) {
      return Optional.of(new Skip(RollupSkip.NO_WINDOW, "the level has no lower bound on " + rollup.timeColumn()));
    }
    return covered(rollup, lower.earliest(), upper == null ? null : upper.latest());
  }

  /** The rollup holds every bucket of {@code [fromNanos, untilNanos)} (until null when open). */
  static Optional<Skip> covered(Rollup rollup, long fromNanos, Long untilNanos) {
    long from = nanos(rollup.coveredFrom());
    if (fromNanos < from) {
      return Optional.of(new Skip(RollupSkip.WINDOW_NOT_COVERED, "the window starts before " + rollup.coveredFrom()
          + ", where " + rollup.key() + " starts holding every bucket"));
    }
    if (rollup.coveredUntil() != null && (untilNanos == null || untilNanos > nanos(rollup.coveredUntil()))) {
      var refresh = rollup.refresh();
      if (refresh != null && rollup.coveredUntil().equals(refresh.heldBefore())) {
        return Optional.of(new Skip(RollupSkip.REFRESH_BEHIND, "the window ends after " + rollup.coveredUntil()
            + ": the source's parts changed since " + rollup.key() + "'s refresh at " + refresh.lastSuccess()
            + " hold rows from then on"));
      }
      return Optional.of(new Skip(RollupSkip.WINDOW_NOT_COVERED, "the window ends after " + rollup.coveredUntil()
          + ", where " + rollup.key() + " stops holding every bucket"));
    }
    return Optional.empty();
  }

  public static long nanos(java.time.Instant t) {
    return t.getEpochSecond() * TimeConstant.NANOS + t.getNano();
  }
}
