package io.noemata.itest;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.SQLWarning;
import java.sql.Statement;
import java.time.Duration;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import io.noemata.driver.DriverStats;
import io.noemata.driver.NoemataConnection;
import io.noemata.driver.NoemataSettings;
import io.noemata.driver.NoemataStatement;
import io.noemata.driver.catalog.CatalogCache;
import io.noemata.driver.catalog.CatalogKey;
import io.noemata.driver.provenance.QueryProvenance;
import io.noemata.driver.proxy.ProxyConnection;
import io.noemata.embedded.http.QueryLog;

/**
 * An accelerator dropped behind a connection's cached catalog: the rewritten statement fails, the
 * statement as written runs, the caller gets rows and a warning, never the error. A catalog that
 * cannot be read leaves statements as written, with a warning.
 */
class DriverFallbackIT {

  static final String DB = "drv_fallback";
  static final String QUERY = "SELECT count() FROM logs WHERE attrs['k8s.pod.name'] = 'pod-1'";

  @BeforeEach
  void table() throws SQLException {
    DriverFixture.podLogs(DB, 3);
  }

  /** Drops the stored column through plain clickhouse-jdbc, so the noemata connection does not see the DDL. */
  private static void dropColumnBehindTheProxy() throws SQLException {
    try (Connection c = DriverFixture.TARGET.connect(DB); Statement s = c.createStatement()) {
      s.execute("ALTER TABLE logs DROP COLUMN pod SETTINGS mutations_sync = 2");
    }
  }

  private static long count(ResultSet rs) throws SQLException {
    assertTrue(rs.next());
    return rs.getLong(1);
  }

  @Test
  void droppedStoredColumnFallsBackToTheOriginalAndSaysSo() throws SQLException {
    try (Connection c = DriverFixture.connect(DB, "noemata.catalog.ttl", "1h"); Statement s = c.createStatement()) {
      c.unwrap(NoemataConnection.class).invalidateCatalog();
      try (ResultSet rs = s.executeQuery(QUERY)) {
        assertEquals(100, count(rs));
      }
      assertTrue(s.unwrap(NoemataStatement.class).provenance().changed(), "the cached catalog has the column");
      dropColumnBehindTheProxy();
      long before = DriverStats.fallbacks();
      long mark = DriverFixture.log().mark();
      try (ResultSet rs = s.executeQuery(QUERY)) {
        assertEquals(100, count(rs));
      }
      List<QueryLog.Entry> arrived = DriverFixture.log().since(mark);
      assertEquals(2, arrived.size(), "the rewritten text, then the original: " + arrived);
      assertNotEquals(0, arrived.get(0).errorCode());
      assertEquals(QUERY, arrived.get(1).sql());
      assertEquals(0, arrived.get(1).errorCode());

      SQLWarning w = s.getWarnings();
      assertEquals("01N50", w.getSQLState());
      assertEquals(9150, w.getErrorCode());
      assertTrue(w.getMessage().startsWith("noemata: the rewritten statement failed (Code " + arrived.get(0).errorCode()),
          w.getMessage());
      assertTrue(w.getMessage().endsWith("ran the statement as written instead and reloaded the accelerator catalog"));
      QueryProvenance p = s.unwrap(NoemataStatement.class).provenance();
      assertEquals(QUERY, p.sent());
      assertEquals(arrived.get(0).errorCode(), p.fallback().orElseThrow().errorCode());
      assertEquals(1, c.unwrap(NoemataConnection.class).fallbackCount());
      assertEquals(before + 1, DriverStats.fallbacks());

      // the catalog was dropped: the next statement reads it again and is not rewritten
      mark = DriverFixture.log().mark();
      try (ResultSet rs = s.executeQuery(QUERY)) {
        assertEquals(100, count(rs));
      }
      assertEquals(1, DriverFixture.catalogReadsSince(mark));
      assertEquals(List.of(QUERY), DriverFixture.sentSince(mark));
      assertNull(s.getWarnings());
      assertEquals(1, c.unwrap(NoemataConnection.class).fallbackCount());
    }
  }

  @Test
  void preparedStatementFallsBackWithItsBoundValuesAndStaysOnTheOriginal() throws SQLException {
    String sql = "SELECT count() FROM logs WHERE attrs['k8s.pod.name'] = ?";
    try (Connection c = DriverFixture.connect(DB, "noemata.catalog.ttl", "1h")) {
      c.unwrap(NoemataConnection.class).invalidateCatalog();
      try (PreparedStatement ps = c.prepareStatement(sql)) {
        assertTrue(ps.unwrap(NoemataStatement.class).provenance().changed());
        dropColumnBehindTheProxy();
        ps.setString(1, "pod-2");
        try (ResultSet rs = ps.executeQuery()) {
          assertEquals(100, count(rs));
        }
        assertEquals("01N50", ps.getWarnings().getSQLState());
        long mark = DriverFixture.log().mark();
        ps.setString(1, "pod-0");
        try (ResultSet rs = ps.executeQuery()) {
          assertEquals(100, count(rs));
        }
        assertEquals(List.of("SELECT count() FROM logs WHERE attrs['k8s.pod.name'] = 'pod-0'"), DriverFixture.sentSince(mark),
            "after a fallback the original serves the statement");
      }
    }
  }

  @Test
  void errorsOfTheStatementItselfAreNotHidden() throws SQLException {
    String wrong = "SELECT count() FROM logs WHERE attrs['k8s.pod.name'] = 'pod-1' AND no_such_column = 1";
    try (Connection c = DriverFixture.connect(DB, "noemata.catalog.ttl", "1h"); Statement s = c.createStatement()) {
      c.unwrap(NoemataConnection.class).invalidateCatalog();
      long mark = DriverFixture.log().mark();
      SQLException e = org.junit.jupiter.api.Assertions.assertThrows(SQLException.class, () -> s.executeQuery(wrong));
      assertEquals(47, e.getErrorCode(), e.getMessage());
      List<String> sent = DriverFixture.sentSince(mark);
      assertEquals(wrong, sent.get(sent.size() - 1), "the error thrown is the one of the text as written");
      assertEquals(0, c.unwrap(NoemataConnection.class).fallbackCount());
    }
  }

  @Test
  void unreadableCatalogLeavesStatementsAsWrittenWithAWarning() throws SQLException {
    NoemataSettings settings = NoemataSettings.DEFAULTS;
    CatalogCache cache = CatalogCache.shared(Duration.ofMinutes(7), Duration.ofMinutes(7), "noemata");
    CatalogKey unreachable = new CatalogKey("jdbc:clickhouse://catalog.invalid:1", "default",
        () -> { throw new SQLException("Connection refused: catalog.invalid"); });
    try (Connection c = new ProxyConnection(DriverFixture.TARGET.connect(DB), settings, cache, unreachable, Map.of());
        Statement s = c.createStatement()) {
      for (int i = 0; i < 3; i++) {
        long mark = DriverFixture.log().mark();
        try (ResultSet rs = s.executeQuery(QUERY)) {
          assertEquals(100, count(rs));
        }
        assertEquals(List.of(QUERY), DriverFixture.sentSince(mark));
        SQLWarning w = s.getWarnings();
        assertEquals("01N60", w.getSQLState());
        assertEquals("noemata: the accelerator catalog could not be read (Connection refused: catalog.invalid); sent as written",
            w.getMessage());
      }
      assertEquals(1, cache.loads(), "a failed read is cached, not repeated per statement");
      assertFalse(s.unwrap(NoemataStatement.class).provenance().changed());
    }
  }
}
