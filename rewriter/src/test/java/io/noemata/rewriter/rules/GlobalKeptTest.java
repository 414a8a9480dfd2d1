package io.noemata.rewriter.rules;

import io.noemata.rewriter.provenance.RollupDecision;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.noemata.rewriter.RewriteResult;
import io.noemata.rewriter.Rewriter;
import io.noemata.rewriter.RollupCatalog;
import org.junit.jupiter.api.Test;

/**
 * GLOBAL IN and GLOBAL JOIN over Distributed tables are kept exactly as written: a level around
 * them that reads a rollup is spliced around them, and a subquery of theirs that is itself
 * rewritten keeps its GLOBAL.
 */
class GlobalKeptTest {

  static RewriteResult rewrite(String sql) {
    return Rewriter.rewrite(sql, RollupCatalog.snapshot(), "otel");
  }

  @Test
  void aRewrittenLevelKeepsGlobalInAsWritten() {
    String in = "ServiceName GLOBAL IN (SELECT ServiceName FROM otel.otel_traces WHERE SpanKind = 'Server')";
    RewriteResult r = rewrite("SELECT toStartOfHour(Timestamp) AS h, ServiceName, count() AS c FROM otel.otel_logs"
        + " WHERE " + in + " GROUP BY h, ServiceName");
    assertTrue(RollupDecision.rollups(r.provenance()).stream().anyMatch(u -> u.read() && u.level() == 1), r.provenance().toString());
    assertTrue(r.sql().contains(RollupAnswersTest.LOGS_TARGET), r.sql());
    assertTrue(r.sql().contains(" WHERE " + in + " GROUP BY "), r.sql());
  }

  @Test
  void aRewrittenSubqueryOfGlobalInKeepsItsGlobal() {
    RewriteResult r = rewrite("SELECT Body FROM otel.otel_logs WHERE ServiceName GLOBAL NOT IN (SELECT ServiceName"
        + " FROM otel.otel_logs GROUP BY ServiceName HAVING count() > 10) LIMIT 5");
    RollupDecision read = RollupDecision.rollups(r.provenance()).stream().filter(RollupDecision::read).findFirst()
        .orElseThrow(() -> new AssertionError(r.provenance()));
    assertEquals(2, read.level(), read.toString());
    assertTrue(r.sql().startsWith("SELECT Body FROM otel.otel_logs WHERE ServiceName GLOBAL NOT IN (SELECT "), r.sql());
    assertTrue(r.sql().contains(RollupAnswersTest.LOGS_TARGET), r.sql());
  }

  @Test
  void globalJoinIsKeptAroundARewrittenSubquery() {
    RewriteResult r = rewrite("SELECT l.Body, t.n FROM otel.otel_logs AS l GLOBAL ANY LEFT JOIN (SELECT ServiceName,"
        + " count() AS n FROM otel.otel_logs GROUP BY ServiceName) AS t USING ServiceName LIMIT 5");
    assertTrue(r.sql().startsWith("SELECT l.Body, t.n FROM otel.otel_logs AS l GLOBAL ANY LEFT JOIN (SELECT "), r.sql());
    assertTrue(r.sql().endsWith(") AS t USING ServiceName LIMIT 5"), r.sql());
  }
}
