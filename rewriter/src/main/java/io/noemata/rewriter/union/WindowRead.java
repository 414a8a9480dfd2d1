package io.noemata.rewriter.union;

import io.noemata.core.catalog.Rollup;
import io.noemata.rewriter.provenance.RollupSkip;
import java.time.Instant;
import java.time.ZoneId;
import java.util.Collection;
import java.util.List;
import java.util.Optional;
import io.noemata.rewriter.checks.Checked;
import io.noemata.rewriter.checks.LateRows;
import io.noemata.rewriter.checks.Skip;
import io.noemata.rewriter.checks.WindowCovered;
import io.noemata.rewriter.checks.ZonesKeepBuckets;
import io.noemata.rewriter.time.TimeConstant;

/**
 * How a level reads its window from a rollup, from its raw time bounds: from whole buckets alone
 * when they all lie on bucket boundaries ({@link BucketBoundaries}) and the rollup holds the window
 * ({@link WindowCovered}); else, beyond the seed, by the union rewrite ({@link RawEdges},
 * {@link MovingEdges}): whole buckets from the rollup, the rest of the window from raw rows. Either
 * way every zone a bucket is cut in must keep rollup buckets whole ({@link ZonesKeepBuckets}).
 */
public final class WindowRead {

  private WindowRead() {}

  /**
   * The union to read in place of the table, empty when whole buckets answer; fails when neither does.
   *
   * @param lower the window's start (null when unbounded), upper its end (null when open or moving)
   * @param zones every zone a bucket of the level is cut in
   */
  public static Checked<Optional<UnionEdges>> of(List<RawEdges.Bound> bounds, TimeConstant lower, TimeConstant upper,
      Collection<ZoneId> zones, Rollup rollup, long resolutionNanos, String timeType) {
    Optional<Skip> late = LateRows.check(rollup, lower, upper);
    if (late.isPresent()) {
      return Checked.fails(late.get()); // neither whole buckets nor the union may read those days
    }
    Optional<Rollup> narrowed = LateRows.beforeCutover(rollup, lower, upper);
    if (narrowed.isPresent()) { // the cutover day's rows before the cutover from raw rows, the rest from the rollup
      Checked<Optional<UnionEdges>> read = held(bounds, lower, upper, zones, narrowed.get(), resolutionNanos, timeType);
      return read instanceof Checked.Holds<Optional<UnionEdges>> ? read
          : Checked.fails(LateRows.beforeCutoverSkip(rollup));
    }
    return held(bounds, lower, upper, zones, rollup, resolutionNanos, timeType);
  }

  /** {@link #of} for a rollup that holds every bucket of its covered range. */
  private static Checked<Optional<UnionEdges>> held(List<RawEdges.Bound> bounds, TimeConstant lower,
      TimeConstant upper, Collection<ZoneId> zones, Rollup rollup, long resolutionNanos, String timeType) {
    RawEdges.Bound ragged = bounds.stream().filter(b -> !b.aligned()).findFirst().orElse(null);
    if (ragged != null) {
      return union(bounds, lower, zones, rollup, resolutionNanos, timeType,
          new Skip(RollupSkip.WINDOW_NOT_ON_BOUNDARIES, ragged.why()));
    }
    Optional<Skip> notCovered = WindowCovered.check(rollup, lower, upper);
    if (notCovered.isPresent()) {
      return union(bounds, lower, zones, rollup, resolutionNanos, timeType, notCovered.get());
    }
    Optional<Skip> broken = ZonesKeepBuckets.check(zones, rollup.grain().toSeconds(), lower.earliest(),
        upper == null ? null : upper.latest());
    return broken.isPresent() ? Checked.fails(broken.get()) : Checked.holds(Optional.empty());
  }

  /** The union rewrite, for a window whole buckets do not answer for {@code why}. */
  private static Checked<Optional<UnionEdges>> union(List<RawEdges.Bound> bounds, TimeConstant lower,
      Collection<ZoneId> zones, Rollup rollup, long resolutionNanos, String timeType, Skip why) {
    long grainNanos = rollup.grain().toNanos();
    long from = WindowCovered.nanos(rollup.coveredFrom());
    Long until = rollup.coveredUntil() == null ? null : WindowCovered.nanos(rollup.coveredUntil());
    boolean moving = bounds.stream().anyMatch(b -> b.relative() != null);
    Checked<UnionEdges> plan = moving
        ? MovingEdges.plan(bounds, grainNanos, resolutionNanos, from, until, timeType, why.code(), why.reason())
        : RawEdges.plan(bounds, grainNanos, from, until, resolutionNanos, why.code(), why.reason());
    if (plan instanceof Checked.Fails<UnionEdges> f) {
      return Checked.fails(f.skip());
    }
    // raw rows may come from any time before the covered range when the window has no lower bound
    long first = lower != null ? lower.earliest()
        : Instant.parse("1900-01-01T00:00:00Z").getEpochSecond() * TimeConstant.NANOS;
    // a moving upper bound has no latest value: the zones are checked up to the year 2100
    boolean movingUpper = bounds.stream().anyMatch(b -> !b.lower() && b.exact() == null);
    Long last = movingUpper ? null : bounds.stream().filter(b -> !b.lower()).map(b -> b.exact().latest())
        .min(Long::compare).orElse(null);
    Optional<Skip> broken = ZonesKeepBuckets.check(zones, rollup.grain().toSeconds(), first, last)
        .or(() -> RawEdges.statesComputable(rollup));
    return broken.isPresent() ? Checked.fails(broken.get())
        : Checked.holds(Optional.of(((Checked.Holds<UnionEdges>) plan).value()));
  }
}
