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

  static List<MeasureStorage.Pending> columns(String name, String expr, String type) throws Exception {
    return MeasureStorage.columns(name, (CanonicalExpr.Call) ExprParser.parse(expr, ExprParser.Mode.AGGREGATE),
        java.util.Optional.ofNullable(type));
  }

  @Test
  void aMomentOfANumericColumnIsStoredAsPowerSumsThatPlainSqlReads() throws Exception {
    for (String moment : List.of("varPop(Duration)", "var_samp(Duration)", "stddevPop(Duration)", "STDDEV_SAMP(Duration)")) {
      List<MeasureStorage.Pending> p = columns("V", moment, "UInt64");
      assertEquals(List.of("count()", "sum(toFloat64(Duration))",
          "sum(multiply(toFloat64(Duration), toFloat64(Duration)))"),
          p.stream().map(MeasureStorage.Pending::definition).toList(), moment);
      assertEquals(List.of("sum", "sum", "sum"), p.stream().map(MeasureStorage.Pending::simpleFunction).toList());
      assertEquals("sum(__src.`V__sumsq`)", p.get(2).fromFinerSql());
    }
  }

  @Test
  void anAvgOfANullableOrUntypedColumnCountsItsValues() throws Exception {
    assertEquals("count(Duration)", columns("A", "avg(Duration)", "Nullable(UInt64)").get(1).definition());
    assertEquals("count(Duration)", columns("A", "avg(Duration)").get(1).definition());
    assertEquals("count()", columns("A", "avg(Duration)", "Float64").get(1).definition());
  }

  @Test
  void momentsTheSumsCannotAnswerKeepAState() throws Exception {
    assertEquals("varPopState(Duration)", columns("V", "varPop(Duration)", "Nullable(UInt64)").get(0).valueSql());
    assertEquals("varPopState(Duration)", columns("V", "varPop(Duration)", "Decimal(18, 3)").get(0).valueSql());
    assertEquals("varPopState(Duration)", columns("V", "varPop(Duration)", null).get(0).valueSql());
    assertEquals("varPopStableState(Duration)", columns("V", "varPopStable(Duration)", "UInt64").get(0).valueSql());
    assertEquals(1, columns("C", "covarPop(Duration, Duration)", "UInt64").size());
  }

  @Test
  void aDefinitionTwoMeasuresNeedIsStoredOnceAndACoarserRollupMergesWhereItIs() throws Exception {
    List<MeasureStorage.Pending> all = new java.util.ArrayList<>(columns("SpanCount", "count()"));
    all.addAll(columns("AvgDuration", "avg(Duration)", "UInt64"));
    all.addAll(columns("V", "varPop(Duration)", "UInt64"));
    all.addAll(columns("S", "stddevSamp(Duration)", "UInt64"));
    List<MeasureStorage.Pending> shared = MeasureStorage.shared(all);
    // a non-Nullable column has a value in every row: the avg's and the moments' counts are the row count
    assertEquals(List.of("SpanCount", "AvgDuration__sum", "V__sum", "V__sumsq"),
        shared.stream().map(MeasureStorage.Pending::column).toList());
    List<StoredMeasure> finer = shared.stream().map(p -> MeasureStorage.typed(p, "UInt64")).toList();
    List<MeasureStorage.Pending> coarser = MeasureStorage.fromFiner(MeasureStorage.shared(
        columns("S", "stddevSamp(Duration)", "UInt64")), finer);
    assertEquals(List.of("sum(__src.`SpanCount`)", "sum(__src.`V__sum`)", "sum(__src.`V__sumsq`)"),
        coarser.stream().map(MeasureStorage.Pending::fromFinerSql).toList());
    assertEquals(List.of("S__count", "S__sum", "S__sumsq"), coarser.stream().map(MeasureStorage.Pending::column).toList());
  }
}
