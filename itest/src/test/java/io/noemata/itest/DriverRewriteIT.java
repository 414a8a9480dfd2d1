package io.noemata.itest;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.SQLWarning;
import java.sql.Statement;
import java.util.List;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import io.noemata.driver.NoemataStatement;
import io.noemata.driver.provenance.QueryProvenance;

/**
 * Through {@code jdbc:noemata:clickhouse://}: a Map subscript a stored column holds is read from the
 * column (the engine's log shows it), everything else arrives byte for byte, and the warnings and
 * provenance say which. Switches: {@code noemata.rewrite=off|dry-run} and {@code /* noemata:off *}{@code /}.
 */
class DriverRewriteIT {

  static final String DB = "drv_rewrite";
  static final String POD_QUERY = "SELECT count() AS n FROM logs WHERE attrs['k8s.pod.name'] = 'pod-1'";
  static final String POD_REWRITTEN = "SELECT count() AS n FROM logs WHERE `pod` = 'pod-1'";

  @BeforeAll
  static void table() throws SQLException {
    try (Connection c = DriverFixture.TARGET.connect("default"); Statement s = c.createStatement()) {
      s.execute("DROP DATABASE IF EXISTS " + DB);
      s.execute("CREATE DATABASE " + DB);
    }
    // created through noemata: DDL through the proxy drops the cached catalog, so the column is seen at once
    try (Connection c = DriverFixture.connect(DB); Statement s = c.createStatement()) {
      s.execute("CREATE TABLE logs (ts DateTime, attrs Map(LowCardinality(String), String),"
          + " pod LowCardinality(String) MATERIALIZED attrs['k8s.pod.name']) ENGINE = MergeTree ORDER BY ts");
      s.execute("INSERT INTO logs (ts, attrs) SELECT toDateTime('2024-06-10 00:00:00') + number,"
          + " map('k8s.pod.name', concat('pod-', toString(number % 3))) FROM numbers(300)");
    }
  }

  private static long count(Statement s, String sql) throws SQLException {
    try (ResultSet rs = s.executeQuery(sql)) {
      assertTrue(rs.next());
      return rs.getLong(1);
    }
  }

  @Test
  void storedColumnIsWhatTheEngineReadsAndTheWarningSaysSo() throws SQLException {
    try (Connection c = DriverFixture.connect(DB); Statement s = c.createStatement()) {
      long mark = DriverFixture.log().mark();
      assertEquals(100, count(s, POD_QUERY));
      assertEquals(List.of(POD_REWRITTEN), DriverFixture.sentSince(mark));
      List<SQLWarning> w = DriverFixture.warnings(s.getWarnings());
      assertEquals(1, w.size());
      assertEquals("01N11", w.get(0).getSQLState());
      assertEquals(9111, w.get(0).getErrorCode());
      assertEquals("noemata: read stored column `pod` for attrs['k8s.pod.name'] on drv_rewrite.logs", w.get(0).getMessage());
      QueryProvenance p = s.unwrap(NoemataStatement.class).provenance();
      assertEquals(POD_QUERY, p.original());
      assertEquals(POD_REWRITTEN, p.sent());
      assertEquals("pod", p.storedColumns().get(0).column());
    }
  }

  /**
   * A SET of a setting that changes what a rewrite means (a row filter the stored column's rewrite
   * would not change, but a rollup's would) keeps the connection's later statements as written;
   * another connection, and a SET that changes nothing the rewriter reads, keep rewriting.
   */
  @Test
  void aSetThatChangesMeaningKeepsThatConnectionsStatementsAsWritten() throws SQLException {
    try (Connection c = DriverFixture.connect(DB); Connection other = DriverFixture.connect(DB);
        Statement s = c.createStatement(); Statement o = other.createStatement()) {
      o.execute("SET max_threads = 2");
      s.execute("SET additional_table_filters = {'logs': 'ts > 0'}");
      long mark = DriverFixture.log().mark();
      assertEquals(100, count(s, POD_QUERY));
      assertEquals(List.of(POD_QUERY), DriverFixture.sentSince(mark));
      mark = DriverFixture.log().mark();
      assertEquals(100, count(o, POD_QUERY));
      assertEquals(List.of(POD_REWRITTEN), DriverFixture.sentSince(mark));
    }
  }

  @Test
  void resultSetLeadsToTheStatementCarryingTheWarnings() throws SQLException {
    try (Connection c = DriverFixture.connect(DB); Statement s = c.createStatement(); ResultSet rs = s.executeQuery(POD_QUERY)) {
      assertSame(s, rs.getStatement());
      assertEquals(List.of("01N11"), DriverFixture.states(rs.getStatement().getWarnings()));
      assertSame(c, rs.getStatement().getConnection());
      assertTrue(rs.isWrapperFor(com.clickhouse.jdbc.ResultSetImpl.class));
      assertNotNull(rs.unwrap(com.clickhouse.jdbc.ResultSetImpl.class));
      assertTrue(s.execute(POD_QUERY));
      assertSame(s.getResultSet(), s.getResultSet(), "one wrapper per result");
      assertSame(s, s.getResultSet().getStatement());
    }
  }

  @Test
  void preparedStatementsAreRewrittenAtPrepareWithValuesBound() throws SQLException {
    try (Connection c = DriverFixture.connect(DB);
        PreparedStatement ps = c.prepareStatement("SELECT count() FROM logs WHERE attrs['k8s.pod.name'] = ?")) {
      assertEquals(List.of("01N11"), DriverFixture.states(ps.getWarnings()), "provenance is known once prepared");
      for (int pod = 0; pod < 3; pod++) {
        ps.setString(1, "pod-" + pod);
        long mark = DriverFixture.log().mark();
        try (ResultSet rs = ps.executeQuery()) {
          assertTrue(rs.next());
          assertEquals(100, rs.getLong(1));
          assertSame(ps, rs.getStatement());
        }
        assertEquals(List.of("SELECT count() FROM logs WHERE `pod` = 'pod-" + pod + "'"), DriverFixture.sentSince(mark));
      }
    }
  }

  @Test
  void statementsNoAcceleratorAnswersArriveByteForByte() throws SQLException {
    List<String> texts = List.of(
        "/* a tool's remark */ select   attrs['other.key'] ,count()\nFROM logs -- trailing\nGROUP BY 1 ORDER BY 1",
        "SELECT count() FROM (SELECT attrs FROM logs) AS t WHERE t.attrs['k8s.pod.name'] = 'pod-1' SETTINGS max_threads = 1",
        "INSERT INTO logs (ts, attrs) VALUES ('2024-06-11 00:00:00', {'k8s.pod.name':'pod-9'})");
    try (Connection c = DriverFixture.connect(DB); Statement s = c.createStatement()) {
      for (String sql : texts) {
        long mark = DriverFixture.log().mark();
        s.execute(sql);
        assertEquals(List.of(sql), DriverFixture.sentSince(mark));
        assertFalse(s.unwrap(NoemataStatement.class).provenance().changed());
      }
      s.execute("ALTER TABLE logs DELETE WHERE attrs['k8s.pod.name'] = 'pod-9' SETTINGS mutations_sync = 2");
    }
  }

  @Test
  void rewriteOffSendsEverythingAsWrittenWithoutWarnings() throws SQLException {
    try (Connection c = DriverFixture.connect(DB, "noemata.rewrite", "off"); Statement s = c.createStatement()) {
      long mark = DriverFixture.log().mark();
      assertEquals(100, count(s, POD_QUERY));
      assertEquals(List.of(POD_QUERY), DriverFixture.sentSince(mark));
      assertNull(s.getWarnings());
    }
  }

  @Test
  void offSwitchInTheUrlWorksLikeTheProperty() throws SQLException {
    try (Connection c = java.sql.DriverManager.getConnection(DriverFixture.url(DB) + "?noemata.rewrite=off",
        DriverFixture.TARGET.credentials()); Statement s = c.createStatement()) {
      long mark = DriverFixture.log().mark();
      assertEquals(100, count(s, POD_QUERY));
      assertEquals(List.of(POD_QUERY), DriverFixture.sentSince(mark));
    }
  }

  @Test
  void dryRunSendsTheOriginalAndSaysWhatWouldHaveBeenSent() throws SQLException {
    try (Connection c = DriverFixture.connect(DB, "noemata.rewrite", "dry-run"); Statement s = c.createStatement()) {
      long mark = DriverFixture.log().mark();
      assertEquals(100, count(s, POD_QUERY));
      assertEquals(List.of(POD_QUERY), DriverFixture.sentSince(mark));
      SQLWarning w = s.getWarnings();
      assertEquals("01N40", w.getSQLState());
      assertEquals("noemata dry-run: sent as written; rewriting would have sent: " + POD_REWRITTEN, w.getMessage());
      assertEquals("01N11", w.getNextWarning().getSQLState());
      assertTrue(w.getNextWarning().getMessage().startsWith("noemata: would read stored column `pod`"));
    }
  }

  @Test
  void offCommentKeepsOneQueryAsWritten() throws SQLException {
    String off = "SELECT /* noemata:off */ count() FROM logs WHERE attrs['k8s.pod.name'] = 'pod-1'";
    try (Connection c = DriverFixture.connect(DB); Statement s = c.createStatement()) {
      long mark = DriverFixture.log().mark();
      assertEquals(100, count(s, off));
      assertEquals(100, count(s, POD_QUERY));
      assertEquals(List.of(off, POD_REWRITTEN), DriverFixture.sentSince(mark));
    }
  }

  @Test
  void ddlThroughTheProxyIsSeenByTheNextQuery() throws SQLException {
    try (Connection c = DriverFixture.connect(DB, "noemata.catalog.ttl", "1h"); Statement s = c.createStatement()) {
      s.execute("CREATE TABLE IF NOT EXISTS late (ts DateTime, attrs Map(LowCardinality(String), String)) ENGINE = MergeTree ORDER BY ts");
      s.execute("INSERT INTO late (ts, attrs) VALUES (now(), {'k8s.node.name':'n1'})");
      String q = "SELECT count() FROM late WHERE attrs['k8s.node.name'] = 'n1'";
      assertEquals(1, count(s, q));
      assertFalse(s.unwrap(NoemataStatement.class).provenance().changed());
      s.execute("ALTER TABLE late ADD COLUMN node LowCardinality(String) MATERIALIZED attrs['k8s.node.name']");
      s.execute("ALTER TABLE late MATERIALIZE COLUMN node SETTINGS mutations_sync = 2");
      long mark = DriverFixture.log().mark();
      assertEquals(1, count(s, q));
      assertEquals(List.of("SELECT count() FROM late WHERE `node` = 'n1'"), DriverFixture.sentSince(mark));
    }
  }

  /**
   * What a user may read is asked of the server for the tables a statement names, once per catalog
   * read: not for every table of the catalog (a server of many tables costs what one of few does).
   */
  @Test
  void theServerIsAskedWhatTheUserMayReadOfTheTablesAStatementNamesOncePerCatalogRead() throws SQLException {
    try (Connection c = DriverFixture.connect(DB); Statement s = c.createStatement()) {
      c.unwrap(io.noemata.driver.NoemataConnection.class).invalidateCatalog();
      long mark = DriverFixture.log().mark();
      assertEquals(100, count(s, POD_QUERY));
      assertEquals(100, count(s, POD_QUERY));
      List<String> probes = DriverFixture.log().since(mark).stream().map(e -> e.sql())
          .filter(sql -> sql.startsWith("EXPLAIN PLAN json = 1, actions = 1 SELECT 1 FROM ")).toList();
      // asked once, about the tables called logs (of any database: the text is not resolved first)
      assertTrue(probes.stream().anyMatch(p -> p.startsWith("EXPLAIN PLAN json = 1, actions = 1 SELECT 1 FROM `" + DB
          + "`.`logs` WHERE")), probes.toString());
      assertTrue(probes.stream().allMatch(p -> p.contains("`.`logs` WHERE")), probes.toString());
      assertEquals(probes.stream().distinct().count(), probes.size(), "once each: " + probes);
    }
  }

  @Test
  void aForeignTableNamedLikeTheLedgerCostsOnlyItsOwnRollups() throws SQLException {
    try (Connection plain = DriverFixture.TARGET.connect("default"); Statement p = plain.createStatement()) {
      p.execute("CREATE DATABASE IF NOT EXISTS drv_foreign");
      p.execute("CREATE TABLE IF NOT EXISTS drv_foreign.noemata_resource_ledger (k String) ENGINE = MergeTree ORDER BY k");
      try (Connection c = DriverFixture.connect(DB); Statement s = c.createStatement()) {
        c.unwrap(io.noemata.driver.NoemataConnection.class).invalidateCatalog();
        assertEquals(100, count(s, POD_QUERY));
        assertEquals(List.of("01N11"), DriverFixture.states(s.getWarnings()), "the stored column is still read");
      } finally {
        p.execute("DROP DATABASE drv_foreign");
      }
    }
  }
}
