package io.noemata.core.sql;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.noemata.core.expr.ExprException;
import io.noemata.core.expr.ExprParser;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The deepest shapes a text can take, read by the SQL parser and the expression parser on a thread
 * of 256 KB (as a BI tool's pool may give): each is understood up to the limits and refused with
 * {@link RefusalCode#NESTING_TOO_DEEP} past them, never a {@link StackOverflowError}, whatever the
 * JIT has compiled. The build runs this class a second time under {@code -Xint} (core's pom), where
 * every frame is the interpreter's.
 */
class DeepNestingTest {

  private static final int PAST_ANY_LIMIT = DeepShapes.PAST_ANY_LIMIT;

  private static final List<DeepShapes.Shape> SHAPES = DeepShapes.ALL;

  @Test
  void everyShapeWithinTheLimitsIsUnderstoodOnASmallStack() {
    onSmallStack(() -> {
      for (DeepShapes.Shape s : SHAPES) {
        ParseResult<Expr> e = SqlParser.parseExpression(s.text().apply(s.levelsWithinLimits()));
        assertTrue(e.understood(), s.name() + ": " + e.refusal());
        ParseResult<Statement> st = SqlParser.parse("SELECT " + s.text().apply(s.levelsWithinLimits()));
        assertTrue(st.understood(), s.name() + ": " + st.refusal());
      }
    });
  }

  @Test
  void everyShapePastTheLimitsIsRefusedForItsDepthOnASmallStack() {
    onSmallStack(() -> {
      for (DeepShapes.Shape s : SHAPES) {
        String text = s.text().apply(PAST_ANY_LIMIT);
        assertEquals(RefusalCode.NESTING_TOO_DEEP, SqlParser.parseExpression(text).refusalCode(), s.name());
        assertEquals(RefusalCode.NESTING_TOO_DEEP, SqlParser.parse("SELECT " + text).refusalCode(), s.name());
      }
    });
  }

  @Test
  void theExpressionParserRefusesEveryShapePastItsLimitOnASmallStack() {
    onSmallStack(() -> {
      for (DeepShapes.Shape s : SHAPES) {
        // 100 levels of recursion pass the parser's limit and not the expression parser's
        for (int n : s.levelsWithinLimits() < 1000 && !s.name().equals("subqueries") ? new int[] {100, PAST_ANY_LIMIT}
            : new int[] {PAST_ANY_LIMIT}) {
          ExprException refused = expressionError(s.text().apply(n));
          assertTrue(refused != null && refused.getMessage().contains("nested more than"),
              s.name() + " x " + n + ": " + (refused == null ? "accepted" : refused.getMessage()));
        }
      }
    });
  }

  @Test
  void theExpressionParserReadsNestingWithinItsLimitOnASmallStack() {
    onSmallStack(() -> {
      for (String text : List.of("abs(".repeat(60) + "x" + ")".repeat(60), "(".repeat(60) + "x" + ")".repeat(60),
          "NOT ".repeat(60) + "x", "- ".repeat(60) + "x", "x" + " + 1".repeat(3_000),
          "CASE WHEN x THEN ".repeat(30) + "1" + " END".repeat(30))) {
        assertNull(expressionError(text), text.substring(0, 20));
      }
    });
  }

  @Test
  void aShallowStatementIsReadOnTheCallingThread() {
    long before = Nesting.deepReads();
    onSmallStack(() -> assertTrue(SqlParser.parse(
        "SELECT toStartOfInterval(toDateTime(Timestamp), INTERVAL 5 minute) AS t, countIf(SeverityText = 'ERROR')"
            + " FROM otel_logs WHERE Timestamp >= now() - INTERVAL 1 HOUR AND ServiceName IN ('a', 'b') GROUP BY t").understood()));
    assertEquals(before, Nesting.deepReads());
  }

  private static ExprException expressionError(String text) {
    try {
      ExprParser.parse(text, ExprParser.Mode.ROW);
      return null;
    } catch (ExprException e) {
      return e;
    }
  }

  private static void onSmallStack(Runnable body) {
    DeepShapes.onSmallStack(body);
  }
}
