package io.noemata.rewriter.union;

import io.noemata.core.catalog.Rollup;
import io.noemata.core.sql.Literals;
import io.noemata.rewriter.provenance.RollupSkip;
import io.noemata.core.sql.TableExpr;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import io.noemata.rewriter.checks.Checked;
import io.noemata.rewriter.time.TimeConstant;
import io.noemata.rewriter.time.TimeKey;

/**
 * The union rewrite for a window with a bound that moves with the server's clock ({@code t >= now()
 * - INTERVAL 1 HOUR}): where the middle cannot be placed when the query is planned, the server
 * places it. A rollup bucket {@code B} is read from the rollup when it lies inside the covered range
 * and wholly inside the window (its first instant satisfies every lower bound, its last instant
 * {@code B + grain - resolution} every upper bound); every other row of the window comes from raw
 * rows, selected by the window and the negation of that same condition over the row's own bucket.
 * Every moving value is read as the scalar subquery {@code (SELECT value)}, which the server
 * evaluates once per query (see {@link RelativeTime}), so both halves cut at the same instant.
 *
 * @param bounds the level's time bounds, constant or moving
 * @param grainNanos the rollup's grain
 * @param resolutionNanos the time column's resolution (1 s for DateTime)
 * @param coveredFrom the first bucket the rollup holds, on a grain boundary
 * @param coveredUntil the end of what it holds, on a grain boundary; null when open
 * @param timeType the time column's type
 */
record MovingEdges(List<RawEdges.Bound> bounds, long grainNanos, long resolutionNanos, TimeConstant coveredFrom,
    TimeConstant coveredUntil, String timeType) implements UnionEdges {

  MovingEdges {
    bounds = List.copyOf(bounds);
  }

  /** The plan for {@code bounds}; fails when a bound is a {@code ?} the two halves would have to repeat. */
  static Checked<UnionEdges> plan(List<RawEdges.Bound> bounds, long grainNanos, long resolutionNanos, long coveredFrom,
      Long coveredUntil, String timeType, RollupSkip code, String why) {
    if (bounds.stream().anyMatch(b -> RawEdges.holdsParameter(b.conjunct()))) {
      return Checked.fails(code, why + "; the bounds are parameters, which the union rewrite cannot repeat");
    }
    if (bounds.stream().anyMatch(b -> b.rawCondition() != null)) {
      // the halves compare the column and the bucket with each bound's value as written
      return Checked.fails(code, why + "; a bound on toDateTime(t) or toUnixTimestamp(t) beside one that moves with"
          + " the clock is not split");
    }
    TimeConstant from = new TimeConstant(Math.floorDiv(coveredFrom + grainNanos - 1, grainNanos) * grainNanos, true);
    TimeConstant until = coveredUntil == null ? null
        : new TimeConstant(Math.floorDiv(coveredUntil, grainNanos) * grainNanos, true);
    return Checked.holds(new MovingEdges(bounds, grainNanos, resolutionNanos, from, until, timeType));
  }

  @Override
  public String from(String sql, TableExpr.Table table, String database, Rollup rollup, String bucketAsTime,
      java.util.Optional<TimeKey> key) {
    String time = Literals.identifier(rollup.timeColumn());
    List<String> window = new ArrayList<>();
    for (RawEdges.Bound b : bounds) {
      window.add(time + " " + b.op() + " " + value(sql, b));
    }
    String rowBucket = "CAST(toUnixTimestamp(" + RawEdges.rawBucket(rollup) + ") AS " + timeType + ")";
    String edges = String.join(" AND ", window) + " AND NOT (" + whole(sql, rowBucket) + ")";
    return RawEdges.union(sql, table, database, rollup, whole(sql, bucketAsTime),
        // a covered range from the epoch or before is left alone: the key saturates to 0 before 1970,
        // so such a row would not be "before" it on the key
        key.filter(k -> coveredFrom.nanos() > 0).flatMap(k -> onKey(sql, k)).map(c -> edges + " AND " + c)
            .orElse(edges));
  }

  /**
   * The raw rows' range restated on the sorting key {@code k} ({@code k(t)} in {@code (t - w, t]}),
   * so the engine skips granules: a row in the window has {@code k >= lower - w} and {@code k <=
   * upper}; a row whose bucket {@code B} is not read from the rollup has {@code B} before the
   * covered range ({@code k < coveredFrom}), after it ({@code k >= coveredUntil - w}), before a
   * lower bound ({@code t < B + grain <= lower + grain}) or past an upper one ({@code t >= B > upper
   * - grain}, so {@code k >= upper - grain - w}). A moving value is read in whole seconds ({@code
   * toDateTime(v)}, at most a second early); a constant one as the instants it may be. Empty when a
   * part of the split cannot be written (dropping one would lose rows).
   */
  private Optional<String> onKey(String sql, TimeKey k) {
    long s = TimeConstant.NANOS;
    boolean fractional = k.holdsFractions(resolutionNanos < s);
    long w = Math.floorDiv(k.widthNanos() + s - 1, s);
    long g = grainNanos / s;
    List<String> all = new ArrayList<>();
    List<Optional<String>> split = new ArrayList<>();
    split.add(second(coveredFrom.nanos(), fractional).map(t -> k.text() + " < " + t));
    if (coveredUntil != null) {
      split.add(second(coveredUntil.nanos() - w * s, fractional).map(t -> k.text() + " >= " + t));
    }
    for (RawEdges.Bound b : bounds) {
      String v = "toDateTime(" + value(sql, b) + ")";
      if (b.lower()) {
        (b.exact() != null ? second(Math.floorDiv(b.exact().earliest(), s) * s - w * s, fractional)
            : Optional.of(v + " - toIntervalSecond(" + w + ")")).ifPresent(t -> all.add(k.text() + " >= " + t));
        split.add((b.exact() != null ? second(b.exact().latest() + grainNanos + s - 1, fractional)
            : Optional.of(open(v + " + toIntervalSecond(" + (g + 1) + ")", fractional))).map(t -> k.text() + " < " + t));
      } else {
        (b.exact() != null ? second(b.exact().latest() + s - 1, fractional) : Optional.of(v + " + toIntervalSecond(1)"))
            .ifPresent(t -> all.add(k.text() + " <= " + t));
        split.add((b.exact() != null ? second(Math.floorDiv(b.exact().earliest(), s) * s - (g + w) * s, fractional)
            : Optional.of(v + " - toIntervalSecond(" + (g + w) + ")")).map(t -> k.text() + " >= " + t));
      }
    }
    if (split.stream().anyMatch(Optional::isEmpty)) {
      return Optional.empty();
    }
    all.add("(" + String.join(" OR ", split.stream().map(Optional::get).toList()) + ")");
    return Optional.of(String.join(" AND ", all));
  }

  /** The whole second at or before {@code nanos}, when a DateTime holds it (see {@link TimeConstant#bound}). */
  private static Optional<String> second(long nanos, boolean fractional) {
    return TimeConstant.bound(Math.floorDiv(nanos, TimeConstant.NANOS), fractional);
  }

  /** A moving DateTime value as a strict bound: as a DateTime64 on a fractional key, so it stays open. */
  private static String open(String dateTime, boolean fractional) {
    return fractional ? "toDateTime64(" + dateTime + ", 0)" : dateTime;
  }

  /** True for a bucket (read as the time column's type) that the rollup holds and the window holds whole. */
  private String whole(String sql, String bucket) {
    List<String> all = new ArrayList<>();
    all.add(bucket + " >= " + RawEdges.literal(coveredFrom));
    if (coveredUntil != null) {
      all.add(bucket + " < " + RawEdges.literal(coveredUntil));
    }
    String last = "(" + bucket + " + toIntervalNanosecond(" + (grainNanos - resolutionNanos) + "))";
    for (RawEdges.Bound b : bounds) {
      all.add((b.lower() ? bucket : last) + " " + b.op() + " " + value(sql, b));
    }
    return String.join(" AND ", all);
  }

  /** The bound's value as written, a moving one as a scalar subquery so each copy reads one value. */
  private static String value(String sql, RawEdges.Bound b) {
    String text = sql.substring(b.value().start(), b.value().end());
    return b.relative() == null ? text : "(SELECT " + text + ")";
  }
}
