package io.noemata.installer.plan;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import io.noemata.core.expr.CanonicalExpr;
import io.noemata.core.expr.ExprParser;
import java.util.List;
import org.junit.jupiter.api.Test;

class MeasureStorageTest {

  static List<MeasureStorage.Pending> columns(String name, String expr) throws Exception {
    return MeasureStorage.columns(name, (CanonicalExpr.Call) ExprParser.parse(expr, ExprParser.Mode.AGGREGATE));
  }

  @Test
  void countAndCountIfAreSummedPlainValues() throws Exception {
    MeasureStorage.Pending p = columns("ErrorCount", "countIf(SeverityNumber >= 17)").get(0);
    assertEquals("sum", p.simpleFunction());
    assertEquals("countIf(greaterOrEquals(SeverityNumber, 17))", p.valueSql());
    assertEquals("sum(__src.`ErrorCount`)", p.fromFinerSql());
    assertEquals("SimpleAggregateFunction(sum, UInt64)", MeasureStorage.typed(p, "UInt64").type());
  }

  @Test
  void avgIsStoredAsASumAndACountThatQueriesCanReadAlone() throws Exception {
    List<MeasureStorage.Pending> avg = columns("AvgDuration", "avg(Duration)");
    assertEquals(List.of("AvgDuration__sum", "AvgDuration__count"), avg.stream().map(MeasureStorage.Pending::column).toList());
    assertEquals(List.of("sum(Duration)", "count(Duration)"), avg.stream().map(MeasureStorage.Pending::definition).toList());
  }

  @Test
  void sketchesAndMinIfAreAggregateFunctionStates() throws Exception {
    MeasureStorage.Pending q = columns("P99", "quantile(0.99)(Duration)").get(0);
    assertNull(q.simpleFunction());
    assertEquals("quantileState(0.99)(Duration)", q.valueSql());
    assertEquals("quantileMergeState(0.99)(__src.`P99`)", q.fromFinerSql());
    assertNull(columns("M", "minIf(Duration, Duration > 0)").get(0).simpleFunction());
    assertEquals("uniqState(TraceId)", columns("U", "uniq(TraceId)").get(0).valueSql());
  }
}
