package io.noemata.rewriter.checks;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.noemata.rewriter.provenance.RollupSkip;
import io.noemata.rewriter.rules.Levels;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** WITH expressions a level sees: constants are read, any other keeps the level on its table. */
class WithConstantsTest {

  @Test
  void aLevelSeesWithConstantsButNoWithExpressionThatReadsRows() {
    assertEquals(Optional.empty(), WithConstants.check(Map.of("svc", Levels.expr("'frontend'"),
        "start", Levels.expr("toDateTime('2024-06-10 00:00:00') + INTERVAL 1 HOUR"), "later", Levels.expr("start + 60"))));
    for (String value : new String[] {"SeverityNumber + 1", "(SELECT max(Timestamp) FROM otel.otel_logs)", "count()",
        "arrayMap(x -> x + 1, [1])", "row_number() OVER ()", "unknown_name"}) {
      Levels.skips(RollupSkip.NOT_UNDERSTOOD, WithConstants.check(Map.of("v", Levels.expr(value))));
    }
  }

  @Test
  void aCommonTableExpressionIsALevelOfItsOwn() {
    // no WITH value the level sees: the rule reads it as any other
    io.noemata.rewriter.rules.RollupAnswersTest.reads("WITH x AS (SELECT 1) SELECT count() FROM otel.otel_logs"
        + io.noemata.rewriter.rules.RollupAnswersTest.WINDOW);
  }
}
