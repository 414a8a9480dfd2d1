package io.noemata.itest.installer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.noemata.core.ledger.LedgerReader;
import io.noemata.core.ledger.LedgerRow;
import io.noemata.driver.NoemataConnection;
import io.noemata.driver.NoemataStatement;
import io.noemata.driver.provenance.QueryProvenance;
import io.noemata.driver.provenance.WarningCode;
import io.noemata.installer.steps.Checkpoints;
import io.noemata.installer.steps.Publish;
import io.noemata.itest.ProcessRun;
import io.noemata.itest.Trials;
import io.noemata.resources.parse.ProjectReader;
import java.nio.file.Path;
import java.time.Instant;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.SQLWarning;
import java.sql.Statement;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.io.TempDir;

/**
 * Late rows never change an answer: rows stamped inside a day a rollup already read, inserted after
 * the publish, make every driver client read that day raw at once (no publish, no online check),
 * with the late-rows warning naming the day and {@code noemata repair}; the repair brings the rollup
 * back, equal to raw.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class LateRowsIT {

  static final String DB = "it_late_rows";
  /** Rows of each fixture: every test's days hold rows of every service; 4,000 under {@code -Pthorough}. */
  static final long ROWS = Trials.size("noemata.late.fixture.rows", 1_000, 4_000);
  @TempDir static Path dir;
  static InstallerFixture fx;

  @BeforeAll
  static void publish() throws Exception {
    fx = published(DB, dir);
  }

  /**
   * A fixture published: the tests insert their late rows after the publish, stamped relative to
   * the cutover it recorded. (Not without a cutover delay: that made the publish wait up to a minute
   * for logs_1h's cutover in a good share of runs, see InstallerFixture.options.)
   */
  static InstallerFixture published(String db, Path in) throws Exception {
    InstallerFixture f = new InstallerFixture(db, in, ROWS);
    f.publish();
    return f;
  }

  static String perService(LocalDate day) {
    return "SELECT ServiceName, count() AS n FROM " + DB + ".otel_logs WHERE Timestamp >= toDateTime('" + day
        + " 00:00:00', 'UTC') AND Timestamp < toDateTime('" + day.plusDays(1) + " 00:00:00', 'UTC')"
        + " GROUP BY ServiceName ORDER BY ServiceName";
  }

  /** {@code n} rows for {@code service} stamped from {@code at} on, one a second. */
  static void insertLate(String service, String at, int n) throws Exception {
    insertLate(fx, service, java.time.Instant.parse(at.replace(' ', 'T') + "Z"), n);
  }

  /** {@code n} rows into {@code into}'s logs for {@code service}, stamped from {@code at} on, one a second. */
  static void insertLate(InstallerFixture into, String service, java.time.Instant at, int n) throws Exception {
    into.execute("INSERT INTO " + into.db + ".otel_logs (Timestamp, ServiceName, SeverityText, SeverityNumber, Body)"
        + " SELECT toDateTime64(" + at.getEpochSecond() + ", 9, 'UTC') + number, '" + service + "', 'INFO', 9, 'late'"
        + " FROM numbers(" + n + ")");
  }

  record Answer(List<String> rows, String read, boolean rawEdges, List<SQLWarning> warnings) {}

  static Answer driver(String sql) throws SQLException {
    try (Connection c = fx.driver(); Statement s = c.createStatement()) {
      c.unwrap(NoemataConnection.class).invalidateCatalog();
      List<String> rows = InstallerFixture.twoColumns(s, sql);
      QueryProvenance p = s.unwrap(NoemataStatement.class).provenance();
      String read = p.rollups().stream().filter(u -> u.read()).map(u -> u.stableView()).findFirst().orElse(null);
      boolean edges = p.rollups().stream().anyMatch(u -> u instanceof io.noemata.rewriter.provenance.ResourceUse.Rollup r
          && r.rawEdges());
      List<SQLWarning> w = new ArrayList<>();
      for (SQLWarning x = s.getWarnings(); x != null; x = x.getNextWarning()) {
        w.add(x);
      }
      return new Answer(rows, read, edges, w);
    }
  }

  static boolean lateWarning(Answer a, LocalDate day) {
    return a.warnings().stream().anyMatch(w -> w.getSQLState().equals(WarningCode.ROLLUP_LATE_ROWS.sqlState())
        && w.getMessage().contains(day.toString()) && w.getMessage().contains("noemata repair"));
  }

  @Test
  void lateRowsInABackfilledDayReadRawAtOnce() throws Exception {
    LocalDate day = fx.first.plusDays(1);
    String sql = perService(day);
    Answer before = driver(sql);
    assertEquals(fx.rows(sql), before.rows());
    assertTrue(before.read() != null, "a rollup answers the day before late rows arrive: " + before.warnings());

    insertLate("checkout", day + " 10:00:00", 1_000);
    List<String> raw = fx.rows(sql);
    assertNotEquals(before.rows(), raw, "the late rows change the raw answer");
    Answer after = driver(sql);
    assertEquals(raw, after.rows(), "the driver answers as the raw table does, without a publish");
    assertEquals(null, after.read(), "no rollup is read for a day with late rows");
    assertTrue(lateWarning(after, day), after.warnings().toString());
    ProcessRun status = InstallerCliIT.cli(fx.project, "resources", "status");
    assertTrue(status.stdout().lines().anyMatch(l -> l.contains("logs_1m") && l.contains("late rows on [" + day + "]")),
        status.stdout());

    // a day without late rows still reads the rollup
    Answer other = driver(perService(fx.first));
    assertEquals(fx.rows(perService(fx.first)), other.rows());
    assertTrue(other.read() != null, other.warnings().toString());

    // a publish without changes re-aggregates exactly that day, and the rollup answers it again
    fx.publish();
    Answer repaired = driver(sql);
    assertEquals(raw, repaired.rows());
    assertEquals(before.read(), repaired.read(), repaired.warnings().toString());
    InstallerFixture.assertSameRows(fx.logs1mRaw(), fx.logs1mRollup());
    InstallerFixture.assertSameRows(fx.logs1hRaw(), fx.logs1hRollup());
  }

  @Test
  void rowsStampedBeforeTheCutoverInsertedAfterThePublishAreLate() throws Exception {
    InstallerFixture own = published(DB + "_cutover", dir.resolve("cutover"));
    InstallerFixture keep = fx;
    fx = own;
    try {
      Instant cutover = ledger().stream().filter(r -> r.shape().stableView().endsWith("logs_1m")).findFirst()
          .orElseThrow().backfill().cutover();
      LocalDate today = io.noemata.core.ledger.BlockWatermarks.day(cutover);
      String sql = perService(today).replace(DB + ".", own.db + ".");
      // rows after the cutover reach the rollup through its view (whether the day reads the rollup
      // depends on merges: a part merged across the cutover counts as late, see resources-format.md)
      insertLate(own, "checkout", cutover.plusSeconds(1), 50);
      assertEquals(own.rows(sql), driver(sql).rows());
      // rows stamped before the cutover, inserted now: the backfill had read their day
      Instant before = cutover.minusSeconds(Math.min(600, cutover.getEpochSecond() % 86_400));
      insertLate(own, "checkout", before, 10);
      Answer late = driver(sql);
      assertEquals(own.rows(sql), late.rows());
      // only rows before the cutover may be missing: those are read raw (the buckets after it from the
      // rollup, where the union is cheaper than the table), never from whole rollup buckets alone
      assertTrue(late.read() == null || late.rawEdges(), late.warnings().toString());
      // the union as the rewriter writes it where it is chosen (by grain alone: a catalog without row counts)
      try (Connection c = own.connect()) {
        io.noemata.core.catalog.CatalogSnapshot loaded = io.noemata.driver.catalog.CatalogLoader.load(c, "noemata");
        io.noemata.core.catalog.Rollup r1m = loaded.table(new io.noemata.core.catalog.TableName(own.db, "otel_logs"))
            .orElseThrow().rollups().stream().filter(r -> r.key().equals("logs_1m")).findFirst().orElseThrow();
        assertEquals(List.of(), r1m.lateDays());
        assertEquals(cutover, r1m.lateUntil());
        io.noemata.rewriter.RewriteResult union = io.noemata.rewriter.Rewriter.rewrite(sql,
            loaded.withRows(java.util.Map.of(), loaded.version() + 1), own.db);
        assertTrue(union.provenance().rollups().stream().anyMatch(u -> u instanceof
            io.noemata.rewriter.provenance.ResourceUse.Rollup read && read.rawEdges()), union.provenance().toString());
        try (Statement st = c.createStatement(); java.sql.ResultSet rs = st.executeQuery(union.sql());
            Statement t = c.createStatement(); java.sql.ResultSet raw = t.executeQuery(sql)) {
          assertEquals(io.noemata.itest.ResultRows.rows(raw), io.noemata.itest.ResultRows.rows(rs));
        }
      }
      // a window reaching back into the backfilled days reads raw rows before the cutover too
      String week = "SELECT ServiceName, count() AS n FROM " + own.db + ".otel_logs WHERE Timestamp >= toDateTime('"
          + own.first + " 00:00:00', 'UTC') GROUP BY ServiceName ORDER BY ServiceName";
      assertEquals(own.rows(week), driver(week).rows());
      ProcessRun repair = InstallerCliIT.cli(own.project, "repair");
      assertEquals(0, repair.exitCode(), repair.stdout() + repair.stderr());
      assertTrue(repair.stdout().contains("Repaired logs_1m: 1 day(s) [" + today + "]"), repair.stdout());
      Answer repaired = driver(sql);
      assertEquals(own.rows(sql), repaired.rows());
      assertTrue(repaired.read() != null, repaired.warnings().toString());
    } finally {
      fx = keep;
    }
  }

  @Test
  void rowsArrivingWhileARepairRunsStayLateUntilTheNextRepair() throws Exception {
    // the class's fixture: this test's day (the first) is not lateRowsInABackfilledDayReadRawAtOnce's,
    // and each of the two leaves every day repaired (it ends on "Nothing to repair", that one on a
    // publish and rollups equal to raw), so either order starts from a fixture with no late day (the
    // halted-repair test, on this fixture too, runs after both)
    InstallerFixture own = fx;
    LocalDate day = own.first;
    String sql = perService(day).replace(DB + ".", own.db + ".");
    Instant noon = day.atStartOfDay().toInstant(java.time.ZoneOffset.UTC).plusSeconds(43_200);
    insertLate(own, "checkout", noon, 100);
    boolean[] arrived = {false};
    // between the repair's read of the day and its swap
    Checkpoints during = onceMidRepair(arrived, () -> insertLate(own, "payments", noon.plusSeconds(3_600), 25));
    try (Connection c = own.connect()) {
      Publish.repair(ProjectReader.read(own.project), c, InstallerFixture.options("during@" + own.db)
          .withCheckpoints(during));
    }
    assertTrue(arrived[0], "the repair passed its checkpoint");
    Answer meanwhile = driver(sql);
    assertEquals(own.rows(sql), meanwhile.rows(), "rows that arrived during the repair still count");
    assertEquals(null, meanwhile.read(), meanwhile.warnings().toString());
    assertTrue(lateWarning(meanwhile, day), meanwhile.warnings().toString());
    ProcessRun repair = InstallerCliIT.cli(own.project, "repair");
    assertEquals(0, repair.exitCode(), repair.stdout() + repair.stderr());
    Answer repaired = driver(sql);
    assertEquals(own.rows(sql), repaired.rows());
    assertTrue(repaired.read() != null, repaired.warnings().toString());
    ProcessRun nothing = InstallerCliIT.cli(own.project, "repair");
    assertTrue(nothing.stdout().contains("Nothing to repair"), nothing.stdout());
  }

  @Test
  void rowsTheViewFedWhileTheCutoverDayWasRepairedStayLate() throws Exception {
    InstallerFixture own = published(DB + "_fed", dir.resolve("fed"));
    InstallerFixture keep = fx;
    fx = own;
    try {
      Instant cutover = ledger().stream().filter(r -> r.shape().stableView().endsWith("logs_1m")).findFirst()
          .orElseThrow().backfill().cutover();
      LocalDate today = io.noemata.core.ledger.BlockWatermarks.day(cutover);
      String sql = perService(today).replace(DB + ".", own.db + ".");
      own.execute("SYSTEM STOP MERGES " + own.db + ".otel_logs"); // each part keeps its own blocks and times
      insertLate(own, "checkout", cutover.minusSeconds(Math.min(600, cutover.getEpochSecond() % 86_400)), 10);
      boolean[] fed = {false};
      // after the repair read the day, before its swap: the view writes them into the partition it replaces
      Checkpoints during = onceMidRepair(fed, () -> insertLate(own, "payments", cutover.plusSeconds(5), 20));
      try (Connection c = own.connect()) {
        Publish.repair(ProjectReader.read(own.project), c, InstallerFixture.options("fed@" + own.db)
            .withCheckpoints(during));
      }
      assertTrue(fed[0]);
      Answer meanwhile = driver(sql);
      assertEquals(own.rows(sql), meanwhile.rows(), "the rows the swap replaced away still count");
      assertTrue(lateWarning(meanwhile, today), meanwhile.warnings().toString());
      ProcessRun repair = InstallerCliIT.cli(own.project, "repair");
      assertEquals(0, repair.exitCode(), repair.stdout() + repair.stderr());
      Answer repaired = driver(sql);
      assertEquals(own.rows(sql), repaired.rows());
      assertTrue(repaired.read() != null, repaired.warnings().toString());
    } finally {
      own.execute("SYSTEM START MERGES " + own.db + ".otel_logs");
      fx = keep;
    }
  }

  @Test
  @Order(Integer.MAX_VALUE) // last on the class's fixture: the rerun's ledger rows are stamped by a clock 5 s ahead
  void aRepairHaltedAsByKillMinus9IsFinishedByTheNextRunAndAnswersStayRightMeanwhile() throws Exception {
    // the class's fixture: its day (first + 2) is no other test's, and the tests before it on this
    // fixture leave every day repaired
    InstallerFixture own = fx;
    LocalDate day = own.first.plusDays(2);
    String sql = perService(day).replace(DB + ".", own.db + ".");
    insertLate(own, "checkout", day.atStartOfDay().toInstant(java.time.ZoneOffset.UTC).plusSeconds(7_200), 300);
    java.util.Properties credentials = InstallerFixture.TARGET.credentials();
    ProcessRun killed = ProcessRun.run(ProcessRun.javaMain(HaltingPublish.class.getName(), "MID_REPAIR",
        own.project.toString(), InstallerFixture.TARGET.jdbcUrl(own.db)), java.util.Map.of("NOEMATA_CH_USER",
        credentials.getProperty("user"), "NOEMATA_CH_PASSWORD", credentials.getProperty("password")), 300);
    assertEquals(137, killed.exitCode(), killed.stdout() + killed.stderr());
    Answer meanwhile = driver(sql);
    assertEquals(own.rows(sql), meanwhile.rows(), "halted between its read and its swap: the day is still late");
    assertTrue(lateWarning(meanwhile, day), meanwhile.warnings().toString());
    ProcessRun again = InstallerKillIT.publishUntilDone(own.project); // takes the dead run's lock over
    assertEquals(0, again.exitCode(), again.stdout() + again.stderr());
    Answer repaired = driver(sql);
    assertEquals(own.rows(sql), repaired.rows());
    assertTrue(repaired.read() != null, repaired.warnings().toString());
    InstallerKillIT.assertRollupsEqualRaw(own);
  }

  static List<LedgerRow> ledger() throws Exception {
    try (Connection c = fx.connect()) {
      return LedgerReader.rows(c, fx.db, "noemata");
    }
  }

  /** Something done once, at the repair's first MID_REPAIR checkpoint; {@code done[0]} says it ran. */
  private static Checkpoints onceMidRepair(boolean[] done, InsertStep step) {
    return point -> {
      if (point == Checkpoints.Point.MID_REPAIR && !done[0]) {
        done[0] = true;
        try {
          step.run();
        } catch (Exception e) {
          throw new IllegalStateException(e);
        }
      }
    };
  }

  /** A step that may throw what a statement throws. */
  private interface InsertStep {
    void run() throws Exception;
  }
}
