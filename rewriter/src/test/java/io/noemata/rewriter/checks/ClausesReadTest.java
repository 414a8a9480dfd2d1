package io.noemata.rewriter.checks;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.noemata.rewriter.provenance.RollupSkip;
import io.noemata.rewriter.rules.Levels;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** Clauses the rule does not read keep the level on its table: WINDOW, QUALIFY, and WITH expressions the level sees. */
class ClausesReadTest {

  @Test
  void aLevelWithAWindowClauseOrQualifyIsNotRead() {
    Levels.skips(RollupSkip.NOT_UNDERSTOOD, ClausesRead.check(Levels.select(
        "SELECT ServiceName, count() OVER w FROM otel.otel_logs WINDOW w AS (PARTITION BY ServiceName)"), false));
    Levels.skips(RollupSkip.NOT_UNDERSTOOD, ClausesRead.check(Levels.select(
        "SELECT ServiceName FROM otel.otel_logs QUALIFY row_number() OVER () = 1"), false));
  }

  @Test
  void aLevelThatSeesWithExpressionsIsNotRead() {
    Levels.skips(RollupSkip.NOT_UNDERSTOOD, ClausesRead.check(Levels.select(
        "WITH 17 AS level SELECT count() FROM otel.otel_logs WHERE SeverityNumber >= level"), false));
    Levels.skips(RollupSkip.NOT_UNDERSTOOD, ClausesRead.check(Levels.select("SELECT count() FROM otel.otel_logs"), true));
  }

  @Test
  void aCommonTableExpressionIsALevelOfItsOwn() {
    assertEquals(Optional.empty(), ClausesRead.check(Levels.select(
        "WITH x AS (SELECT 1) SELECT count() FROM otel.otel_logs"), false));
  }
}
