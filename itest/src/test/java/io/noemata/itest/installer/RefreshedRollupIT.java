package io.noemata.itest.installer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.noemata.core.ledger.LedgerReader;
import io.noemata.driver.NoemataConnection;
import io.noemata.driver.NoemataStatement;
import io.noemata.driver.provenance.QueryProvenance;
import io.noemata.core.ledger.LedgerRow;
import io.noemata.core.ledger.LedgerState;
import io.noemata.installer.plan.Change;
import io.noemata.installer.plan.Plan;
import io.noemata.itest.installer.SourceEnginesIT.Answer;
import io.noemata.rewriter.provenance.RollupSkip;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Refreshed rollups (issue 31, "sources by engine"): over a ReplacingMergeTree or CollapsingMergeTree
 * source with duplicates or cancelled rows inserted before and after publish, then {@code OPTIMIZE
 * ... FINAL}, a rollup declared with {@code "refresh"} installs as a refreshable materialized view
 * reading the source {@code FINAL}, and noemata answers a {@code FROM ... FINAL} query as the table
 * does: from the rollup while its last refresh is newer than the source's last change, from the
 * table ({@link RollupSkip#REFRESH_BEHIND}) after a change until the next refresh, and from the
 * table without {@code FINAL} ({@link RollupSkip#REFRESH_NEEDS_FINAL}). Refreshes are run with
 * {@code SYSTEM REFRESH VIEW}; the schedule ({@code AFTER 1 DAY}) never fires during the test.
 */
class RefreshedRollupIT {

  @TempDir Path dir;

  static final String RESOURCES = """
      {"resources": {"logs_1m": {"rollup": {"table": "@opentelemetry/views/logs#logs", "grain": "1m",
        "dimensions": ["ServiceName", "SeverityText"], "measures": ["LogCount", "ErrorCount"], "retention": "30d",
        "refresh": {"after": "1d"}}}}}
      """;

  static String perServiceFinal(String db) {
    return SourceEnginesIT.perService(db).replace(".otel_logs WHERE", ".otel_logs FINAL WHERE");
  }

  /** The fixture with {@code otel_logs} of {@code engine} and the refreshed rollup's project, published. */
  static InstallerFixture published(String db, Path dir, String engine, String select, String extraBefore)
      throws Exception {
    InstallerFixture fx = new InstallerFixture(db, dir.resolve("project"), 4_000);
    SourceEnginesIT.swapEngine(fx, engine, select, extraBefore);
    // merges would change the source behind the test's back; OPTIMIZE below starts them for itself
    fx.execute("SYSTEM STOP MERGES " + db + ".otel_logs");
    try (var files = Files.walk(fx.project)) {
      for (Path p : files.filter(f -> f.toString().endsWith(".resources.json")).toList()) {
        Files.writeString(p, RESOURCES);
      }
    }
    Plan plan = fx.publish();
    assertFalse(plan.warnings().stream().anyMatch(w -> w.contains("logs_1m")), plan.warnings().toString());
    assertEquals(Change.Verb.ADD, change(plan, "logs_1m").verb(), plan.text());
    return fx;
  }

  static Change change(Plan plan, String key) {
    return plan.changes().stream().filter(c -> key.equals(c.key())).findFirst().orElseThrow();
  }

  static String view(InstallerFixture fx) throws Exception {
    try (Connection c = fx.connect(); Statement s = c.createStatement();
        ResultSet rs = s.executeQuery("SELECT name FROM system.tables WHERE database = '" + fx.db
            + "' AND name LIKE 'noemata_rollup_logs_logs_1m__%_mv'")) {
      assertTrue(rs.next(), "the rollup's view exists");
      return rs.getString(1);
    }
  }

  /**
   * Refreshes the view until its last success is in a later second than the source's last change
   * (each refresh takes milliseconds, so a few pass a second); no sleep, no clock in the test.
   */
  static void refreshUntilCovered(InstallerFixture fx) throws Exception {
    String mv = fx.db + ".`" + view(fx) + "`";
    for (int attempt = 0; attempt < 10_000; attempt++) {
      fx.execute("SYSTEM REFRESH VIEW " + mv);
      fx.execute("SYSTEM WAIT VIEW " + mv);
      if (fx.count("SELECT (SELECT toUnixTimestamp(last_success_time) FROM system.view_refreshes WHERE database = '"
          + fx.db + "' AND view = '" + view(fx) + "') > (SELECT toUnixTimestamp(max(greatest(modification_time,"
          + " remove_time))) FROM system.parts WHERE database = '" + fx.db + "' AND table = 'otel_logs')") == 1) {
        return;
      }
    }
    throw new AssertionError("the refresh never passed the source's last change");
  }

  static List<String> rows(Statement s, String sql) throws Exception {
    List<String> out = new java.util.ArrayList<>();
    try (ResultSet rs = s.executeQuery(sql)) {
      int n = rs.getMetaData().getColumnCount();
      while (rs.next()) {
        StringBuilder b = new StringBuilder();
        for (int i = 1; i <= n; i++) {
          b.append(i == 1 ? "" : " | ").append(rs.getString(i));
        }
        out.add(b.toString());
      }
    }
    return out;
  }

  static void readsTheRollup(InstallerFixture fx, String sql) throws Exception {
    Answer a = SourceEnginesIT.noemata(fx, sql);
    assertEquals(fx.rows(sql), a.rows(), sql);
    assertTrue(a.readARollup(), a.provenance().toString());
  }

  static void readsTheTable(InstallerFixture fx, String sql, RollupSkip why) throws Exception {
    Answer a = SourceEnginesIT.noemata(fx, sql);
    assertEquals(fx.rows(sql), a.rows(), sql);
    assertFalse(a.readARollup(), a.provenance().toString());
    assertTrue(a.skipped(why), a.provenance().toString());
  }

  /** The scenario both engines share, after the rows {@code after} were inserted past publish. */
  static void answersAsRaw(InstallerFixture fx, String after) throws Exception {
    String db = fx.db;
    String sql = perServiceFinal(db);
    String mv = view(fx);
    String statement = fx.rows("SELECT create_table_query FROM system.tables WHERE database = '" + db
        + "' AND name = '" + mv + "'").get(0);
    assertTrue(statement.contains(" REFRESH AFTER 1 DAY TO ") && statement.contains(" FINAL"), statement);
    LedgerRow row;
    try (Connection c = fx.connect()) {
      row = LedgerReader.rows(c, db, "noemata").stream().filter(r -> r.identity().key().equals("logs_1m")).findFirst()
          .orElseThrow();
    }
    assertEquals(LedgerState.READY, row.state());
    assertEquals("AFTER 1 DAY", row.declared().refresh().orElseThrow());

    refreshUntilCovered(fx);
    readsTheRollup(fx, sql);
    readsTheTable(fx, SourceEnginesIT.perService(db), RollupSkip.REFRESH_NEEDS_FINAL);

    long before = fx.count("SELECT count() FROM " + db + ".otel_logs");
    try (Connection c = fx.driver(); Statement s = c.createStatement()) {
      c.unwrap(NoemataConnection.class).invalidateCatalog();
      s.executeQuery(sql).close();
      assertTrue(s.unwrap(NoemataStatement.class).provenance() instanceof QueryProvenance.Rewritten,
          s.unwrap(NoemataStatement.class).provenance().toString());
      // inserted behind this driver's back: its catalog still says the refresh covers the table
      fx.execute("INSERT INTO " + db + ".otel_logs " + after);
      assertEquals(fx.rows(sql), rows(s, sql), "the server's guard sent the query as written");
      QueryProvenance p = s.unwrap(NoemataStatement.class).provenance();
      assertTrue(p instanceof QueryProvenance.FellBack f && f.failure().errorCode() == 395, p.toString());
    }
    assertTrue(fx.count("SELECT count() FROM " + db + ".otel_logs") > before, "rows were inserted after publish");
    readsTheTable(fx, sql, RollupSkip.REFRESH_BEHIND);
    List<String> unmerged = fx.rows(SourceEnginesIT.perService(db));
    fx.execute("SYSTEM START MERGES " + db + ".otel_logs");
    fx.execute("OPTIMIZE TABLE " + db + ".otel_logs FINAL");
    fx.execute("SYSTEM STOP MERGES " + db + ".otel_logs");
    List<String> merged = fx.rows(SourceEnginesIT.perService(db));
    assertNotEquals(unmerged, merged, "OPTIMIZE FINAL merged the rows");
    assertEquals(merged, fx.rows(sql), "merged, the table shows what FINAL does");
    readsTheTable(fx, sql, RollupSkip.REFRESH_BEHIND);

    refreshUntilCovered(fx);
    readsTheRollup(fx, sql);
    assertEquals(merged, SourceEnginesIT.noemata(fx, sql).rows());

    Plan again = fx.publish();
    assertEquals(Change.Verb.KEEP, change(again, "logs_1m").verb(), again.text());

    // another schedule declared: drift read back from the view's statement, the view made again
    try (var files = Files.walk(fx.project)) {
      for (Path p : files.filter(f -> f.toString().endsWith(".resources.json")).toList()) {
        Files.writeString(p, RESOURCES.replace("\"after\": \"1d\"", "\"every\": \"1d\""));
      }
    }
    Plan rescheduled = fx.publish();
    assertEquals(Change.Verb.REPAIR, change(rescheduled, "logs_1m").verb(), rescheduled.text());
    assertTrue(fx.rows("SELECT create_table_query FROM system.tables WHERE database = '" + db + "' AND name = '" + mv
        + "'").get(0).contains(" REFRESH EVERY 1 DAY TO "));
    refreshUntilCovered(fx);
    readsTheRollup(fx, sql);
    assertEquals(Change.Verb.KEEP, change(fx.publish(), "logs_1m").verb());
  }

  @Test
  void aReplacingSourceWithDuplicatesBeforeAndAfterPublishAnswersAsRaw() throws Exception {
    String db = "it_refreshed_replacing";
    InstallerFixture fx = published(db, dir, "ReplacingMergeTree", "SELECT *", "SELECT * FROM " + db
        + ".otel_logs_new WHERE ServiceName IN (SELECT ServiceName FROM " + db + ".otel_logs_new GROUP BY ServiceName"
        + " ORDER BY ServiceName LIMIT 2)");
    answersAsRaw(fx, "SELECT * FROM " + db + ".otel_logs WHERE SeverityNumber >= 17");
    advisesARefreshedRollup(fx);
  }

  /**
   * advise over the source: a panel reading it FINAL gets a refreshed rollup proposed, which the
   * replay reads; a panel reading it without FINAL gets none (SourceEnginesIT.notAdvised).
   */
  static void advisesARefreshedRollup(InstallerFixture fx) throws Exception {
    Path project = Files.createDirectories(fx.project.resolveSibling("advise_final"));
    try (var files = Files.walk(fx.project)) {
      for (Path p : files.filter(Files::isRegularFile).filter(f -> !f.toString().endsWith(".resources.json")).toList()) {
        Path to = project.resolve(fx.project.relativize(p).toString());
        Files.createDirectories(to.getParent());
        Files.copy(p, to);
      }
    }
    io.noemata.cli.advise.Advice advice;
    try (Connection c = fx.connect()) {
      advice = io.noemata.cli.advise.Advisor.run(project, io.noemata.resources.parse.ProjectReader.read(project)
          .project(), List.of(new io.noemata.cli.advise.WorkloadQuery("per service", perServiceFinal(fx.db), 1, 0)), c,
          fx.db, io.noemata.installer.steps.Progress.QUIET);
    }
    assertEquals(1, advice.proposal().rollups().size(), advice.resourcesFile());
    assertEquals("5m", advice.proposal().rollups().get(0).refresh(), advice.resourcesFile());
    assertTrue(advice.resourcesFile().contains("\"refresh\": {\"every\": \"5m\"}"), advice.resourcesFile());
    assertEquals(List.of(advice.proposal().rollups().get(0).key()), advice.replays().get(0).rollupsRead(),
        advice.replays().toString());
    SourceEnginesIT.notAdvised(fx, SourceEnginesIT.perService(fx.db));
  }

  @Test
  void aCollapsingSourceWithCancelledRowsBeforeAndAfterPublishAnswersAsRaw() throws Exception {
    String db = "it_refreshed_collapsing";
    String cancel = "SELECT * REPLACE (toInt8(-1) AS Sign) FROM " + db + ".otel_logs WHERE ";
    InstallerFixture fx = published(db, dir, "CollapsingMergeTree(Sign)", "SELECT *, toInt8(1) AS Sign",
        cancel.replace(".otel_logs WHERE", ".otel_logs_new WHERE") + "SeverityNumber < 9");
    // (a WHERE on Sign would read the REPLACE alias: the rows >= 17 are all Sign 1 here)
    answersAsRaw(fx, cancel + "SeverityNumber >= 17");
  }
}
