package io.noemata.rewriter.checks;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.noemata.core.expr.Canonical;
import io.noemata.core.expr.ExprParser;
import io.noemata.core.sql.Expr;
import io.noemata.core.sql.SqlParser;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class IntegerBoundsTest {

  private static String halfOpen(String aggregate, boolean integer) {
    Expr.Call c = (Expr.Call) SqlParser.parseExpression(aggregate).node();
    return Canonical.text(IntegerBounds.halfOpen(ExprParser.canonical(aggregate, c, ExprParser.Mode.AGGREGATE,
        id -> Optional.of(id.name())).orElseThrow(), name -> integer));
  }

  @Test
  void everyIntegerBoundIsWrittenGreaterOrEqualsOrLess() {
    String atLeast17 = halfOpen("countIf(x >= 17)", true);
    for (String other : new String[] {"countIf(x > 16)", "countIf(16 < x)", "countIf(17 <= x)"}) {
      assertEquals(atLeast17, halfOpen(other, true), other);
    }
    String below17 = halfOpen("countIf(x < 17)", true);
    for (String other : new String[] {"countIf(x <= 16)", "countIf(17 > x)", "countIf(16 >= x)"}) {
      assertEquals(below17, halfOpen(other, true), other);
    }
    assertEquals(halfOpen("countIf(x >= 0)", true), halfOpen("countIf(x > -1)", true));
    assertNotEquals(atLeast17, below17);
  }

  @Test
  void otherColumnsAndValuesKeepTheirComparison() {
    assertNotEquals(halfOpen("countIf(x >= 17)", false), halfOpen("countIf(x > 16)", false));
    assertNotEquals(halfOpen("countIf(x >= 17)", true), halfOpen("countIf(x > 16.5)", true));
  }

  @Test
  void integerTypesIncludeTheirWrappers() {
    for (String t : new String[] {"UInt8", "Int64", "Nullable(UInt16)", "LowCardinality(Nullable(Int32))", "UInt256"}) {
      assertTrue(IntegerBounds.integerType(t), t);
    }
    for (String t : new String[] {"Float64", "Decimal(9, 2)", "String", "DateTime", "Nullable(Float32)"}) {
      assertFalse(IntegerBounds.integerType(t), t);
    }
  }
}
