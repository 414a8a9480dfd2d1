package io.noemata.rewriter.time;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/** A leading sorting key that floors the time column, and the range on it a range on the column implies. */
class TimeKeyTest {

  static final long S = TimeConstant.NANOS;

  @Test
  void readsTheColumnAndItsFloors() {
    assertEquals(0, TimeKey.of("Timestamp", "Timestamp").orElseThrow().widthNanos());
    assertEquals(300 * S, TimeKey.of("toStartOfFiveMinutes(Timestamp)", "Timestamp").orElseThrow().widthNanos());
    assertEquals(3600 * S, TimeKey.of("toStartOfHour(Timestamp, 'Asia/Kolkata')", "Timestamp").orElseThrow().widthNanos());
    assertEquals(900 * S, TimeKey.of("toStartOfInterval(Timestamp, toIntervalMinute(15))", "Timestamp").orElseThrow()
        .widthNanos());
    assertEquals(S, TimeKey.of("toDateTime(Timestamp)", "Timestamp").orElseThrow().widthNanos());
  }

  @Test
  void refusesWhatIsNoFloorOfTheColumn() {
    for (String key : List.of("", "ServiceName", "toStartOfFiveMinutes(TimestampTime)", "toDate(Timestamp)",
        "toStartOfMonth(Timestamp)", "cityHash64(Timestamp)", "toStartOfInterval(Timestamp, INTERVAL 1 month)",
        "toStartOfHour(Timestamp, 'No/Zone')", "-Timestamp")) {
      assertTrue(TimeKey.of(key, "Timestamp").isEmpty(), key);
    }
  }

  @Test
  void impliesARangeOnTheKeyThatEveryEdgeRowMeets() {
    TimeKey k = TimeKey.of("toStartOfFiveMinutes(Timestamp)", "Timestamp").orElseThrow();
    long low = 1_000_000_030L * S + 5; // a ragged start, with a fraction
    long high = 1_000_090_000L * S;
    String implied = k.implied(low, high, 1_000_000_200L * S, 1_000_089_600L * S, true);
    assertEquals("toStartOfFiveMinutes(Timestamp) >= toDateTime(999999730)"
        + " AND toStartOfFiveMinutes(Timestamp) <= toDateTime(1000090000)"
        + " AND (toStartOfFiveMinutes(Timestamp) < toDateTime(1000000200)"
        + " OR toStartOfFiveMinutes(Timestamp) >= toDateTime(1000089300))", implied);
    // every row of the edges meets it: key(t) = t floored to 5 minutes, for t in the edges
    for (long t : new long[] {low, 1_000_000_199L * S, 1_000_089_600L * S, high - 1}) {
      long key = Math.floorDiv(t, 300 * S) * 300;
      assertTrue(key >= 999_999_730L && key <= 1_000_090_000L && (key < 1_000_000_200L || key >= 1_000_089_300L), "" + t);
    }
  }

  @Test
  void writesNoBoundADateTimeCannotHold() {
    TimeKey k = TimeKey.of("Timestamp", "Timestamp").orElseThrow();
    assertEquals("Timestamp < toDateTime(600)", k.implied(null, 5_000_000_000L * S, 600 * S, null, false));
    assertEquals("", k.implied(-100 * S, null, 5_000_000_000L * S, null, false));
  }

  @Test
  void boundsOnAKeyThatIsAFractionalColumnItselfStayOpenForTheEngine() {
    // the engine reads t < toDateTime(n) as t <= n - 1 when it skips parts; on a DateTime64 column
    // that loses the rows of the last second, so such a key gets DateTime64 bounds
    TimeKey k = TimeKey.of("Timestamp", "Timestamp").orElseThrow();
    assertEquals("Timestamp < toDateTime64(600, 0, 'UTC')", k.implied(null, 5_000_000_000L * S, 600 * S, null, true));
    TimeKey floor = TimeKey.of("toStartOfMinute(Timestamp)", "Timestamp").orElseThrow();
    assertEquals("toStartOfMinute(Timestamp) < toDateTime(600)", floor.implied(null, null, 600 * S, null, true),
        "a floor holds whole seconds: its bounds stay DateTime");
  }
}
