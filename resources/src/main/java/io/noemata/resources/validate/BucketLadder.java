package io.noemata.resources.validate;

import java.util.List;

/**
 * The bucket widths queries are answered in, finest first. Each rung divides the next, so a grain
 * that divides the first rung at or above it divides every coarser rung too. A rollup grain must
 * do so; grains above a day must be whole days.
 *
 * <p>1s, 5s, 10s, 30s, 1m, 5m, 10m, 30m, 1h, 2h, 6h, 12h, 1d. Grains such as 15s, 15m or 3h
 * divide it; 20s, 2m, 7m, 20m or 4h do not.
 */
public final class BucketLadder {

  public static final List<Long> RUNGS_SECONDS = List.of(
      1L, 5L, 10L, 30L, 60L, 300L, 600L, 1800L, 3600L, 7200L, 21600L, 43200L, 86400L);

  private BucketLadder() {}

  public static boolean divides(long grainSeconds) {
    if (grainSeconds >= 86400) {
      return grainSeconds % 86400 == 0;
    }
    for (long rung : RUNGS_SECONDS) {
      if (rung >= grainSeconds) {
        return rung % grainSeconds == 0;
      }
    }
    return false;
  }

  public static String text() {
    return "1s, 5s, 10s, 30s, 1m, 5m, 10m, 30m, 1h, 2h, 6h, 12h, 1d";
  }
}
