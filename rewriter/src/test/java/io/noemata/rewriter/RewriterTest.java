package io.noemata.rewriter;

import io.noemata.rewriter.provenance.ResourceUse;
import io.noemata.rewriter.provenance.RollupDecision;
import io.noemata.rewriter.provenance.RollupSkip;
import io.noemata.rewriter.provenance.StoredColumnUse;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.noemata.core.catalog.CatalogSnapshot;
import io.noemata.core.catalog.Measure;
import io.noemata.core.catalog.Rollup;
import io.noemata.core.catalog.TableInfo;
import io.noemata.core.corpus.Corpus;
import io.noemata.core.sql.SqlParser;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class RewriterTest {

  @Test
  void sendsWhatItDoesNotUnderstandByteForByte() {
    for (String sql : List.of("INSERT INTO otel.otel_logs (Body) VALUES ('ResourceAttributes[''k8s.pod.name'']')",
        "SELECT ResourceAttributes['k8s.pod.name'] FROM otel.otel_logs WINDOW w AS (w2 ORDER BY Timestamp)",
        "SELECT ResourceAttributes['k8s.pod.name'] FROM otel.otel_logs; SELECT 2",
        "SELECT 'unterminated")) {
      RewriteResult r = Rewriter.rewrite(sql, OtelCatalog.snapshot(), "otel");
      assertSame(sql, r.sql());
      assertFalse(r.changed());
      assertNotNull(r.provenance().notUnderstood());
    }
  }

  @Test
  void rewritesAndReportsWhatItDid() {
    String sql = "SELECT ResourceAttributes['k8s.pod.name'] AS pod, LogAttributes['k8s.pod.name'] AS other"
        + " FROM otel_logs WHERE ResourceAttributes['k8s.pod.name'] != '' FORMAT JSON;";
    RewriteResult r = Rewriter.rewrite(sql, OtelCatalog.snapshot(), "otel");
    assertTrue(r.changed());
    assertEquals("SELECT CAST(`__otel_materialized_k8s.pod.name` AS String) AS pod,"
        + " LogAttributes['k8s.pod.name'] AS other FROM otel_logs"
        + " WHERE `__otel_materialized_k8s.pod.name` != '' FORMAT JSON;", r.sql());
    assertNull(r.provenance().notUnderstood());
    List<StoredColumnUse> uses = r.provenance().storedColumns();
    assertEquals(2, uses.size());
    assertEquals(new ResourceUse.Substituted(1, "otel.otel_logs", "ResourceAttributes['k8s.pod.name']", 7,
        "__otel_materialized_k8s.pod.name"), uses.get(0));
  }

  @Test
  void leavesEverythingAloneWithAnEmptyCatalog() {
    String sql = "SELECT ResourceAttributes['k8s.pod.name'] AS pod FROM otel.otel_logs";
    RewriteResult r = Rewriter.rewrite(sql, CatalogSnapshot.EMPTY, "otel");
    assertSame(sql, r.sql());
    assertEquals(List.of(), r.provenance().storedColumns());
  }

  @Test
  void everyCorpusStatementComesBackUnderstoodOrIdentical() {
    List<Corpus.Entry> all = new ArrayList<>(Corpus.queries());
    all.addAll(Corpus.parseCorpus());
    int changed = 0;
    for (Corpus.Entry e : all) {
      changed += understoodOrIdentical(e) ? 1 : 0;
    }
    System.out.printf("rewritten %d of %d corpus statements%n", changed, all.size());
    assertEquals(6 + 2, changed); // six `column` queries; q08 and q09 of the parse corpus
    Corpus.extra().forEach(RewriterTest::understoodOrIdentical);
  }

  /** Whether the rewriter changed {@code e}, asserting it came back understood or as the very same text. */
  private static boolean understoodOrIdentical(Corpus.Entry e) {
    RewriteResult r = Rewriter.rewrite(e.sql(), OtelCatalog.snapshot(), "otel");
    assertEquals(r.changed(), !r.sql().equals(e.sql()), e.id());
    if (r.changed()) {
      assertTrue(SqlParser.parse(r.sql()).understood(), e.id());
    } else {
      assertSame(e.sql(), r.sql(), e.id());
    }
    return r.changed();
  }

  /** A rollup keyed by stored Map subscripts: the installer names such a dimension by its column. */
  private static CatalogSnapshot subscriptRollup() {
    Rollup r = new Rollup("logs_1d", "noemata_rollup_logs_logs_1d", "noemata_rollup_logs_logs_1d__0a0b0c0d", "0a0b0c0d",
        Duration.ofDays(1), "Timestamp", "bucket",
        List.of("ServiceName", OtelCatalog.STATUS_COLUMN, "__otel_materialized_k8s.pod.name"),
        List.of(new Measure("LogCount", "count()", "LogCount", "SimpleAggregateFunction(sum, UInt64)")),
        RollupCatalog.COVERED_FROM, null);
    TableInfo l = OtelCatalog.logs(List.of());
    return CatalogSnapshot.of(3, List.of(new TableInfo(l.name(), l.columnTypes(), l.materializedColumns(),
        l.skipIndexes(), l.projections(), List.of(r))));
  }

  @Test
  void aRollupKeyedByAStoredSubscriptAnswersTheSubscript() {
    String window = "Timestamp >= toDateTime('2024-06-02 00:00:00') AND Timestamp < toDateTime('2024-06-05 00:00:00')";
    String sql = "SELECT ServiceName, count() AS lines FROM otel.otel_logs WHERE " + window
        + " AND LogAttributes['http.status_code'] = '500' GROUP BY ServiceName ORDER BY ServiceName";
    RewriteResult r = Rewriter.rewrite(sql, subscriptRollup(), "otel");
    assertTrue(RollupDecision.rollups(r.provenance()).stream().anyMatch(RollupDecision::read), () -> RollupDecision.rollups(r.provenance()).toString());
    assertTrue(r.sql().contains("FROM otel.noemata_rollup_logs_logs_1d") || r.sql().contains("noemata_rollup_logs_logs_1d"),
        r.sql());
    assertTrue(r.sql().contains("`" + OtelCatalog.STATUS_COLUMN + "` = '500'") || r.sql().contains(OtelCatalog.STATUS_COLUMN
        + " = '500'"), r.sql());
    assertFalse(r.sql().contains("LogAttributes"), r.sql());

    String pods = "SELECT ResourceAttributes['k8s.pod.name'] AS pod, count() AS lines FROM otel.otel_logs WHERE "
        + window + " GROUP BY pod ORDER BY lines DESC, pod LIMIT 10";
    RewriteResult p = Rewriter.rewrite(pods, subscriptRollup(), "otel");
    assertTrue(RollupDecision.rollups(p.provenance()).stream().anyMatch(RollupDecision::read), () -> RollupDecision.rollups(p.provenance()).toString());
    assertTrue(p.sql().contains("CAST(`__otel_materialized_k8s.pod.name` AS String) AS pod"), p.sql());
    assertFalse(p.sql().contains("ResourceAttributes"), p.sql());
  }

  @Test
  void aSubscriptNotStoredIsNoDimension() {
    String sql = "SELECT ResourceAttributes['service.version'] AS v, count() AS lines FROM otel.otel_logs"
        + " WHERE Timestamp >= toDateTime('2024-06-02 00:00:00') AND Timestamp < toDateTime('2024-06-05 00:00:00')"
        + " GROUP BY v";
    RewriteResult r = Rewriter.rewrite(sql, subscriptRollup(), "otel");
    assertSame(sql, r.sql());
    assertEquals(RollupSkip.COLUMN_NOT_DIMENSION, RollupDecision.rollups(r.provenance()).get(0).code());
  }
}
