package io.noemata.rewriter.time;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.noemata.core.sql.SqlParser;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * Time constants are read as the server reads them; a value out of its type's range is saturated
 * by the server (toDateTime(5000000000) is 2106-02-07 06:28:15), so it is no constant the rule may
 * decide from.
 */
class TimeConstantTest {

  private static Optional<TimeConstant> of(String expr) {
    return TimeConstant.of(SqlParser.parseExpression(expr).node(), ZoneOffset.UTC, ZoneOffset.UTC);
  }

  @Test
  void readsConstantsInTheirTypesRange() {
    long june = Instant.parse("2024-06-01T00:00:00Z").getEpochSecond() * TimeConstant.NANOS;
    assertEquals(june, of("toDateTime(" + june / TimeConstant.NANOS + ")").orElseThrow().nanos());
    assertEquals(june, of("toDateTime('2024-06-01 00:00:00', 'UTC')").orElseThrow().nanos());
    assertEquals(june, of("fromUnixTimestamp64Milli(" + june / 1_000_000 + ")").orElseThrow().nanos());
    assertEquals(june, of("toDateTime64('2024-06-01 00:00:00', 3, 'UTC')").orElseThrow().nanos());
    // an integer is seconds since the epoch in any zone and precision (ClickHouse 26.5)
    assertEquals(june, of("toDateTime64(" + june / TimeConstant.NANOS + ", 3)").orElseThrow().nanos());
    assertEquals(june, of("toDateTime64(" + june / TimeConstant.NANOS + ", 9, 'Asia/Tokyo')").orElseThrow().nanos());
  }

  @Test
  void theStartOfTheBucketAConstantLiesInIsAConstantInItsZone() {
    // measured on ClickHouse 26.5 (toUnixTimestamp of each)
    assertEquals(1717957800L, seconds("toStartOfDay(toDateTime('2024-06-10 03:00:00', 'Asia/Kolkata'))"));
    assertEquals(1718004600L, seconds("toStartOfHour(toDateTime(1718006500, 'Asia/Kolkata'))"));
    assertEquals(1718003700L, seconds("toStartOfHour(toDateTime(1718006500), 'Asia/Kathmandu')"));
    assertEquals(1718006400L, seconds("toStartOfFifteenMinutes(toDateTime(1718006500, 'Asia/Kathmandu'))"));
    assertEquals(1718006400L, seconds("toStartOfInterval(toDateTime64('2024-06-10 13:46:40.123', 3, 'Asia/Kathmandu'), INTERVAL 5 minute)"));
    assertEquals(1717992000L, seconds("toStartOfDay(toDateTime64('2024-06-10 03:00:00.5', 3, 'America/New_York'))"));
    assertEquals(1718006460L, seconds("toStartOfInterval(fromUnixTimestamp64Milli(1718006500000), INTERVAL 1 minute)"));
    // the server's zone (UTC here) floors what names none
    assertEquals(1717977600L, seconds("toStartOfDay(toDateTime('2024-06-10 13:00:00'))"));
  }

  @Test
  void aFloorWhoseStartDependsOnAZoneNotKnownOrOnAnOriginIsNotRead() {
    var e = SqlParser.parseExpression("toStartOfHour(toDateTime(1718006500))").node();
    assertTrue(TimeConstant.of(e, null, null).isEmpty(), "the server's zone unknown: an hour starts where it says");
    // a width dividing 15 minutes starts at the same instant in every zone
    assertEquals(1718006400L, TimeConstant.of(SqlParser.parseExpression("toStartOfFiveMinutes(toDateTime(1718006500))")
        .node(), null, null).orElseThrow().nanos() / TimeConstant.NANOS);
    assertTrue(of("toStartOfInterval(toDateTime(1718006500), INTERVAL 2 hour)").isEmpty());
    assertTrue(of("toStartOfInterval(toDateTime(1718006500), INTERVAL 10 minute)").isEmpty(), "+5:45 moves 10-minute starts");
    assertTrue(of("toStartOfHour(Timestamp)").isEmpty());
  }

  private static long seconds(String expr) {
    return of(expr).orElseThrow(() -> new AssertionError(expr + " not read")).nanos() / TimeConstant.NANOS;
  }

  @Test
  void aDateTimeDropsTheFractionWritten() {
    long last = Instant.parse("2024-06-09T23:59:59Z").getEpochSecond() * TimeConstant.NANOS;
    // Cube's inclusive end of a range: the server parses it to 23:59:59, a DateTime (measured on 26.5)
    assertEquals(last, of("parseDateTimeBestEffort('2024-06-09T23:59:59.999')").orElseThrow().nanos());
    assertEquals(last, of("parseDateTimeBestEffort('2024-06-09T23:59:59.999Z')").orElseThrow().nanos());
    assertEquals(last, of("toDateTime('2024-06-09 23:59:59.5')").orElseThrow().nanos());
    assertEquals(last, of("toDateTime('2024-06-09 23:59:59.0')").orElseThrow().nanos());
  }

  @Test
  void timeTypesAreReadInAnyCaseAndTimestampIsDateTime() {
    long at = Instant.parse("2024-06-09T10:00:00Z").getEpochSecond() * TimeConstant.NANOS;
    for (String cast : new String[] {"CAST('2024-06-09 10:00:00' AS datetime)", "'2024-06-09 10:00:00'::DATETIME",
        "CAST('2024-06-09 10:00:00', 'datetime')", "CAST('2024-06-09 10:00:00' AS TIMESTAMP)",
        "CAST('2024-06-09 10:00:00.000' AS datetime64(3, 'UTC'))", "CAST('2024-06-09 10:00:00' AS TIMESTAMP(3))",
        "CAST('2024-06-09' AS date) + INTERVAL 10 HOUR"}) {
      assertEquals(at, of(cast).orElseThrow(() -> new AssertionError(cast + " not read")).nanos(), cast);
    }
    // a DateTime keeps no fraction: the cast of one to a whole second is no constant (the server drops it)
    assertTrue(of("CAST('2024-06-09 10:00:00.5' AS timestamp)").isEmpty());
    assertEquals("DateTime64(3, 'UTC')", io.noemata.rewriter.syntax.TypeSpelling.canonical(" timestamp(3, 'UTC') "));
    assertEquals("Nullable(DateTime)", io.noemata.rewriter.syntax.TypeSpelling.canonical("Nullable(DateTime)"));
  }

  @Test
  void parseDateTime64BestEffortWithoutAPrecisionKeepsMilliseconds() {
    long june = Instant.parse("2024-06-01T00:00:00Z").getEpochSecond() * TimeConstant.NANOS;
    // Rill, analysts: the precision left out is the server's default, 3
    assertEquals(june, of("parseDateTime64BestEffort('2024-06-01T00:00:00Z')").orElseThrow().nanos());
    assertEquals(june, of("parseDateTime64BestEffort('2024-06-01 00:00:00')").orElseThrow().nanos());
    assertEquals(june + 5_000_000, of("parseDateTime64BestEffort('2024-06-01T00:00:00.005Z')").orElseThrow().nanos());
    // a digit finer than milliseconds is cut by the server: not the instant written
    assertTrue(of("parseDateTime64BestEffort('2024-06-01T00:00:00.0005Z')").isEmpty());
    // toDateTime64 has no default precision: the server refuses it
    assertTrue(of("toDateTime64('2024-06-01 00:00:00')").isEmpty());
  }

  @Test
  void aDateIsMidnightInTheZoneTheColumnIsComparedIn() {
    long june = Instant.parse("2024-06-01T00:00:00Z").getEpochSecond() * TimeConstant.NANOS;
    assertEquals(june, of("DATE '2024-06-01'").orElseThrow().nanos());
    assertEquals(june, of("toDate32('2024-06-01')").orElseThrow().nanos());
    // a column in Tokyo reads the Date as Tokyo's midnight (measured on 26.5), whatever the server's zone
    java.time.ZoneId tokyo = java.time.ZoneId.of("Asia/Tokyo");
    assertEquals(june - 9 * 3_600 * TimeConstant.NANOS, TimeConstant.of(SqlParser.parseExpression(
        "toDate('2024-06-01')").node(), ZoneOffset.UTC, tokyo).orElseThrow().nanos());
    // CAST in its three spellings
    assertEquals(june, of("CAST('2024-06-01' AS Date)").orElseThrow().nanos());
    assertEquals(june, of("CAST('2024-06-01 00:00:00' AS DateTime)").orElseThrow().nanos());
    assertEquals(june, of("'2024-06-01 00:00:00.000'::DateTime64(3)").orElseThrow().nanos());
    assertEquals(june - 9 * 3_600 * TimeConstant.NANOS, of("CAST('2024-06-01 00:00:00' AS DateTime('Asia/Tokyo'))")
        .orElseThrow().nanos());
    assertTrue(of("CAST('2024-06-01 00:00:00.5' AS DateTime)").isEmpty());
    assertTrue(of("CAST('2024-06-01 00:00:00' AS String)").isEmpty());
    // a time of day is cut off by toDate; days outside Date's range saturate
    for (String e : new String[] {"toDate('2024-06-01 12:00:00')", "toDate('1969-12-31')", "toDate('2150-01-01')",
        "toDate(1717912800)", "toDate('2024-06-01', 'UTC')"}) {
      assertTrue(of(e).isEmpty(), e);
    }
  }

  @Test
  void integerArithmeticCountsSecondsOrDaysAndQuotientsAreTruncated() {
    long june = Instant.parse("2024-06-01T00:00:00Z").getEpochSecond();
    // measured on 26.5: a DateTime or DateTime64 plus an integer is seconds later, a Date days later
    assertEquals((june - 1) * TimeConstant.NANOS, of("toDateTime(" + june + ") - 1").orElseThrow().nanos());
    assertEquals((june + 1) * TimeConstant.NANOS, of("toDateTime64('2024-06-01 00:00:00', 3) + 1").orElseThrow().nanos());
    assertEquals((june - 86400) * TimeConstant.NANOS, of("toDate('2024-06-01') - 1").orElseThrow().nanos());
    // ... and wraps outside its type's range; a string minus a number is no time
    for (String e : new String[] {"toDateTime(0) - 1", "toDate('1970-01-01') - 1", "toDate('2149-06-06') + 1",
        "'2024-06-01 00:00:00' - 1", "toDateTime(" + june + ") - 1.5"}) {
      assertTrue(of(e).isEmpty(), e);
    }
    // Grafana's $__from / 1000: the Float64 is truncated by toDateTime, whole or not
    assertEquals(june * TimeConstant.NANOS, of("toDateTime(" + june + "999 / 1000)").orElseThrow().nanos());
    assertEquals(june * TimeConstant.NANOS, of("toDateTime(" + june + "000/1000)").orElseThrow().nanos());
    // toDateTime64 keeps the Float64's binary fraction (34.566999808 at precision 9): only a whole quotient
    assertEquals(june * TimeConstant.NANOS, of("toDateTime64(" + june + "000 / 1000, 3)").orElseThrow().nanos());
    assertTrue(of("toDateTime64(" + june + "567 / 1000, 3)").isEmpty());
    // beyond 2^53 the dividend is no exact Float64
    assertTrue(of("toDateTime(" + june + "000000000 / 1000000000)").isEmpty());
  }

  @Test
  void refusesWhatTheServerWouldSaturate() {
    for (String e : new String[] {"toDateTime(99999999999999)", "toDateTime(4294967340)", "toDateTime(-60)",
        "toDateTime('2200-01-01 00:00:00', 'UTC')", "fromUnixTimestamp(5000000000)",
        "fromUnixTimestamp64Milli(99999999999999)", "toDateTime64('2400-01-01 00:00:00', 3, 'UTC')",
        "toDateTime64(1717912800000, 3)", "toDateTime64(1717912800, 10)",
        "'1800-01-01 00:00:00'"}) {
      assertTrue(of(e).isEmpty(), e);
    }
  }

  @Test
  void aDayIsAFixedNumberOfSecondsOnlyInTheServersZoneWithoutDaylightSaving() {
    long june = Instant.parse("2024-06-01T00:00:00Z").getEpochSecond() * TimeConstant.NANOS;
    long day = 86_400 * TimeConstant.NANOS;
    assertEquals(june + 2 * day, of("toDateTime('2024-06-01 00:00:00') + INTERVAL 2 DAY").orElseThrow().nanos());
    assertEquals(june - 7 * day, of("toDateTime('2024-06-01 00:00:00') - INTERVAL 1 WEEK").orElseThrow().nanos());
    assertEquals(june + day, of("addDays(toDateTime64('2024-06-01 00:00:00', 3), 1)").orElseThrow().nanos());
    assertEquals(june + day + 3_600 * TimeConstant.NANOS,
        of("toDateTime('2024-06-01 00:00:00') + INTERVAL 1 DAY + INTERVAL 1 HOUR").orElseThrow().nanos());
    // a zone of the constant's own, or a server whose zone keeps summer time: the day's length is the calendar's
    for (String e : new String[] {"toDateTime('2024-06-01 00:00:00', 'UTC') + INTERVAL 1 DAY",
        "toDateTime64('2024-06-01 00:00:00', 3, 'Europe/Berlin') + INTERVAL 1 DAY",
        "CAST('2024-06-01 00:00:00', 'DateTime(\\'UTC\\')') + INTERVAL 1 DAY",
        "toDateTime('2024-06-01 00:00:00') + INTERVAL 1 MONTH"}) {
      assertTrue(of(e).isEmpty(), e);
    }
    assertTrue(TimeConstant.of(SqlParser.parseExpression("toDateTime('2024-03-30 00:00:00') + INTERVAL 1 DAY").node(),
        java.time.ZoneId.of("Europe/Berlin"), null).isEmpty());
    assertEquals(june + day, TimeConstant.of(SqlParser.parseExpression("toDateTime('2024-06-01 04:00:00') + INTERVAL 1 DAY")
        .node(), java.time.ZoneOffset.ofHours(4), null).orElseThrow().nanos());
  }
}
