package io.noemata.itest.installer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.SQLWarning;
import java.sql.Statement;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.noemata.driver.NoemataConnection;
import io.noemata.driver.NoemataStatement;
import io.noemata.driver.provenance.QueryProvenance;
import io.noemata.installer.steps.Publish;
import io.noemata.otel.OtelDataGenerator;
import io.noemata.otel.OtelDataSpec;
import io.noemata.resources.parse.ProjectReader;

/**
 * "A user without SELECT on a rollup gets raw-table answers, never an error, never more data",
 * against the engine's own access control: the example project is published, then users whose
 * grants stop short of the rollups query through noemata, and what they get is compared with what
 * plain clickhouse-jdbc gives the same user.
 */
class DriverAccessIT {

  static final String DB = "drv_access";
  /** SELECT on the raw logs and on the ledger, sees every table: the rollups are in its catalog, unreadable. */
  static final String ANALYST = "noemata_it_analyst";
  /** SELECT on the raw logs only: sees neither the ledger nor the rollups. */
  static final String RAW_ONLY = "noemata_it_raw_only";

  @TempDir static Path dir;
  static AccessRules users;

  @BeforeAll
  static void publish() throws Exception {
    users = AccessRules.start(dir, Map.of(
        ANALYST, List.of("SELECT ON " + DB + ".otel_logs", "SELECT ON " + DB + ".noemata_resource_ledger",
            "SHOW TABLES, SHOW COLUMNS ON " + DB + ".*"),
        RAW_ONLY, List.of("SELECT ON " + DB + ".otel_logs")));
    Path project = InstallerFixture.copy(io.noemata.itest.RepositoryFiles.EXAMPLE,
        Files.createDirectories(dir.resolve("project")), DB);
    try (Connection c = users.plain(null, "default"); Statement s = c.createStatement()) {
      s.execute("DROP DATABASE IF EXISTS " + DB);
      new OtelDataGenerator(new OtelDataSpec(DB, 5_000, 5_000, LocalDate.now(ZoneOffset.UTC).minusDays(3), 3))
          .generate(s::execute, (t, d, n) -> { });
      // rows stamped after the cutover but inserted before the views existed are in no rollup (see InstallerFixture)
      s.execute("ALTER TABLE " + DB + ".otel_logs DELETE WHERE Timestamp > now() SETTINGS mutations_sync = 2");
    }
    try (Connection c = users.plain(null, DB)) {
      Publish.run(ProjectReader.read(project), c, InstallerFixture.options("itest@" + DB), false);
    }
  }

  @AfterAll
  static void stop() throws Exception {
    if (users != null) {
      users.close();
    }
  }

  /** Log counts per service over a whole day every rollup covers. */
  static String perService() {
    LocalDate today = LocalDate.now(ZoneOffset.UTC);
    return "SELECT ServiceName, count() AS n FROM " + DB + ".otel_logs WHERE Timestamp >= toDateTime('"
        + today.minusDays(2) + " 00:00:00', 'UTC') AND Timestamp < toDateTime('" + today.minusDays(1) + " 00:00:00', 'UTC')"
        + " GROUP BY ServiceName ORDER BY ServiceName";
  }

  static List<String> rows(Statement s, String sql) throws SQLException {
    List<String> out = new ArrayList<>();
    try (ResultSet rs = s.executeQuery(sql)) {
      while (rs.next()) {
        out.add(rs.getString(1) + " | " + rs.getString(2));
      }
    }
    return out;
  }

  /** What plain clickhouse-jdbc returns to {@code user} (null: the administrator). */
  static List<String> plainRows(String user, String sql) throws SQLException {
    try (Connection c = users.plain(user, DB); Statement s = c.createStatement()) {
      return rows(s, sql);
    }
  }

  static List<SQLWarning> warnings(Statement s) throws SQLException {
    List<SQLWarning> out = new ArrayList<>();
    for (SQLWarning w = s.getWarnings(); w != null; w = w.getNextWarning()) {
      out.add(w);
    }
    return out;
  }

  @Test
  void theQueryIsOneARollupAnswersForAUserAllowedToReadIt() throws Exception {
    List<String> raw = plainRows(null, perService());
    assertFalse(raw.isEmpty());
    try (Connection c = users.noemata(null, DB); Statement s = c.createStatement()) {
      assertEquals(raw, rows(s, perService()));
      QueryProvenance p = s.unwrap(NoemataStatement.class).provenance();
      assertTrue(p.rollups().stream().anyMatch(u -> u.read()), "read from a rollup: " + p);
    }
  }

  @Test
  void aUserWithoutSelectOnTheRollupGetsTheRawTablesRowsAndSaysWhy() throws Exception {
    List<String> asAnalyst = plainRows(ANALYST, perService());
    assertEquals(plainRows(null, perService()), asAnalyst, "the raw table is the analyst's to read");
    try (Connection c = users.noemata(ANALYST, DB); Statement s = c.createStatement()) {
      assertEquals(asAnalyst, rows(s, perService()));
      // the catalog asked the server what this user may read: no statement fails first to find out
      QueryProvenance p = s.unwrap(NoemataStatement.class).provenance();
      assertTrue(p.fallback().isEmpty() && p.rollups().stream().noneMatch(u -> u.read()), p.toString());
      assertEquals(perService(), p.sent(), "the statement as written answered");
      assertEquals(0, c.unwrap(NoemataConnection.class).fallbackCount());
      List<SQLWarning> w = warnings(s);
      assertTrue(w.stream().anyMatch(x -> x.getSQLState().equals("01N22") && x.getMessage().contains("you may not read its target")),
          w.toString());
      assertTrue(w.stream().noneMatch(x -> x.getSQLState().equals("01N21") || x.getSQLState().equals("01N50")), w.toString());
    }
  }

  @Test
  void aUserWhoCannotSeeTheLedgerGetsItsStatementsAsWritten() throws Exception {
    List<String> asRawOnly = plainRows(RAW_ONLY, perService());
    assertEquals(plainRows(null, perService()), asRawOnly);
    try (Connection c = users.noemata(RAW_ONLY, DB); Statement s = c.createStatement()) {
      assertEquals(asRawOnly, rows(s, perService()));
      QueryProvenance p = s.unwrap(NoemataStatement.class).provenance();
      assertFalse(p.changed(), "no rollup in this user's catalog: " + p);
      assertEquals(perService(), p.sent());
      assertTrue(warnings(s).stream().noneMatch(x -> x.getSQLState().equals("01N50")), warnings(s).toString());
      assertEquals(0, c.unwrap(NoemataConnection.class).fallbackCount());
    }
  }

  @Test
  void whatTheUserMayNotReadStillFailsWithTheEnginesAccessError() throws Exception {
    LocalDate today = LocalDate.now(ZoneOffset.UTC);
    String spans = "SELECT ServiceName, count() AS n FROM " + DB + ".otel_traces WHERE Timestamp >= toDateTime('"
        + today.minusDays(2) + " 00:00:00', 'UTC') AND Timestamp < toDateTime('" + today.minusDays(1) + " 00:00:00', 'UTC')"
        + " GROUP BY ServiceName ORDER BY ServiceName";
    String view = viewReadFor(perService());
    for (String user : List.of(ANALYST, RAW_ONLY)) {
      for (String sql : List.of(spans, "SELECT * FROM " + (view.contains(".") ? view : DB + "." + view) + " LIMIT 1")) {
        try (Connection plain = users.plain(user, DB); Statement ps = plain.createStatement()) {
          assertEquals(497, assertThrows(SQLException.class, () -> rows(ps, sql)).getErrorCode(), user + ": " + sql);
        }
        try (Connection c = users.noemata(user, DB); Statement s = c.createStatement()) {
          SQLException e = assertThrows(SQLException.class, () -> rows(s, sql), user + ": " + sql);
          assertEquals(497, e.getErrorCode(), user + ": " + e.getMessage());
          assertFalse(e.getMessage().contains("\tat "), "no stack trace in the message");
        }
      }
    }
  }

  /** The stable view noemata reads for {@code sql} when the user may. */
  private static String viewReadFor(String sql) throws SQLException {
    try (Connection c = users.noemata(null, DB); Statement s = c.createStatement()) {
      rows(s, sql);
      return s.unwrap(NoemataStatement.class).provenance().rollups().stream().filter(u -> u.read())
          .findFirst().orElseThrow().stableView();
    }
  }
}
