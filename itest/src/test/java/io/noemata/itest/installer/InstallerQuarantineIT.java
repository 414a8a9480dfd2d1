package io.noemata.itest.installer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.noemata.core.ledger.LedgerReader;
import io.noemata.core.ledger.LedgerRow;
import io.noemata.driver.NoemataConnection;
import io.noemata.driver.NoemataStatement;
import io.noemata.driver.provenance.QueryProvenance;
import io.noemata.installer.online.OnlineRollupCheck;
import io.noemata.installer.plan.Change;
import io.noemata.installer.plan.Plan;
import io.noemata.itest.ProcessRun;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.SQLWarning;
import java.sql.Statement;
import java.time.Duration;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Quarantine: a rollup target with a wrong state fails {@code validate --online}, which quarantines it
 * (the ledger names the bucket and measure); every driver client then reads raw rows and says why;
 * {@code resources status} shows it; {@code publish} re-backfills the day and the rollup is read again.
 */
class InstallerQuarantineIT {

  static final String DB = "it_quarantine";
  @TempDir static Path dir;

  static InstallerFixture fx;

  private static Connection driver(String... props) throws SQLException {
    Connection c = fx.driver(props);
    c.unwrap(NoemataConnection.class).invalidateCatalog();
    return c;
  }

  private static List<String> rows(Statement s, String sql) throws SQLException {
    return InstallerFixture.twoColumns(s, sql);
  }

  private static String readView(Statement s) throws SQLException {
    QueryProvenance p = s.unwrap(NoemataStatement.class).provenance();
    return p.rollups().stream().filter(u -> u.read()).map(u -> u.stableView()).findFirst().orElse(null);
  }

  private static LedgerRow row(InstallerFixture fx, String stableView) throws Exception {
    try (Connection c = fx.connect()) {
      return LedgerReader.rows(c, DB, "noemata").stream()
        .filter(r -> r.shape().stableView().equals(stableView)).findFirst()
          .orElseThrow();
    }
  }

  @Test
  void aTamperedRollupIsQuarantinedReadAsRawAndRepairedByPublish() throws Exception {
    fx = new InstallerFixture(DB, dir, 4_000);
    fx.publish();
    String sql = DriverLedgerIT.perService().replace(DriverLedgerIT.DB + ".", DB + ".");
    List<String> raw = fx.rows(sql);
    String view;
    try (Connection c = driver(); Statement s = c.createStatement()) {
      assertEquals(raw, rows(s, sql));
      view = readView(s);
    }
    assertTrue(view != null, "a rollup answers the per-service count");
    LedgerRow before = row(fx, view);

    // a wrong state in the target: 1000 more logs for checkout in one bucket of the queried day
    LocalDate day = LocalDate.now(ZoneOffset.UTC).minusDays(2);
    String bucket = day + " 10:00:00";
    fx.execute("INSERT INTO " + DB + "." + before.identity().object()
        + " (ServiceName, bucket, LogCount) VALUES ('checkout', '"
        + bucket + "', 1000)");
    // merged into the day's part: the insert's own part would make the rollup dearer than these few raw rows
    fx.execute("OPTIMIZE TABLE " + DB + "." + before.identity().object() + " FINAL");
    try (Connection c = driver(); Statement s = c.createStatement()) {
      assertNotEquals(raw, rows(s, sql), "the driver reads the tampered rollup until it is quarantined");
    }

    ProcessRun validate = InstallerCliIT.cli(fx.project, "validate", "--online", "--rollup-window", "5d");
    assertEquals(1, validate.exitCode(), validate.stdout() + validate.stderr());
    assertTrue(validate.stdout().contains("rollup quarantined"), validate.stdout());
    LedgerRow quarantined = row(fx, view);
    assertEquals(io.noemata.core.ledger.LedgerState.QUARANTINED, quarantined.state());
    assertTrue(quarantined.quarantine().reason().contains("bucket " + bucket), quarantined.quarantine().reason());
    assertTrue(quarantined.quarantine().reason().contains("measure LogCount")
        || quarantined.quarantine().reason().contains("only in"),
        quarantined.quarantine().reason());
    assertEquals(List.of(day), quarantined.quarantine().days());
    ProcessRun status = InstallerCliIT.cli(fx.project, "resources", "status");
    assertTrue(status.stdout().lines().anyMatch(l -> l.contains(" quarantined ") && l.contains("bucket " + bucket)),
        status.stdout());

    // every client: raw answers, and the warning names the quarantine
    for (String[] props : List.of(new String[0], new String[] {"noemata.catalog.ttl", "1h"})) {
      try (Connection c = driver(props); Statement s = c.createStatement()) {
        assertEquals(raw, rows(s, sql));
        assertFalse(view.equals(readView(s)), "the quarantined rollup is not read");
        List<SQLWarning> w = new ArrayList<>();
        for (SQLWarning x = s.getWarnings(); x != null; x = x.getNextWarning()) {
          w.add(x);
        }
        assertTrue(w.stream().anyMatch(x -> x.getSQLState().equals("01N23") && x.getMessage().contains(view)
            && x.getMessage().contains("quarantined") && x.getMessage().contains("bucket " + bucket)), w.toString());
      }
    }

    Plan repair = fx.publish();
    assertTrue(repair.changes().stream().anyMatch(ch -> ch.verb() == Change.Verb.REPAIR
        && ch.key().equals(before.identity().key()) && ch.reason().startsWith("quarantined")), repair.text());
    LedgerRow repaired = row(fx, view);
    assertEquals(io.noemata.core.ledger.LedgerState.READY, repaired.state());
    assertEquals("", repaired.quarantine().reason());
    assertEquals(before.backfill().backfilledFrom(), repaired.backfill().backfilledFrom());
    try (Connection c = fx.connect()) {
      OnlineRollupCheck.Result r = OnlineRollupCheck.run(c, "noemata", Set.of(DB), Duration.ofDays(5),
          InstallerFixture.serverNow(c));
      assertTrue(r.passed(), r.mismatches().toString());
    }
    InstallerFixture.assertSameRows(fx.logs1mRaw(), fx.logs1mRollup());
    InstallerFixture.assertSameRows(fx.logs1hRaw(), fx.logs1hRollup());
    assertEquals(0, fx.count("SELECT count() FROM system.tables WHERE database = '" + DB + "' AND endsWith(name, '_repair')"));
    try (Connection c = driver(); Statement s = c.createStatement()) {
      assertEquals(raw, rows(s, sql));
      assertEquals(view, readView(s), "read again after the repair");
    }
  }
}
