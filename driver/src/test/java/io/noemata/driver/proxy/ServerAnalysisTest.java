package io.noemata.driver.proxy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.noemata.core.catalog.CatalogSnapshot;
import io.noemata.rewriter.RewriteResult;
import io.noemata.rewriter.Rewriter;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/**
 * When the driver asks the server for its analysis (the analysis itself is run on the engine by
 * DriverCorpusRollupIT): never for a statement whose value may depend on when it runs, never twice
 * for one text.
 */
class ServerAnalysisTest {

  @Test
  void aStatementThatReadsTheClockOrTakesParametersIsNeverAnalysed() {
    assertTrue(ServerAnalysis.timeless("SELECT count() FROM t WHERE ts >= parseDateTimeBestEffort('June 5, 2024')"));
    assertTrue(ServerAnalysis.timeless("SELECT count() FROM t WHERE ts >= DATE_ADD(HOUR, 1, toDateTime(0)) AND x IN (1, 2)"));
    assertFalse(ServerAnalysis.timeless("SELECT count() FROM t WHERE ts >= now() - INTERVAL 1 HOUR"));
    assertFalse(ServerAnalysis.timeless("SELECT count() FROM t WHERE ts >= today()"));
    assertFalse(ServerAnalysis.timeless("SELECT rand() FROM t"));
    assertFalse(ServerAnalysis.timeless("SELECT count() FROM t WHERE ts >= ?"));
    assertFalse(ServerAnalysis.timeless("SELECT count() FROM t FORMAT JSON"));
    assertFalse(ServerAnalysis.timeless("SELECT myUserFunction(x) FROM t")); // unknown: not known to be deterministic
  }

  @Test
  void aStatementIsAnalysedOnceAndTheAnswerNoIsCachedToo() {
    String sql = "SELECT count() FROM t WHERE position('x' IN s) = 0";
    CatalogSnapshot snapshot = CatalogSnapshot.EMPTY.withServerClock(java.time.Instant.EPOCH);
    RewriteResult local = Rewriter.rewrite(sql, snapshot, "default");
    assertFalse(local.changed());
    AtomicInteger asked = new AtomicInteger();
    ServerExplainer server = s -> {
      asked.incrementAndGet();
      return Optional.empty(); // the server refused the analysis
    };
    for (int i = 0; i < 3; i++) {
      assertSame(local, ServerAnalysis.second(sql, local, List.of(), snapshot, "default", server));
    }
    assertEquals(1, asked.get());
    // what the local path understood is never sent to the server
    String understood = "SELECT count() FROM t WHERE s = 'x'";
    RewriteResult plain = Rewriter.rewrite(understood, snapshot, "default");
    assertSame(plain, ServerAnalysis.second(understood, plain, List.of(), snapshot, "default", server));
    assertEquals(1, asked.get());
  }
}
