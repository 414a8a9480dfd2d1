package io.noemata.itest.installer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.noemata.core.ledger.LedgerReader;
import io.noemata.core.ledger.LedgerRow;
import io.noemata.driver.NoemataConnection;
import io.noemata.driver.provenance.QueryProvenance;
import io.noemata.installer.plan.Change;
import io.noemata.installer.plan.Plan;
import io.noemata.installer.steps.Publish;
import io.noemata.itest.ClickHouseTarget;
import io.noemata.itest.CorpusFile;
import io.noemata.otel.OtelDataGenerator;
import io.noemata.otel.OtelDataSpec;
import io.noemata.resources.parse.ProjectReader;
import io.noemata.rewriter.provenance.ResourceUse;
import io.noemata.rewriter.provenance.RollupUse;
import io.noemata.rewriter.provenance.StoredColumnUse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Properties;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.io.TempDir;

/**
 * The example project published over Distributed sources: {@code otel_logs} and {@code otel_traces}
 * are Distributed tables over {@code otel_logs_local} / {@code otel_traces_local} on the target's
 * cluster ({@link ClickHouseTarget#cluster()}: the embedded engine's two local shards, or
 * {@code NOEMATA_IT_CLUSTER} on a real server), the rows inserted through the Distributed tables.
 * On the embedded engine both shards are the same local table, so every count through a
 * Distributed table is twice the local one: raw and rollup alike, which is what is compared.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class DistributedSourceIT {

  static final String DB = "drv_dist";
  static final long ROWS = 60_000;
  static final ClickHouseTarget TARGET = InstallerFixture.TARGET;
  static final java.util.regex.Pattern LIMIT_AT_END = java.util.regex.Pattern.compile("LIMIT (\\d+)\\s*$");
  @TempDir static Path dir;
  static String cluster;
  /** Whether the cluster has other servers (then the set-up runs ON CLUSTER, as the installer does). */
  static boolean realCluster;
  static Path project;
  static Plan published;
  static Connection plain;
  static Connection noemata;

  @BeforeAll
  static void publishOverDistributedTables() throws Exception {
    // never a skip: the embedded target runs with its two local shards; a server target must name one
    assertTrue(TARGET.cluster().isPresent(), "a server target needs NOEMATA_IT_CLUSTER naming a cluster"
        + " of its remote_servers for the Distributed-source tests");
    cluster = TARGET.cluster().get();
    Properties props = TARGET.credentials();
    props.setProperty("clickhouse_setting_distributed_foreground_insert", "1"); // rows are on the shards on return
    try (Connection c = DriverManager.getConnection(TARGET.jdbcUrl("default"), props); Statement s = c.createStatement()) {
      try (ResultSet rs = s.executeQuery("SELECT count(), countIf(is_local = 0) FROM system.clusters WHERE cluster = '"
          + cluster + "'")) {
        assertTrue(rs.next());
        assertTrue(rs.getLong(1) > 0, "cluster " + cluster + " is in system.clusters");
        realCluster = rs.getLong(2) > 0;
      }
      s.execute("DROP DATABASE IF EXISTS " + DB + on() + " SYNC");
      new OtelDataGenerator(new OtelDataSpec(DB, ROWS, ROWS, OtelDataSpec.CORPUS_FIRST_DAY, OtelDataSpec.CORPUS_DAYS))
          .generate(sql -> distributed(s, sql), (t, d, n) -> { });
    }
    project = InstallerFixture.copy(io.noemata.itest.RepositoryFiles.EXAMPLE, dir, DB);
    try (Stream<Path> files = Files.walk(project)) {
      for (Path p : files.filter(f -> f.toString().endsWith(".resources.json")).toList()) {
        Files.writeString(p, Files.readString(p).replaceAll(",\\s*\"retention\": \"\\w+\"", "")
            .replaceAll(",\\s*\"async\": true", ""));
      }
    }
    Path settings = project.resolve("noemata.json");
    Files.writeString(settings, Files.readString(settings).replace("\"namespace\": \"noemata\",",
        "\"namespace\": \"noemata\", \"cluster\": \"" + cluster + "\","));
    try (Connection c = TARGET.connect(DB)) {
      published = Publish.run(ProjectReader.read(project), c, InstallerFixture.options("itest@" + DB), false);
    }
    plain = TARGET.connect(DB);
    noemata = DriverManager.getConnection("jdbc:noemata:clickhouse://" + TARGET.hostPort() + "/" + DB,
        TARGET.credentials());
    noemata.unwrap(NoemataConnection.class).invalidateCatalog();
  }

  /** The generator's statements over Distributed tables: each table is created local, with a Distributed one over it. */
  private static void distributed(Statement s, String sql) throws SQLException {
    String table = "CREATE TABLE IF NOT EXISTS `" + DB + "`.`";
    if (sql.startsWith("CREATE DATABASE")) {
      s.execute(sql + on());
    } else if (sql.startsWith(table)) {
      String name = sql.substring(table.length(), sql.indexOf('`', table.length()));
      String local = sql.substring(table.length() + name.length() + 1);
      // several replicas per shard need a Replicated local table (seed 001); rollup targets follow it
      s.execute(table + name + "_local`" + on() + (realCluster ? local.replace("ENGINE = MergeTree()",
          "ENGINE = ReplicatedMergeTree") : local));
      s.execute(table + name + "`" + on() + " AS `" + DB + "`.`" + name + "_local` ENGINE = Distributed('" + cluster
          + "', '" + DB + "', '" + name + "_local', rand())");
    } else {
      s.execute(sql);
    }
  }

  private static String on() {
    return realCluster ? " ON CLUSTER `" + cluster + "`" : "";
  }

  @AfterAll
  static void close() throws SQLException {
    if (plain != null) {
      plain.close();
      noemata.close();
    }
  }

  @Test
  @Order(1)
  void thePlanSaysWhereItsStatementsRun() {
    String text = published.text();
    assertTrue(text.contains(realCluster ? "ON CLUSTER `" + cluster + "`" : "every server of it is this one"), text);
    assertEquals(realCluster, published.placement().onCluster());
  }

  @Test
  @Order(2)
  void storedColumnsAndIndexesAreOnTheLocalTableAndTheColumnOnTheDistributedOneToo() throws Exception {
    List<String> local = rows("SELECT name, default_kind FROM system.columns WHERE database = '" + DB
        + "' AND table = 'otel_logs_local' AND startsWith(name, '__nm_') ORDER BY name");
    List<String> distributed = rows("SELECT name, default_kind FROM system.columns WHERE database = '" + DB
        + "' AND table = 'otel_logs' AND startsWith(name, '__nm_') ORDER BY name");
    // pod_name is the exporter's __otel_materialized_ column (on both tables already); http_status is stored
    assertEquals(1, local.size(), local.toString());
    assertEquals(local, distributed);
    assertTrue(local.stream().allMatch(r -> r.endsWith(" | MATERIALIZED")), local.toString());
    assertEquals(List.of("otel_logs_local"), rows("SELECT DISTINCT table FROM system.data_skipping_indices WHERE"
        + " database = '" + DB + "' AND startsWith(name, '__nm_')"));
    assertEquals(List.of("otel_logs_local"), rows("SELECT DISTINCT table FROM system.projections WHERE database = '"
        + DB + "' AND startsWith(name, '__nm_')"));
  }

  @Test
  @Order(3)
  void aRollupIsALocalTargetFedFromTheLocalTableUnderADistributedTableTheStableViewReads() throws Exception {
    List<LedgerRow> rollups = rollups();
    assertEquals(3, rollups.size(), rollups.toString());
    for (LedgerRow r : rollups) {
      assertEquals("Distributed", engine(r.identity().object()), r.identity().object());
      assertEquals(realCluster ? "ReplicatedAggregatingMergeTree" : "AggregatingMergeTree", engine(r.identity().object()
          + "_local"),
          r.identity().object());
      String mv = statement(r.identity().object() + "_mv");
      assertTrue(mv.contains(" TO " + DB + "." + r.identity().object() + "_local"), mv);
      assertTrue(mv.contains("FROM " + DB + ".otel_logs_local AS __src") || mv.contains("FROM " + DB
          + ".otel_traces_local AS __src") || mv.contains("_local AS __src"), mv);
      assertFalse(mv.contains("FROM " + DB + ".otel_logs AS"), "the view reads where inserts land: " + mv);
      String view = statement(r.shape().stableView());
      assertTrue(view.contains("FROM " + DB + "." + r.identity().object()) && !view.contains(r.identity().object()
          + "_local"), view);
    }
  }

  /**
   * Each source row is counted once: the Distributed rollup holds, per bucket, exactly the rows the
   * Distributed source gives (backfilled rows per shard from its own rows, like the view's).
   */
  @Test
  @Order(4)
  void theBackfillCountsEachSourceRowOnce() throws Exception {
    LedgerRow logs = rollups().stream().filter(r -> r.identity().key().equals("logs_1m")).findFirst().orElseThrow();
    String count = logs.shape().measureColumns().get(logs.shape().measureNames().indexOf("LogCount"));
    try (Statement s = plain.createStatement()) {
      // rows after the cutover, through the Distributed table: the view on the local table takes them
      s.execute("INSERT INTO " + DB + ".otel_logs (Timestamp, ServiceName, SeverityText, SeverityNumber, Body)"
          + " SELECT now64(9) + number, 'late', 'INFO', 9, 'after the cutover' FROM numbers(10)"
          + " SETTINGS distributed_foreground_insert = 1");
    }
    assertEquals(rows("SELECT toDate(Timestamp) AS d, count() FROM " + DB + ".otel_logs GROUP BY d ORDER BY d"),
        rows("SELECT toDate(bucket) AS d, sum(`" + count + "`) FROM " + DB + "." + logs.identity().object()
            + " GROUP BY d ORDER BY d"));
    if (!realCluster) {
      // one server holds every shard's local table: the local target has each local row once
      assertEquals(rows("SELECT count() FROM " + DB + ".otel_logs_local"),
          rows("SELECT sum(`" + count + "`) FROM " + DB + "." + logs.identity().object() + "_local"));
    }
  }

  @TestFactory
  @Order(5)
  Stream<DynamicTest> everyCorpusQueryThroughNoemataAnswersAsClickHouseJdbc() {
    return CorpusFile.queries().stream().map(q -> DynamicTest.dynamicTest(q.id(), () -> {
      CorpusRuns.Outcome expected;
      try {
        expected = CorpusRuns.run(plain, q, DB);
      } catch (SQLException refused) {
        return; // an explicit FORMAT clause: clickhouse-jdbc refuses it on either URL (DriverCorpusIT checks that)
      }
      CorpusRuns.Outcome actual = CorpusRuns.run(noemata, q, DB);
      java.util.regex.Matcher limit = LIMIT_AT_END.matcher(q.sql());
      if (!expected.rows().equals(actual.rows()) && q.sql().contains("ORDER BY") && limit.find()) {
        // counts through the two local shards are even, so a LIMIT cuts through ties more often than on one
        // server; any rows of the tie are ClickHouse's answer: noemata's must be as many, all from the whole tie
        CorpusFile.Query ties = new CorpusFile.Query(q.id(), q.expect(), q.params(),
            limit.replaceFirst("LIMIT $1 WITH TIES"));
        List<List<String>> tie = CorpusRuns.run(plain, ties, DB).rows();
        assertEquals(expected.rows().size(), actual.rows().size(), q.id());
        assertTrue(tie.containsAll(actual.rows()), q.id() + ": " + actual.rows() + " within " + tie);
        System.out.println("noemata distributed corpus: " + q.id() + " cuts through ties; its rows are of the tie,"
            + " rollups " + actual.provenance().rollups());
        return;
      }
      boolean sketches = q.sql().toLowerCase(Locale.ROOT).matches("(?s).*(uniq|quantile).*");
      CorpusRuns.assertSameRows(expected.rows(), actual.rows(), sketches && !actual.provenance().rollups().isEmpty());
    }));
  }

  @Test
  @Order(6)
  void rollupsAnswerThroughTheDistributedRollup() throws Exception {
    List<String> answered = new ArrayList<>();
    for (CorpusFile.Query q : CorpusFile.queries()) {
      try {
        if (CorpusRuns.run(noemata, q, DB).provenance().rollups().stream().anyMatch(RollupUse::read)) {
          answered.add(q.id());
        }
      } catch (SQLException refused) {
        // FORMAT clause
      }
    }
    System.out.println("noemata distributed corpus: rollups answered " + answered.size() + " queries: " + answered);
    assertTrue(answered.size() >= 5, answered.toString());
    String marker = "/* dist-rollup-" + System.nanoTime() + " */";
    String sql = "SELECT toStartOfHour(Timestamp) AS h, ServiceName, count() AS c FROM " + DB + ".otel_logs"
        + " GROUP BY h, ServiceName ORDER BY h, ServiceName " + marker;
    QueryProvenance p = same(sql);
    ResourceUse.Rollup read = p.rollupsRead().stream().findFirst().orElseThrow(() -> new AssertionError(p));
    String arrived = last(TARGET.arrivedSql(marker));
    assertTrue(arrived.contains(read.stableView()), arrived);
    String target = rollups().stream().filter(r -> r.identity().key().equals(read.rollup())).findFirst().orElseThrow().identity().object();
    assertTrue(statement(read.stableView()).contains("FROM " + DB + "." + target), read.toString());
    assertEquals("Distributed", engine(target));
  }

  /** GLOBAL IN is kept exactly as written, and the level around it still reads the Distributed rollup. */
  @Test
  @Order(7)
  void globalInIsKeptAsWritten() throws Exception {
    String marker = "/* dist-global-in-" + System.nanoTime() + " */";
    String subquery = "ServiceName GLOBAL IN (SELECT ServiceName FROM " + DB + ".otel_traces WHERE SpanKind = 'Server')";
    String sql = "SELECT toStartOfHour(Timestamp) AS h, ServiceName, count() AS c FROM " + DB + ".otel_logs WHERE "
        + subquery + " GROUP BY h, ServiceName ORDER BY h, ServiceName " + marker;
    QueryProvenance p = same(sql);
    assertTrue(p.rollups().stream().anyMatch(RollupUse::read), p.toString());
    String arrived = last(TARGET.arrivedSql(marker));
    assertTrue(arrived.contains(subquery), arrived);
  }

  /** GLOBAL JOIN is kept exactly as written, whether the level is rewritten or not. */
  @Test
  @Order(8)
  void globalJoinIsKeptAsWritten() throws Exception {
    String marker = "/* dist-global-join-" + System.nanoTime() + " */";
    String sql = "SELECT ServiceName, count() AS c, any(t.spans) AS s FROM " + DB + ".otel_logs GLOBAL ANY LEFT JOIN"
        + " (SELECT ServiceName, count() AS spans FROM " + DB + ".otel_traces GROUP BY ServiceName) AS t USING"
        + " ServiceName GROUP BY ServiceName ORDER BY ServiceName " + marker;
    same(sql);
    String arrived = last(TARGET.arrivedSql(marker));
    // the join's subquery may read the spans rollup; its GLOBAL stays as written
    assertTrue(arrived.startsWith("SELECT ServiceName, count() AS c, any(t.spans) AS s FROM " + DB + ".otel_logs"
        + " GLOBAL ANY LEFT JOIN (SELECT ServiceName, "), arrived);
    assertTrue(arrived.endsWith(") AS t USING ServiceName GROUP BY ServiceName ORDER BY ServiceName " + marker), arrived);
  }

  /**
   * A stored column is read through the Distributed table only while that table has the column;
   * without it the query stays on the Map, and publish finds the drift and puts the column back.
   */
  @Test
  @Order(9)
  void storedColumnsAreReadThroughTheDistributedTableOnlyWhenItHasThem() throws Exception {
    String sql = "SELECT LogAttributes['http.status_code'] AS status, count() AS c FROM " + DB + ".otel_logs"
        + " GROUP BY status ORDER BY c DESC, status LIMIT 5";
    assertTrue(same(sql).storedColumns().stream().anyMatch(StoredColumnUse::substituted), "read from the stored column");
    String column = LedgerReader.rows(plain, DB, "noemata").stream()
        .filter(r -> r.identity().key().equals("http_status"))
        .findFirst().orElseThrow().identity().object();
    try (Statement s = plain.createStatement()) {
      s.execute("ALTER TABLE " + DB + ".otel_logs" + on() + " DROP COLUMN `" + column + "`");
    }
    noemata.unwrap(NoemataConnection.class).invalidateCatalog();
    assertTrue(same(sql).storedColumns().stream().noneMatch(StoredColumnUse::substituted), "the Distributed table lacks it");
    try (Connection c = TARGET.connect(DB)) {
      Plan drift = Publish.plan(ProjectReader.read(project), c, InstallerFixture.options("itest@" + DB));
      Change repair = drift.changes().stream().filter(ch -> ch.object().equals(column)).findFirst().orElseThrow();
      assertEquals(Change.Verb.REPAIR, repair.verb(), drift.text());
      assertTrue(repair.reason().contains("Distributed table"), repair.reason());
      Publish.run(ProjectReader.read(project), c, InstallerFixture.options("itest@" + DB), false);
      assertTrue(Publish.plan(ProjectReader.read(project), c, InstallerFixture.options("itest@" + DB)).isNoop());
    }
    noemata.unwrap(NoemataConnection.class).invalidateCatalog();
    assertTrue(same(sql).storedColumns().stream().anyMatch(StoredColumnUse::substituted), "read again once repaired");
  }

  /**
   * Retired for seven days, then pruned: the stored column goes from the Distributed table and the
   * local one, a rollup's Distributed table, local target and view go, and nothing else.
   */
  @Test
  @Order(10)
  void pruneDropsFromTheLocalTablesAndTheDistributedOnes() throws Exception {
    String column = LedgerReader.rows(plain, DB, "noemata").stream()
        .filter(r -> r.identity().key().equals("http_status"))
        .findFirst().orElseThrow().identity().object();
    String spans = rollups().stream().filter(r -> r.identity().key().equals("spans_1m")).findFirst().orElseThrow().identity().object();
    Path file = project.resolve("@frames/opentelemetry/views/otel.resources.json");
    String original = Files.readString(file);
    String without = original.replaceFirst("(?s)\"http_status\": \\{.*?\\}\\s*\\},\\s*", "")
        .replaceFirst("(?s),\\s*\"spans_1m\": \\{.*?\\}\\s*\\}(\\s*\\}\\s*\\}\\s*)$", "$1");
    assertFalse(without.contains("http_status") || without.contains("spans_1m"), without);
    Files.writeString(file, without);
    try (Connection c = TARGET.connect(DB)) {
      Publish.run(ProjectReader.read(project), c, InstallerFixture.options("itest@" + DB), false);
      io.noemata.installer.steps.InstallOptions later = InstallerFixture.options("itest@" + DB).withClock(
          java.time.Clock.fixed(java.time.Instant.now().plus(java.time.Duration.ofDays(8)), java.time.ZoneOffset.UTC));
      io.noemata.installer.steps.Prune.Result pruned = io.noemata.installer.steps.Prune.run(ProjectReader.read(project),
          c, later, false);
      assertEquals(2, pruned.dropped().size(), pruned.toString());
    } finally {
      Files.writeString(file, original);
    }
    assertEquals(List.of(), rows("SELECT table FROM system.columns WHERE database = '" + DB + "' AND name = '" + column
        + "'"));
    assertEquals(List.of(), rows("SELECT name FROM system.tables WHERE database = '" + DB + "' AND startsWith(name, '"
        + spans + "')"));
    assertEquals(2, rollups().stream().filter(r -> r.state() != io.noemata.core.ledger.LedgerState.PRUNED).count());
    assertTrue(engine(rollups().stream().filter(r -> r.identity().key().equals("logs_1m")).findFirst().orElseThrow().identity().object()
        + "_local").endsWith("AggregatingMergeTree"), "the other rollups stay");
  }

  /** Runs {@code sql} on both connections, asserts the same rows, returns noemata's provenance. */
  private static QueryProvenance same(String sql) throws SQLException {
    CorpusFile.Query q = new CorpusFile.Query("adhoc", "", List.of(), sql);
    CorpusRuns.Outcome expected = CorpusRuns.run(plain, q, DB);
    CorpusRuns.Outcome actual = CorpusRuns.run(noemata, q, DB);
    assertFalse(expected.rows().isEmpty(), sql);
    CorpusRuns.assertSameRows(expected.rows(), actual.rows(), false);
    assertNotNull(actual.provenance());
    return actual.provenance();
  }

  /** The statement noemata sent: after plain clickhouse-jdbc's run of the same text. */
  private static String last(List<String> arrived) {
    assertFalse(arrived.isEmpty(), "the marked statement reached the server");
    return arrived.get(arrived.size() - 1);
  }

  private static List<LedgerRow> rollups() throws SQLException {
    return LedgerReader.rows(plain, DB, "noemata").stream()
        .filter(r -> r.identity().kind() == io.noemata.core.ledger.LedgerKind.ROLLUP).toList();
  }

  private static String engine(String table) throws SQLException {
    List<String> e = rows("SELECT engine FROM system.tables WHERE database = '" + DB + "' AND name = '" + table + "'");
    return e.isEmpty() ? "missing" : e.get(0);
  }

  private static String statement(String table) throws SQLException {
    return rows("SELECT create_table_query FROM system.tables WHERE database = '" + DB + "' AND name = '" + table
        + "'").get(0);
  }

  private static List<String> rows(String sql) throws SQLException {
    return InstallerFixture.rows(plain, sql);
  }
}
