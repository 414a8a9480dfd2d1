package io.noemata.rewriter;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.noemata.core.sql.DeepShapes;
import io.noemata.core.sql.SqlParser;
import java.util.List;
import java.util.function.Function;
import org.junit.jupiter.api.Test;

/**
 * The deepest shapes in a statement the rollup rule reads (a condition and a measure's argument),
 * rewritten on a 256 KB thread with the rollups installed: within the parser's limits every rule
 * walks the tree and answers; past them the statement comes back as written, not understood
 * (the driver's {@code 01N30}); never a StackOverflowError.
 */
class DeepNestingRewriteTest {

  private static final List<Function<String, String>> PLACES = List.of(
      shape -> "SELECT toStartOfMinute(Timestamp) AS t, count() FROM otel_logs WHERE Timestamp >= toDateTime('2024-06-01 00:00:00')"
          + " AND ServiceName = 'a' AND (" + shape + ") != 0 GROUP BY t ORDER BY t",
      shape -> "SELECT ServiceName, sum(" + shape + ") FROM otel_logs GROUP BY ServiceName");

  @Test
  void withinTheLimitsEveryRuleAnswers() {
    DeepShapes.onSmallStack(() -> {
      for (DeepShapes.Shape s : DeepShapes.ALL) {
        for (Function<String, String> place : PLACES) {
          String sql = place.apply(s.text().apply(s.levelsWithinLimits() - 10));
          RewriteResult r = Rewriter.rewrite(sql, RollupCatalog.snapshot(), "otel");
          assertNull(r.provenance().notUnderstood(), s.name());
          assertTrue(r.sql().equals(sql) || SqlParser.parse(r.sql()).understood(), s.name());
        }
      }
    });
  }

  @Test
  void pastTheLimitsTheStatementIsSentAsWritten() {
    DeepShapes.onSmallStack(() -> {
      for (DeepShapes.Shape s : DeepShapes.ALL) {
        for (Function<String, String> place : PLACES) {
          String sql = place.apply(s.text().apply(DeepShapes.PAST_ANY_LIMIT));
          RewriteResult r = Rewriter.rewrite(sql, RollupCatalog.snapshot(), "otel");
          assertSame(sql, r.sql(), s.name());
          assertFalse(r.changed(), s.name());
          assertEquals("nesting too deep", r.provenance().notUnderstood().replaceFirst(" at .*", ""), s.name());
        }
      }
    });
  }
}
