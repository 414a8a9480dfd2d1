package io.noemata.rewriter.union;

import io.noemata.core.sql.Expr;
import java.time.Duration;
import java.time.ZoneId;
import io.noemata.rewriter.time.RelativeTime;
import io.noemata.rewriter.time.TimeConstant;

/**
 * The seed's "the window starts and ends on rollup bucket boundaries", for one raw time bound
 * {@code t op value}: on the rollup it reads {@code bucket op value}, which selects the same rows
 * exactly when the half-open bound it amounts to ({@code t >= A} or {@code t < B}) lies on a
 * bucket boundary. A bound that does not is {@link RawEdges.Bound#aligned() not aligned}, and the
 * level is answered by the union rewrite or not at all.
 */
public final class BucketBoundaries {

  private BucketBoundaries() {}

  /**
   * {@code t op v} for a time constant {@code v} on a column of {@code timeType} that holds
   * instants {@code resolutionNanos} apart. {@code t > A} is {@code t >= A + resolution} and {@code
   * t <= B} is {@code t < B + resolution}: the column holds no instant between. A wall clock is
   * aligned in every zone only on grains dividing 15 minutes (zones are offset by whole quarter hours).
   */
  public static RawEdges.Bound constant(Expr conjunct, String written, String op, Expr value, TimeConstant v,
      long resolutionNanos, Duration grain, String timeType) {
    boolean isLower = op.startsWith(">");
    long at = op.equals(">") || op.equals("<=") ? v.nanos() + resolutionNanos : v.nanos();
    TimeConstant exact = new TimeConstant(at, v.zoneKnown());
    boolean aligned = Math.floorMod(at, grain.toNanos()) == 0 && (v.zoneKnown() || 900 % grain.toSeconds() == 0);
    String why = op.equals("<=") || op.equals(">") ? " is inclusive on a " + timeType
        + " column: rows stamped at the bound itself" : " bound is not on a rollup bucket boundary: part of a bucket";
    return new RawEdges.Bound(conjunct, isLower, exact, aligned, written + why + " would be read whole", op, value, null);
  }

  /**
   * {@code t op value} where the value moves with the server's clock: aligned when every value it
   * can take is a bucket boundary (in {@code serverZone}, null when unknown) and the bound is half-open.
   */
  public static RawEdges.Bound moving(Expr conjunct, String written, String op, Expr value, RelativeTime r, Duration grain,
      ZoneId serverZone, String timeType) {
    boolean isLower = op.startsWith(">");
    boolean halfOpen = op.equals(">=") || op.equals("<");
    // a Date (today(), toStartOfMonth(now())) is compared as midnight in the column's zone, which
    // may not be the server's (measured on 26.5)
    ZoneId zone = RelativeTime.dateValued(value) ? TimeConstant.columnZone(timeType, serverZone) : serverZone;
    boolean aligned = halfOpen && r.alignedTo(grain.toSeconds(), zone);
    String why = written + (halfOpen ? " moves with the server's clock, off rollup bucket boundaries"
        : " is inclusive on a " + timeType + " column") + ": part of a bucket would be read whole";
    return new RawEdges.Bound(conjunct, isLower, null, aligned, why, op, value, r);
  }
}
