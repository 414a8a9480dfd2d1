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
 * spelling it refuses (VARPOP) or a moment not stored.
 */
class MomentsTest {

  private static final Rollup TRACES = new Rollup("r_traces", RollupCatalog.TRACES_VIEW,
      RollupCatalog.TRACES_VIEW + "__" + RollupCatalog.TRACES_HASH, RollupCatalog.TRACES_HASH, Duration.ofMinutes(1),
      "Timestamp", "bucket", List.of("ServiceName", "StatusCode"), List.of(
          new Measure("SpanCount", "count()", "SpanCount", "SimpleAggregateFunction(sum, UInt64)"),
          new Measure("VarDuration", "varPop(Duration)", "VarDuration", "AggregateFunction(varPop, UInt64)"),
          new Measure("SdDuration", "stddevSamp(Duration)", "SdDuration", "AggregateFunction(stddevSamp, UInt64)"),
          new Measure("SdStable", "stddevPopStable(Duration)", "SdStable",
              "AggregateFunction(stddevPopStable, UInt64)"),
          new Measure("CoDuration", "covarSamp(Duration, Duration)", "CoDuration",
              "AggregateFunction(covarSamp, UInt64, UInt64)")),
      RollupCatalog.COVERED_FROM, null);

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
}
