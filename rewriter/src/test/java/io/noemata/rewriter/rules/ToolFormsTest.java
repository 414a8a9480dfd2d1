package io.noemata.rewriter.rules;

import static io.noemata.rewriter.rules.RollupAnswersTest.BUCKET;
import static io.noemata.rewriter.rules.RollupAnswersTest.LOGS_TARGET;
import static io.noemata.rewriter.rules.RollupAnswersTest.reads;
import static io.noemata.rewriter.rules.RollupAnswersTest.skipped;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.noemata.rewriter.provenance.RollupSkip;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Forms query engines, SQL builders and semantic layers send (issue 26), which the local path reads
 * without asking the server: typed literals, EXTRACT, ISO bounds with an offset, {@code IS NOT NULL}
 * on columns that are never NULL, fully qualified select items, derived tables that only project (renaming or not).
 */
class ToolFormsTest {

  private static final String HALF_OPEN = " WHERE Timestamp >= '2024-06-10 08:00:00' AND Timestamp < '2024-06-10 14:00:00'";

  @ParameterizedTest
  @ValueSource(strings = {
      // jOOQ, Spark: typed literals
      "SELECT ServiceName, count(*) AS c FROM otel.otel_logs WHERE Timestamp >= timestamp '2024-06-10 08:00:00'"
          + " AND Timestamp < TIMESTAMP '2024-06-10 14:00:00' GROUP BY ServiceName",
      "SELECT toDate(Timestamp) AS d, count(*) AS c FROM otel.otel_logs WHERE toDate(Timestamp) >= DATE '2024-06-10'"
          + " AND toDate(Timestamp) < date '2024-06-11' GROUP BY d",
      // EXTRACT, aliased and not (the unaliased one is named toHour(Timestamp), as ClickHouse names it)
      "SELECT EXTRACT(HOUR FROM Timestamp) AS h, count(*) AS c FROM otel.otel_logs" + HALF_OPEN + " GROUP BY h",
      "SELECT EXTRACT(HOUR FROM Timestamp), count(*) FROM otel.otel_logs" + HALF_OPEN + " GROUP BY EXTRACT(HOUR FROM Timestamp)",
      // Cube, Metabase: ISO instants with an offset
      "SELECT ServiceName, count(*) FROM otel.otel_logs WHERE Timestamp >= parseDateTimeBestEffort('2024-06-10T08:00:00.000Z')"
          + " AND Timestamp < parseDateTimeBestEffort('2024-06-10T16:00:00+02:00') GROUP BY ServiceName",
      "SELECT ServiceName, count(*) FROM otel.otel_logs WHERE Timestamp >= parseDateTime64BestEffort('2024-06-10T08:00:00.000Z', 3)"
          + " AND Timestamp < parseDateTime64BestEffort('2024-06-10T14:00:00Z', 3) GROUP BY ServiceName",
      // Cube: an inclusive end a millisecond before the day, which parseDateTimeBestEffort reads as 23:59:59
      "SELECT `otel_logs`.ServiceName `otel_logs__service_name`, toStartOfDay(toTimeZone(toDateTime(`otel_logs`.Timestamp),"
          + " 'UTC'), 'UTC') `otel_logs__timestamp_day`, count(*) `otel_logs__count` FROM otel.otel_logs AS `otel_logs` WHERE"
          + " (`otel_logs`.Timestamp >= parseDateTimeBestEffort('2024-06-03T00:00:00.000') AND `otel_logs`.Timestamp <="
          + " parseDateTimeBestEffort('2024-06-09T23:59:59.999')) GROUP BY 1, 2 ORDER BY 3 DESC LIMIT 10000",
      // a time type spelled in another case (the server reads datetime, TIMESTAMP as DateTime)
      "SELECT ServiceName, count() FROM otel.otel_logs WHERE CAST(Timestamp AS datetime) >= '2024-06-10 08:00:00'"
          + " AND Timestamp < CAST('2024-06-10 14:00:00' AS timestamp) GROUP BY ServiceName",
      // the day as a cast to Date or DATE(), toDate's alias (Tableau, Power BI, analysts)
      "SELECT CAST(Timestamp AS Date) AS d, ServiceName, count() AS c FROM otel.otel_logs" + HALF_OPEN + " GROUP BY d, ServiceName",
      "SELECT DATE(Timestamp), count() FROM otel.otel_logs WHERE Timestamp::date = '2024-06-10' GROUP BY 1",
      // Spark, Trino: IS NOT NULL on every filtered column
      "SELECT \"ServiceName\",COUNT(*) FROM otel.otel_logs  WHERE (\"Timestamp\" IS NOT NULL) AND (\"ServiceName\" IS NOT NULL)"
          + " AND (\"Timestamp\" >= '2024-06-10 08:00:00.0') AND (\"Timestamp\" < '2024-06-10 14:00:00.0') GROUP BY \"ServiceName\"",
      "SELECT ServiceName, count(*) FROM otel.otel_logs WHERE isNotNull(Timestamp) AND NOT isNull(Timestamp)"
          + " AND Timestamp >= '2024-06-10 08:00:00' AND Timestamp < '2024-06-10 14:00:00' GROUP BY ServiceName",
      // jOOQ, Hibernate: qualified select items
      "select \"otel\".\"otel_logs\".\"ServiceName\", count(*) from \"otel\".\"otel_logs\" where"
          + " \"otel\".\"otel_logs\".\"Timestamp\" >= timestamp '2024-06-10 08:00:00' and \"otel\".\"otel_logs\".\"Timestamp\""
          + " < timestamp '2024-06-10 14:00:00' group by \"otel\".\"otel_logs\".\"ServiceName\"",
      "select l1_0.ServiceName,count(*) from otel.otel_logs l1_0 where l1_0.Timestamp>='2024-06-10 08:00:00'"
          + " and l1_0.Timestamp<'2024-06-10 14:00:00' group by l1_0.ServiceName",
      // Trino, Spark: a derived table that only projects
      "SELECT \"ServiceName\", COUNT(*) AS \"_pfgnrtd_0\" FROM (SELECT \"ServiceName\", \"Timestamp\" FROM \"otel\".\"otel_logs\") \"o\""
          + " WHERE ((\"Timestamp\" >= timestamp '2024-06-10 08:00:00') AND (\"Timestamp\" < timestamp '2024-06-10 14:00:00'))"
          + " GROUP BY \"ServiceName\"",
      // Power BI: a derived table whose projected columns are qualified by the table's alias
      "select `rows`.`ServiceName` as `ServiceName`, count(1) as `a0` from (select `_`.`Timestamp`, `_`.`ServiceName`"
          + " from `otel`.`otel_logs` `_` where `_`.`Timestamp` >= toDateTime('2024-06-10 08:00:00') and `_`.`Timestamp`"
          + " < toDateTime('2024-06-10 14:00:00')) `rows` group by `ServiceName`",
      // Tableau, SQL builders: a derived table that renames what it projects
      "SELECT svc, count(*) AS c FROM (SELECT ServiceName AS svc, Timestamp FROM otel.otel_logs) t" + HALF_OPEN
          + " GROUP BY svc",
      // SQLAlchemy: qualified by the table's name, or its database and name, without an alias
      "SELECT ServiceName, count(*) AS count_1 FROM (SELECT otel_logs.ServiceName, otel.otel_logs.Timestamp FROM"
          + " otel.otel_logs) AS anon_1" + HALF_OPEN + " GROUP BY ServiceName",
      // Rill: parseDateTime64BestEffort without a precision (3), the time cast to DateTime64 before its zone
      "SELECT \"ServiceName\" AS \"ServiceName\", count(*) AS \"total_records\" FROM \"otel\".\"otel_logs\" WHERE 1=1 AND"
          + " (\"Timestamp\" >= parseDateTime64BestEffort('2024-06-10T00:00:00Z') AND \"Timestamp\""
          + " < parseDateTime64BestEffort('2024-06-11T00:00:00Z')) GROUP BY 1 ORDER BY \"total_records\" DESC NULLS LAST LIMIT 250",
      "SELECT toStartOfInterval(toTimeZone(\"Timestamp\"::DateTime64, 'UTC'), INTERVAL 1 HOUR) AS \"ts\", count(*) AS \"n\""
          + " FROM \"otel\".\"otel_logs\"" + HALF_OPEN + " GROUP BY 1 ORDER BY 1 NULLS LAST",
      // Hibernate's and Spring Data's ANSI paging: OFFSET n ROWS FETCH FIRST m ROWS ONLY, and WITH TIES
      "select l1_0.ServiceName,count(*) as c from otel.otel_logs l1_0 where l1_0.Timestamp>='2024-06-10 08:00:00'"
          + " and l1_0.Timestamp<'2024-06-10 14:00:00' group by l1_0.ServiceName order by c desc offset 0 rows fetch first 10 rows only",
      "SELECT ServiceName, count(*) AS c FROM otel.otel_logs" + HALF_OPEN + " GROUP BY ServiceName ORDER BY c DESC"
          + " FETCH FIRST 2 ROWS WITH TIES",
      // the cast in its other spellings
      "SELECT toStartOfHour(CAST(Timestamp AS DateTime)) AS h, count() AS c FROM otel.otel_logs" + HALF_OPEN + " GROUP BY h",
      "SELECT toStartOfHour(CAST(Timestamp, 'DateTime64(3, \\'UTC\\')')) AS h, count() AS c FROM otel.otel_logs" + HALF_OPEN
          + " GROUP BY h",
      "SELECT toStartOfMinute(Timestamp::DateTime('Asia/Kolkata')) AS m, count() AS c FROM otel.otel_logs" + HALF_OPEN
          + " GROUP BY m",
  })
  void isReadFromTheRollup(String sql) {
    assertTrue(reads(sql).contains("noemata_rollup"));
  }

  @Test
  void aFractionParseDateTimeBestEffortCutsBoundsTheWindowAtItsSecond() {
    // the server reads '08:00:00.500Z' as 08:00:00 (a DateTime), so the window starts on the hour
    String out = reads("SELECT ServiceName, count(*) FROM otel.otel_logs WHERE Timestamp >= parseDateTimeBestEffort("
        + "'2024-06-10T08:00:00.500Z') AND Timestamp < toDateTime(1718028000) GROUP BY ServiceName");
    assertTrue(out.contains("`bucket` >= toDateTime(1718006400)"), out);
  }

  @Test
  void aDerivedTableOfTheTablesQualifiedStarReturnsTheRollupsStar() {
    // otel_logs.* would name no table once the rollup is read in its place
    assertEquals("SELECT ServiceName, sum(`LogCount`) AS c FROM (SELECT * FROM " + LOGS_TARGET + ") x WHERE " + BUCKET
        + " >= '2024-06-10 08:00:00' AND " + BUCKET + " < '2024-06-10 14:00:00' GROUP BY ServiceName",
        reads("SELECT ServiceName, count(*) AS c FROM (SELECT otel_logs.* FROM otel.otel_logs) x" + HALF_OPEN
            + " GROUP BY ServiceName"));
    // qualified by the table's alias, which the rollup's read keeps
    assertTrue(reads("SELECT ServiceName, count(*) AS c FROM (SELECT l.* FROM otel.otel_logs AS l) x" + HALF_OPEN
        + " GROUP BY ServiceName").contains("(SELECT * FROM " + LOGS_TARGET + " AS `l`) x"));
  }

  @Test
  void nearMissesAreNot() {
    // a star qualified by no table of the derived table's: the statement fails as written
    skipped("SELECT ServiceName, count(*) AS c FROM (SELECT z.* FROM otel.otel_logs) t" + HALF_OPEN
        + " GROUP BY ServiceName", RollupSkip.COLUMN_NOT_DIMENSION);
    // a projected name the table lacks: the statement fails as written, so it must not be answered
    skipped("SELECT ServiceName, count(*) AS c FROM (SELECT ServiceName, Timestamp, Nope FROM otel.otel_logs) t"
        + HALF_OPEN + " GROUP BY ServiceName", RollupSkip.NOT_UNDERSTOOD);
    // a column the derived table does not project
    skipped("SELECT ServiceName, count(*) AS c FROM (SELECT ServiceName FROM otel.otel_logs) t" + HALF_OPEN
        + " GROUP BY ServiceName", RollupSkip.NOT_UNDERSTOOD);
    // a qualifier that is not the inner table's alias: the statement fails as written
    skipped("SELECT ServiceName, count(*) AS c FROM (SELECT x.ServiceName, Timestamp FROM otel.otel_logs AS l) t" + HALF_OPEN
        + " GROUP BY ServiceName", RollupSkip.NOT_UNDERSTOOD);
    // the time cast to a type that is no time, or cast to DateTime and grouped by its second
    skipped("SELECT toStartOfHour(toDateTime(CAST(Timestamp AS String))) AS h, count() AS c FROM otel.otel_logs" + HALF_OPEN
        + " GROUP BY h", RollupSkip.GRAIN_DOES_NOT_DIVIDE_BUCKET);
    skipped("SELECT CAST(Timestamp AS DateTime) AS s, count() AS c FROM otel.otel_logs" + HALF_OPEN + " GROUP BY s",
        RollupSkip.GRAIN_DOES_NOT_DIVIDE_BUCKET);
    skipped("SELECT toStartOfHour(Timestamp::DateTime64(3, 'Nowhere/Zone')) AS h, count() AS c FROM otel.otel_logs"
        + HALF_OPEN + " GROUP BY h", RollupSkip.NOT_UNDERSTOOD);
    // parseDateTime64BestEffort keeps milliseconds: a finer digit is cut, not the instant written
    skipped("SELECT count() AS c FROM otel.otel_logs WHERE Timestamp >= parseDateTime64BestEffort('2024-06-10T08:00:00.0005Z')"
        + " AND Timestamp < toDateTime(1718028000)", RollupSkip.WINDOW_NOT_ON_BOUNDARIES);
    // a rename to another column's name: over the rollup's * the name would mean both
    skipped("SELECT SeverityText, count(*) AS c FROM (SELECT ServiceName AS SeverityText, Timestamp FROM otel.otel_logs) t"
        + HALF_OPEN + " GROUP BY SeverityText", RollupSkip.NAME_BOUND);
  }
}
