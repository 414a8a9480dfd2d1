package io.noemata.rewriter.checks;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.noemata.core.catalog.Rollup;
import io.noemata.rewriter.RollupCatalog;
import io.noemata.rewriter.provenance.RollupSkip;
import io.noemata.rewriter.rules.Levels;
import io.noemata.rewriter.time.TimeConstant;
import java.time.Instant;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** The seed: a rollup answers when "the range the rollup covers holds the window, and the query has a window". */
class WindowCoveredTest {

  private static TimeConstant at(String instant) {
    return new TimeConstant(Instant.parse(instant).getEpochSecond() * TimeConstant.NANOS, true);
  }

  private final Rollup open = RollupCatalog.logsRollup(RollupCatalog.COVERED_FROM, null);
  private final Rollup closed = RollupCatalog.logsRollup(RollupCatalog.COVERED_FROM, Instant.parse("2024-07-01T00:00:00Z"));

  @Test
  void theRangeTheRollupCoversHoldsTheWindow() {
    assertEquals(Optional.empty(), WindowCovered.check(open, at("2024-06-10T08:00:00Z"), null));
    assertEquals(Optional.empty(), WindowCovered.check(closed, at("2024-05-01T00:00:00Z"), at("2024-07-01T00:00:00Z")));
  }

  @Test
  void theQueryHasAWindow() {
    Levels.skips(RollupSkip.NO_WINDOW, WindowCovered.check(open, null, at("2024-06-10T08:00:00Z")));
  }

  @Test
  void aWindowStartingBeforeOrEndingAfterTheCoveredRangeIsNotHeld() {
    Levels.skips(RollupSkip.WINDOW_NOT_COVERED, WindowCovered.check(open, at("2024-04-30T23:59:00Z"), null));
    Levels.skips(RollupSkip.WINDOW_NOT_COVERED, WindowCovered.check(closed, at("2024-06-10T08:00:00Z"), null));
    Levels.skips(RollupSkip.WINDOW_NOT_COVERED, WindowCovered.check(closed, at("2024-06-10T08:00:00Z"),
        at("2024-07-01T00:01:00Z")));
  }

  @Test
  void aWallClockIsHeldOnlyWhereEveryZoneWouldPlaceItInTheRange() {
    long may1 = Instant.parse("2024-05-01T00:00:00Z").getEpochSecond() * TimeConstant.NANOS;
    Levels.skips(RollupSkip.WINDOW_NOT_COVERED, WindowCovered.check(open, new TimeConstant(may1, false), null));
    assertEquals(Optional.empty(), WindowCovered.check(open, new TimeConstant(may1 + 14 * 3600 * TimeConstant.NANOS,
        false), null));
  }
}
