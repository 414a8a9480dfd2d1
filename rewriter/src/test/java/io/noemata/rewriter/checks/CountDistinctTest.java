package io.noemata.rewriter.checks;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.noemata.rewriter.RewriteResult;
import io.noemata.rewriter.Rewriter;
import io.noemata.rewriter.RollupCatalog;
import org.junit.jupiter.api.Test;

/**
 * {@code count(DISTINCT x)} reads a stored sketch only when the statement's own settings name that
 * sketch as count_distinct_implementation (HyperDX's number tile); r_logs stores uniq(TraceId).
 */
class CountDistinctTest {

  private static final String TILE = "SELECT count(DISTINCT TraceId) FROM otel.otel_logs WHERE Timestamp >="
      + " fromUnixTimestamp64Milli(1717912800000) AND Timestamp < fromUnixTimestamp64Milli(1717956000000)"
      + " AND ServiceName = 'checkout'";

  private static RewriteResult rewrite(String sql) {
    return Rewriter.rewrite(sql, RollupCatalog.snapshot(), "otel");
  }

  @Test
  void theImplementationTheStatementNamesIsTheAggregateRead() {
    RewriteResult r = rewrite(TILE + " SETTINGS count_distinct_implementation = 'uniq', cast_keep_nullable = 1");
    assertTrue(r.changed(), r.provenance().toString());
    // the server's name for the unaliased item is kept; the stored uniq state answers it
    assertTrue(r.sql().startsWith("SELECT uniqMerge(`UniqTraces`) AS `countDistinct(TraceId)` FROM"), r.sql());
    assertTrue(r.sql().endsWith("SETTINGS count_distinct_implementation = 'uniq', cast_keep_nullable = 1"), r.sql());
  }

  @Test
  void withoutItOrWithAnotherSketchTheCountIsReadAsWritten() {
    // the server's default (uniqExact, unless a profile or session says otherwise) is stored by no rollup
    assertFalse(rewrite(TILE).changed());
    // HyperDX's own choice: r_logs holds no uniqCombined64 state
    assertFalse(rewrite(TILE + " SETTINGS count_distinct_implementation = 'uniqCombined64'").changed());
    // two levels naming different ones, or a value the server refuses: unknown
    String nested = "SELECT c FROM (" + TILE.replace("count(DISTINCT TraceId)", "count(DISTINCT TraceId) AS c")
        + " SETTINGS count_distinct_implementation = 'uniq') AS t SETTINGS count_distinct_implementation = ";
    assertTrue(rewrite(nested + "'uniq'").changed());
    assertFalse(rewrite(nested + "'uniqExact'").changed());
    assertFalse(rewrite(TILE + " SETTINGS count_distinct_implementation = 'UNIQ'").changed());
  }

  @Test
  void readsOnlyTheSettingsQuotedValue() {
    var settings = io.noemata.core.sql.SqlParser.parseSet("SET count_distinct_implementation = 'uniqHLL12'").node().items();
    assertEquals(java.util.Optional.of("uniqHLL12"), CountDistinct.implementation(settings));
    assertEquals(java.util.Optional.empty(), CountDistinct.implementation(io.noemata.core.sql.SqlParser
        .parseSet("SET count_distinct_implementation = 'uniqExactly'").node().items()));
  }
}
