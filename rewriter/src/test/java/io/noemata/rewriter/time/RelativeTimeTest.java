package io.noemata.rewriter.time;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.noemata.core.sql.SqlParser;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class RelativeTimeTest {

  static final Instant CLOCK = Instant.parse("2024-06-10T12:00:30Z");

  static Optional<RelativeTime> of(String expression) {
    return RelativeTime.of(SqlParser.parseExpression(expression).node());
  }

  static RelativeTime known(String expression) {
    return of(expression).orElseThrow(() -> new AssertionError(expression + " not read"));
  }

  @Test
  void theSpellingsDashboardsSendAreRead() {
    for (String e : new String[] {"now()", "now('UTC')", "now64(3)", "CURRENT_TIMESTAMP()", "today()", "yesterday()",
        "now() - INTERVAL 1 HOUR", "now() + INTERVAL -30 minute", "(now() - INTERVAL 7 DAY) + INTERVAL 1 SECOND",
        "toStartOfInterval(now(), INTERVAL 15 minute)", "toStartOfDay(now()) - INTERVAL 1 MONTH",
        "now64(3) - toIntervalHour(1)", "subtractMinutes(now(), 30)", "toStartOfMinute(now()) - INTERVAL '2 hours'",
        "date_sub(HOUR, 1, now())", "toStartOfInterval(now(), toIntervalMinute(5))", "today() - 7", "yesterday() + 1"}) {
      assertTrue(of(e).isPresent(), e);
    }
    for (String e : new String[] {"today() - x", "now() - x", "now() - 1.5", "now(ServiceName)", "now() - INTERVAL x HOUR", "toStartOfInterval(now(),"
        + " INTERVAL 7 minute)", "toStartOfMinute(now(), 'UTC')", "now() - INTERVAL 500 millisecond", "Timestamp"}) {
      assertFalse(of(e).isPresent(), e);
    }
  }

  @Test
  void theMySqlStyleTwoArgumentShiftsAreTheSubtractionTheServerReadsThemAs() {
    // measured on 26.5: DATE_SUB(t, INTERVAL 6 HOUR) and timestamp_sub, DATESUB, subDate are minus(t, toIntervalHour(6))
    for (String e : new String[] {"date_sub(now(), INTERVAL 6 HOUR)", "DATE_SUB(now(), INTERVAL 6 HOUR)",
        "timestamp_sub(now(), INTERVAL 6 HOUR)", "DATESUB(now(), INTERVAL 6 HOUR)", "subDate(now(), INTERVAL 6 HOUR)",
        "date_add(now(), INTERVAL -6 HOUR)", "ADDDATE(now(), toIntervalHour(-6))"}) {
      assertEquals(known("now() - INTERVAL 6 HOUR"), known(e), e);
    }
    assertFalse(of("date_sub(now(), 6)").isPresent(), "no interval: not a shift the rule reads");
    assertFalse(of("date_sub(INTERVAL 6 HOUR, now())").isPresent(), "an interval minus a time is no time");
  }

  @Test
  void aNumberAddedToADateIsDaysToADateTimeSeconds() {
    // measured on 26.5: today() - INTERVAL 1 DAY is still a Date, toStartOfDay(today()) a DateTime
    assertEquals(known("now() - INTERVAL 3600 SECOND"), known("now() - 3600"));
    assertEquals(known("now64(3) + INTERVAL 60 SECOND"), known("now64(3) + 60"));
    assertEquals(known("toStartOfDay(now()) - INTERVAL 1 SECOND"), known("toStartOfDay(now()) - 1"));
    assertEquals(known("toStartOfDay(today()) - INTERVAL 60 SECOND"), known("toStartOfDay(today()) - 60"));
    assertEquals(known("(today() - INTERVAL 1 DAY) - INTERVAL 1 DAY"), known("today() - INTERVAL 1 DAY - 1"));
    assertEquals(known("today() - INTERVAL 1 HOUR - INTERVAL 1 SECOND"), known("today() - INTERVAL 1 HOUR - 1"));
    assertEquals(known("today() - 7"), known("toDateTime(today() - 7)"));
    // the calendar floors of a week or longer are Dates too
    assertEquals(known("toStartOfMonth(now()) - INTERVAL 1 DAY"), known("toStartOfMonth(now()) - 1"));
    assertEquals(known("date_trunc('week', now()) - INTERVAL 2 DAY"), known("date_trunc('week', now()) - 2"));
    assertEquals(known("date_trunc('day', now()) - INTERVAL 2 SECOND"), known("date_trunc('day', now()) - 2"));
  }

  @Test
  void theStartsOfThisWeekMonthQuarterAndYearAreMidnightsAtMostThatPeriodBack() {
    for (String e : new String[] {"toStartOfWeek(now())", "toStartOfWeek(now(), 1)", "toMonday(today())",
        "toStartOfMonth(now())", "toStartOfQuarter(now())", "toStartOfYear(now())", "date_trunc('month', now())",
        "toStartOfInterval(now(), INTERVAL 1 MONTH)", "toStartOfInterval(now(), INTERVAL 6 HOUR)"}) {
      RelativeTime r = known(e);
      assertTrue(r.alignedTo(3600, ZoneOffset.UTC), e);
      assertTrue(r.earliest(CLOCK) <= CLOCK.getEpochSecond() * TimeConstant.NANOS, e);
    }
    long clock = CLOCK.getEpochSecond() * TimeConstant.NANOS;
    assertTrue(known("toStartOfYear(now())").earliest(CLOCK) <= clock - 366L * 86400 * TimeConstant.NANOS);
    assertTrue(known("toStartOfMonth(now())").earliest(CLOCK) <= clock - 31L * 86400 * TimeConstant.NANOS);
    for (String e : new String[] {"toStartOfWeek(now(), x)", "toStartOfMonth(now(), 'UTC')",
        "toStartOfInterval(now(), INTERVAL 7 HOUR)", "toStartOfInterval(now(), INTERVAL 2 MONTH)",
        "date_trunc('second', now())", "date_trunc(x, now())"}) {
      assertFalse(of(e).isPresent(), e);
    }
  }

  @Test
  void onlyFlooredValuesSitOnRollupBucketBoundaries() {
    assertFalse(known("now()").alignedTo(60, ZoneOffset.UTC));
    assertFalse(known("now64(3)").alignedTo(60, ZoneOffset.UTC));
    assertTrue(known("toStartOfMinute(now() - INTERVAL 90 SECOND)").alignedTo(60, null));
    // a shift by part of the floor's width keeps only what divides both
    RelativeTime fiveLessOne = known("toStartOfFiveMinutes(now()) - INTERVAL 1 MINUTE");
    assertTrue(fiveLessOne.alignedTo(60, null));
    assertFalse(fiveLessOne.alignedTo(300, null));
    assertFalse(known("toStartOfMinute(now()) - INTERVAL 30 SECOND").alignedTo(60, null));
    // wall-clock hours and days are whole hourly buckets only where the zone's offset is whole hours
    RelativeTime lastWeek = known("today() - INTERVAL 7 DAY");
    assertTrue(lastWeek.alignedTo(60, null));
    assertFalse(lastWeek.alignedTo(3600, null));
    assertTrue(lastWeek.alignedTo(3600, ZoneOffset.UTC));
    assertFalse(lastWeek.alignedTo(3600, ZoneId.of("Asia/Kolkata")));
    assertEquals(lastWeek, known("today() - 7"));
  }

  @Test
  void theEarliestValueBoundsTheWindowsStartFromBelow() {
    long clock = CLOCK.getEpochSecond() * TimeConstant.NANOS;
    assertEquals(clock - 3600 * TimeConstant.NANOS, known("now() - INTERVAL 1 HOUR").earliest(CLOCK));
    assertEquals(clock + 60 * TimeConstant.NANOS, known("now() + INTERVAL 1 MINUTE").earliest(CLOCK));
    // a floor may fall its whole width back, a wall-clock one a DST hour more; a month back may be 31 days
    assertTrue(known("toStartOfMinute(now() - INTERVAL 1 HOUR)").earliest(CLOCK) <= clock - 3630 * TimeConstant.NANOS);
    assertTrue(known("now() - INTERVAL 1 MONTH").earliest(CLOCK) <= clock - 31 * 86400 * TimeConstant.NANOS);
    assertTrue(known("yesterday()").earliest(CLOCK) <= Instant.parse("2024-06-09T00:00:00Z").getEpochSecond()
        * TimeConstant.NANOS - 14 * 3600 * TimeConstant.NANOS);
  }
}
