package io.noemata.rewriter.rules;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.noemata.core.catalog.Measure;
import io.noemata.core.catalog.Rollup;
import io.noemata.rewriter.RewriteResult;
import io.noemata.rewriter.Rewriter;
import io.noemata.rewriter.RollupCatalog;
import io.noemata.rewriter.provenance.RollupDecision;
import io.noemata.rewriter.provenance.RollupSkip;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Moments (issue 31) stored as states are read with their -Merge in every spelling the server
 * accepts for them (its case-insensitive aliases VAR_POP, STDDEV_SAMP, STD, ...), and never for a
 * spelling it refuses (VARPOP) or a moment not stored. Moments of a plain numeric column stored as
 * power sums (count, sum and sum of squares as Float64) answer all four var/stddev moments, and
 * share their count and (for a float column) their sum with count, sum and avg.
 */
class MomentsTest {

  /** The corpus's 1-minute traces rollup with {@code measures}. */
  static Rollup traces(List<Measure> measures) {
    return new Rollup("r_traces", RollupCatalog.TRACES_VIEW, RollupCatalog.TRACES_VIEW + "__" + RollupCatalog.TRACES_HASH,
        RollupCatalog.TRACES_HASH, Duration.ofMinutes(1), "Timestamp", "bucket", List.of("ServiceName", "StatusCode"),
        measures, RollupCatalog.COVERED_FROM, null);
  }

  private static final Rollup TRACES = traces(List.of(
          new Measure("SpanCount", "count()", "SpanCount", "SimpleAggregateFunction(sum, UInt64)"),
          new Measure("VarDuration", "varPop(Duration)", "VarDuration", "AggregateFunction(varPop, UInt64)"),
          new Measure("SdDuration", "stddevSamp(Duration)", "SdDuration", "AggregateFunction(stddevSamp, UInt64)"),
          new Measure("SdStable", "stddevPopStable(Duration)", "SdStable",
              "AggregateFunction(stddevPopStable, UInt64)"),
          new Measure("CoDuration", "covarSamp(Duration, Duration)", "CoDuration",
              "AggregateFunction(covarSamp, UInt64, UInt64)")));

  static final String WINDOW = " FROM otel_traces WHERE Timestamp >= toDateTime('2024-06-01 00:00:00')"
      + " GROUP BY ServiceName";

  static RewriteResult rewrite(String items) {
    return Rewriter.rewrite("SELECT ServiceName, " + items + WINDOW, RollupCatalog.snapshot(List.of(), List.of(TRACES)),
        "otel");
  }

  @Test
  void storedMomentsAreMergedFromTheirStates() {
    RewriteResult r = rewrite("varPop(Duration) AS v, stddevSamp(Duration) AS s, stddevPopStable(Duration) AS p,"
        + " covarSamp(Duration, Duration) AS c");
    assertTrue(r.changed(), r.provenance().toString());
    for (String read : List.of("varPopMerge(`VarDuration`) AS v", "stddevSampMerge(`SdDuration`) AS s",
        "stddevPopStableMerge(`SdStable`) AS p", "covarSampMerge(`CoDuration`) AS c")) {
      assertTrue(r.sql().contains(read), read + " in " + r.sql());
    }
  }

  @Test
  void theServersCaseInsensitiveAliasesReadTheSameStates() {
    RewriteResult r = rewrite("VAR_POP(Duration) AS v, stddev_samp(Duration) AS s, STDDEV(Duration) AS s2,"
        + " COVAR_SAMP(Duration, Duration) AS c");
    assertTrue(r.changed(), r.provenance().toString());
    assertTrue(r.sql().contains("varPopMerge(`VarDuration`) AS v"), r.sql());
    assertTrue(r.sql().contains("stddevSampMerge(`SdDuration`) AS s,"), r.sql());
    assertTrue(r.sql().contains("stddevSampMerge(`SdDuration`) AS s2"), "STDDEV is the sample deviation: " + r.sql());
    assertTrue(r.sql().contains("covarSampMerge(`CoDuration`) AS c"), r.sql());
  }

  @Test
  void aSpellingTheServerRefusesOrAMomentNotStoredReadsTheTable() {
    RewriteResult refused = rewrite("VARPOP(Duration) AS v");
    assertFalse(refused.changed(), refused.sql());
    RewriteResult population = rewrite("STD(Duration) AS s"); // stddevPop, not the stored stddevSamp
    assertFalse(population.changed(), population.sql());
    RollupDecision d = RollupDecision.rollups(population.provenance()).get(0);
    assertEquals(RollupSkip.MEASURE_NOT_STORED, d.code(), d.reason());
    assertFalse(rewrite("varSamp(Duration) AS v").changed(), "varSamp is not varPop");
  }

  /** What the installer stores for {@code varPop(Duration)} (MeasureStorage.powerSums), beside an avg's sum. */
  private static final Rollup POWER_SUMS = traces(List.of(
          new Measure("AvgDuration", "sum(Duration)", "AvgDuration__sum", "SimpleAggregateFunction(sum, UInt64)"),
          new Measure("AvgDuration", "count(Duration)", "AvgDuration__count", "SimpleAggregateFunction(sum, UInt64)"),
          new Measure("V", "sum(toFloat64(Duration))", "V__sum", "SimpleAggregateFunction(sum, Float64)"),
          new Measure("V", "sum(multiply(toFloat64(Duration), toFloat64(Duration)))", "V__sumsq",
              "SimpleAggregateFunction(sum, Float64)")));

  static RewriteResult powerSums(String items) {
    return Rewriter.rewrite("SELECT ServiceName, " + items + WINDOW, RollupCatalog.snapshot(List.of(),
        List.of(POWER_SUMS)), "otel");
  }

  @Test
  void powerSumsAnswerEveryVarianceAndDeviationWithTheServersFormula() {
    RewriteResult r = powerSums("varPop(Duration) AS vp, VAR_SAMP(Duration) AS vs, stddevPop(Duration) AS sp,"
        + " STDDEV(Duration) AS ss");
    assertTrue(r.changed(), r.provenance().toString());
    String n = "sum(`AvgDuration__count`)";
    String pop = "if(" + n + " = 0, nan, greatest(0, (sum(`V__sumsq`) - sum(`V__sum`) * sum(`V__sum`) / " + n
        + ") / " + n + "))";
    String samp = "if(" + n + " <= 1, nan, greatest(0, (sum(`V__sumsq`) - sum(`V__sum`) * sum(`V__sum`) / " + n
        + ") / (" + n + " - 1)))";
    assertTrue(r.sql().contains(pop + " AS vp"), r.sql());
    assertTrue(r.sql().contains(samp + " AS vs"), r.sql());
    assertTrue(r.sql().contains("sqrt(" + pop + ") AS sp"), r.sql());
    assertTrue(r.sql().contains("sqrt(" + samp + ") AS ss"), r.sql());
  }

  @Test
  void theSharedCountAndTheIntegerSumKeepTheirOwnReads() {
    RewriteResult r = powerSums("count(Duration) AS n, sum(Duration) AS total, avg(Duration) AS mean");
    assertTrue(r.changed(), r.provenance().toString());
    // Duration is never NULL: its count is the row count the avg stores
    assertTrue(r.sql().contains("sum(`AvgDuration__count`) AS n"), r.sql());
    // the integer sum is the avg's exact UInt64 sum, never the Float64 power sum
    assertTrue(r.sql().contains("sum(`AvgDuration__sum`) AS total"), r.sql());
    assertTrue(r.sql().contains("(sum(`AvgDuration__sum`) / sum(`AvgDuration__count`)) AS mean"), r.sql());
  }

  @Test
  void withoutAllThreeSumsOrOverAnotherColumnTheMomentStaysRaw() {
    Rollup noSquares = traces(POWER_SUMS.measures().subList(0, 3));
    RewriteResult r = Rewriter.rewrite("SELECT ServiceName, varPop(Duration) AS v" + WINDOW,
        RollupCatalog.snapshot(List.of(), List.of(noSquares)), "otel");
    assertFalse(r.changed(), r.sql());
    assertFalse(powerSums("varPop(toFloat64(Duration)) AS v").changed(), "an expression, not the summed column");
    assertFalse(powerSums("varPopStable(Duration) AS v").changed(), "Welford's moments are not power sums");
  }

  @Test
  void aFloatColumnsSumAndAvgReadTheMomentsFloatSum() {
    java.util.Map<String, String> types = new java.util.LinkedHashMap<>();
    types.put("Timestamp", "DateTime64(9)");
    types.put("ServiceName", "LowCardinality(String)");
    types.put("Value", "Float64");
    Rollup r = new Rollup("r_gauges", "noemata_rollup_gauges", "noemata_rollup_gauges__1a2b3c4d", "1a2b3c4d",
        Duration.ofMinutes(1), "Timestamp", "bucket", List.of("ServiceName"), List.of(
            new Measure("N", "count()", "N", "SimpleAggregateFunction(sum, UInt64)"),
            new Measure("V", "sum(toFloat64(Value))", "V__sum", "SimpleAggregateFunction(sum, Float64)"),
            new Measure("V", "sum(multiply(toFloat64(Value), toFloat64(Value)))", "V__sumsq",
                "SimpleAggregateFunction(sum, Float64)")),
        RollupCatalog.COVERED_FROM, null);
    var snapshot = io.noemata.core.catalog.CatalogSnapshot.of(2, List.of(new io.noemata.core.catalog.TableInfo(
        new io.noemata.core.catalog.TableName("otel", "gauges"), types, List.of(), List.of(), List.of(), List.of(r))));
    RewriteResult q = Rewriter.rewrite("SELECT ServiceName, sum(Value) AS s, avg(Value) AS a, stddevSamp(Value) AS d"
        + " FROM gauges WHERE Timestamp >= toDateTime('2024-06-01 00:00:00') GROUP BY ServiceName", snapshot, "otel");
    assertTrue(q.changed(), q.provenance().toString());
    assertTrue(q.sql().contains("sum(`V__sum`) AS s"), "sum(x) of a Float64 x is sum(toFloat64(x)): " + q.sql());
    assertTrue(q.sql().contains("(sum(`V__sum`) / sum(`N`)) AS a"), q.sql());
    assertTrue(q.sql().contains("sqrt(if(sum(`N`) <= 1"), q.sql());
  }
}
