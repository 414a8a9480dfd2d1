package io.noemata.rewriter.time;

/**
 * How an expression depends on the raw time column {@code t}, as far as a rollup of grain
 * {@code G} is concerned. The rollup stores {@code t} floored to {@code G}, so an expression may read
 * it only if its value is the same for every {@code t} of one rollup bucket.
 *
 * @param kind see {@link Kind}
 * @param shifted for PRESERVING: moved by an INTERVAL, so a bucket over it is no longer at or before {@code t}
 * @param alignSeconds for BUCKET: every boundary of the bucket is a multiple of this many seconds
 * @param epochAligned for BUCKET: boundaries are multiples of {@code alignSeconds} since the epoch (no time zone involved)
 * @param floorSeconds for BUCKET: the value is {@code t} floored to a width of at most this many
 *     seconds ({@code f(t) <= t < f(t) + floorSeconds}), so comparisons with it bound the window; 0
 *     when that is not known
 * @param epochUnitsPerSecond for EPOCH: the units the integer counts, per second (1 for {@code
 *     toUnixTimestamp}, 1000 for {@code toUnixTimestamp64Milli}, ...); 0 otherwise
 */
public record TimeForm(Kind kind, boolean shifted, long alignSeconds, boolean epochAligned, long floorSeconds,
    long epochUnitsPerSecond) {

  public enum Kind {
    /** Does not read the time column. */
    NONE,
    /** {@code t} itself, or a map of it that keeps every instant inside its minute (toDateTime, toTimeZone, + INTERVAL 1 day). */
    PRESERVING,
    /** {@code t} as a whole number of units since the epoch ({@code toUnixTimestamp(t)}, {@code toUnixTimestamp64Milli(t)}). */
    EPOCH,
    /** Constant within each rollup bucket: a bucket of {@code t}, or any function of one. */
    BUCKET
  }

  public static final TimeForm NONE = new TimeForm(Kind.NONE, false, 0, false, 0, 0);
  public static final TimeForm RAW = new TimeForm(Kind.PRESERVING, false, 0, false, 0, 0);
  public static final TimeForm EPOCH = epoch(1);

  /** {@code t} as whole units since the epoch, {@code unitsPerSecond} of them a second. */
  public static TimeForm epoch(long unitsPerSecond) {
    return new TimeForm(Kind.EPOCH, false, 0, false, 0, unitsPerSecond);
  }

  public static TimeForm bucket(long alignSeconds, boolean epochAligned, long floorSeconds) {
    return new TimeForm(Kind.BUCKET, false, alignSeconds, epochAligned, floorSeconds, 0);
  }

  /** A bucket computed from this one: still constant per rollup bucket, no longer a floor of {@code t}. */
  public TimeForm derived() {
    return new TimeForm(Kind.BUCKET, false, alignSeconds, epochAligned, 0, 0);
  }

  public boolean isTime() {
    return kind == Kind.PRESERVING || kind == Kind.EPOCH;
  }
}
