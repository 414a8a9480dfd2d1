package io.noemata.rewriter.rules;

import static io.noemata.rewriter.rules.RollupAnswersTest.BUCKET;
import static io.noemata.rewriter.rules.RollupAnswersTest.LOGS_TARGET;
import static io.noemata.rewriter.rules.RollupAnswersTest.TRACES_TARGET;
import static io.noemata.rewriter.rules.RollupAnswersTest.reads;
import static io.noemata.rewriter.rules.RollupAnswersTest.skipped;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.noemata.rewriter.provenance.RollupSkip;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Derived tables that rename plain columns ({@code SELECT ServiceName AS C1, Timestamp AS T FROM ...}),
 * as Power BI, Tableau, Trino's pushdown and SQL builders wrap a scan: the outer level is decided with
 * each new name read as its column, the text keeps the new names, and the derived table over the
 * rollup returns {@code *} beside the renamed dimensions.
 */
class RenamedColumnsTest {

  private static final String WINDOW = " WHERE Timestamp >= '2024-06-10 08:00:00' AND Timestamp < '2024-06-10 14:00:00'";
  private static final String RENAMED = "(SELECT ServiceName AS C1, SeverityText AS C2, Timestamp AS T FROM otel.otel_logs"
      + WINDOW + ") t";
  private static final String OUTER_WINDOW = " WHERE T >= '2024-06-10 08:00:00' AND T < '2024-06-10 14:00:00'";

  @Test
  void anOuterLevelThatGroupsByNewNamesReadsTheRollup() {
    assertEquals("SELECT C1, sum(`LogCount`) AS c FROM (SELECT *, `ServiceName` AS `C1`, `SeverityText` AS `C2`"
        + " FROM " + LOGS_TARGET + " WHERE " + BUCKET + " >= '2024-06-10 08:00:00' AND " + BUCKET + " < '2024-06-10"
        + " 14:00:00') t GROUP BY C1", reads("SELECT C1, count() AS c FROM " + RENAMED + " GROUP BY C1"));
  }

  @Test
  void theRenamedTimeColumnIsReadAsTheBucket() {
    String out = reads("SELECT toStartOfHour(T), C1, count() AS c FROM (SELECT ServiceName AS C1, Timestamp AS T FROM"
        + " otel.otel_logs) t" + OUTER_WINDOW + " AND C1 = 'checkout' GROUP BY toStartOfHour(T), C1 ORDER BY C1");
    // the time column is no dimension: every read of T is the bucket, so the derived table keeps no T;
    // the unaliased item keeps its name as written
    assertEquals("SELECT toStartOfHour(" + BUCKET + ") AS `toStartOfHour(T)`, C1, sum(`LogCount`) AS c FROM"
        + " (SELECT *, `ServiceName` AS `C1` FROM " + LOGS_TARGET + ") t WHERE " + BUCKET + " >= '2024-06-10 08:00:00'"
        + " AND " + BUCKET + " < '2024-06-10 14:00:00' AND C1 = 'checkout' GROUP BY toStartOfHour(" + BUCKET + "), C1"
        + " ORDER BY C1", out);
  }

  @Test
  void powerBiQualifiedRenames() {
    String out = reads("select `rows`.`C1` as `C1`, `rows`.`C2`, count(1) as `a0` from (select `_`.`Timestamp` as `T`,"
        + " `_`.`ServiceName` as `C1`, `_`.`SeverityText` as `C2` from `otel`.`otel_logs` `_` where `_`.`Timestamp` >="
        + " toDateTime('2024-06-10 08:00:00') and `_`.`Timestamp` < toDateTime('2024-06-10 14:00:00')) `rows`"
        + " where `rows`.`C2` = 'ERROR' group by `C1`, `rows`.`C2`");
    // a qualified name is read as the column, and an unaliased item keeps its name as an alias
    assertEquals("select `ServiceName` as `C1`, `SeverityText` AS `C2`, sum(`LogCount`) as `a0` from (select *,"
        + " `ServiceName` AS `C1`, `SeverityText` AS `C2` from " + LOGS_TARGET + " AS `_` where " + BUCKET + " >="
        + " toDateTime('2024-06-10 08:00:00') and " + BUCKET + " < toDateTime('2024-06-10 14:00:00')) `rows`"
        + " where `SeverityText` = 'ERROR' group by `C1`, `SeverityText`", out);
  }

  @Test
  void aRenamedMeasureArgumentIsReadFromItsState() {
    String out = reads("SELECT S, sum(D) AS d, count() AS n FROM (SELECT ServiceName AS S, Duration AS D, Timestamp FROM"
        + " otel.otel_traces) t" + WINDOW + " GROUP BY S");
    // D is no dimension: only the aggregates read it, from their states
    assertEquals("SELECT S, sum(`AvgDuration__sum`) AS d, sum(`SpanCount`) AS n FROM (SELECT *, `ServiceName` AS `S`"
        + " FROM " + TRACES_TARGET + ") t WHERE " + BUCKET + " >= '2024-06-10 08:00:00' AND " + BUCKET
        + " < '2024-06-10 14:00:00' GROUP BY S", out);
  }

  @Test
  void distinctNewNamesReadTheRollupsDimensions() {
    assertEquals("SELECT DISTINCT C2, C1 FROM (SELECT *, `ServiceName` AS `C1`, `SeverityText` AS `C2` FROM " + LOGS_TARGET
        + " WHERE " + BUCKET + " >= '2024-06-10 08:00:00' AND " + BUCKET + " < '2024-06-10 14:00:00') t ORDER BY C1",
        reads("SELECT DISTINCT C2, C1 FROM " + RENAMED + " ORDER BY C1"));
  }

  @Test
  void aWindowOffTheGrainReadsTheRawEdgesUnderTheNewNames() {
    String out = reads("SELECT C1, count() AS c FROM (SELECT ServiceName AS C1, Timestamp AS T FROM otel.otel_logs) t"
        + " WHERE T >= toDateTime(1717912830) AND T < toDateTime(1717956000) GROUP BY C1");
    // the union replaces the inner table, its raw rows bounded on the column itself (no T there)
    assertTrue(out.startsWith("SELECT C1, sum(`LogCount`) AS c FROM (SELECT *, `ServiceName` AS `C1` FROM (SELECT"), out);
    assertTrue(out.contains(" UNION ALL ") && out.contains("WHERE `Timestamp` >= toDateTime(1717912830) AND `Timestamp`"
        + " < toDateTime(1717956000) AND "), out);
    assertTrue(out.endsWith(") t WHERE 1 AND 1 GROUP BY C1"), out);
  }

  @Test
  void theDerivedTablesFilterMayNameItsNewNames() {
    // ClickHouse's WHERE reads the level's aliases: T is the time column, C1 the dimension under its new name
    assertEquals("SELECT C1, sum(`LogCount`) AS c FROM (SELECT *, `ServiceName` AS `C1` FROM " + LOGS_TARGET + " WHERE "
        + BUCKET + " >= '2024-06-10 08:00:00' AND " + BUCKET + " < '2024-06-10 14:00:00' AND C1 = 'checkout') t"
        + " GROUP BY C1", reads("SELECT C1, count() AS c FROM (SELECT ServiceName AS C1, Timestamp AS T FROM"
        + " otel.otel_logs WHERE T >= '2024-06-10 08:00:00' AND T < '2024-06-10 14:00:00' AND C1 = 'checkout') t"
        + " GROUP BY C1"));
  }

  @Test
  void anAliasMayTakeANewNameTheLevelReadsNowhere() {
    // no reference could mean either the alias or the column: the result column is the alias's
    assertEquals("SELECT C1, sum(`LogCount`) AS C2 FROM (SELECT *, `ServiceName` AS `C1`, `SeverityText` AS `C2` FROM "
        + LOGS_TARGET + " WHERE " + BUCKET + " >= '2024-06-10 08:00:00' AND " + BUCKET + " < '2024-06-10 14:00:00') t"
        + " GROUP BY C1", reads("SELECT C1, count(1) AS C2 FROM " + RENAMED + " GROUP BY C1"));
  }

  @Test
  void namesThatWouldMeanTwoThingsAreRefused() {
    // a new name that is another column of the table: over the rollup's * both would be visible
    skipped("SELECT SeverityText, count() AS c FROM (SELECT ServiceName AS SeverityText, Timestamp FROM otel.otel_logs) t"
        + WINDOW + " GROUP BY SeverityText", RollupSkip.NAME_BOUND);
    skipped("SELECT ServiceName, count() AS c FROM (SELECT ServiceName AS SeverityText, SeverityText AS ServiceName,"
        + " Timestamp FROM otel.otel_logs) t" + WINDOW + " GROUP BY ServiceName", RollupSkip.NAME_BOUND);
    // a new name that is a column of the rollup
    skipped("SELECT bucket, count() AS c FROM (SELECT ServiceName AS bucket, Timestamp FROM otel.otel_logs) t" + WINDOW
        + " GROUP BY bucket", RollupSkip.NAME_BOUND);
    // the outer level binds a new name, or a renamed column's own name
    skipped("SELECT C1, count() AS C2 FROM " + RENAMED + " GROUP BY C1 ORDER BY C2", RollupSkip.NAME_BOUND);
    skipped("SELECT t.C1, count() AS C2 FROM " + RENAMED + " WHERE t.C2 = 'ERROR' GROUP BY t.C1", RollupSkip.NAME_BOUND);
    skipped("SELECT C1 AS ServiceName, count() AS c FROM " + RENAMED + " GROUP BY ServiceName", RollupSkip.NAME_BOUND);
    skipped("WITH 'checkout' AS ServiceName SELECT C1, count() AS c FROM " + RENAMED + " GROUP BY C1",
        RollupSkip.NAME_BOUND);
  }

  @ParameterizedTest
  @ValueSource(strings = {
      // a renamed column by its own name: the statement fails as written
      "SELECT ServiceName, count() AS c FROM " + RENAMED + " GROUP BY ServiceName",
      "SELECT C1, count() AS c FROM " + RENAMED + " WHERE t.ServiceName = 'checkout' GROUP BY C1",
      // * would return the rollup's columns
      "SELECT DISTINCT * FROM (SELECT ServiceName AS C1, SeverityText AS C2 FROM otel.otel_logs" + WINDOW + ") t",
      // the inner filter by a new name qualified by the table: no column of it
      "SELECT C1, count() AS c FROM (SELECT ServiceName AS C1, Timestamp FROM otel.otel_logs AS l" + WINDOW
          + " AND l.C1 = 'checkout') t GROUP BY C1",
  })
  void namesTheDerivedTableDoesNotReturnAreRefused(String sql) {
    skipped(sql, RollupSkip.NOT_UNDERSTOOD);
  }

  /** The same column twice, or a computed one: no derived table the rule inlines (its level returns source rows). */
  @ParameterizedTest
  @ValueSource(strings = {
      "SELECT A, count() AS c FROM (SELECT ServiceName AS A, ServiceName AS B, Timestamp FROM otel.otel_logs) t",
      "SELECT s, count() AS c FROM (SELECT lower(ServiceName) AS s, Timestamp FROM otel.otel_logs) t",
  })
  void projectionsThatAreNotRenamesReadRaw(String level) {
    String name = level.substring("SELECT ".length(), level.indexOf(','));
    skipped(level + WINDOW + " GROUP BY " + name, RollupSkip.NOT_AGGREGATING);
  }
}
