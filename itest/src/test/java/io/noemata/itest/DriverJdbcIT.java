package io.noemata.itest;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import io.noemata.driver.DriverStats;
import io.noemata.driver.NoemataConnection;
import io.noemata.driver.NoemataDataSource;
import io.noemata.driver.NoemataStatement;

/** The JDBC behaviours BI tools rely on, through the proxy, compared with plain clickhouse-jdbc where it helps. */
class DriverJdbcIT {

  static final String DB = "drv_jdbc";

  @BeforeAll
  static void objects() throws SQLException {
    try (Connection c = DriverFixture.TARGET.connect("default"); Statement s = c.createStatement()) {
      s.execute("DROP DATABASE IF EXISTS " + DB);
      s.execute("CREATE DATABASE " + DB);
      s.execute("CREATE TABLE " + DB + ".events (id UInt32, name String, attrs Map(LowCardinality(String), String),"
          + " `__nm_0badc0de` LowCardinality(String) MATERIALIZED attrs['k8s.pod.name']) ENGINE = MergeTree ORDER BY id");
      s.execute("CREATE TABLE " + DB + ".drvjdbc_resource_ledger (k String) ENGINE = MergeTree ORDER BY k");
      s.execute("CREATE TABLE " + DB + ".drvjdbc_rollup_otel_r_logs__0123abcd (k String) ENGINE = MergeTree ORDER BY k");
      s.execute("CREATE VIEW " + DB + ".drvjdbc_rollup_otel_r_logs AS SELECT k FROM " + DB + ".drvjdbc_rollup_otel_r_logs__0123abcd");
    }
  }

  private static List<String> names(ResultSet rs, String column) throws SQLException {
    List<String> out = new ArrayList<>();
    while (rs.next()) {
      out.add(rs.getString(column));
    }
    return out;
  }

  /** Internal objects here use their own namespace, so the server's real ledgers stay the only ones. */
  static final String[] NAMESPACE = {"noemata.namespace", "drvjdbc"};

  @Test
  void metaDataListsTablesAndColumnsWithoutNoemataInternals() throws SQLException {
    try (Connection c = DriverFixture.connect(DB, NAMESPACE)) {
      DatabaseMetaData md = c.getMetaData();
      assertSame(c, md.getConnection());
      List<String> tables = names(md.getTables(null, DB, "%", null), "TABLE_NAME");
      assertTrue(tables.containsAll(List.of("events", "drvjdbc_rollup_otel_r_logs")),
          "tables and the stable rollup view (it is for people and tools): " + tables);
      assertFalse(tables.contains("drvjdbc_resource_ledger"), tables.toString());
      assertFalse(tables.contains("drvjdbc_rollup_otel_r_logs__0123abcd"), tables.toString());
      assertEquals(List.of("id", "name", "attrs"), names(md.getColumns(null, DB, "events", null), "COLUMN_NAME"));
      assertTrue(md.isWrapperFor(com.clickhouse.jdbc.metadata.DatabaseMetaDataImpl.class));
    }
  }

  @Test
  void hidingCanBeSwitchedOffToSeeWhatClickHouseJdbcSees() throws SQLException {
    try (Connection c = DriverFixture.connect(DB, "noemata.metadata.hide-internal", "false", NAMESPACE[0], NAMESPACE[1]);
        Connection p = DriverFixture.TARGET.connect(DB)) {
      assertEquals(names(p.getMetaData().getTables(null, DB, "%", null), "TABLE_NAME"),
          names(c.getMetaData().getTables(null, DB, "%", null), "TABLE_NAME"));
      assertEquals(List.of("id", "name", "attrs", "__nm_0badc0de"), names(c.getMetaData().getColumns(null, DB, "events", null), "COLUMN_NAME"));
    }
  }

  @Test
  void unwrapReachesClickHouseJdbcAndNoemata() throws SQLException {
    try (Connection c = DriverFixture.connect(DB); Statement s = c.createStatement();
        PreparedStatement ps = c.prepareStatement("SELECT ?")) {
      assertInstanceOf(com.clickhouse.jdbc.ConnectionImpl.class, c.unwrap(com.clickhouse.jdbc.ConnectionImpl.class));
      assertTrue(c.isWrapperFor(com.clickhouse.jdbc.ConnectionImpl.class));
      assertNotNull(c.unwrap(NoemataConnection.class));
      assertInstanceOf(com.clickhouse.jdbc.StatementImpl.class, s.unwrap(com.clickhouse.jdbc.StatementImpl.class));
      assertInstanceOf(com.clickhouse.jdbc.PreparedStatementImpl.class, ps.unwrap(com.clickhouse.jdbc.PreparedStatementImpl.class));
      assertTrue(ps.isWrapperFor(NoemataStatement.class));
      assertFalse(c.isWrapperFor(javax.sql.DataSource.class));
      assertThrows(SQLException.class, () -> c.unwrap(javax.sql.DataSource.class));
      assertSame(c, s.getConnection());
      assertSame(c, ps.getConnection());
    }
  }

  @Test
  void maxRowsQueryTimeoutUpdateCountsAndMoreResults() throws SQLException {
    try (Connection c = DriverFixture.connect(DB); Statement s = c.createStatement()) {
      s.setMaxRows(10);
      try (ResultSet rs = s.executeQuery("SELECT number FROM numbers(100)")) {
        assertEquals(10, ResultRows.rows(rs).size());
      }
      s.setMaxRows(0);
      assertFalse(s.execute("INSERT INTO events (id, name, attrs) VALUES (1, 'a', {}), (2, 'b', {})"));
      assertEquals(2, s.getUpdateCount());
      assertFalse(s.getMoreResults());
      assertEquals(-1, s.getUpdateCount());
      assertTrue(s.execute("SELECT count() FROM events"));
      assertEquals(-1, s.getUpdateCount());
      assertNotNull(s.getResultSet());
      assertFalse(s.getMoreResults());
      s.execute("TRUNCATE TABLE events");
    }
  }

  /** The error code a statement ends with (0: it succeeded), reading every row. */
  private static int outcome(Statement s, String sql) {
    try (ResultSet rs = s.executeQuery(sql)) {
      ResultRows.rows(rs);
      return 0;
    } catch (SQLException e) {
      return e.getErrorCode() == 0 ? -1 : e.getErrorCode();
    }
  }

  @Test
  void queryTimeoutBehavesAsInClickHouseJdbc() throws SQLException {
    String slow = "SELECT sleepEachRow(0.3) FROM numbers(5) SETTINGS max_block_size = 1";
    int plainOutcome;
    try (Connection p = DriverFixture.TARGET.connect(DB); Statement s = p.createStatement()) {
      s.setQueryTimeout(1);
      plainOutcome = outcome(s, slow);
    }
    try (Connection c = DriverFixture.connect(DB); Statement s = c.createStatement()) {
      s.setQueryTimeout(1);
      assertEquals(1, s.getQueryTimeout());
      assertEquals(1, s.unwrap(com.clickhouse.jdbc.StatementImpl.class).getQueryTimeout(), "reaches clickhouse-jdbc");
      assertEquals(plainOutcome, outcome(s, slow));
      assertEquals(0, c.unwrap(NoemataConnection.class).fallbackCount());
    }
  }

  @Test
  void batchInsertsAndPreparedParameters() throws SQLException {
    try (Connection c = DriverFixture.connect(DB); Statement s = c.createStatement()) {
      s.execute("CREATE TABLE IF NOT EXISTS batch (id UInt32, name String) ENGINE = MergeTree ORDER BY id");
      try (PreparedStatement ps = c.prepareStatement("INSERT INTO batch (id, name) VALUES (?, ?)")) {
        for (int i = 0; i < 1000; i++) {
          ps.setInt(1, i);
          ps.setString(2, "n'" + i);
          ps.addBatch();
        }
        int[] counts = ps.executeBatch();
        assertEquals(1000, counts.length);
      }
      s.addBatch("INSERT INTO batch (id, name) VALUES (5000, 'x')");
      s.addBatch("INSERT INTO batch (id, name) VALUES (5001, 'y')");
      assertArrayEquals(new int[] {1, 1}, s.executeBatch());
      try (PreparedStatement ps = c.prepareStatement("SELECT count(), sum(id) FROM batch WHERE id < ? AND name LIKE ?")) {
        ps.setInt(1, 5000);
        ps.setString(2, "n'%");
        try (ResultSet rs = ps.executeQuery()) {
          assertTrue(rs.next());
          assertEquals(1000, rs.getLong(1));
          assertEquals(499_500, rs.getLong(2));
        }
      }
    }
  }

  @Test
  void isValidAndSchemaSwitchingAlsoDirectRewrites() throws SQLException {
    String sql = "SELECT count() FROM events WHERE attrs['k8s.pod.name'] = 'p'";
    int plainMadeBefore;
    try (Connection p = DriverFixture.TARGET.connect("default"); Statement before = p.createStatement()) {
      p.setSchema(DB);
      plainMadeBefore = outcome(before, sql);
    }
    try (Connection c = DriverFixture.connect("default"); Statement before = c.createStatement()) {
      assertTrue(c.isValid(5));
      assertEquals("default", c.getSchema());
      c.setSchema(DB);
      assertEquals(DB, c.getSchema());
      c.unwrap(NoemataConnection.class).invalidateCatalog();
      try (Statement s = c.createStatement()) {
        assertEquals(0, outcome(s, sql));
        assertTrue(s.unwrap(NoemataStatement.class).provenance().changed(),
            "an unqualified table resolves in the schema the statement was made in");
      }
      // clickhouse-jdbc gives a statement the schema of its making; noemata resolves names the same way
      assertEquals(plainMadeBefore, outcome(before, sql));
      assertFalse(before.unwrap(NoemataStatement.class).provenance().changed());
      before.execute("USE " + DB);
      assertEquals(0, outcome(before, sql));
      assertTrue(before.unwrap(NoemataStatement.class).provenance().changed(), "USE moves the statement's database");
    }
  }

  @Test
  void dataSourceGivesNoemataConnections() throws SQLException {
    NoemataDataSource ds = new NoemataDataSource();
    ds.setUrl(DriverFixture.url(DB));
    ds.setUser(DriverFixture.TARGET.credentials().getProperty("user"));
    ds.setPassword(DriverFixture.TARGET.credentials().getProperty("password"));
    ds.setProperty("noemata.rewrite", "dry-run");
    try (Connection c = ds.getConnection()) {
      assertEquals("dry-run", c.unwrap(NoemataConnection.class).settings().rewrite().name().toLowerCase().replace('_', '-'));
      assertTrue(c.isValid(5));
    }
  }

  @Test
  void closingTheConnectionClosesItsStatementsAndIsCounted() throws SQLException {
    int before = DriverStats.openConnections();
    Connection c = DriverFixture.connect(DB);
    assertEquals(before + 1, DriverStats.openConnections());
    Statement s = c.createStatement();
    PreparedStatement ps = c.prepareStatement("SELECT 1");
    assertEquals(2, c.unwrap(NoemataConnection.class).openStatementCount());
    s.close();
    assertEquals(1, c.unwrap(NoemataConnection.class).openStatementCount());
    c.close();
    assertTrue(ps.isClosed());
    assertTrue(c.isClosed());
    assertEquals(before, DriverStats.openConnections());
    c.close();
    assertEquals(before, DriverStats.openConnections(), "closing twice counts once");
  }
}
