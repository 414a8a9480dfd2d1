package io.noemata.itest.installer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.noemata.driver.NoemataConnection;
import io.noemata.driver.NoemataStatement;
import io.noemata.driver.provenance.QueryProvenance;
import io.noemata.installer.plan.Change;
import io.noemata.installer.plan.Plan;
import io.noemata.resources.catalog.JdbcCatalog;
import io.noemata.resources.finding.Finding;
import io.noemata.resources.finding.FindingCode;
import io.noemata.resources.parse.ProjectReader;
import io.noemata.resources.validate.Validator;
import io.noemata.rewriter.provenance.ResourceUse;
import io.noemata.rewriter.provenance.RollupSkip;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Sources that rewrite rows after insert (the "sources by engine"): an insert-fed rollup over
 * one would hold rows the table no longer shows. Over a ReplacingMergeTree or CollapsingMergeTree
 * source with duplicates or cancelled rows inserted before and after publish, then {@code OPTIMIZE
 * ... FINAL}, noemata answers as the table does: a rollup installed while the source was plain
 * MergeTree is skipped with {@link RollupSkip#SOURCE_REWRITES_ROWS}, and validate and publish refuse
 * the logs rollups over it with a finding at {@code /resources/<key>/rollup/table}, and advise
 * proposes none. A lightweight
 * {@code DELETE} on a plain source since the rollup was fed does the same to the driver.
 */
class SourceEnginesIT {

  @TempDir Path dir;

  static String day() {
    LocalDate today = LocalDate.now(ZoneOffset.UTC);
    return "Timestamp >= toDateTime('" + today.minusDays(2) + " 00:00:00', 'UTC') AND Timestamp < toDateTime('"
        + today.minusDays(1) + " 00:00:00', 'UTC')";
  }

  /** Log counts per service and severity over a whole day the logs rollups cover. */
  static String perService(String db) {
    return "SELECT ServiceName, SeverityText, count() AS n, countIf(SeverityNumber >= 17) AS errors FROM " + db
        + ".otel_logs WHERE " + day() + " GROUP BY ServiceName, SeverityText ORDER BY ServiceName, SeverityText";
  }

  record Answer(List<String> rows, QueryProvenance provenance) {
    boolean readARollup() {
      return provenance.rollups().stream().anyMatch(u -> u.read());
    }

    boolean skipped(RollupSkip code) {
      return provenance.rollups().stream().anyMatch(u -> u instanceof ResourceUse.SkippedRollup s && s.code() == code);
    }
  }

  static Answer noemata(InstallerFixture fx, String sql) throws Exception {
    try (Connection c = fx.driver()) {
      c.unwrap(NoemataConnection.class).invalidateCatalog(); // the tables changed behind this JVM's catalog
      try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery(sql)) {
        List<String> rows = new ArrayList<>();
        int n = rs.getMetaData().getColumnCount();
        while (rs.next()) {
          StringBuilder b = new StringBuilder();
          for (int i = 1; i <= n; i++) {
            b.append(i == 1 ? "" : " | ").append(rs.getString(i));
          }
          rows.add(b.toString());
        }
        return new Answer(rows, s.unwrap(NoemataStatement.class).provenance());
      }
    }
  }

  /** Publishes over plain MergeTree and checks the driver reads a logs rollup: the starting point. */
  static InstallerFixture published(String db, Path dir) throws Exception {
    InstallerFixture fx = new InstallerFixture(db, dir.resolve("project"), 4_000);
    fx.publish();
    Answer before = noemata(fx, perService(db));
    assertTrue(before.readARollup(), before.provenance().toString());
    assertEquals(fx.rows(perService(db)), before.rows());
    return fx;
  }

  /**
   * Replaces {@code otel_logs} by a copy with {@code engine} holding the same rows and {@code
   * extraBefore} (duplicates, cancelled rows), as an operator moving a table to another engine does.
   */
  static void swapEngine(InstallerFixture fx, String engine, String select, String extraBefore)
      throws Exception {
    String db = fx.db;
    fx.execute("DROP TABLE IF EXISTS " + db + ".otel_logs_new");
    fx.execute("CREATE TABLE " + db + ".otel_logs_new ENGINE = " + engine
        + " PARTITION BY toDate(Timestamp) ORDER BY (ServiceName, SeverityText, Timestamp, TraceId, Body)"
        + " AS " + select + " FROM " + db + ".otel_logs");
    fx.execute("INSERT INTO " + db + ".otel_logs_new " + extraBefore);
    fx.execute("EXCHANGE TABLES " + db + ".otel_logs AND " + db + ".otel_logs_new");
  }

  /** validate --online's findings over the fixture's project: the logs rollups refused at their table. */
  static void refusedOnline(InstallerFixture fx, String why) throws Exception {
    List<Finding> findings;
    try (Connection c = fx.connect()) {
      findings = Validator.validate(ProjectReader.read(fx.project), new JdbcCatalog(c));
    }
    for (String key : List.of("logs_1m", "logs_1h")) {
      Finding f = findings.stream().filter(x -> x.pointer().equals("/resources/" + key + "/rollup/table")).findFirst()
          .orElseThrow(() -> new AssertionError("no finding for " + key + ": " + findings));
      assertEquals(FindingCode.CANNOT_INSTALL, f.code());
      assertTrue(f.message().contains(why) && f.message().contains("append-only MergeTree source"), f.message());
    }
    assertFalse(findings.stream().anyMatch(x -> x.pointer().startsWith("/resources/spans_1m")), findings.toString());
  }

  /** A publish over it omits (refuses) the logs rollups, says why, and retires the ones installed over MergeTree. */
  static void refusedOnPublish(InstallerFixture fx, String why) throws Exception {
    Plan plan = fx.publish();
    for (String key : List.of("logs_1m", "logs_1h")) {
      assertTrue(plan.warnings().stream().anyMatch(w -> w.contains("/resources/" + key + "/rollup/table")
          && w.contains(why) && w.contains("(omitted)")), plan.warnings().toString());
      assertFalse(plan.changes().stream().anyMatch(c -> c.key().equals(key) && c.verb() == Change.Verb.ADD),
          plan.text());
    }
    Answer after = noemata(fx, perService(fx.db));
    assertFalse(after.readARollup(), after.provenance().toString());
    assertEquals(fx.rows(perService(fx.db)), after.rows());
  }

  @Test
  void aReplacingSourceWithDuplicatesBeforeAndAfterPublishAnswersAsRaw() throws Exception {
    InstallerFixture fx = published("it_src_replacing", dir);
    String db = fx.db;
    swapEngine(fx, "ReplacingMergeTree", "SELECT *", "SELECT * FROM " + db + ".otel_logs WHERE ServiceName IN"
        + " (SELECT ServiceName FROM " + db + ".otel_logs GROUP BY ServiceName ORDER BY ServiceName LIMIT 2)");
    // duplicates inserted after publish, into the table the rollup's view no longer follows
    fx.execute("INSERT INTO " + db + ".otel_logs SELECT * FROM " + db + ".otel_logs WHERE SeverityNumber >= 17");
    String sql = perService(db);
    List<String> unmerged = fx.rows(sql);
    fx.execute("OPTIMIZE TABLE " + db + ".otel_logs FINAL");
    List<String> raw = fx.rows(sql);
    assertNotEquals(unmerged, raw, "OPTIMIZE FINAL replaced the duplicates");

    Answer a = noemata(fx, sql);
    assertEquals(raw, a.rows(), sql);
    assertFalse(a.readARollup(), a.provenance().toString());
    assertTrue(a.skipped(RollupSkip.SOURCE_REWRITES_ROWS), a.provenance().toString());

    refusedOnline(fx, "ReplacingMergeTree merges inserted rows");
    refusedOnPublish(fx, "ReplacingMergeTree merges inserted rows");
    notAdvised(fx, sql);
  }

  /** advise over a panel of the source proposes no rollup of it (the spans rollups are not asked for either). */
  static void notAdvised(InstallerFixture fx, String sql) throws Exception {
    Path project = Files.createDirectories(fx.project.resolveSibling("advise"));
    try (var files = Files.walk(fx.project)) {
      for (Path p : files.filter(Files::isRegularFile).filter(f -> !f.toString().endsWith(".resources.json")).toList()) {
        Path to = project.resolve(fx.project.relativize(p).toString());
        Files.createDirectories(to.getParent());
        Files.copy(p, to);
      }
    }
    io.noemata.cli.advise.Advice advice;
    try (Connection c = fx.connect()) {
      advice = io.noemata.cli.advise.Advisor.run(project, ProjectReader.read(project).project(),
          List.of(new io.noemata.cli.advise.WorkloadQuery("per service", sql, 1, 0)), c, fx.db,
          io.noemata.installer.steps.Progress.QUIET);
    }
    assertTrue(advice.proposal().rollups().isEmpty(), advice.resourcesFile());
    assertTrue(advice.replays().get(0).rollupsRead().isEmpty(), advice.replays().toString());
  }

  @Test
  void aCollapsingSourceWithCancelledRowsBeforeAndAfterPublishAnswersAsRaw() throws Exception {
    InstallerFixture fx = published("it_src_collapsing", dir);
    String db = fx.db;
    String cancel = "SELECT * REPLACE (toInt8(-1) AS Sign) FROM " + db + ".otel_logs WHERE ";
    // the copy declares its columns by its select: the source's columns plus Sign
    swapEngine(fx, "CollapsingMergeTree(Sign)", "SELECT *, toInt8(1) AS Sign",
        cancel.replace(".otel_logs WHERE", ".otel_logs_new WHERE") + "SeverityNumber < 9");
    fx.execute("INSERT INTO " + db + ".otel_logs " + cancel + "SeverityNumber >= 17 AND Sign = 1");
    String sql = perService(db);
    List<String> unmerged = fx.rows(sql);
    fx.execute("OPTIMIZE TABLE " + db + ".otel_logs FINAL");
    List<String> raw = fx.rows(sql);
    assertNotEquals(unmerged, raw, "OPTIMIZE FINAL collapsed the cancelled rows");

    Answer a = noemata(fx, sql);
    assertEquals(raw, a.rows(), sql);
    assertFalse(a.readARollup(), a.provenance().toString());
    assertTrue(a.skipped(RollupSkip.SOURCE_REWRITES_ROWS), a.provenance().toString());

    refusedOnline(fx, "CollapsingMergeTree merges inserted rows");
    refusedOnPublish(fx, "CollapsingMergeTree merges inserted rows");
    notAdvised(fx, sql);
  }

  @Test
  void aLightweightDeleteSinceTheRollupWasFedMakesTheDriverReadTheTable() throws Exception {
    InstallerFixture fx = published("it_src_delete", dir);
    String db = fx.db;
    String sql = perService(db);
    try (Connection c = fx.driver(); Statement s = c.createStatement()) {
      // through the driver: a DELETE drops its catalog as DDL does
      s.execute("DELETE FROM " + db + ".otel_logs WHERE SeverityNumber >= 17");
    }
    List<String> raw = fx.rows(sql);
    Answer a = noemata(fx, sql);
    assertEquals(raw, a.rows(), sql);
    assertFalse(a.readARollup(), a.provenance().toString());
    assertTrue(a.skipped(RollupSkip.SOURCE_REWRITES_ROWS), a.provenance().toString());
    assertTrue(a.provenance().toString().contains("mutation"), a.provenance().toString());
  }
}
