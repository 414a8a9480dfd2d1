package io.noemata.rewriter.checks;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.noemata.core.catalog.CatalogSnapshot;
import io.noemata.core.catalog.SourceRows;
import io.noemata.core.catalog.TableInfo;
import io.noemata.core.catalog.TableName;
import io.noemata.rewriter.RewriteResult;
import io.noemata.rewriter.Rewriter;
import io.noemata.rewriter.RollupCatalog;
import io.noemata.rewriter.provenance.RollupDecision;
import io.noemata.rewriter.provenance.RollupSkip;
import io.noemata.rewriter.rules.RollupAnswersTest;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** An insert-fed rollup is never read over a source that replaces, collapses or deletes rows after insert. */
class SourceKeepsRowsTest {

  static final TableName LOGS = new TableName("otel", "otel_logs");
  static final String PER_SERVICE = "SELECT ServiceName, count() AS n FROM otel.otel_logs"
      + RollupAnswersTest.WINDOW + " GROUP BY ServiceName";
  /** Starts inside a bucket: whole buckets plus raw edges, which must not be read either. */
  static final String WITH_EDGES = "SELECT ServiceName, count() AS n FROM otel.otel_logs"
      + " WHERE Timestamp >= toDateTime(1718006430) AND Timestamp < toDateTime(1718028000) GROUP BY ServiceName";

  static CatalogSnapshot with(SourceRows rows) {
    CatalogSnapshot s = RollupCatalog.snapshot();
    Map<TableName, TableInfo> tables = new LinkedHashMap<>(s.tables());
    tables.put(LOGS, tables.get(LOGS).withSourceRows(rows));
    return new CatalogSnapshot(s.version() + 1, tables, s.serverTimeZone(), s.serverClock(), s.rows(),
        s.changeableSettings(), s.functions(), s.access(), s.naming());
  }

  static RollupDecision decision(String sql, CatalogSnapshot snapshot) {
    RewriteResult r = Rewriter.rewrite(sql, snapshot, "otel");
    List<RollupDecision> uses = RollupDecision.rollups(r.provenance()).stream()
        .filter(u -> u.rollup().equals("r_logs")).toList();
    assertEquals(1, uses.size(), uses.toString());
    assertEquals(uses.get(0).read(), r.changed(), r.sql());
    return uses.get(0);
  }

  @Test
  void aSourceThatKeepsRowsIsReadAsBefore() {
    assertTrue(decision(PER_SERVICE, with(SourceRows.KEEPS_ROWS)).read());
  }

  @Test
  void aReplacingSourceIsNeverReadFromItsRollup() {
    SourceRows replacing = SourceRows.of("ReplacingMergeTree", "ReplacingMergeTree ORDER BY ServiceName", "", List.of());
    for (String sql : List.of(PER_SERVICE, WITH_EDGES)) {
      RollupDecision d = decision(sql, with(replacing));
      assertFalse(d.read(), sql);
      assertEquals(RollupSkip.SOURCE_REWRITES_ROWS, d.code(), d.reason());
      assertEquals(RollupSkip.SOURCE_REWRITES_ROWS.remedy, d.remedy());
    }
  }

  @Test
  void aDeleteMutationMakesTheSourceRewriteRows() {
    SourceRows deleted = SourceRows.of("MergeTree", "MergeTree ORDER BY ServiceName", "",
        List.of(new SourceRows.Mutation("UPDATE _row_exists = 0 WHERE ServiceName = 'x'", Instant.EPOCH, false)));
    assertEquals(RollupSkip.SOURCE_REWRITES_ROWS, decision(PER_SERVICE, with(deleted)).code());
  }
}
