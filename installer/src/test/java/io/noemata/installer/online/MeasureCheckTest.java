package io.noemata.installer.online;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class MeasureCheckTest {

  @Test
  void readsSimpleColumnsPlainAndStatesWithMergeAndTheirParameters() {
    assertEquals("sum(`LogCount`)", MeasureCheck.of("LogCount", "LogCount", "`LogCount`",
        "SimpleAggregateFunction(sum, UInt64)").readSql());
    MeasureCheck q = MeasureCheck.of("Q", "Q", "`Q`", "AggregateFunction(quantilesDD(0.01, 0.5, 0.99), Int64)");
    assertEquals("quantilesDDMerge(0.01, 0.5, 0.99)(`Q`)", q.readSql());
    assertEquals(MeasureCheck.Tolerance.SKETCH, q.tolerance());
  }

  @Test
  void exactMeasuresAllowOneInABillionSketchesThreePercent() {
    MeasureCheck exact = MeasureCheck.of("C", "C", "`C`", "SimpleAggregateFunction(sum, UInt64)");
    assertTrue(exact.agrees("1000000000000", "1000000000000"));
    assertFalse(exact.agrees("100", "101"));
    MeasureCheck sketch = MeasureCheck.of("U", "U", "`U`", "AggregateFunction(uniq, String)");
    assertTrue(sketch.agrees("100", "102"));
    assertFalse(sketch.agrees("100", "104"));
    assertTrue(sketch.agrees("[1,2,3]", "[1,2,3.05]"));
    MeasureCheck any = MeasureCheck.of("A", "A", "`A`", "SimpleAggregateFunction(any, String)");
    assertTrue(any.agrees("x", "y"));
  }
}
