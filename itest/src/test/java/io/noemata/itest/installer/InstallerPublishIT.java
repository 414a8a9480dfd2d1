package io.noemata.itest.installer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.noemata.core.ledger.LedgerReader;
import io.noemata.core.ledger.LedgerRow;
import io.noemata.installer.online.OnlineRollupCheck;
import io.noemata.installer.plan.Plan;
import java.nio.file.Path;
import java.sql.Connection;
import java.util.List;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.io.TempDir;

/** Publishing the example project: every object installed, rollups equal raw aggregates, a rerun is a no-op. */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class InstallerPublishIT {

  @TempDir static Path dir;
  static InstallerFixture fx;

  @Test
  @Order(1)
  void publishInstallsEveryObjectAndRollupsEqualRawRows() throws Exception {
    fx = new InstallerFixture("it_publish", dir, 20_000);
    // a row alone in its part in the last second of a day (the day before the generator's first):
    // a backfill chunk's strict end bound written as a DateTime once skipped that part
    long firstDay = fx.count("SELECT toUnixTimestamp(toStartOfDay(min(Timestamp))) FROM " + fx.db + ".otel_logs");
    fx.execute("INSERT INTO " + fx.db + ".otel_logs (Timestamp, TraceId, SeverityText, SeverityNumber, ServiceName, Body)"
        + " VALUES (fromUnixTimestamp64Milli(" + (firstDay * 1000 - 100) + ", 'UTC'), 'last-second', 'ERROR', 17,"
        + " 'checkout', 'x')");
    Plan plan = fx.publish();
    assertTrue(plan.warnings().isEmpty(), plan.text());
    String db = fx.db;
    assertEquals(1, fx.count("SELECT count() FROM system.columns WHERE database = '" + db + "' AND table = 'otel_logs'"
        + " AND name LIKE '\\_\\_nm\\_%' AND default_kind = 'MATERIALIZED' AND compression_codec = 'CODEC(ZSTD(1))'"));
    assertEquals(1, fx.count("SELECT count() FROM system.data_skipping_indices WHERE database = '" + db
        + "' AND type_full = 'bloom_filter(0.01)' AND expr = '`__otel_materialized_k8s.pod.name`'"));
    assertEquals(1, fx.count("SELECT count() FROM system.projections WHERE database = '" + db + "'"));
    for (String t : List.of("noemata_rollup_logs_logs_1m", "noemata_rollup_logs_logs_1h",
        "noemata_rollup_spans_spans_1m")) {
      assertEquals(1, fx.count("SELECT count() FROM system.tables WHERE database = '" + db + "' AND name = '" + t + "'"));
      assertEquals(1, fx.count("SELECT count() FROM system.tables WHERE database = '" + db + "' AND name LIKE '" + t
          + "\\_\\_%\\_mv' AND engine = 'MaterializedView'"));
      assertEquals(1, fx.count("SELECT count() FROM system.tables WHERE database = '" + db + "' AND name LIKE '" + t
          + "\\_\\_%' AND engine = 'AggregatingMergeTree'"));
    }
    assertEquals(List.of(plan.revision()), fx.rows("SELECT object FROM " + db + ".noemata_resource_objects FINAL"
        + " WHERE kind = 'revision'"));
    try (Connection c = fx.connect()) {
      List<LedgerRow> rows = LedgerReader.rows(c, db, "noemata");
      assertEquals(7, rows.size());
      rows.forEach(r -> assertEquals(io.noemata.core.ledger.LedgerState.READY, r.state(), r.identity().key()));
      assertEquals(3, LedgerReader.readyRollups(c, "noemata", InstallerFixture.serverNow(c)).entrySet().stream()
          .filter(e -> e.getKey().database().equals(db)).mapToInt(e -> e.getValue().size()).sum());
    }
    InstallerFixture.assertSameRows(fx.logs1mRaw(), fx.logs1mRollup());
    InstallerFixture.assertSameRows(fx.logs1hRaw(), fx.logs1hRollup());
    InstallerFixture.assertSameRows(fx.spansRawExact(), fx.spansRollupExact());
  }

  @Test
  @Order(2)
  void rowsInsertedAfterTheCutoverReachTheRollupsThroughTheViews() throws Exception {
    String db = fx.db;
    // a recent row, then a late one for an older minute, stamped after the cutover (a row stamped
    // before it and arriving after its day was backfilled is the documented gap, not tested here)
    long cutover = fx.count("SELECT max(toUnixTimestamp(cutover)) FROM " + db + ".noemata_resource_ledger FINAL");
    String late = "toDateTime64(" + (cutover + 1) + ", 9, 'UTC')";
    fx.execute("INSERT INTO " + db + ".otel_logs (Timestamp, TraceId, SeverityText, SeverityNumber, ServiceName, Body)"
        + " VALUES (now64(9), 'late-trace-1', 'ERROR', 17, 'checkout', 'x')");
    fx.execute("INSERT INTO " + db + ".otel_logs (Timestamp, TraceId, SeverityText, SeverityNumber, ServiceName, Body)"
        + " VALUES (" + late + ", 'late-trace-2', 'info', 9, 'checkout', 'late')");
    fx.execute("INSERT INTO " + db + ".otel_traces (Timestamp, TraceId, SpanId, SpanName, SpanKind, ServiceName,"
        + " Duration, StatusCode) VALUES (" + late + ", 'late-trace-1', 's1', 'GET /x', 'Server', 'checkout', 1234, 'Ok')");
    InstallerFixture.assertSameRows(fx.logs1mRaw(), fx.logs1mRollup());
    InstallerFixture.assertSameRows(fx.logs1hRaw(), fx.logs1hRollup());
    InstallerFixture.assertSameRows(fx.spansRawExact(), fx.spansRollupExact());
  }

  @Test
  @Order(3)
  void everyMeasureOfEveryBucketMatchesRawSketchesWithinTheirBound() throws Exception {
    // the online check over all the data: exact measures within 1e-9, uniq and quantiles within 3%;
    // judged as of six minutes on (an injected clock), so the window reaches the rows the test added,
    // and with a row alone in its part 0.1 s before the window's end: the check's strict end bound,
    // written as a DateTime, once made the engine skip that part ("only in the rollup", a wrong
    // verdict that showed in full runs when the test's now64 row fell in a minute's last second)
    try (Connection c = fx.connect()) {
      java.time.Instant judged = InstallerFixture.serverNow(c).plus(java.time.Duration.ofMinutes(6));
      long end = Math.floorDiv(judged.minus(java.time.Duration.ofMinutes(5)).getEpochSecond(), 60) * 60;
      fx.execute("INSERT INTO " + fx.db + ".otel_logs (Timestamp, TraceId, SeverityText, SeverityNumber, ServiceName,"
          + " Body) VALUES (fromUnixTimestamp64Milli(" + (end * 1000 - 100) + ", 'UTC'), 'window-end', 'ERROR', 17,"
          + " 'checkout', 'x')");
      OnlineRollupCheck.Result r = OnlineRollupCheck.run(c, "noemata", java.util.Set.of(fx.db),
          java.time.Duration.ofDays(5), judged);
      assertEquals(3, r.checked().size(), r.toString());
      assertTrue(r.passed(), r.mismatches().stream().limit(5).toList().toString());
    }
  }

  @Test
  @Order(4)
  void publishingAgainChangesNothing() throws Exception {
    long ledgerRows = fx.count("SELECT count() FROM " + fx.db + ".noemata_resource_ledger");
    Plan again = fx.publish();
    assertTrue(again.isNoop(), again.text());
    assertEquals(ledgerRows, fx.count("SELECT count() FROM " + fx.db + ".noemata_resource_ledger"));
    assertFalse(again.text().contains("CREATE"), again.text());
  }
}
