package io.noemata.rewriter.checks;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.noemata.core.catalog.TableName;
import io.noemata.core.sql.Expr;
import io.noemata.rewriter.RollupCatalog;
import io.noemata.rewriter.provenance.RollupSkip;
import io.noemata.rewriter.rules.Levels;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** A scalar subquery is a constant of the level only when it cannot read the level's source rows. */
class UncorrelatedSubqueriesTest {

  private static Optional<Skip> check(String subquery) {
    Expr.Subquery sq = (Expr.Subquery) Levels.expr(subquery);
    return UncorrelatedSubqueries.check(subquery, sq, Levels.logs(), RollupCatalog.logsRollup(RollupCatalog.COVERED_FROM,
        null), t -> RollupCatalog.snapshot().table(new TableName(t.database() != null ? t.database() : "otel", t.table())));
  }

  @Test
  void aSubqueryNamingOnlyDimensionsOrItsOwnColumnsIsAConstant() {
    assertEquals(Optional.empty(), check("(SELECT max(number) FROM numbers(10))"));
    assertEquals(Optional.empty(), check("(SELECT any(ServiceName) FROM otel.otel_logs)"));
  }

  @Test
  void aSubqueryNamingAnotherColumnOfTheTableMayReadItPerSourceRow() {
    Levels.skips(RollupSkip.NOT_UNDERSTOOD, check("(SELECT max(length(Body)) FROM numbers(1))"));
  }

  @Test
  void aNameTheSubquerysOwnTableHoldsIsThatTablesColumn() {
    // the top-N series filter: Timestamp and count() read the subquery's own rows
    assertEquals(Optional.empty(), check("(SELECT ServiceName FROM otel.otel_logs WHERE Timestamp >= toDateTime(1717912800)"
        + " GROUP BY ServiceName ORDER BY count() DESC LIMIT 5)"));
    assertEquals(Optional.empty(), check("(SELECT ServiceName FROM otel_logs WHERE Timestamp >= toDateTime(1717912800)"
        + " AND Body != '' GROUP BY ServiceName)"));
    // bound by a table deeper in: the inner SELECT's own table, also in a join and a union branch
    assertEquals(Optional.empty(), check("(SELECT max(c) FROM (SELECT count() AS c FROM otel.otel_logs WHERE length(Body) > 0))"));
    assertEquals(Optional.empty(), check("(SELECT 1 FROM numbers(1) AS n JOIN otel.otel_traces AS t ON 1 = 1 WHERE"
        + " Timestamp > 0)"));
    assertEquals(Optional.empty(), check("(SELECT ServiceName FROM otel.otel_traces WHERE Timestamp > 0 UNION ALL"
        + " SELECT ServiceName FROM otel.otel_logs WHERE Timestamp > 0)"));
  }

  @Test
  void aNameNoTableOfTheSubqueryBindsMayStillReadTheLevelsRows() {
    // a qualified name may name the level's table; a derived table's or an unknown table's columns are not known
    Levels.skips(RollupSkip.NOT_UNDERSTOOD, check("(SELECT count() FROM otel.otel_traces AS t WHERE t.ServiceName ="
        + " otel_logs.Body)"));
    Levels.skips(RollupSkip.NOT_UNDERSTOOD, check("(SELECT count() FROM (SELECT ServiceName FROM otel.otel_logs) WHERE"
        + " Timestamp > 0)"));
    Levels.skips(RollupSkip.NOT_UNDERSTOOD, check("(SELECT count() FROM otel.unknown_table WHERE Timestamp > 0)"));
    // the FROM clause's own subquery is not in its SELECT's scope
    Levels.skips(RollupSkip.NOT_UNDERSTOOD, check("(SELECT count() FROM otel.otel_logs AS l JOIN (SELECT 1 AS k WHERE"
        + " Body = '') AS d ON 1 = 1)"));
    // otel_traces has no Body: the name is the level's
    Levels.skips(RollupSkip.NOT_UNDERSTOOD, check("(SELECT count() FROM otel.otel_traces WHERE Body = '')"));
  }
}
