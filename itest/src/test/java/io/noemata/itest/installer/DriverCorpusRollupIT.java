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
 * The corpus (corpus/queries.sql) over the corpus days with the example project published (its rollups kept for
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
    return CorpusFile.queries().stream().map(q -> DynamicTest.dynamicTest(q.id(), () -> compare(q)));
  }

  /** The same for this repository's corpus of what real clients send (src/test/resources/corpus/clients.sql). */
  @TestFactory
  Stream<DynamicTest> clientsCorpusThroughTheDriverAnswersAsClickHouseJdbc() {
    return CorpusFile.read(Path.of("src/test/resources/corpus/clients.sql")).stream()
        .map(q -> DynamicTest.dynamicTest(q.id(), () -> compare(q)));
  }

  /** The same for the corpus of BI tools, semantic layers, connectors and SQL builders (tools.sql, issue 26). */
  @TestFactory
  Stream<DynamicTest> toolsCorpusThroughTheDriverAnswersAsClickHouseJdbc() {
    return CorpusFile.read(Path.of("src/test/resources/corpus/tools.sql")).stream()
        .map(q -> DynamicTest.dynamicTest(q.id(), () -> compare(q)));
  }

  /**
   * At least 95% of the tools corpus's {@code rollup} and {@code column} queries are decided for the
   * accelerator the label names: accelerated through the driver (a rollup read, or a stored column
   * substituted), or a rollup that answers estimated dearer than the table at this corpus's 100,000
   * rows ({@code RAW_IS_CHEAPER}: a short unaligned window's union costs more than the raw read it
   * saves, which the cost model's own tests hold); and at least 85% accelerated (at 100,000 rows over 8
   * days, 9 rows a minute, a 1-minute rollup of one service holds as many rows as its source in any
   * window: the cost model reads raw for 21 of 189, Cube's inclusive ends and HyperDX's 12-hour tiles
   * among them, each checked equal to raw through the union in RewriterRollupIT). Each one not
   * accelerated is printed with its reason.
   */
  @Test
  void theToolsCorpusIsAcceleratedThroughTheDriver() throws SQLException {
    int labelled = 0;
    int accelerated = 0;
    int dearer = 0;
    for (CorpusFile.Query q : CorpusFile.read(Path.of("src/test/resources/corpus/tools.sql"))) {
      if (q.expect().equals("passthrough")) {
        continue;
      }
      labelled++;
      QueryProvenance p = run(noemata, q).provenance();
      boolean done = q.expect().equals("rollup") ? p.rollups().stream().anyMatch(RollupUse::read)
          : p.storedColumns().stream().anyMatch(u -> u instanceof ResourceUse.Substituted);
      accelerated += done ? 1 : 0;
      if (!done && q.expect().equals("rollup") && p.rollups().stream().anyMatch(u -> u instanceof ResourceUse.SkippedRollup s
          && s.code() == io.noemata.rewriter.provenance.RollupSkip.RAW_IS_CHEAPER)) {
        dearer++;
      }
      if (!done) {
        System.out.println("tools corpus through the driver: " + q.id() + " not accelerated: " + p);
      }
    }
    System.out.printf("tools corpus through the driver: %d of %d rollup/column queries accelerated, %d more read raw"
        + " as estimated cheaper%n", accelerated, labelled, dearer);
    assertTrue((accelerated + dearer) * 100 >= labelled * 95, accelerated + " + " + dearer + " of " + labelled);
    assertTrue(accelerated * 100 >= labelled * 85, accelerated + " of " + labelled);
  }

  /**
   * Every corpus query with one function name re-cased (issue 26: {@code UNIQ}, {@code countIF},
   * {@code toStartOfHOUR}; some spellings the server accepts, most it refuses), over the published
   * rollups: through the driver the same rows, or the same error code, as plain clickhouse-jdbc.
   */
  @Test
  void everyFunctionNameInAnotherCaseGivesWhatTheServerGives() throws SQLException {
    java.util.Random r = new java.util.Random(Long.getLong("noemata.fuzz.seed", 20261201L));
    List<CorpusFile.Query> all = new ArrayList<>(CorpusFile.queries());
    all.addAll(CorpusFile.read(Path.of("src/test/resources/corpus/clients.sql")));
    all.addAll(CorpusFile.read(Path.of("src/test/resources/corpus/tools.sql")));
    int refused = 0;
    int answered = 0;
    int rounds = io.noemata.itest.Trials.count("noemata.recase.rounds", 1, 3); // each round re-cases every query once
    for (int round = 0; round < rounds; round++) {
      for (CorpusFile.Query q : all) {
        String recased = io.noemata.itest.NameCase.mutate(q.sql(), r);
        if (recased.equals(q.sql())) {
          continue;
        }
        boolean wasRefused = compare(new CorpusFile.Query(q.id() + " re-cased", q.expect(), q.params(), recased));
        refused += wasRefused ? 1 : 0;
        answered += wasRefused ? 0 : 1;
      }
    }
    System.out.printf("re-cased function names: %d refused alike, %d answered alike%n", refused, answered);
    assertTrue(refused > 0 && answered > 0, refused + " refused, " + answered + " answered");
  }

  /**
   * Statements the local path does not read and the server's analysis does (issue 26): a bound in a
   * format only ClickHouse parses, a month added to a wall clock (months are never a fixed
   * number of seconds, so the local path refuses it), the position(a IN b) form the parser
   * refuses. Each reads a rollup from the analysed form, returns plain clickhouse-jdbc's rows, and the
   * form sent has the original's column names and types ({@code DESCRIBE}).
   */
  @Test
  void whatOnlyTheServersAnalysisReadsKeepsItsNamesTypesAndRows() throws SQLException {
    List<String> statements = List.of(
        "SELECT ServiceName, count() FROM otel.otel_logs WHERE Timestamp >= parseDateTimeBestEffort('June 5, 2024 00:00:00')"
            + " AND Timestamp < parseDateTimeBestEffort('2024/06/07') GROUP BY ServiceName",
        "SELECT ServiceName AS s, SeverityText, count() AS c FROM otel.otel_logs WHERE Timestamp >= toDateTime('2024-05-06 00:00:00')"
            + " + INTERVAL 1 MONTH AND Timestamp < toDateTime('2024-06-08 00:00:00') GROUP BY s, SeverityText ORDER BY c DESC",
        "SELECT toStartOfHour(Timestamp) AS h, count() FROM otel.otel_logs WHERE position('x' IN ServiceName) = 0"
            + " AND Timestamp >= toDateTime('2024-06-05 00:00:00') AND Timestamp < toDateTime('2024-06-06 00:00:00')"
            + " GROUP BY h ORDER BY h");
    long before = io.noemata.driver.proxy.ServerAnalysisStats.roundTrips();
    for (String sql : statements) {
      CorpusFile.Query q = new CorpusFile.Query("analysed", "rollup", List.of(), sql);
      CorpusRuns.Outcome expected = run(plain, q);
      CorpusRuns.Outcome actual = run(noemata, q);
      QueryProvenance p = actual.provenance();
      assertTrue(p.rollups().stream().anyMatch(RollupUse::read), () -> sql + ": " + p + "\nanalysed: " + analysed(sql));
      assertFalse(expected.rows().isEmpty(), sql);
      assertSameRows(expected.rows(), actual.rows(), false);
      assertEquals(describe(CorpusRuns.retarget(sql, DB)), describe(p.sent()), "names and types of " + p.sent());
    }
    assertEquals(statements.size(), io.noemata.driver.proxy.ServerAnalysisStats.roundTrips() - before,
        "one analysis per statement");
    for (String sql : statements) { // a second run is decided from the cache
      run(noemata, new CorpusFile.Query("analysed again", "rollup", List.of(), sql));
    }
    assertEquals(statements.size(), io.noemata.driver.proxy.ServerAnalysisStats.roundTrips() - before, "cached");
  }

  /** What the local path decides is never analysed, nor what depends on the clock (the analysis would fold now() to a constant). */
  @Test
  void theServerIsNotAskedForWhatTheLocalPathDecidesOrForTheClock() throws SQLException {
    long before = io.noemata.driver.proxy.ServerAnalysisStats.roundTrips();
    for (CorpusFile.Query q : CorpusFile.read(Path.of("src/test/resources/corpus/tools.sql"))) {
      try {
        run(noemata, q);
      } catch (SQLException refused) {
        // the server refuses it as written too (compare checks that)
      }
    }
    run(noemata, new CorpusFile.Query("clock", "passthrough", List.of(), "SELECT ServiceName, count() FROM otel.otel_logs"
        + " WHERE Timestamp >= now() - INTERVAL 3000 DAY AND Timestamp < parseDateTimeBestEffort('June 5, 2024') GROUP BY ServiceName"));
    long asked = io.noemata.driver.proxy.ServerAnalysisStats.roundTrips() - before;
    System.out.println("server analyses for the tools corpus and one clock-relative statement: " + asked);
    assertEquals(0, asked);
    // the other corpora, for the report: how many of their statements the local path leaves to the server
    List<CorpusFile.Query> others = new ArrayList<>(CorpusFile.queries());
    others.addAll(CorpusFile.read(Path.of("src/test/resources/corpus/clients.sql")));
    long mark = io.noemata.driver.proxy.ServerAnalysisStats.roundTrips();
    for (CorpusFile.Query q : others) {
      try {
        run(noemata, q);
      } catch (SQLException refused) {
        // FORMAT clauses
      }
    }
    System.out.printf("server analyses for the shared and clients corpora: %d of %d statements%n",
        io.noemata.driver.proxy.ServerAnalysisStats.roundTrips() - mark, others.size());
  }

  /**
   * The catalog reads how the server names result columns ({@code system.settings}): the engine's
   * analyzer. A connection that names them by the old analyzer ({@code enable_analyzer = 0}) gets
   * the names plain clickhouse-jdbc gets for every unaliased item, the ones the two analyzers name
   * differently ({@code COUNT(*)}, {@code count(1)}) too. (A user profile with the old analyzer,
   * which the connection does not show, is the catalog's {@code ResultNaming.OLD_ANALYZER}: unit
   * tested in RollupAnswersTest, as the embedded engine's only user cannot be given a profile.)
   */
  @Test
  void unaliasedItemsKeepTheNamesTheOldAnalyzerGives() throws SQLException {
    assertEquals(io.noemata.core.catalog.ResultNaming.ANALYZER,
        noemata.unwrap(io.noemata.driver.NoemataConnection.class).catalog().naming());
    java.util.Properties props = InstallerFixture.TARGET.credentials();
    props.setProperty("clickhouse_setting_enable_analyzer", "0");
    String window = " FROM otel.otel_logs WHERE Timestamp >= toDateTime(1717912800) AND Timestamp < toDateTime(1717956000)"
        + " GROUP BY ServiceName ORDER BY ServiceName";
    try (Connection old = DriverManager.getConnection("jdbc:noemata:clickhouse://" + InstallerFixture.TARGET.hostPort()
        + "/" + DB, props); Connection oldPlain = DriverManager.getConnection(InstallerFixture.TARGET.jdbcUrl(DB), props)) {
      for (String item : List.of("count()", "COUNT(*)", "count(1)", "countIf(SeverityText = 'ERROR')")) {
        String sql = CorpusRuns.retarget("SELECT ServiceName, " + item + window, DB);
        assertEquals(names(oldPlain, sql), names(old, sql), item);
      }
    }
  }

  private static List<String> names(Connection c, String sql) throws SQLException {
    List<String> out = new ArrayList<>();
    try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery(sql)) {
      for (int i = 1; i <= rs.getMetaData().getColumnCount(); i++) {
        out.add(rs.getMetaData().getColumnLabel(i));
      }
    }
    return out;
  }

  /** The server's analysed form, for a failure's message. */
  private static String analysed(String sql) {
    try (Statement s = plain.createStatement();
        ResultSet rs = s.executeQuery("EXPLAIN SYNTAX run_query_tree_passes = 1 " + CorpusRuns.retarget(sql, DB))) {
      StringBuilder b = new StringBuilder();
      while (rs.next()) {
        b.append(rs.getString(1)).append('\n');
      }
      return b + "\ndecided: " + io.noemata.rewriter.Rewriter.rewrite(b.toString(),
          noemata.unwrap(io.noemata.driver.NoemataConnection.class).catalog(), DB).provenance();
    } catch (SQLException e) {
      return e.toString();
    }
  }

  /** DESCRIBE (sql): each result column's name and type. */
  private static List<String> describe(String sql) throws SQLException {
    List<String> out = new ArrayList<>();
    try (Statement s = plain.createStatement(); ResultSet rs = s.executeQuery("DESCRIBE (" + sql + ")")) {
      while (rs.next()) {
        out.add(rs.getString(1) + " " + rs.getString(2));
      }
    }
    return out;
  }

  /** Compares one query through both drivers; true when the server refused it (then both failed with the same code). */
  private static boolean compare(CorpusFile.Query q) throws SQLException {
    CorpusRuns.Outcome expected;
    try {
      expected = run(plain, q);
    } catch (SQLException refused) {
      // the server's error (or clickhouse-jdbc's own refusal of an explicit FORMAT clause) comes back unchanged
      SQLException through = null;
      try {
        CorpusRuns.Outcome rows = run(noemata, q);
        org.junit.jupiter.api.Assertions.fail(q.id() + ": refused as written (" + refused.getErrorCode() + ") but"
            + " answered through noemata: " + rows.rows().size() + " rows, " + rows.provenance());
      } catch (SQLException e) {
        through = e;
      }
      assertEquals(refused.getErrorCode(), through.getErrorCode(), q.id() + ": " + through.getMessage());
      return true;
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
    return false;
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
    for (CorpusFile.Query q : CorpusFile.queries()) {
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
    assertTrue(answered.contains("mb-jdbc-bound-window"),
        "a prepared statement's bound window decides at execution: " + answered);
  }
}
