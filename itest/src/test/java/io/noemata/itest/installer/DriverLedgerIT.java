package io.noemata.itest.installer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.io.TempDir;

import io.noemata.core.catalog.CatalogSnapshot;
import io.noemata.core.catalog.Rollup;
import io.noemata.core.catalog.TableInfo;
import io.noemata.core.catalog.TableName;
import io.noemata.driver.NoemataConnection;
import io.noemata.driver.NoemataStatement;
import io.noemata.driver.provenance.QueryProvenance;
import io.noemata.embedded.http.QueryLog;
import java.sql.SQLWarning;
import java.sql.Statement;
import java.time.LocalDate;
import java.time.ZoneOffset;

/**
 * After {@code publish} of the example project, a noemata connection's catalog holds what the
 * installer reports: the ready rollups of the ledger and the stored columns, and its metadata shows
 * the stable rollup views but not the ledger, the rollup targets and their views, nor {@code __nm_*}.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class DriverLedgerIT {

  static final String DB = "drv_ledger";
  @TempDir static Path dir;
  static InstallerFixture fx;

  @BeforeAll
  static void publish() throws Exception {
    fx = new InstallerFixture(DB, dir, 20_000);
    fx.publish();
  }

  private static Connection connect(String... props) throws SQLException {
    return fx.driver(props);
  }

  private static List<String> names(ResultSet rs, String column) throws SQLException {
    List<String> out = new ArrayList<>();
    while (rs.next()) {
      out.add(rs.getString(column));
    }
    return out;
  }

  @Test
  @Order(1)
  void catalogHoldsTheLedgersReadyRollups() throws Exception {
    List<String> stableViews = fx.rows("SELECT stable_view FROM noemata_resource_ledger FINAL"
        + " WHERE kind = 'rollup' AND state = 'ready' ORDER BY stable_view");
    assertFalse(stableViews.isEmpty(), "the example publishes rollups");
    try (Connection c = connect()) {
      c.unwrap(NoemataConnection.class).invalidateCatalog();
      CatalogSnapshot snapshot = c.unwrap(NoemataConnection.class).catalog();
      List<String> read = new ArrayList<>();
      for (TableInfo t : snapshot.tables().values()) {
        if (t.name().database().equals(DB)) {
          t.rollups().stream().map(Rollup::stableView).forEach(read::add);
        }
      }
      read.sort(null);
      assertEquals(stableViews, read);
      TableInfo logs = snapshot.table(new TableName(DB, "otel_logs")).orElseThrow();
      assertTrue(logs.materializedColumns().stream().anyMatch(m -> m.name().startsWith("__otel_materialized_")));
    }
  }

  @Test
  @Order(2)
  void metadataShowsStableViewsButNotInternals() throws Exception {
    List<String> stableViews = fx.rows("SELECT DISTINCT stable_view FROM noemata_resource_ledger FINAL WHERE kind = 'rollup'");
    List<String> internal = fx.rows("SELECT name FROM system.tables WHERE database = '" + DB + "' AND name LIKE 'noemata\\\\_%'"
        + " AND name NOT IN (SELECT stable_view FROM " + DB + ".noemata_resource_ledger FINAL WHERE kind = 'rollup')");
    assertFalse(internal.isEmpty());
    List<String> nmColumns = fx.rows("SELECT name FROM system.columns WHERE database = '" + DB + "' AND table = 'otel_logs'"
        + " AND name LIKE '\\\\_\\\\_nm\\\\_%'");
    try (Connection c = connect()) {
      List<String> tables = names(c.getMetaData().getTables(null, DB, "%", null), "TABLE_NAME");
      assertTrue(tables.containsAll(stableViews), tables.toString());
      assertTrue(tables.contains("otel_logs"));
      for (String t : internal) {
        assertFalse(tables.contains(t), t + " is internal");
      }
      List<String> columns = names(c.getMetaData().getColumns(null, DB, "otel_logs", null), "COLUMN_NAME");
      assertTrue(columns.contains("ResourceAttributes"));
      assertTrue(columns.stream().noneMatch(nmColumns::contains), columns.toString());
    }
    try (Connection c = connect("noemata.metadata.hide-internal", "false")) {
      List<String> tables = names(c.getMetaData().getTables(null, DB, "%", null), "TABLE_NAME");
      assertTrue(tables.containsAll(internal), "shown when hiding is off: " + tables);
    }
  }

  /** Log counts per service over the fixture's whole day before yesterday (UTC): a window every rollup covers. */
  static String perService() {
    LocalDate today = LocalDate.now(ZoneOffset.UTC);
    return "SELECT ServiceName, count() AS n FROM " + DB + ".otel_logs WHERE Timestamp >= toDateTime('"
        + today.minusDays(2) + " 00:00:00', 'UTC') AND Timestamp < toDateTime('" + today.minusDays(1) + " 00:00:00', 'UTC')"
        + " GROUP BY ServiceName ORDER BY ServiceName";
  }

  private static List<String> rows(Statement s, String sql) throws SQLException {
    return InstallerFixture.twoColumns(s, sql);
  }

  private static List<SQLWarning> warnings(Statement s) throws SQLException {
    List<SQLWarning> out = new ArrayList<>();
    for (SQLWarning w = s.getWarnings(); w != null; w = w.getNextWarning()) {
      out.add(w);
    }
    return out;
  }

  @Test
  @Order(3)
  void aRollupAnswersWithTheRawTablesRowsAndTheWarningsNameIt() throws Exception {
    String sql = perService();
    List<String> raw = fx.rows(sql);
    assertFalse(raw.isEmpty());
    try (Connection c = connect(); Statement s = c.createStatement()) {
      c.unwrap(NoemataConnection.class).invalidateCatalog();
      QueryLog log = InstallerFixture.TARGET.embeddedQueryLog();
      long mark = log.mark();
      assertEquals(raw, rows(s, sql));
      QueryProvenance p = s.unwrap(NoemataStatement.class).provenance();
      assertTrue(p.changed(), "read from a rollup: " + p);
      String view = p.rollups().stream().filter(u -> u.read()).findFirst().orElseThrow().stableView();
      assertTrue(log.since(mark).stream().anyMatch(e -> e.sql().equals(p.sent()) && e.sql().contains(view)),
          "the engine read " + view);
      List<SQLWarning> w = warnings(s);
      assertTrue(w.stream().anyMatch(x -> x.getSQLState().equals("01N21") && x.getMessage().contains(view)),
          "a warning names the rollup read");
      assertTrue(w.stream().filter(x -> x.getSQLState().equals("01N22")).allMatch(x -> x.getMessage().contains("; to use it: ")));
    }
  }

  @Test
  @Order(4)
  void droppingTheRollupBehindACachedCatalogFallsBackAndSaysSo() throws Exception {
    String sql = perService();
    List<String> raw = fx.rows(sql);
    try (Connection c = connect("noemata.catalog.ttl", "1h"); Statement s = c.createStatement()) {
      c.unwrap(NoemataConnection.class).invalidateCatalog();
      assertEquals(raw, rows(s, sql));
      QueryProvenance p = s.unwrap(NoemataStatement.class).provenance();
      String view = p.rollups().stream().filter(u -> u.read()).findFirst().orElseThrow().stableView();
      // the rewrite reads the rollup's target (its view's name and hash); its view writes into it
      String target = fx.rows("SELECT object FROM noemata_resource_ledger FINAL WHERE kind = 'rollup' AND stable_view = '"
          + view + "'").get(0);
      assertTrue(p.sent().contains(target), p.sent());
      try (Connection plain = fx.connect(); Statement ps = plain.createStatement()) {
        ps.execute("DROP VIEW " + target + "_mv");
        ps.execute("DROP TABLE " + target);
      }
      assertEquals(raw, rows(s, sql), "the raw table answers");
      List<SQLWarning> w = warnings(s);
      assertEquals("01N50", w.get(0).getSQLState(), w.toString());
      assertEquals(1, c.unwrap(NoemataConnection.class).fallbackCount());
      assertFalse(s.unwrap(NoemataStatement.class).provenance().changed());
    }
  }
}
