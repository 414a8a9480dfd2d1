package io.noemata.rewriter.checks;

import static org.junit.jupiter.api.Assertions.assertEquals;

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
        null));
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
}
