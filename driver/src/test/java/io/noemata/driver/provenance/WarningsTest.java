package io.noemata.driver.provenance;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.noemata.rewriter.provenance.Provenance;
import io.noemata.rewriter.RewriteResult;
import io.noemata.rewriter.provenance.RollupSkip;
import io.noemata.rewriter.provenance.KeptReason;
import io.noemata.rewriter.provenance.ResourceUse;
import io.noemata.rewriter.provenance.StoredColumnUse;
import java.sql.SQLWarning;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class WarningsTest {

  private static final String POD = "ResourceAttributes['k8s.pod.name']";

  private static List<SQLWarning> list(SQLWarning w) {
    List<SQLWarning> out = new ArrayList<>();
    for (; w != null; w = w.getNextWarning()) {
      out.add(w);
    }
    return out;
  }

  private static final String SQL = "SELECT " + POD + " FROM otel.otel_logs";
  private static final String OUT = "SELECT `__otel_materialized_k8s.pod.name` FROM otel.otel_logs";

  private static QueryProvenance.Rewritten rewritten(StoredColumnUse... uses) {
    return new QueryProvenance.Rewritten(SQL, OUT, new Provenance(null, List.of(uses)));
  }

  @Test
  void nothingToSayIsNoWarning() {
    assertNull(Warnings.of(QueryProvenance.asWritten("INSERT INTO t VALUES (1)", "not a query")));
  }

  @Test
  void storedColumnReadAndKeptNameColumnTableAndReason() {
    QueryProvenance p = rewritten(
        new ResourceUse.Substituted(1, "otel.otel_logs", POD, 7, "__otel_materialized_k8s.pod.name"),
        new ResourceUse.Kept(2, "otel.otel_logs", POD, 90, "__otel_materialized_k8s.pod.name",
            KeptReason.TABLE_NOT_ALONE));
    List<SQLWarning> w = list(Warnings.of(p));
    assertEquals(2, w.size());
    assertEquals("01N11", w.get(0).getSQLState());
    assertEquals(9111, w.get(0).getErrorCode());
    assertEquals("noemata: read stored column `__otel_materialized_k8s.pod.name` for " + POD + " on otel.otel_logs",
        w.get(0).getMessage());
    assertEquals("01N12", w.get(1).getSQLState());
    assertTrue(w.get(1).getMessage().endsWith("the query level reads more than this table (a join or ARRAY JOIN)"),
        w.get(1).getMessage());
  }

  @Test
  void dryRunQuotesWhatWouldHaveBeenSent() {
    QueryProvenance p = QueryProvenance.rewriterRan(SQL, new RewriteResult(OUT, true, new Provenance(null, List.of(
        new ResourceUse.Substituted(1, "otel.otel_logs", POD, 7, "__otel_materialized_k8s.pod.name")))), true);
    assertTrue(p instanceof QueryProvenance.DryRun && p.sent().equals(SQL) && !p.changed(), p.toString());
    List<SQLWarning> w = list(Warnings.of(p));
    assertEquals("01N40", w.get(0).getSQLState());
    assertTrue(w.get(0).getMessage().contains("would have sent: SELECT `__otel_materialized_k8s.pod.name` FROM"));
    assertTrue(w.get(1).getMessage().startsWith("noemata: would read stored column"));
  }

  @Test
  void fallbackComesFirstWithTheServerError() {
    QueryProvenance p = rewritten(
        new ResourceUse.Substituted(1, "otel.otel_logs", POD, 7, "__otel_materialized_k8s.pod.name"))
        .fellBack(new Fallback(47, "Code: 47. DB::Exception: Unknown identifier"));
    SQLWarning first = Warnings.of(p);
    assertEquals("01N50", first.getSQLState());
    assertEquals(9150, first.getErrorCode());
    assertTrue(first.getMessage().contains("Code 47"), first.getMessage());
    assertEquals(p.original(), p.sent());
    // the rewrite did not run: nothing in the chain may say a stored column was read
    SQLWarning next = first.getNextWarning();
    assertEquals("01N12", next.getSQLState());
    assertTrue(next.getMessage().endsWith("not read): the statement reading it failed"), next.getMessage());
    assertNull(next.getNextWarning());
  }

  @Test
  void catalogFailureSaysTheStatementWentAsWritten() {
    QueryProvenance p = QueryProvenance.catalogFailure("SELECT 1", "Connection refused");
    SQLWarning w = Warnings.of(p);
    assertEquals("01N60", w.getSQLState());
    assertEquals("noemata: the accelerator catalog could not be read (Connection refused); sent as written", w.getMessage());
    assertNull(w.getNextWarning());
  }

  @Test
  void rollupReadAndSkippedNameTheRollupReasonAndRemedy() {
    String sql = "SELECT count() FROM otel.otel_logs WHERE Timestamp >= now() - INTERVAL 1 HOUR";
    Provenance prov = new Provenance(null, List.of(), List.of(
        new ResourceUse.Rollup(1, "otel.otel_logs", "logs_1h", "noemata_rollup_logs_logs_1h", false),
        new ResourceUse.SkippedRollup(2, "otel.otel_logs", "logs_1m", "noemata_rollup_logs_logs_1m", RollupSkip.NO_WINDOW,
            "the level has no lower bound on Timestamp")));
    QueryProvenance p = new QueryProvenance.Rewritten(sql, "SELECT ...", prov);
    List<SQLWarning> w = list(Warnings.of(p));
    assertEquals("01N21", w.get(0).getSQLState());
    assertEquals(9121, w.get(0).getErrorCode());
    assertEquals("noemata: read rollup logs_1h (noemata_rollup_logs_logs_1h) for otel.otel_logs", w.get(0).getMessage());
    assertEquals("01N22", w.get(1).getSQLState());
    QueryProvenance edges = new QueryProvenance.Rewritten(sql, "SELECT ...", new Provenance(null, List.of(),
        List.of(new ResourceUse.Rollup(1, "otel.otel_logs", "logs_1m", "noemata_rollup_logs_logs_1m", true))));
    assertEquals("noemata: read rollup logs_1m (noemata_rollup_logs_logs_1m) for otel.otel_logs, and raw rows for the"
        + " parts of the window it does not hold whole", Warnings.of(edges).getMessage());
    assertEquals("noemata: skipped rollup logs_1m for otel.otel_logs (query level 2): the level has no lower bound on"
        + " Timestamp; to use it: " + RollupSkip.NO_WINDOW.remedy, w.get(1).getMessage());
  }

  @Test
  void theRewritersAnswerPicksTheCase() {
    Provenance none = new Provenance(null, List.of());
    assertTrue(QueryProvenance.rewriterRan(SQL, new RewriteResult(SQL, false, none), false) instanceof QueryProvenance.Kept);
    assertTrue(QueryProvenance.rewriterRan(SQL, new RewriteResult(SQL, false, none), true) instanceof QueryProvenance.Kept);
    QueryProvenance p = QueryProvenance.rewriterRan(SQL, new RewriteResult(OUT, true, none), false);
    assertTrue(p instanceof QueryProvenance.Rewritten && p.changed() && p.sent().equals(OUT), p.toString());
    QueryProvenance refused = QueryProvenance.rewriterRan(SQL, new RewriteResult(SQL, false,
        new Provenance("DISTINCT ON at 'ON'", List.of())), false);
    assertEquals("DISTINCT ON at 'ON'", ((QueryProvenance.NotUnderstood) refused).reason());
    assertEquals("noemata: sent as written; the statement was not understood: DISTINCT ON at 'ON'",
        Warnings.of(refused).getMessage());
    assertTrue(refused.rewrite().isPresent() && refused.fallback().isEmpty() && !refused.changed());
  }

  @Test
  void onlyARewrittenStatementFallsBackAndThenTheOriginalWasSent() {
    QueryProvenance.FellBack f = rewritten().fellBack(new Fallback(60, "Code: 60. Unknown table"));
    assertEquals(SQL, f.sent());
    assertEquals(60, f.fallback().orElseThrow().errorCode());
    assertTrue(QueryProvenance.asWritten(SQL, "noemata.rewrite=off").fallback().isEmpty());
    assertTrue(QueryProvenance.rewriterError(SQL, "boom").rewrite().isEmpty());
  }

  @Test
  void aRewriterErrorIsOneWarning() {
    SQLWarning w = Warnings.of(QueryProvenance.rewriterError("SELECT 1", "java.lang.IllegalStateException: x"));
    assertEquals("noemata: internal rewriter error (java.lang.IllegalStateException: x); sent as written", w.getMessage());
    assertNull(w.getNextWarning());
  }

  @Test
  void aQuarantinedRollupIsNamedWithItsFailingBucketAndTheRepair() {
    var q = new io.noemata.driver.catalog.QuarantinedRollup(new io.noemata.core.catalog.TableName("otel", "otel_logs"),
        "logs_1m", "noemata_rollup_logs_logs_1m", "logs_1m bucket 2026-11-29 10:00:00 measure LogCount: raw 3, rollup 1003");
    SQLWarning w = Warnings.of(QueryProvenance.asWritten("SELECT count() FROM otel.otel_logs", "x"), List.of(q));
    assertEquals("01N23", w.getSQLState());
    assertEquals(9123, w.getErrorCode());
    assertEquals("noemata: did not read rollup logs_1m (noemata_rollup_logs_logs_1m) for otel.otel_logs: it is"
        + " quarantined, its buckets differ from the raw rows (logs_1m bucket 2026-11-29 10:00:00 measure LogCount:"
        + " raw 3, rollup 1003); the raw table answers until `noemata publish` repairs it", w.getMessage());
    assertNull(w.getNextWarning());
  }
}
