package io.noemata.itest.installer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.SQLWarning;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import java.util.Locale;
import java.util.stream.Stream;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;

import io.noemata.driver.provenance.QueryProvenance;
import io.noemata.installer.steps.Publish;
import io.noemata.otel.OtelDataGenerator;
import io.noemata.otel.OtelDataSpec;
import io.noemata.resources.parse.ProjectReader;
import io.noemata.rewriter.provenance.ResourceUse;
import io.noemata.rewriter.provenance.RollupSkip;
import io.noemata.rewriter.provenance.RollupUse;
import io.noemata.itest.CorpusFile;

/**
 * The shared corpus over the corpus days with the example project published (its rollups kept for
 * the whole data: retention and async left out of the copy), in its own database: through
 * {@code jdbc:noemata:clickhouse://} every query gives plain clickhouse-jdbc's answer, reading
 * rollups and stored columns where the rewriter decides, with warnings naming each rollup read and
 * each one skipped.
 */
class DriverCorpusRollupIT {

  static final String DB = "drv_corpus";
  static final long ROWS = 100_000;
  @TempDir static Path dir;
  static Connection plain;
  static Connection noemata;
  static final List<String> answeredByRollup = new ArrayList<>();
  /** The backfill chunks the publish sent for logs_1m (the engine's query log). */
  static List<String> logsChunks;

  @BeforeAll
  static void publish() throws Exception {
    try (Connection c = InstallerFixture.TARGET.connect("default"); Statement s = c.createStatement()) {
      s.execute("DROP DATABASE IF EXISTS " + DB);
      new OtelDataGenerator(new OtelDataSpec(DB, ROWS, ROWS, OtelDataSpec.CORPUS_FIRST_DAY, OtelDataSpec.CORPUS_DAYS))
          .generate(s::execute, (t, d, n) -> { });
    }
    Path project = InstallerFixture.corpusExample(dir, DB);
    long mark = InstallerFixture.TARGET.embeddedQueryLog().mark();
    try (Connection c = InstallerFixture.TARGET.connect(DB)) {
      Publish.run(ProjectReader.read(project), c, InstallerFixture.options("itest@" + DB), false);
    }
    logsChunks = InstallerFixture.TARGET.embeddedQueryLog().since(mark).stream().map(e -> e.sql())
        .filter(sql -> sql.startsWith("INSERT INTO `" + DB + "`.`noemata_rollup_logs_logs_1m__")).toList();
    plain = InstallerFixture.TARGET.connect(DB);
    noemata = DriverManager.getConnection("jdbc:noemata:clickhouse://" + InstallerFixture.TARGET.hostPort() + "/" + DB,
        InstallerFixture.TARGET.credentials());
    // published through plain clickhouse-jdbc: a catalog another test cached does not know it yet
    noemata.unwrap(io.noemata.driver.NoemataConnection.class).invalidateCatalog();
  }

  @AfterAll
  static void close() throws SQLException {
    plain.close();
    noemata.close();
  }

  private static CorpusRuns.Outcome run(Connection c, CorpusFile.Query q) throws SQLException {
    return CorpusRuns.run(c, q, DB);
  }

  private static void assertSameRows(List<List<String>> expected, List<List<String>> actual, boolean sketches) {
    CorpusRuns.assertSameRows(expected, actual, sketches);
  }

  @TestFactory
  Stream<DynamicTest> corpusThroughTheDriverAnswersAsClickHouseJdbc() {
    return CorpusFile.queries(InstallerFixture.SHARED).stream().map(q -> DynamicTest.dynamicTest(q.id(), () -> compare(q)));
  }

  /** The same for this repository's corpus of what real clients send (src/test/resources/corpus/clients.sql). */
  @TestFactory
  Stream<DynamicTest> clientsCorpusThroughTheDriverAnswersAsClickHouseJdbc() {
    return CorpusFile.read(Path.of("src/test/resources/corpus/clients.sql")).stream()
        .map(q -> DynamicTest.dynamicTest(q.id(), () -> compare(q)));
  }

  private static void compare(CorpusFile.Query q) throws SQLException {
    CorpusRuns.Outcome expected;
    try {
      expected = run(plain, q);
    } catch (SQLException refused) {
      return; // an explicit FORMAT clause: clickhouse-jdbc refuses it on either URL (DriverCorpusIT checks that)
    }
    CorpusRuns.Outcome actual = run(noemata, q);
    boolean sketches = q.sql().toLowerCase(Locale.ROOT).matches("(?s).*(uniq|quantile).*");
    QueryProvenance p = actual.provenance();
    assertSameRows(expected.rows(), actual.rows(), sketches && !p.rollups().isEmpty());
    List<String> states = actual.warnings().stream().map(SQLWarning::getSQLState).toList();
    for (RollupUse use : p.rollups()) {
      String state = use.read() ? "01N21" : "01N22";
      assertTrue(actual.warnings().stream().anyMatch(w -> w.getSQLState().equals(state) && w.getMessage().contains(use.rollup())),
          "a warning for " + use + ": " + states);
    }
    if (p.rollups().stream().anyMatch(RollupUse::read)) {
      answeredByRollup.add(q.id());
    }
  }

  /**
   * A dashboard's "last N days" window, floored to whole minutes as Metabase writes it: the driver's
   * catalog carries the server's clock, which proves the window starts inside the covered range, so
   * the rollup answers it alone. The original runs before and after: when the two agree, the moving
   * edge passed no row meanwhile and the rollup's answer must equal them.
   */
  @Test
  void aWindowRelativeToNowReadsTheRollupAlone() throws SQLException {
    long now;
    try (Statement s = plain.createStatement(); ResultSet rs = s.executeQuery("SELECT toUnixTimestamp(now())")) {
      assertTrue(rs.next());
      now = rs.getLong(1);
    }
    long minutes = (now - java.time.Instant.parse("2024-06-06T10:17:00Z").getEpochSecond()) / 60;
    CorpusFile.Query q = new CorpusFile.Query("last-n-minutes", "rollup", List.of(),
        "SELECT toStartOfFifteenMinutes(Timestamp) AS q, ServiceName, count() AS c FROM otel.otel_logs"
            + " WHERE Timestamp >= toStartOfMinute(now() - INTERVAL " + minutes + " MINUTE) GROUP BY q, ServiceName");
    for (int attempt = 0; ; attempt++) {
      CorpusRuns.Outcome before = run(plain, q);
      CorpusRuns.Outcome through = run(noemata, q);
      CorpusRuns.Outcome after = run(plain, q);
      if (!before.rows().equals(after.rows()) && attempt < 20) {
        continue;
      }
      assertEquals(before.rows(), after.rows(), "the window's edge kept passing rows");
      assertFalse(before.rows().isEmpty());
      assertEquals(before.rows(), through.rows());
      List<ResourceUse.Rollup> read = through.provenance().rollupsRead();
      assertEquals(1, read.size(), through.provenance().rollups().toString());
      assertFalse(read.get(0).rawEdges(), "no raw rows: the catalog's clock proves the window covered");
      return;
    }
  }

  /**
   * A window bound by {@code {name:Type}} parameters, whose values the connection gives as
   * {@code clickhouse_setting_param_<name>} properties: decided from those values, the rollup
   * answers (with raw rows for an edge inside a bucket), and the rows are plain clickhouse-jdbc's.
   */
  @Test
  void aWindowBoundByNamedParametersIsDecidedFromTheConnectionsValues() throws SQLException {
    CorpusFile.Query q = new CorpusFile.Query("named-window", "rollup", List.of(),
        "SELECT toStartOfHour(Timestamp) AS h, ServiceName, count() AS c FROM otel.otel_logs"
            + " WHERE Timestamp >= {from:DateTime('UTC')} AND Timestamp < {to:DateTime64(9, 'UTC')} GROUP BY h, ServiceName");
    for (String from : List.of("2024-06-06 00:00:00", "2024-06-06 00:00:17")) {
      Properties props = InstallerFixture.TARGET.credentials();
      props.setProperty("clickhouse_setting_param_from", from);
      props.setProperty("clickhouse_setting_param_to", "2024-06-07 12:00:00");
      try (Connection p = DriverManager.getConnection(InstallerFixture.TARGET.jdbcUrl(DB), props);
          Connection n = DriverManager.getConnection("jdbc:noemata:clickhouse://" + InstallerFixture.TARGET.hostPort()
              + "/" + DB, props)) {
        CorpusRuns.Outcome expected = run(p, q);
        CorpusRuns.Outcome actual = run(n, q);
        assertFalse(expected.rows().isEmpty(), "the values reached the server");
        assertEquals(expected.rows(), actual.rows(), from);
        List<ResourceUse.Rollup> read = actual.provenance().rollupsRead();
        if (from.endsWith(":17")) {
          // bounds that cut buckets: the union, or (on these few rows, where its second read costs more)
          // the table, estimated cheaper: either way decided from the values, which the rollup answers
          assertTrue(read.size() == 1 && read.get(0).rawEdges() || read.isEmpty() && actual.provenance().rollups()
              .stream().anyMatch(u -> u instanceof ResourceUse.SkippedRollup k && k.code() == RollupSkip.RAW_IS_CHEAPER),
              from + ": " + actual.provenance().rollups());
        } else {
          assertEquals(1, read.size(), actual.provenance().rollups().toString());
          assertFalse(read.get(0).rawEdges(), from + ": " + read);
        }
        // once the session may hold another value, the connection's is no longer trusted
        try (Statement s = n.createStatement()) {
          s.execute("SET param_from = '" + from + "'");
        }
        CorpusRuns.Outcome after = run(n, q);
        assertEquals(expected.rows(), after.rows());
        assertTrue(after.provenance().rollups().stream().noneMatch(RollupUse::read), after.provenance().toString());
      }
    }
  }

  /**
   * The corpus days lie two years back and nothing since: the backfill sends one chunk per day that
   * holds rows (not one per day back to 2024), and the ledger says it filled down to the oldest day.
   */
  @Test
  void theBackfillFillsOnlyTheDaysThatHoldRows() throws Exception {
    List<String> days;
    try (Statement s = plain.createStatement()) {
      days = InstallerFixture.twoColumns(s, "SELECT DISTINCT toDate(Timestamp) AS d, 0 FROM " + DB + ".otel_logs ORDER BY d");
    }
    assertTrue(days.size() >= OtelDataSpec.CORPUS_DAYS && days.size() <= OtelDataSpec.CORPUS_DAYS + 1, days.toString());
    assertEquals(days.size(), logsChunks.size(), "one chunk per day with rows: " + days);
    io.noemata.core.ledger.LedgerRow logs = io.noemata.core.ledger.LedgerReader.rows(plain, DB, "noemata").stream()
        .filter(r -> r.identity().key().equals("logs_1m")).findFirst().orElseThrow();
    assertEquals(OtelDataSpec.CORPUS_FIRST_DAY.atStartOfDay(java.time.ZoneOffset.UTC).toInstant(), logs.backfill().backfillFloor());
    assertEquals(logs.backfill().backfillFloor(), logs.backfill().backfilledFrom());
  }

  @Test
  void rollupsAnswerCorpusQueries() {
    // runs after the factory in JUnit's default method order only by chance: recompute to be independent
    List<String> answered = new ArrayList<>();
    for (CorpusFile.Query q : CorpusFile.queries(InstallerFixture.SHARED)) {
      try {
        if (run(noemata, q).provenance().rollups().stream().anyMatch(RollupUse::read)) {
          answered.add(q.id());
        }
      } catch (SQLException refused) {
        // FORMAT clause
      }
    }
    System.out.println("noemata corpus: rollups answered " + answered.size() + " queries: " + answered);
    assertTrue(answered.size() >= 5, "rollups answer corpus queries: " + answered);
    assertTrue(answered.contains("mb-jdbc-params-minute"),
        "a prepared statement's bound window decides at execution: " + answered);
  }
}
