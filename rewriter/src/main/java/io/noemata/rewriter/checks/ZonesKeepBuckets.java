package io.noemata.rewriter.checks;

import io.noemata.rewriter.provenance.RollupSkip;
import java.time.Instant;
import java.time.ZoneId;
import java.util.Collection;
import java.util.Optional;
import io.noemata.rewriter.time.TimeConstant;

/**
 * Part of the seed's "the window starts and ends on rollup bucket boundaries": a bucket cut in a
 * time zone's wall clock is whole rollup buckets only while the zone is offset from UTC by whole
 * rollup buckets, so every zone a bucket names must be, at every offset it takes inside the window.
 */
public final class ZonesKeepBuckets {

  private ZonesKeepBuckets() {}

  /**
   * @param fromNanos the window's first instant, in nanoseconds since the epoch
   * @param untilNanos its end, null when open (checked up to the year 2100)
   */
  public static Optional<Skip> check(Collection<ZoneId> zones, long grainSeconds, long fromNanos, Long untilNanos) {
    Instant start = Instant.ofEpochSecond(Math.floorDiv(fromNanos, TimeConstant.NANOS));
    Instant end = untilNanos == null ? Instant.parse("2100-01-01T00:00:00Z") : Instant.ofEpochSecond(
        Math.floorDiv(untilNanos, TimeConstant.NANOS));
    for (ZoneId z : zones) {
      var rules = z.getRules();
      boolean whole = rules.getOffset(start).getTotalSeconds() % grainSeconds == 0;
      for (var t = rules.nextTransition(start); whole && t != null && t.getInstant().isBefore(end);
          t = rules.nextTransition(t.getInstant())) {
        whole = t.getOffsetAfter().getTotalSeconds() % grainSeconds == 0;
      }
      if (!whole) {
        return Optional.of(new Skip(RollupSkip.GRAIN_DOES_NOT_DIVIDE_BUCKET, "the time zone " + z + " is offset from"
            + " UTC by a part of a rollup bucket inside the window"));
      }
    }
    return Optional.empty();
  }
}
