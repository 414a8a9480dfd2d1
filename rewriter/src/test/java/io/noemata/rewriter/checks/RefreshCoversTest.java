package io.noemata.rewriter.checks;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.noemata.core.catalog.CatalogSnapshot;
import io.noemata.core.catalog.RefreshState;
import io.noemata.core.catalog.SourceRows;
import io.noemata.core.catalog.TableInfo;
import io.noemata.core.catalog.TableName;
import io.noemata.rewriter.RewriteResult;
import io.noemata.rewriter.Rewriter;
import io.noemata.rewriter.provenance.RollupDecision;
import io.noemata.rewriter.provenance.RollupSkip;
import io.noemata.rewriter.rules.RollupAnswersTest;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * A refreshed rollup answers while its last refresh is newer than the source's last change, and
 * over a source whose engine merges rows only a level reading the table FINAL.
 */
class RefreshCoversTest {

  static final TableName LOGS = SourceKeepsRowsTest.LOGS;
  static final Instant REFRESHED = Instant.ofEpochSecond(1_718_100_000);
  static final SourceRows REPLACING = SourceRows.of("ReplacingMergeTree", "ReplacingMergeTree ORDER BY ServiceName",
      "", List.of());
  static final String FINAL = "SELECT ServiceName, count() AS n FROM otel.otel_logs FINAL" + RollupAnswersTest.WINDOW
      + " GROUP BY ServiceName";

  /** The test catalog with {@code r_logs} refreshed as {@code state} over a source of {@code rows}. */
  static CatalogSnapshot refreshed(SourceRows rows, RefreshState state) {
    CatalogSnapshot s = SourceKeepsRowsTest.with(rows);
    Map<TableName, TableInfo> tables = new LinkedHashMap<>(s.tables());
    TableInfo t = tables.get(LOGS);
    tables.put(LOGS, new TableInfo(t.name(), t.columnTypes(), t.materializedColumns(), t.skipIndexes(),
        t.projections(), t.rollups().stream().map(r -> r.key().equals("r_logs") ? r.withRefresh(state) : r).toList(),
        t.sourceRows()));
    return new CatalogSnapshot(s.version() + 1, tables, s.serverTimeZone(), s.serverClock(), s.rows(),
        s.changeableSettings(), s.functions(), s.access(), s.naming());
  }

  static RefreshState changedAt(long secondsAfterRefresh) {
    return new RefreshState(REFRESHED, REFRESHED.plusSeconds(secondsAfterRefresh));
  }

  @Test
  void aRefreshNewerThanTheSourcesLastChangeAnswersAFinalLevel() {
    RollupDecision d = SourceKeepsRowsTest.decision(FINAL, refreshed(REPLACING, changedAt(-1)));
    assertTrue(d.read(), d.reason());
    RewriteResult r = Rewriter.rewrite(FINAL, refreshed(REPLACING, changedAt(-1)), "otel");
    assertFalse(r.sql().contains("otel_logs FINAL"), r.sql());
    // the catalog may be older than the source's last change: the server checks it again
    assertTrue(r.sql().contains("throwIf((SELECT toUnixTimestamp(max(greatest(modification_time, remove_time))) FROM"
        + " system.parts WHERE database = 'otel' AND table = 'otel_logs') >= 1718100000"), r.sql());
    String edges = SourceKeepsRowsTest.WITH_EDGES.replace("otel.otel_logs", "otel.otel_logs FINAL");
    RewriteResult e = Rewriter.rewrite(edges, refreshed(REPLACING, changedAt(-1)), "otel");
    assertTrue(e.changed() && e.sql().contains("throwIf((SELECT") && e.sql().contains("otel_logs FINAL"), e.sql());
  }

  @Test
  void aChangeInTheRefreshsSecondOrAfterIsBehind() {
    for (long after : List.of(0L, 1L, 3600L)) {
      RollupDecision d = SourceKeepsRowsTest.decision(FINAL, refreshed(REPLACING, changedAt(after)));
      assertFalse(d.read(), "changed " + after + "s after");
      assertEquals(RollupSkip.REFRESH_BEHIND, d.code(), d.reason());
    }
    RollupDecision never = SourceKeepsRowsTest.decision(FINAL, refreshed(REPLACING, new RefreshState(null, null)));
    assertEquals(RollupSkip.REFRESH_BEHIND, never.code(), never.reason());
  }

  @Test
  void aMergingSourceRead_WithoutFinalOrWithPrewhere_NeedsFinal() {
    String plain = FINAL.replace(" FINAL", "");
    assertEquals(RollupSkip.REFRESH_NEEDS_FINAL, SourceKeepsRowsTest.decision(plain,
        refreshed(REPLACING, changedAt(-1))).code());
    String prewhere = "SELECT ServiceName, count() AS n FROM otel.otel_logs FINAL PREWHERE ServiceName = 'a'"
        + RollupAnswersTest.WINDOW + " GROUP BY ServiceName";
    assertEquals(RollupSkip.REFRESH_NEEDS_FINAL, SourceKeepsRowsTest.decision(prewhere,
        refreshed(REPLACING, changedAt(-1))).code());
  }

  @Test
  void aSourceKeepingItsRowsNeedsNoFinalAndAFinalLevelStillSkipsAnInsertFedRollup() {
    assertTrue(SourceKeepsRowsTest.decision(FINAL.replace(" FINAL", ""),
        refreshed(SourceRows.KEEPS_ROWS, changedAt(-1))).read());
    assertEquals(RollupSkip.TABLE_NOT_ALONE, SourceKeepsRowsTest.decision(FINAL,
        SourceKeepsRowsTest.with(SourceRows.KEEPS_ROWS)).code());
  }

  @Test
  void coversComparesWholeSeconds() {
    assertTrue(new RefreshState(REFRESHED, null).covers());
    assertTrue(changedAt(-1).covers());
    assertFalse(new RefreshState(REFRESHED.plusMillis(900), REFRESHED.plusMillis(100)).covers());
  }
}
