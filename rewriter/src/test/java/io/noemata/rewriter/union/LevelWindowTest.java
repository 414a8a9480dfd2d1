package io.noemata.rewriter.union;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import io.noemata.core.sql.Expr;
import io.noemata.rewriter.rules.Levels;
import io.noemata.rewriter.time.RelativeTime;
import io.noemata.rewriter.time.TimeConstant;
import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.Test;

/** The window a level's bounds make: its latest start and earliest end, for the covered-range check. */
class LevelWindowTest {

  private static final long SECOND = TimeConstant.NANOS;

  private static TimeConstant at(String instant) {
    return new TimeConstant(Instant.parse(instant).getEpochSecond() * SECOND, true);
  }

  private static RawEdges.Bound raw(String op, String instant) {
    Expr.Binary conjunct = (Expr.Binary) Levels.expr("Timestamp " + op + " toDateTime(0)");
    return BucketBoundaries.constant(conjunct, "", op, conjunct.right(), at(instant), 1, Duration.ofMinutes(1),
        "DateTime64(9)");
  }

  @Test
  void theLatestStartAndTheEarliestEndBoundTheWindow() {
    LevelWindow w = new LevelWindow();
    w.raw(raw(">=", "2024-06-10T08:00:00Z"), null);
    w.raw(raw(">=", "2024-06-10T07:00:00Z"), null);
    w.raw(raw("<", "2024-06-10T10:00:00Z"), null);
    w.raw(raw("<", "2024-06-10T09:00:00Z"), null);
    assertEquals(at("2024-06-10T08:00:00Z"), w.lower());
    assertEquals(at("2024-06-10T09:00:00Z"), w.upper());
    assertEquals(4, w.bounds().size());
  }

  @Test
  void aBoundOnABucketBoundsTheTimeColumnByTheBucketsWidth() {
    LevelWindow w = new LevelWindow();
    w.bucket(">=", at("2024-06-10T08:00:00Z"), 3600); // toStartOfHour(t) >= 08:00 implies t >= 08:00
    w.bucket("<=", at("2024-06-10T09:00:00Z"), 3600); // toStartOfHour(t) <= 09:00 implies t < 10:00
    assertEquals(at("2024-06-10T08:00:00Z"), w.lower());
    assertEquals(at("2024-06-10T10:00:00Z"), w.upper());
    assertEquals(0, w.bounds().size(), "no raw bound: nothing to read from raw rows");
  }

  @Test
  void aMovingStartIsKnownNoEarlierThanTheCatalogsClockAllows() {
    Expr.Binary moving = (Expr.Binary) Levels.expr("Timestamp >= now() - INTERVAL 1 HOUR");
    RawEdges.Bound b = BucketBoundaries.moving(moving, "", ">=", moving.right(),
        RelativeTime.of(moving.right()).orElseThrow(), Duration.ofMinutes(1), null, "DateTime64(9)");
    LevelWindow unknown = new LevelWindow();
    unknown.raw(b, null);
    assertNull(unknown.lower());
    LevelWindow known = new LevelWindow();
    known.raw(b, Instant.parse("2024-06-10T09:00:00Z"));
    assertEquals(at("2024-06-10T08:00:00Z"), known.lower());
    assertNull(known.upper());
  }
}
