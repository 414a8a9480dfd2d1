package io.noemata.rewriter.checks;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.noemata.core.catalog.Rollup;
import io.noemata.rewriter.RollupCatalog;
import io.noemata.rewriter.provenance.RollupSkip;
import io.noemata.rewriter.rules.Levels;
import io.noemata.rewriter.time.TimeConstant;
import java.time.Instant;
import java.time.LocalDate;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** A window touching a day with late rows reads raw, naming the days; other windows are unaffected. */
class LateRowsTest {

  private static TimeConstant at(String instant) {
    return new TimeConstant(Instant.parse(instant).getEpochSecond() * TimeConstant.NANOS, true);
  }

  private final Rollup late = RollupCatalog.logsRollup(RollupCatalog.COVERED_FROM, null)
      .withLateDays(List.of(LocalDate.parse("2024-06-09")));

  @Test
  void aWindowTouchingALateDayIsSkippedNamingIt() {
    Optional<Skip> s = LateRows.check(late, at("2024-06-09T23:00:00Z"), at("2024-06-10T01:00:00Z"));
    Levels.skips(RollupSkip.LATE_ROWS, s);
    assertTrue(s.get().reason().contains("2024-06-09"), s.get().reason());
    Levels.skips(RollupSkip.LATE_ROWS, LateRows.check(late, null, at("2024-06-10T00:00:00Z")));
    Levels.skips(RollupSkip.LATE_ROWS, LateRows.check(late, at("2024-06-01T00:00:00Z"), null));
  }

  @Test
  void onlyTheRowsBeforeTheCutoverOfItsDayAreReadRaw() {
    Instant cutover = Instant.parse("2024-06-10T08:00:30Z");
    Rollup partly = RollupCatalog.logsRollup(RollupCatalog.COVERED_FROM, null).withLateDays(List.of(), cutover);
    assertEquals(Optional.empty(), LateRows.check(partly, at("2024-06-10T00:00:00Z"), null));
    assertEquals(Instant.parse("2024-06-10T08:01:00Z"),
        LateRows.beforeCutover(partly, at("2024-06-10T00:00:00Z"), null).orElseThrow().coveredFrom());
    assertEquals(Instant.parse("2024-06-10T08:01:00Z"),
        LateRows.beforeCutover(partly, at("2024-06-09T00:00:00Z"), at("2024-06-10T09:00:00Z")).orElseThrow().coveredFrom());
    // windows after the cutover's bucket, or before its day, read the rollup as they would
    assertEquals(Optional.empty(), LateRows.beforeCutover(partly, at("2024-06-10T08:01:00Z"), null));
    assertEquals(Optional.empty(), LateRows.beforeCutover(partly, at("2024-06-09T00:00:00Z"), at("2024-06-10T00:00:00Z")));
    assertEquals(Optional.empty(), LateRows.beforeCutover(late, at("2024-06-10T00:00:00Z"), null));
  }

  @Test
  void aWindowBesideALateDayIsNot() {
    assertEquals(Optional.empty(), LateRows.check(late, at("2024-06-10T00:00:00Z"), at("2024-06-11T00:00:00Z")));
    assertEquals(Optional.empty(), LateRows.check(late, at("2024-06-08T00:00:00Z"), at("2024-06-09T00:00:00Z")));
    // a raw edge in the late day: the rollup reads only the whole buckets after it
    assertEquals(Optional.empty(), LateRows.check(late, at("2024-06-09T23:59:30Z"), at("2024-06-11T00:00:00Z")));
    assertEquals(Optional.empty(), LateRows.check(RollupCatalog.logsRollup(RollupCatalog.COVERED_FROM, null),
        null, null));
  }
}
