package io.noemata.rewriter.union;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import io.noemata.rewriter.time.TimeConstant;

/**
 * The window a level's time bounds make, as read so far: its raw bounds, and the latest start and
 * earliest end they (and bounds on buckets) imply, which {@link WindowCovered} checks against the
 * range the rollup covers.
 */
public final class LevelWindow {

  private final List<RawEdges.Bound> bounds = new ArrayList<>();
  private TimeConstant lower;
  private TimeConstant upper;

  /**
   * A raw bound {@code t op value}. A bound that moves with the server's clock starts the window no
   * earlier than the catalog's reading of that clock ({@code serverClock}, null when unknown) allows;
   * it gives the window no known end.
   */
  public void raw(RawEdges.Bound b, Instant serverClock) {
    bounds.add(b);
    TimeConstant at = b.exact() != null ? b.exact() : b.lower() && serverClock != null
        ? new TimeConstant(b.relative().earliest(serverClock), true) : null;
    if (at != null && b.lower()) {
      start(at);
    } else if (at != null) {
      end(at);
    }
  }

  /**
   * {@code bucket(t) op v}, the bucket a floor of {@code t} to at most {@code floorSeconds}: {@code
   * bucket(t) >= C} implies {@code t >= C}, {@code bucket(t) <= D} implies {@code t < D + width}.
   */
  public void bucket(String op, TimeConstant v, long floorSeconds) {
    if (op.startsWith(">")) {
      start(v);
    } else {
      end(new TimeConstant(v.nanos() + floorSeconds * TimeConstant.NANOS, v.zoneKnown()));
    }
  }

  private void start(TimeConstant at) {
    lower = lower == null || at.earliest() > lower.earliest() ? at : lower;
  }

  private void end(TimeConstant at) {
    upper = upper == null || at.latest() < upper.latest() ? at : upper;
  }

  public List<RawEdges.Bound> bounds() {
    return List.copyOf(bounds);
  }

  /** The window's latest known start; null when it has none. */
  public TimeConstant lower() {
    return lower;
  }

  /** The window's earliest known end; null when open or moving. */
  public TimeConstant upper() {
    return upper;
  }
}
