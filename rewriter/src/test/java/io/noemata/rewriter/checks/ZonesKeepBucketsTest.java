package io.noemata.rewriter.checks;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.noemata.rewriter.provenance.RollupSkip;
import io.noemata.rewriter.rules.Levels;
import io.noemata.rewriter.time.TimeConstant;
import java.time.Instant;
import java.time.ZoneId;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** The seed's "the window starts and ends on rollup bucket boundaries", in the zone a wall-clock bucket is cut in. */
class ZonesKeepBucketsTest {

  private static final long HOUR = 3600;
  private static final long FROM = Instant.parse("2024-06-10T00:00:00Z").getEpochSecond() * TimeConstant.NANOS;
  private static final long UNTIL = Instant.parse("2024-06-11T00:00:00Z").getEpochSecond() * TimeConstant.NANOS;

  @Test
  void aZoneOffsetByWholeRollupBucketsKeepsThemWhole() {
    assertEquals(Optional.empty(), ZonesKeepBuckets.check(List.of(ZoneId.of("UTC"), ZoneId.of("Europe/Paris")), HOUR,
        FROM, UNTIL));
    assertEquals(Optional.empty(), ZonesKeepBuckets.check(List.of(ZoneId.of("Asia/Kolkata")), 30 * 60, FROM, null),
        "+05:30 is whole 30-minute buckets");
  }

  @Test
  void aZoneOffsetByPartOfARollupBucketCutsBucketsApart() {
    Levels.skips(RollupSkip.GRAIN_DOES_NOT_DIVIDE_BUCKET, ZonesKeepBuckets.check(List.of(ZoneId.of("Asia/Kolkata")), HOUR,
        FROM, UNTIL));
  }

  @Test
  void anOffsetTakenInsideTheWindowCounts() {
    // Lord Howe Island is +10:30 in June and +11:00 from October: whole hours only after the change
    ZoneId lordHowe = ZoneId.of("Australia/Lord_Howe");
    long october = Instant.parse("2024-10-10T00:00:00Z").getEpochSecond() * TimeConstant.NANOS;
    Levels.skips(RollupSkip.GRAIN_DOES_NOT_DIVIDE_BUCKET, ZonesKeepBuckets.check(List.of(lordHowe), HOUR, FROM, null));
    assertEquals(Optional.empty(), ZonesKeepBuckets.check(List.of(lordHowe), HOUR, october,
        october + 86400 * TimeConstant.NANOS));
  }
}
