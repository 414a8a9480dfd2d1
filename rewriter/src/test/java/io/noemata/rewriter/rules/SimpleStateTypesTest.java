package io.noemata.rewriter.rules;

import static org.junit.jupiter.api.Assertions.assertTrue;

import io.noemata.core.catalog.Measure;
import io.noemata.core.catalog.Rollup;
import io.noemata.rewriter.RewriteResult;
import io.noemata.rewriter.Rewriter;
import io.noemata.rewriter.RollupCatalog;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A result column keeps its type: ClickHouse's {@code max}, {@code min} and {@code any} of a
 * {@code SimpleAggregateFunction(f, T)} column return that type, not {@code T} (measured on 26.5;
 * {@code sum} returns {@code T}), so a rollup read of them is cast to {@code T}, the raw aggregate's
 * type. Spark refused the column otherwise ("Unrecognized SQL type SimpleAggregateFunction(max, UInt64)").
 */
class SimpleStateTypesTest {

  private static final Rollup TRACES = new Rollup("r_traces", RollupCatalog.TRACES_VIEW,
      RollupCatalog.TRACES_VIEW + "__" + RollupCatalog.TRACES_HASH, RollupCatalog.TRACES_HASH, Duration.ofMinutes(1),
      "Timestamp", "bucket", List.of("ServiceName", "StatusCode"), List.of(
          new Measure("SpanCount", "count()", "SpanCount", "SimpleAggregateFunction(sum, UInt64)"),
          new Measure("LongestSpan", "max(Duration)", "LongestSpan", "SimpleAggregateFunction(max, UInt64)"),
          new Measure("FirstSpan", "min(Timestamp)", "FirstSpan", "SimpleAggregateFunction(min, DateTime64(9))")),
      RollupCatalog.COVERED_FROM, null);

  @Test
  void maxAndMinReadAsTheRawAggregatesTypeAndSumAsItIs() {
    String sql = "SELECT ServiceName, max(Duration), min(Timestamp), count(), maxIf(Duration, StatusCode = 'Error') AS longest_error"
        + " FROM otel_traces WHERE Timestamp >= toDateTime('2024-06-01 00:00:00') GROUP BY ServiceName";
    RewriteResult r = Rewriter.rewrite(sql, RollupCatalog.snapshot(List.of(), List.of(TRACES)), "otel");
    assertTrue(r.changed(), r.provenance().toString());
    assertTrue(r.sql().contains("CAST(max(`LongestSpan`) AS UInt64) AS `max(Duration)`"), r.sql());
    assertTrue(r.sql().contains("CAST(min(`FirstSpan`) AS DateTime64(9)) AS `min(Timestamp)`"), r.sql());
    assertTrue(r.sql().contains("CAST(maxIf(`LongestSpan`, StatusCode = 'Error') AS UInt64)"), r.sql());
    assertTrue(r.sql().contains("sum(`SpanCount`)") && !r.sql().contains("CAST(sum("), "a sum returns T itself: " + r.sql());
  }
}
