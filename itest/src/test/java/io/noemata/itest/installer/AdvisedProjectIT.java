package io.noemata.itest.installer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.noemata.itest.ProcessRun;
import io.noemata.cli.advise.Advice;
import io.noemata.cli.advise.QueryLogWorkload;
import io.noemata.cli.demo.DashboardWorkload;
import io.noemata.cli.advise.Advisor;
import io.noemata.cli.advise.WorkloadQuery;
import io.noemata.cli.demo.Dashboard;
import io.noemata.cli.demo.DashboardQuery;
import io.noemata.cli.demo.DemoProject;
import io.noemata.driver.NoemataConnection;
import io.noemata.driver.NoemataStatement;
import io.noemata.driver.provenance.QueryProvenance;
import io.noemata.installer.steps.Progress;
import io.noemata.installer.steps.Publish;
import io.noemata.otel.OtelDataGenerator;
import io.noemata.otel.OtelDataSpec;
import io.noemata.resources.parse.ProjectReader;
import io.noemata.rewriter.provenance.RollupSkip;
import io.noemata.rewriter.provenance.ResourceUse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code noemata advise} over the demo dashboard's workload on the engine: it reproduces the advised
 * project shipped in the CLI, and once that is published every panel that a rollup or a stored column
 * can answer is accelerated, reading the rollup advise said, with the rows advise projected within 2x
 * of what {@code EXPLAIN ESTIMATE} says the engine reads.
 */
class AdvisedProjectIT {

  static final String DB = "advise_it";
  static final long ROWS = 100_000;

  @TempDir Path dir;

  @Test
  void adviseReproducesTheShippedProjectAndItsProjectionHoldsOnceInstalled() throws Exception {
    OtelDataSpec spec = new OtelDataSpec(DB, ROWS, ROWS, LocalDate.now(ZoneOffset.UTC).minusDays(8), 8);
    try (Connection c = InstallerFixture.TARGET.connect("default"); Statement s = c.createStatement()) {
      s.execute("DROP DATABASE IF EXISTS " + DB);
      new OtelDataGenerator(spec).generate(s::execute, (t, d, n) -> { });
    }
    DemoProject.writeAdvisedFramesTo(dir);
    try (Stream<Path> files = Files.walk(dir)) {
      for (Path p : files.filter(Files::isRegularFile).toList()) {
        Files.writeString(p, Files.readString(p).replace("\"otel.otel_", "\"" + DB + ".otel_"));
      }
    }
    List<DashboardQuery> panels = Dashboard.panels(spec);
    List<WorkloadQuery> workload = panels.stream()
        .map(p -> new WorkloadQuery(p.panel(), p.sql().replace("otel.otel_", DB + ".otel_"), 1, 0)).toList();

    Advice advice;
    try (Connection c = InstallerFixture.TARGET.connect(DB)) {
      advice = Advisor.run(dir, ProjectReader.read(dir).project(), workload, c, DB, Progress.QUIET);
    }
    assertTrue(advice.valid(), advice.hypothesis().report().text());
    assertEquals(DemoProject.advisedResources(), advice.resourcesFile(),
        "advise over the dashboard's workload reproduces the shipped advised project");

    Files.writeString(dir.resolve(DemoProject.ADVISED_FILE), advice.resourcesFile());
    try (Connection c = InstallerFixture.TARGET.connect(DB)) {
      Publish.run(ProjectReader.read(dir), c, InstallerFixture.options("itest@" + DB), false);
    }
    List<String> problems = new ArrayList<>();
    try (Connection plain = InstallerFixture.TARGET.connect(DB);
        Connection noemata = DriverManager.getConnection("jdbc:noemata:clickhouse://" + InstallerFixture.TARGET.hostPort()
            + "/" + DB, InstallerFixture.TARGET.credentials())) {
      noemata.unwrap(NoemataConnection.class).invalidateCatalog();
      for (int i = 0; i < workload.size(); i++) {
        WorkloadQuery q = workload.get(i);
        boolean answerable = advice.needs().get(i).levels().stream()
            .anyMatch(l -> l.rollup() || !l.subscripts().isEmpty());
        QueryProvenance p = run(noemata, q.sql());
        List<String> read = p.rollupsRead().stream().map(ResourceUse.Rollup::rollup).toList();
        // advise weighs the proposed rollups' estimated rows; the driver the installed ones
        boolean rawIsCheaper = p.skippedRollups().stream().anyMatch(u -> u.code() == RollupSkip.RAW_IS_CHEAPER);
        if (answerable && !p.changed() && !rawIsCheaper) {
          problems.add(q.label() + ": a rollup or column can answer it, and it was not accelerated");
        }
        if (!read.equals(advice.replays().get(i).rollupsRead()) && !rawIsCheaper) {
          problems.add(q.label() + ": advise said it reads " + advice.replays().get(i).rollupsRead() + ", the driver read " + read);
        }
        long measured = rowsRead(plain, p.sent());
        long projected = advice.rowsRead().get(i).projectedRows().orElse(-1);
        if (projected < 0 || measured > 2 * Math.max(1, projected) || projected > 2 * Math.max(1, measured)) {
          problems.add(q.label() + ": projected " + projected + " rows read, measured " + measured);
        }
      }
    }
    assertEquals(List.of(), problems);
    assertTrue(advice.replays().stream().filter(r -> !r.rollupsRead().isEmpty()).count() >= 6,
        "the rollup panels read rollups");
  }

  @Test
  void theCommandWritesTheFileItReportsAndSaysWhenTheServerKeepsNoQueryLog() throws Exception {
    String db = "advise_cli";
    OtelDataSpec spec = new OtelDataSpec(db, 20_000, 20_000, LocalDate.now(ZoneOffset.UTC).minusDays(8), 8);
    try (Connection c = InstallerFixture.TARGET.connect("default"); Statement s = c.createStatement()) {
      s.execute("DROP DATABASE IF EXISTS " + db);
      new OtelDataGenerator(spec).generate(s::execute, (t, d, n) -> { });
    }
    Path project = dir.resolve("project");
    DemoProject.writeAdvisedFramesTo(project);
    try (Stream<Path> files = Files.walk(project)) {
      for (Path p : files.filter(Files::isRegularFile).toList()) {
        Files.writeString(p, Files.readString(p).replace("\"otel.otel_", "\"" + db + ".otel_"));
      }
    }
    Path workload = Files.writeString(dir.resolve("dashboard.workload.sql"),
        DashboardWorkload.text(Dashboard.panels(spec)).replace("otel.otel_", db + ".otel_"));
    Path out = project.resolve(DemoProject.ADVISED_FILE);
    ProcessRun run = cli("advise", "--project", project.toString(), "--workload", workload.toString(), "--url",
        InstallerFixture.TARGET.httpUrl(), "--database", db, "--out", out.toString(), "--json");
    assertEquals(0, run.exitCode(), run.stderr());
    JsonNode json = new ObjectMapper().readTree(run.stdout());
    assertEquals(9, json.get("summary").get("queries").asInt());
    assertTrue(json.get("summary").get("hit_rate").asDouble() >= 7 / 9.0 - 1e-9, run.stdout());
    // the unaligned range: the union, or on these few rows the table, estimated cheaper, as the driver decides
    JsonNode unaligned = json.get("queries").get(8);
    boolean rawIsCheaper = false;
    for (JsonNode k : unaligned.get("skipped")) {
      rawIsCheaper |= RollupSkip.RAW_IS_CHEAPER.name().equals(k.get("code").asText());
    }
    assertTrue(unaligned.get("accelerated").asBoolean() || rawIsCheaper, unaligned.toString());
    assertEquals(Files.readString(out), json.get("resources_file").asText());
    assertEquals("Latest error lines", json.get("queries").get(7).get("label").asText());
    assertTrue(json.get("queries").get(7).get("skipped").size() > 0, "the table-only panel says why no rollup answers it");
    assertEquals(0, cli("validate", "--project", project.toString()).exitCode(), "the written file validates");

    try (Connection c = InstallerFixture.TARGET.connect(db); Statement s = c.createStatement()) {
      // a table with system.query_log's columns: the query advise sends a server that keeps one
      s.execute("CREATE TABLE query_log (type Enum8('QueryStart' = 1, 'QueryFinish' = 2), query_kind LowCardinality(String),"
          + " is_initial_query UInt8, event_time DateTime, databases Array(LowCardinality(String)), query String,"
          + " normalized_query_hash UInt64) ENGINE = MergeTree ORDER BY event_time");
      s.execute("INSERT INTO query_log SELECT 'QueryFinish', 'Select', 1, now() - number, ['" + db + "'],"
          + " 'SELECT count() FROM " + db + ".otel_logs WHERE Timestamp >= now() - INTERVAL ' || toString(number + 1) || ' HOUR;',"
          + " 7 FROM numbers(3)");
      s.execute("INSERT INTO query_log VALUES ('QueryFinish', 'Select', 1, now(), ['system'], 'SELECT 1 FROM system.one', 8),"
          + " ('QueryStart', 'Select', 1, now(), ['" + db + "'], 'SELECT 2', 9)");
      List<WorkloadQuery> log = QueryLogWorkload.read(c, db + ".query_log", java.time.Instant.now().minusSeconds(3600),
          java.time.Instant.now().plusSeconds(60), 10);
      assertEquals(1, log.size(), "one shape, finished, not on system tables: " + log);
      assertEquals(3, log.get(0).weight());
      assertEquals("SELECT count() FROM " + db + ".otel_logs WHERE Timestamp >= now() - INTERVAL 1 HOUR", log.get(0).sql());
    }
    boolean queryLog;
    try (Connection c = InstallerFixture.TARGET.connect(db)) {
      queryLog = QueryLogWorkload.available(c);
    }
    ProcessRun fromLog = cli("advise", "--project", project.toString(), "--query-log", "24h", "--url",
        InstallerFixture.TARGET.httpUrl(), "--database", db);
    if (!queryLog) {
      assertEquals(2, fromLog.exitCode());
      assertTrue(fromLog.stderr().contains("keeps no system.query_log") && fromLog.stderr().contains("--workload"), fromLog.stderr());
    } else {
      assertTrue(fromLog.exitCode() == 0 || fromLog.exitCode() == 2, fromLog.stderr());
    }
  }

  /** The command in its own process, as a person runs it. */
  private static ProcessRun cli(String... args) throws Exception {
    return ProcessRun.run(ProcessRun.cli(args), java.util.Map.of(), 600);
  }

  private static QueryProvenance run(Connection noemata, String sql) throws Exception {
    try (Statement s = noemata.createStatement(); ResultSet rs = s.executeQuery(sql)) {
      while (rs.next()) {
        // read the rows so the statement completes
      }
      return s.unwrap(NoemataStatement.class).provenance();
    }
  }

  private static long rowsRead(Connection plain, String sql) throws Exception {
    long rows = 0;
    try (Statement s = plain.createStatement(); ResultSet rs = s.executeQuery("EXPLAIN ESTIMATE " + sql)) {
      while (rs.next()) {
        rows += rs.getLong("rows");
      }
    }
    return rows;
  }

}
