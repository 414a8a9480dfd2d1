package io.noemata.rewriter.rules;

import static io.noemata.rewriter.rules.RollupAnswersTest.BUCKET;
import static io.noemata.rewriter.rules.RollupAnswersTest.LOGS_TARGET;
import static io.noemata.rewriter.rules.RollupAnswersTest.reads;
import static io.noemata.rewriter.rules.RollupAnswersTest.skipped;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.noemata.rewriter.provenance.RollupSkip;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A CTE that only filters or projects the table, read once by the level that defines it (Looker's
 * derived tables, dbt's ephemeral models): decided as the same derived table in FROM, its body
 * rewritten for its one reader.
 */
class InlinedCteTest {

  private static final String WINDOW = " WHERE Timestamp >= '2024-06-10 08:00:00' AND Timestamp < '2024-06-10 14:00:00'";
  private static final String FILTERED = "WITH v AS (SELECT * FROM otel.otel_logs" + WINDOW + ") ";

  @Test
  void aFilteringCteReadOnceReadsTheRollup() {
    assertEquals("WITH v AS (SELECT * FROM " + LOGS_TARGET + " WHERE " + BUCKET + " >= '2024-06-10 08:00:00' AND "
        + BUCKET + " < '2024-06-10 14:00:00') SELECT ServiceName, sum(`LogCount`) AS c FROM v GROUP BY ServiceName",
        reads(FILTERED + "SELECT ServiceName, count(*) AS c FROM v GROUP BY ServiceName"));
  }

  @Test
  void lookersRenamingDerivedTableQualifiedByTheCtesName() {
    String out = reads("WITH logs_dt AS (SELECT ServiceName AS service, Timestamp AS ts FROM otel.otel_logs) SELECT"
        + " logs_dt.service AS \"logs_dt.service\", COUNT(*) AS \"logs_dt.count\" FROM logs_dt WHERE logs_dt.ts >="
        + " toDateTime('2024-06-10 08:00:00') AND logs_dt.ts < toDateTime('2024-06-10 14:00:00') GROUP BY 1");
    assertEquals("WITH logs_dt AS (SELECT *, `ServiceName` AS `service` FROM " + LOGS_TARGET + ") SELECT `ServiceName`"
        + " AS \"logs_dt.service\", sum(`LogCount`) AS \"logs_dt.count\" FROM logs_dt WHERE " + BUCKET + " >="
        + " toDateTime('2024-06-10 08:00:00') AND " + BUCKET + " < toDateTime('2024-06-10 14:00:00') GROUP BY 1", out);
  }

  @Test
  void aDerivedTableReadingItsOwnCteIsTheChainOfBoth() {
    // Superset keeps a virtual dataset's CTE inside the dataset's derived table
    assertEquals("SELECT ServiceName, sum(`LogCount`) AS c FROM (WITH errs AS (SELECT * FROM " + LOGS_TARGET + " WHERE"
        + " SeverityText = 'ERROR') SELECT * FROM errs) AS virtual_table WHERE " + BUCKET + " >= '2024-06-10 08:00:00'"
        + " AND " + BUCKET + " < '2024-06-10 14:00:00' GROUP BY ServiceName",
        reads("SELECT ServiceName, count(*) AS c FROM (WITH errs AS (SELECT * FROM otel.otel_logs WHERE SeverityText ="
            + " 'ERROR') SELECT * FROM errs) AS virtual_table" + WINDOW + " GROUP BY ServiceName"));
  }

  @ParameterizedTest
  @ValueSource(strings = {
      // two readers: the body rewritten for one would change the other's rows
      FILTERED + "SELECT ServiceName, count(*) AS c FROM v WHERE ServiceName IN (SELECT ServiceName FROM v)"
          + " GROUP BY ServiceName",
      // two readers inside the derived table
      "SELECT ServiceName, count(*) AS c FROM (WITH v AS (SELECT * FROM otel.otel_logs) SELECT * FROM v WHERE"
          + " ServiceName IN (SELECT ServiceName FROM v)) AS virtual_table" + WINDOW + " GROUP BY ServiceName",
      // a LIMIT in the body: which rows it keeps is the server's choice
      "WITH v AS (SELECT * FROM otel.otel_logs" + WINDOW + " LIMIT 10) SELECT ServiceName, count(*) AS c FROM v"
          + " GROUP BY ServiceName",
      // defined by an outer level: decided on its own
      FILTERED + "SELECT * FROM (SELECT ServiceName, count(*) AS c FROM v GROUP BY ServiceName)",
  })
  void aCteNotReadAsOneDerivedTableIsReadAsWritten(String sql) {
    skipped(sql, RollupSkip.COLUMN_NOT_DIMENSION); // its body, a level of its own, reads every column
  }
}
