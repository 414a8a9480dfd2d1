package io.noemata.rewriter.rules;

import static io.noemata.rewriter.rules.RollupAnswersTest.LOGS_TARGET;
import static io.noemata.rewriter.rules.RollupAnswersTest.WINDOW;
import static io.noemata.rewriter.rules.RollupAnswersTest.use;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.noemata.core.catalog.CatalogSnapshot;
import io.noemata.core.catalog.Measure;
import io.noemata.core.catalog.Rollup;
import io.noemata.rewriter.RewriteResult;
import io.noemata.rewriter.RollupCatalog;
import io.noemata.rewriter.provenance.RollupDecision;
import io.noemata.rewriter.provenance.RollupSkip;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A WHERE condition over a column the rollup does not keep, answered by the count the rollup
 * stores of it ({@link io.noemata.rewriter.checks.RowCondition}): "errors per hour by service"; and
 * an integer bound however it is written ({@code IntegerBounds}).
 */
class RowConditionTest {

  /** r_logs with ErrorCount = countIf(SeverityNumber >= 17), as the example project declares it. */
  private static final CatalogSnapshot ERRORS;

  static {
    Rollup logs = RollupCatalog.logsRollup(RollupCatalog.COVERED_FROM, null);
    List<Measure> measures = new ArrayList<>(logs.measures());
    measures.add(new Measure("ErrorCount", "countIf(SeverityNumber >= 17)", "ErrorCount",
        "SimpleAggregateFunction(sum, UInt64)"));
    ERRORS = RollupCatalog.snapshot(List.of(logs.withMeasures(measures)),
        List.of(RollupCatalog.tracesRollup(RollupCatalog.COVERED_FROM, null)));
  }

  private static String reads(String sql) {
    RewriteResult r = RollupAnswersTest.rewrite(sql, ERRORS);
    RollupDecision u = use(r, "r_logs");
    assertTrue(u.read(), () -> u.code() + ": " + u.reason());
    return r.sql();
  }

  private static void skipped(String sql, RollupSkip code) {
    RewriteResult r = RollupAnswersTest.rewrite(sql, ERRORS);
    assertFalse(r.changed(), r.sql());
    assertEquals(code, use(r, "r_logs").code(), use(r, "r_logs").reason());
  }

  @Test
  void theGroupsOfTheConditionAreThoseWhereItsStoredCountIsNotZero() {
    assertEquals("SELECT ServiceName, sum(`ErrorCount`) AS errors FROM " + LOGS_TARGET + " WHERE `bucket` >="
        + " toDateTime(1718006400) AND `bucket` < toDateTime(1718028000) AND 1 GROUP BY ServiceName HAVING"
        + " sum(`ErrorCount`) > 0 ORDER BY errors DESC", reads("SELECT ServiceName, count() AS errors FROM otel.otel_logs"
        + WINDOW + " AND SeverityNumber >= 17 GROUP BY ServiceName ORDER BY errors DESC"));
    // the level's own HAVING, of any precedence, is kept whole beside it
    assertEquals("SELECT ServiceName, sum(`ErrorCount`) AS n FROM " + LOGS_TARGET + " WHERE (1) AND `bucket` >="
        + " toDateTime(1718006400) AND `bucket` < toDateTime(1718028000) GROUP BY ServiceName HAVING (sum(`ErrorCount`) > 5"
        + " OR ServiceName = 'checkout') AND sum(`ErrorCount`) > 0", reads("SELECT ServiceName, COUNT(*) AS n FROM"
        + " otel.otel_logs WHERE (SeverityNumber >= 17) AND Timestamp >= toDateTime(1718006400) AND Timestamp <"
        + " toDateTime(1718028000) GROUP BY ServiceName HAVING count() > 5 OR ServiceName = 'checkout'"));
  }

  @Test
  void withoutGroupByTheLevelHasItsOneRowEitherWay() {
    assertEquals("SELECT sum(`ErrorCount`) AS `count()` FROM " + LOGS_TARGET + " WHERE `bucket` >= toDateTime(1718006400)"
        + " AND `bucket` < toDateTime(1718028000) AND 1",
        reads("SELECT count() FROM otel.otel_logs" + WINDOW + " AND SeverityNumber >= 17"));
  }

  @Test
  void theRawEdgesCountTheConditionInsteadOfFilteringByIt() {
    String sql = reads("SELECT toStartOfHour(Timestamp) AS h, count() AS errors FROM otel.otel_logs WHERE Timestamp >="
        + " toDateTime(1718006430) AND Timestamp < toDateTime(1718028000) AND SeverityNumber >= 17 GROUP BY h");
    assertTrue(sql.contains("countIf(SeverityNumber >= 17) AS `ErrorCount` FROM otel.otel_logs WHERE `Timestamp` >="
        + " toDateTime(1718006430) AND `Timestamp` < toDateTime(1718028000) AND (`Timestamp` <"), sql);
    assertTrue(sql.endsWith("AS `otel_logs` WHERE 1 AND 1 AND 1 GROUP BY h HAVING sum(`ErrorCount`) > 0"), sql);
  }

  @Test
  void overADerivedTableThatOnlyProjectsTheOuterConditionIsRead() {
    // Superset's virtual table
    assertTrue(reads("SELECT ServiceName, COUNT(*) AS count FROM (SELECT * FROM otel.otel_logs) AS virtual_table"
        + WINDOW + " AND SeverityNumber >= 17 GROUP BY ServiceName").contains("HAVING sum(`ErrorCount`) > 0"));
    // a column the derived table does not project: the server refuses the statement as written
    skipped("SELECT ServiceName, count() AS c FROM (SELECT ServiceName, Timestamp FROM otel.otel_logs) AS v" + WINDOW
        + " AND SeverityNumber >= 17 GROUP BY ServiceName", RollupSkip.NOT_UNDERSTOOD);
  }

  @Test
  void onAnIntegerColumnGreaterThan16IsAtLeast17() {
    // SeverityNumber is UInt8: > 16, 16 <, >= 17.0 and 17 <= are the stored >= 17 (IntegerBounds)
    for (String condition : List.of("SeverityNumber > 16", "16 < SeverityNumber", "17 <= SeverityNumber")) {
      assertTrue(reads("SELECT ServiceName, countIf(" + condition + ") AS e FROM otel.otel_logs" + WINDOW
          + " GROUP BY ServiceName").contains("sum(`ErrorCount`) AS e"), condition);
      assertTrue(reads("SELECT ServiceName, count() AS e FROM otel.otel_logs" + WINDOW + " AND " + condition
          + " GROUP BY ServiceName").contains("HAVING sum(`ErrorCount`) > 0"), condition);
    }
    // not an integer bound: 16.5 lies between
    skipped("SELECT ServiceName, countIf(SeverityNumber > 16.5) AS e FROM otel.otel_logs" + WINDOW + " GROUP BY ServiceName",
        RollupSkip.COLUMN_NOT_DIMENSION);
    skipped("SELECT ServiceName, countIf(SeverityNumber > 17) AS e FROM otel.otel_logs" + WINDOW + " GROUP BY ServiceName",
        RollupSkip.COLUMN_NOT_DIMENSION);
  }

  @Test
  void whatTheStoredCountCannotAnswerIsNotRead() {
    // no stored count of this condition: the column is read as before
    skipped("SELECT ServiceName, count() FROM otel.otel_logs" + WINDOW + " AND SeverityNumber >= 9 GROUP BY ServiceName",
        RollupSkip.COLUMN_NOT_DIMENSION);
    // two conditions over columns the rollup does not keep
    skipped("SELECT ServiceName, count() FROM otel.otel_logs" + WINDOW + " AND SeverityNumber >= 17 AND Body LIKE '%x%'"
        + " GROUP BY ServiceName", RollupSkip.COLUMN_NOT_DIMENSION);
    // an aggregate other than a row count of the filtered rows
    skipped("SELECT ServiceName, uniq(TraceId) FROM otel.otel_logs" + WINDOW + " AND SeverityNumber >= 17"
        + " GROUP BY ServiceName", RollupSkip.MEASURE_NOT_STORED);
    skipped("SELECT ServiceName, count() FILTER (WHERE SeverityText = 'ERROR') FROM otel.otel_logs" + WINDOW
        + " AND SeverityNumber >= 17 GROUP BY ServiceName", RollupSkip.MEASURE_NOT_STORED);
    // totals are computed before HAVING
    skipped("SELECT ServiceName, count() FROM otel.otel_logs" + WINDOW + " AND SeverityNumber >= 17"
        + " GROUP BY ServiceName WITH TOTALS", RollupSkip.NOT_UNDERSTOOD);
    skipped("SELECT ServiceName, count() FROM otel.otel_logs" + WINDOW + " AND SeverityNumber >= 17"
        + " GROUP BY ROLLUP(ServiceName)", RollupSkip.NOT_UNDERSTOOD);
  }
}
