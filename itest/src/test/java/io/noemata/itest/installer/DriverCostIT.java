package io.noemata.itest.installer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.noemata.core.catalog.CatalogSnapshot;
import io.noemata.core.catalog.TableInfo;
import io.noemata.core.catalog.TableName;
import io.noemata.driver.NoemataStatement;
import io.noemata.driver.catalog.CatalogLoader;
import io.noemata.driver.provenance.QueryProvenance;
import io.noemata.itest.ResultRows;
import io.noemata.rewriter.RewriteResult;
import io.noemata.rewriter.Rewriter;
import io.noemata.rewriter.provenance.RollupSkip;
import io.noemata.rewriter.provenance.ResourceUse;
import io.noemata.rewriter.provenance.RollupUse;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The cost-aware choice on the engine: the catalog carries each table's and target's rows from
 * {@code system.parts}; whole days written as wall clocks read the hourly rollup from whole
 * buckets; a DDSketch panel over a minute rollup holding about as many rows as the table reads the
 * table, saying why with both estimates; so does a window whose bounds cut buckets on these few rows,
 * where the union's second read costs more than the table. Every answer equals raw.
 */
class DriverCostIT {

  static final String DB = "drv_cost";
  @TempDir static Path dir;
  static InstallerFixture fx;

  @BeforeAll
  static void publish() throws Exception {
    fx = new InstallerFixture(DB, dir, 4_000);
    fx.publish();
    // the catalog is cached per server and user: one loaded by an earlier test does not know these rollups
    try (Connection c = connect()) {
      c.unwrap(io.noemata.driver.NoemataConnection.class).invalidateCatalog();
    }
  }

  static Connection connect() throws Exception {
    return DriverManager.getConnection("jdbc:noemata:clickhouse://" + InstallerFixture.TARGET.hostPort() + "/" + DB,
        InstallerFixture.TARGET.credentials());
  }

  /** The rows noemata returns, its rollup decisions, and the rows plain clickhouse-jdbc returns. */
  record Run(List<List<String>> rows, List<RollupUse> uses, List<List<String>> raw, String provenance) {}

  static Run run(String sql) throws Exception {
    List<List<String>> rows;
    QueryProvenance p;
    try (Connection c = connect(); Statement s = c.createStatement(); ResultSet rs = s.executeQuery(sql)) {
      rows = ResultRows.rows(rs);
      p = s.unwrap(NoemataStatement.class).provenance();
    }
    try (Connection c = fx.connect(); Statement s = c.createStatement(); ResultSet rs = s.executeQuery(sql)) {
      return new Run(rows, p.rollups(), ResultRows.rows(rs), p.toString());
    }
  }

  static RollupUse use(Run r, String key) {
    return r.uses().stream().filter(u -> u.rollup().equals(key)).findFirst().orElseThrow(() -> new AssertionError(
        key + " not decided: " + r.provenance()));
  }

  /** The level's {@code rollup} use of {@code key}; fails when it was skipped. */
  static ResourceUse.Rollup read(Run r, String key) {
    if (use(r, key) instanceof ResourceUse.Rollup read) {
      return read;
    }
    throw new AssertionError(key + " not read: " + r.provenance());
  }

  /** The {@code skipped_rollup} use of {@code key}; fails when it was read. */
  static ResourceUse.SkippedRollup skipped(Run r, String key) {
    if (use(r, key) instanceof ResourceUse.SkippedRollup skipped) {
      return skipped;
    }
    throw new AssertionError(key + " read: " + r.provenance());
  }

  @Test
  void theCatalogCarriesRowsPerPartitionOfTablesAndTargets() throws Exception {
    try (Connection c = fx.connect()) {
      CatalogSnapshot snapshot = CatalogLoader.load(c, "noemata");
      TableInfo logs = snapshot.table(new TableName(DB, "otel_logs")).orElseThrow();
      assertEquals(fx.count("SELECT count() FROM " + DB + ".otel_logs"),
          snapshot.rows(logs.name()).orElseThrow().total());
      for (var r : logs.rollups()) {
        assertEquals(fx.count("SELECT count() FROM " + DB + ".`" + r.target() + "`"),
            snapshot.rows(new TableName(DB, r.target())).orElseThrow().total(), r.key());
      }
    }
  }

  @Test
  void wholeDaysAsWallClocksReadTheHourlyRollupFromWholeBuckets() throws Exception {
    LocalDate first = fx.first;
    Run r = run("SELECT toStartOfHour(Timestamp) AS time, ServiceName, countIf(SeverityNumber >= 17) AS errors"
        + " FROM " + DB + ".otel_logs WHERE Timestamp >= toDateTime('" + first.plusDays(1) + " 00:00:00')"
        + " AND Timestamp < toDateTime('" + first.plusDays(3) + " 00:00:00') GROUP BY time, ServiceName"
        + " ORDER BY time, ServiceName");
    ResourceUse.Rollup hourly = read(r, "logs_1h");
    assertTrue(!hourly.rawEdges(), r.uses().toString());
    assertEquals(RollupSkip.COARSER_ROLLUP_READ, skipped(r, "logs_1m").code());
    assertFalse(r.rows().isEmpty());
    assertEquals(r.raw(), r.rows());
  }

  @Test
  void aRawEdgeKeepsTheRowsOfTheSecondBeforeTheRollupsFirstBucket() throws Exception {
    // the edge "Timestamp < <first bucket>" written as a DateTime once let the engine skip a part
    // whose rows all lie in the second before it (its index analysis reads t < n as t <= n - 1):
    // noemata then answered one row short of raw. The row, 0.1 s before the window's first whole
    // bucket, is read from raw rows on both sides (stamped before the cutover, it is in no rollup:
    // no other test here reads its day); merges are stopped so its part stays alone.
    long day = fx.first.plusDays(1).toEpochSecond(java.time.LocalTime.MIDNIGHT, ZoneOffset.UTC);
    fx.execute("SYSTEM STOP MERGES " + DB + ".otel_logs");
    try {
      fx.execute("INSERT INTO " + DB + ".otel_logs (Timestamp, TraceId, SeverityText, SeverityNumber, ServiceName,"
          + " Body) VALUES (fromUnixTimestamp64Milli(" + (day * 1000 - 100) + ", 'UTC'), 'edge', 'ERROR', 17,"
          + " 'checkout', 'x')");
      try (Connection c = connect()) {
        c.unwrap(io.noemata.driver.NoemataConnection.class).invalidateCatalog();
      }
      String sql = "SELECT ServiceName, count() AS n FROM " + DB + ".otel_logs WHERE Timestamp >= toDateTime("
          + (day - 30) + ") AND Timestamp <= toDateTime(" + (day + 86400) + ") GROUP BY ServiceName ORDER BY ServiceName";
      // on these few rows the table is cheaper than the union (the driver reads it); the union as the
      // rewriter writes it where it is chosen, decided by grain alone (a catalog without row counts)
      try (Connection c = fx.connect()) {
        CatalogSnapshot loaded = CatalogLoader.load(c, "noemata");
        RewriteResult union = Rewriter.rewrite(sql, loaded.withRows(java.util.Map.of(), loaded.version() + 1), DB);
        assertTrue(union.provenance().rollups().stream().anyMatch(u -> u instanceof ResourceUse.Rollup read
            && read.rawEdges()), union.provenance().toString());
        try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery(union.sql());
            Statement t = c.createStatement(); ResultSet raw = t.executeQuery(sql)) {
          assertEquals(ResultRows.rows(raw), ResultRows.rows(rs));
        }
      }
      Run r = run(sql);
      assertEquals(RollupSkip.RAW_IS_CHEAPER, skipped(r, "logs_1h").code(), r.provenance());
      assertEquals(r.raw(), r.rows());
    } finally {
      fx.execute("SYSTEM START MERGES " + DB + ".otel_logs");
    }
  }

  @Test
  void aSketchOverAsManyRollupRowsAsRawRowsReadsTheTable() throws Exception {
    LocalDate first = fx.first;
    Run r = run("SELECT SpanName, quantilesDD(0.01, 0.5, 0.9, 0.99)(Duration)[4] AS p99 FROM " + DB + ".otel_traces"
        + " WHERE Timestamp >= toDateTime('" + first.plusDays(1) + " 00:00:00') AND Timestamp < toDateTime('"
        + first.plusDays(3) + " 00:00:00') GROUP BY SpanName ORDER BY SpanName");
    ResourceUse.SkippedRollup spans = skipped(r, "spans_1m");
    assertEquals(RollupSkip.RAW_IS_CHEAPER, spans.code(), spans.reason());
    assertTrue(spans.reason().matches("reading " + DB + "\\.otel_traces is estimated cheaper: [0-9,]+ against [0-9,]+"
        + " for spans_1m .*"), spans.reason());
    assertEquals(r.raw(), r.rows());
    // the same rollup answers a count over the same window: summing is cheap enough
    Run count = run("SELECT ServiceName, count() AS n FROM " + DB + ".otel_traces WHERE Timestamp >= toDateTime('"
        + first.plusDays(1) + " 00:00:00') AND Timestamp < toDateTime('" + first.plusDays(3) + " 00:00:00')"
        + " GROUP BY ServiceName ORDER BY ServiceName");
    assertTrue(use(count, "spans_1m").read(), count.uses().toString());
    assertEquals(count.raw(), count.rows());
  }
}
