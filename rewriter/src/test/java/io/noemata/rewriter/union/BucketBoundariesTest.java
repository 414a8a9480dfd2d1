package io.noemata.rewriter.union;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.noemata.core.sql.Expr;
import io.noemata.rewriter.rules.Levels;
import io.noemata.rewriter.time.RelativeTime;
import io.noemata.rewriter.time.TimeConstant;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import org.junit.jupiter.api.Test;

/** The seed: a rollup answers when "the window starts and ends on rollup bucket boundaries". */
class BucketBoundariesTest {

  private static final Duration MINUTE = Duration.ofMinutes(1);
  private static final long SECOND = TimeConstant.NANOS;

  private static long at(String instant) {
    return Instant.parse(instant).getEpochSecond() * SECOND;
  }

  /** {@code Timestamp op <instant>} on a column of {@code type}, the instant known (not a wall clock). */
  private static RawEdges.Bound bound(String op, String instant, long resolution, Duration grain, String type) {
    Expr.Binary conjunct = (Expr.Binary) Levels.expr("Timestamp " + op + " toDateTime(0)");
    return BucketBoundaries.constant(conjunct, "Timestamp " + op + " ...", op, conjunct.right(),
        new TimeConstant(at(instant), true), resolution, grain, type);
  }

  @Test
  void aHalfOpenWindowOnBucketBoundariesReadsWholeBuckets() {
    RawEdges.Bound start = bound(">=", "2024-06-10T08:00:00Z", 1, MINUTE, "DateTime64(9)");
    RawEdges.Bound end = bound("<", "2024-06-10T09:00:00Z", 1, MINUTE, "DateTime64(9)");
    assertTrue(start.aligned() && start.lower());
    assertTrue(end.aligned() && !end.lower());
    assertEquals(at("2024-06-10T09:00:00Z"), end.exact().nanos());
  }

  @Test
  void aBoundInsideABucketWouldReadPartOfItWhole() {
    RawEdges.Bound b = bound(">=", "2024-06-10T08:00:30Z", 1, MINUTE, "DateTime64(9)");
    assertFalse(b.aligned());
    assertTrue(b.why().contains("not on a rollup bucket boundary"), b.why());
  }

  @Test
  void anInclusiveBoundIsTheNextInstantTheColumnHolds() {
    // t <= 09:00:00 is t < 09:00:00 + 1 ns on DateTime64(9): rows stamped at 09:00:00 itself, inside a bucket
    RawEdges.Bound nanos = bound("<=", "2024-06-10T09:00:00Z", 1, MINUTE, "DateTime64(9)");
    assertFalse(nanos.aligned());
    assertEquals(at("2024-06-10T09:00:00Z") + 1, nanos.exact().nanos());
    assertTrue(nanos.why().contains("inclusive"), nanos.why());
    // t > 07:59:59 is t >= 08:00:00 on a DateTime column, which holds whole seconds: a boundary
    RawEdges.Bound seconds = bound(">", "2024-06-10T07:59:59Z", SECOND, MINUTE, "DateTime");
    assertTrue(seconds.aligned());
    assertEquals(at("2024-06-10T08:00:00Z"), seconds.exact().nanos());
  }

  @Test
  void aWallClockIsABoundaryInEveryZoneOnlyForGrainsDividingFifteenMinutes() {
    Expr.Binary conjunct = (Expr.Binary) Levels.expr("Timestamp >= '2024-06-10 08:00:00'");
    TimeConstant wall = new TimeConstant(at("2024-06-10T08:00:00Z"), false);
    assertTrue(BucketBoundaries.constant(conjunct, "", ">=", conjunct.right(), wall, 1, MINUTE, "DateTime64(9)")
        .aligned());
    assertFalse(BucketBoundaries.constant(conjunct, "", ">=", conjunct.right(), wall, 1, Duration.ofHours(1),
        "DateTime64(9)").aligned(), "a zone offset by 30 minutes moves a wall-clock hour off the UTC hours");
  }

  @Test
  void aDateIsMidnightInTheColumnsZoneNotTheServers() {
    Duration hour = Duration.ofHours(1);
    ZoneId utc = ZoneId.of("UTC");
    for (String value : new String[] {"today()", "toStartOfMonth(now())", "toMonday(today()) - 7"}) {
      Expr.Binary b = (Expr.Binary) Levels.expr("Timestamp >= " + value);
      RelativeTime r = RelativeTime.of(b.right()).orElseThrow();
      assertTrue(BucketBoundaries.moving(b, "", ">=", b.right(), r, hour, utc, "DateTime64(9)").aligned(), value);
      // Kolkata's midnight is 18:30 UTC: inside an hourly bucket
      assertFalse(BucketBoundaries.moving(b, "", ">=", b.right(), r, hour, utc, "DateTime64(9, 'Asia/Kolkata')")
          .aligned(), value);
    }
    // a DateTime floor is cut in the server's zone, whatever the column's
    Expr.Binary b = (Expr.Binary) Levels.expr("Timestamp >= toStartOfDay(now())");
    assertTrue(BucketBoundaries.moving(b, "", ">=", b.right(), RelativeTime.of(b.right()).orElseThrow(), hour, utc,
        "DateTime64(9, 'Asia/Kolkata')").aligned());
  }

  @Test
  void aBoundMovingWithTheServersClockIsABoundaryOnlyWhenFlooredToBuckets() {
    Expr.Binary moving = (Expr.Binary) Levels.expr("Timestamp >= now() - INTERVAL 1 HOUR");
    Expr.Binary floored = (Expr.Binary) Levels.expr("Timestamp >= toStartOfMinute(now() - INTERVAL 1 HOUR)");
    Expr.Binary inclusive = (Expr.Binary) Levels.expr("Timestamp <= toStartOfMinute(now())");
    ZoneId utc = ZoneId.of("UTC");
    assertFalse(BucketBoundaries.moving(moving, "", ">=", moving.right(), RelativeTime.of(moving.right()).orElseThrow(),
        MINUTE, utc, "DateTime64(9)").aligned());
    RawEdges.Bound b = BucketBoundaries.moving(floored, "", ">=", floored.right(),
        RelativeTime.of(floored.right()).orElseThrow(), MINUTE, utc, "DateTime64(9)");
    assertTrue(b.aligned());
    assertEquals(null, b.exact(), "its instant is known only when the query runs");
    assertFalse(BucketBoundaries.moving(inclusive, "", "<=", inclusive.right(),
        RelativeTime.of(inclusive.right()).orElseThrow(), MINUTE, utc, "DateTime64(9)").aligned());
  }
}
