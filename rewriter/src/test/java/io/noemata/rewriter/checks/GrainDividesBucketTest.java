package io.noemata.rewriter.checks;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.noemata.core.catalog.Rollup;
import io.noemata.core.sql.Expr;
import io.noemata.rewriter.RollupCatalog;
import io.noemata.rewriter.provenance.RollupSkip;
import io.noemata.rewriter.rules.Levels;
import io.noemata.rewriter.time.IntervalValue;
import io.noemata.rewriter.time.TimeForm;
import java.time.Duration;
import java.time.ZoneId;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** The seed: a rollup answers when "its grain divides the query's bucket". */
class GrainDividesBucketTest {

  private static final Rollup MINUTE = RollupCatalog.logsRollup(RollupCatalog.COVERED_FROM, null);

  private static Rollup grain(Duration grain) {
    return new Rollup(MINUTE.key(), MINUTE.stableView(), MINUTE.target(), MINUTE.contentHash(), grain,
        MINUTE.timeColumn(), MINUTE.bucketColumn(), MINUTE.dimensions(), MINUTE.measures(), MINUTE.coveredFrom(), null);
  }

  /** The form of {@code bucket}, a function of the raw time column Timestamp. */
  private static Checked<TimeForm> bucket(Rollup rollup, ZoneId serverZone, String bucket) {
    return new GrainDividesBucket(bucket, rollup, serverZone).timeFunction(Levels.call(bucket), TimeForm.RAW);
  }

  @Test
  void theGrainDividesTheQuerysBucket() {
    for (String b : List.of("toStartOfMinute(Timestamp)", "toStartOfFiveMinutes(Timestamp)", "toStartOfHour(Timestamp)",
        "toStartOfInterval(Timestamp, INTERVAL 15 minute)", "toStartOfInterval(Timestamp, INTERVAL 120 second)",
        "toStartOfDay(Timestamp, 'Europe/Paris')", "toDate(Timestamp)")) {
      TimeForm f = Levels.holds(bucket(MINUTE, ZoneId.of("UTC"), b));
      assertEquals(TimeForm.Kind.BUCKET, f.kind(), b);
    }
    TimeForm dateTrunc = Levels.holds(new GrainDividesBucket("date_trunc('hour', Timestamp)", MINUTE, null)
        .dateTrunc(Levels.call("date_trunc('hour', Timestamp)"), List.of(TimeForm.NONE, TimeForm.RAW)));
    assertEquals(3600, dateTrunc.floorSeconds());
  }

  @Test
  void aBucketFinerThanTheGrainOrNotAMultipleOfItIsNotRead() {
    for (String b : List.of("toStartOfInterval(Timestamp, INTERVAL 30 second)",
        "toStartOfInterval(Timestamp, INTERVAL 90 second)", "toStartOfSecond(Timestamp)")) {
      // toStartOfSecond is no bucket the rule reads: it reads the raw instant, finer than any bucket
      Levels.skips(RollupSkip.GRAIN_DOES_NOT_DIVIDE_BUCKET, bucket(MINUTE, ZoneId.of("UTC"), b));
    }
    Levels.skips(RollupSkip.GRAIN_DOES_NOT_DIVIDE_BUCKET, new GrainDividesBucket("date_trunc('second', Timestamp)",
        MINUTE, null).dateTrunc(Levels.call("date_trunc('second', Timestamp)"), List.of(TimeForm.NONE, TimeForm.RAW)));
  }

  @Test
  void aFormattedTimeIsABucketAsFineAsItsFinestSpecifier() {
    ZoneId utc = ZoneId.of("UTC");
    Rollup hourly = grain(Duration.ofHours(1));
    for (String b : List.of("formatDateTime(Timestamp, '%Y-%m-%d')", "formatDateTime(Timestamp, '%F %H:00', 'UTC')",
        "DATE_FORMAT(Timestamp, '%b %e, %Y %l %p')", "formatDateTime(Timestamp, '%V %G, %a %W %u')")) {
      assertEquals(TimeForm.Kind.BUCKET, Levels.holds(bucket(MINUTE, utc, b)).kind(), b);
      assertEquals(TimeForm.Kind.BUCKET, Levels.holds(bucket(hourly, utc, b)).kind(), b);
    }
    // minutes (%i, %R, %r; %M too, the minute where a setting makes it one) divide no hourly bucket
    for (String b : List.of("formatDateTime(Timestamp, '%H:%i')", "formatDateTime(Timestamp, '%R')",
        "formatDateTime(Timestamp, '%M')")) {
      assertEquals(TimeForm.Kind.BUCKET, Levels.holds(bucket(MINUTE, utc, b)).kind(), b);
      Levels.skips(RollupSkip.GRAIN_DOES_NOT_DIVIDE_BUCKET, bucket(hourly, utc, b));
    }
    // seconds, fractions, the zone's offset, an unknown specifier, a format not written as a literal
    for (String b : List.of("formatDateTime(Timestamp, '%F %T')", "formatDateTime(Timestamp, '%S')",
        "formatDateTime(Timestamp, '%f')", "formatDateTime(Timestamp, '%z')", "formatDateTime(Timestamp, '%Y%')",
        "formatDateTime(Timestamp, concat('%Y', '%m'))")) {
      Levels.skips(RollupSkip.GRAIN_DOES_NOT_DIVIDE_BUCKET, bucket(MINUTE, utc, b));
    }
  }

  @Test
  void aWallClockBucketWithTheServersZoneUnknownNeedsAGrainDividingFifteenMinutes() {
    Rollup hour = grain(Duration.ofHours(1));
    Levels.skips(RollupSkip.GRAIN_DOES_NOT_DIVIDE_BUCKET, bucket(hour, null, "toStartOfDay(Timestamp)"));
    GrainDividesBucket known = new GrainDividesBucket("toStartOfDay(Timestamp)", hour, ZoneId.of("Asia/Kolkata"));
    Levels.holds(known.timeFunction(Levels.call("toStartOfDay(Timestamp)"), TimeForm.RAW));
    assertEquals(Set.of(ZoneId.of("Asia/Kolkata")), known.zones(), "checked over the window by ZonesKeepBuckets");
    Levels.holds(bucket(grain(Duration.ofMinutes(5)), null, "toStartOfDay(Timestamp)"));
  }

  @Test
  void aZoneTheRuleDoesNotKnowIsNotRead() {
    Levels.skips(RollupSkip.NOT_UNDERSTOOD, bucket(MINUTE, null, "toStartOfHour(Timestamp, 'Mars/Olympus')"));
  }

  @Test
  void theTimeColumnItselfIsFinerThanAnyBucket() {
    Levels.skips(RollupSkip.GRAIN_DOES_NOT_DIVIDE_BUCKET, GrainDividesBucket.notTime(TimeForm.RAW));
    assertEquals(Optional.empty(), GrainDividesBucket.notTime(TimeForm.bucket(60, true, 60)));
    Levels.skips(RollupSkip.GRAIN_DOES_NOT_DIVIDE_BUCKET, GrainDividesBucket.combine(List.of(TimeForm.NONE,
        TimeForm.EPOCH)));
    TimeForm derived = Levels.holds(GrainDividesBucket.combine(List.of(TimeForm.NONE, TimeForm.bucket(3600, false,
        3600))));
    assertEquals(TimeForm.Kind.BUCKET, derived.kind());
    assertEquals(0, derived.floorSeconds(), "a function of a bucket is no floor of the time column");
  }

  @Test
  void aShiftKeepsBucketsWholeOnlyByWholeMinutesOnAOneMinuteGrain() {
    Expr minutes = Levels.expr("INTERVAL 30 minute");
    Expr seconds = Levels.expr("INTERVAL 30 second");
    TimeForm shifted = Levels.holds(new GrainDividesBucket("INTERVAL 30 minute", MINUTE, null)
        .shift(minutes, IntervalValue.of(minutes).orElseThrow()));
    assertTrue(shifted.shifted());
    Levels.skips(RollupSkip.GRAIN_DOES_NOT_DIVIDE_BUCKET, new GrainDividesBucket("INTERVAL 30 second", MINUTE, null)
        .shift(seconds, IntervalValue.of(seconds).orElseThrow()));
  }
}
