package io.noemata.rewriter.checks;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.noemata.rewriter.provenance.RollupSkip;
import io.noemata.rewriter.rules.Levels;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** Clauses the rule does not read keep the level on its table: WINDOW, QUALIFY, and WITH expressions the level sees. */
class ClausesReadTest {

  @Test
  void aLevelWithAWindowClauseOrQualifyIsNotRead() {
    Levels.skips(RollupSkip.NOT_UNDERSTOOD, ClausesRead.check(Levels.select(
        "SELECT ServiceName, count() OVER w FROM otel.otel_logs WINDOW w AS (PARTITION BY ServiceName)"), Map.of()));
    Levels.skips(RollupSkip.NOT_UNDERSTOOD, ClausesRead.check(Levels.select(
        "SELECT ServiceName FROM otel.otel_logs QUALIFY row_number() OVER () = 1"), Map.of()));
  }

  @Test
  void aLevelSeesWithConstantsButNoWithExpressionThatReadsRows() {
    String sql = "SELECT count() FROM otel.otel_logs";
    assertEquals(Optional.empty(), ClausesRead.check(Levels.select(sql), Map.of("svc", Levels.expr("'frontend'"),
        "start", Levels.expr("toDateTime('2024-06-10 00:00:00') + INTERVAL 1 HOUR"), "later", Levels.expr("start + 60"))));
    for (String value : new String[] {"SeverityNumber + 1", "(SELECT max(Timestamp) FROM otel.otel_logs)", "count()",
        "arrayMap(x -> x + 1, [1])", "row_number() OVER ()", "unknown_name"}) {
      Levels.skips(RollupSkip.NOT_UNDERSTOOD, ClausesRead.check(Levels.select(sql), Map.of("v", Levels.expr(value))));
    }
  }

  @Test
  void aCommonTableExpressionIsALevelOfItsOwn() {
    assertEquals(Optional.empty(), ClausesRead.check(Levels.select(
        "WITH x AS (SELECT 1) SELECT count() FROM otel.otel_logs"), Map.of()));
  }
}
