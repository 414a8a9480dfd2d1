package io.noemata.itest;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The {@code noemata} command as a person runs it: its own process, its output, its exit code. */
class CliIT {

  @TempDir Path temp;

  private static int freePort() throws Exception {
    try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      return s.getLocalPort();
    }
  }

  @Test
  void serveEmbeddedPrintsReadyAnswersClickHouseJdbcAndExitsZeroOnSigterm() throws Exception {
    int port = freePort();
    // a ClickHouse config.xml in the folder serve starts from must not change the engine
    Path folder = Files.createDirectories(temp.resolve("cwd"));
    Files.writeString(folder.resolve("config.xml"), "<clickhouse><macros><shard>s7</shard></macros></clickhouse>\n");
    Process p = new ProcessBuilder(ProcessRun.cli("serve", "--embedded", "--port", Integer.toString(port), "--data", temp.resolve("data").toString()))
        .directory(folder.toFile())
        .redirectError(ProcessBuilder.Redirect.DISCARD)
        .start();
    try {
      BufferedReader out = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8));
      String ready = CompletableFuture.supplyAsync(() -> {
        try {
          return out.readLine();
        } catch (Exception e) {
          return "unreadable: " + e;
        }
      }).get(120, TimeUnit.SECONDS);
      assertEquals("ready http://127.0.0.1:" + port, ready);

      try (Connection c = DriverManager.getConnection("jdbc:clickhouse://127.0.0.1:" + port + "/default", "default", "");
           Statement s = c.createStatement()) {
        s.execute("CREATE TABLE t (x UInt8) ENGINE = MergeTree ORDER BY x");
        s.execute("INSERT INTO t VALUES (1), (2), (3)");
        try (ResultSet rs = s.executeQuery("SELECT sum(x) FROM t")) {
          assertTrue(rs.next());
          assertEquals(6, rs.getInt(1));
        }
        try (ResultSet rs = s.executeQuery("SELECT count() FROM system.macros")) {
          assertTrue(rs.next());
          assertEquals(0, rs.getInt(1), "the working folder's config.xml was read");
        }
      }
      p.destroy(); // SIGTERM
      assertTrue(p.waitFor(60, TimeUnit.SECONDS), "serve stops after SIGTERM");
      assertEquals(0, p.exitValue());
      assertTrue(Files.isDirectory(temp.resolve("data")), "--data is kept");
    } finally {
      p.destroyForcibly();
    }
  }

  @Test
  void portInUseIsOneClearLineAndNonZeroExit() throws Exception {
    try (ServerSocket taken = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      ProcessRun run = ProcessRun.run(ProcessRun.cli("serve", "--embedded", "--port", Integer.toString(taken.getLocalPort())), Map.of(), 120);
      assertOneClearLine(run, "port " + taken.getLocalPort() + " on 127.0.0.1 is in use");
    }
  }

  @Test
  void unwritableDataFolderIsOneClearLineAndNonZeroExit() throws Exception {
    Path file = Files.writeString(temp.resolve("a-file"), "not a folder");
    ProcessRun run = ProcessRun.run(ProcessRun.cli("serve", "--embedded", "--port", "0", "--data", file.resolve("data").toString()), Map.of(), 120);
    assertOneClearLine(run, "is not writable");
  }

  @Test
  void anEngineThatRefusesToStartLeavesNoTemporaryFolder() throws Exception {
    // a grantee inside users.xml grants: the engine itself refuses to start (Code 36)
    Path users = Files.writeString(temp.resolve("users.xml"), "<clickhouse><users><default><grants><query>"
        + "GRANT SELECT ON *.* TO default</query></grants></default></users></clickhouse>\n");
    Path tmp = Files.createDirectories(temp.resolve("tmp"));
    ProcessRun run = ProcessRun.run(ProcessRun.cli("serve", "--embedded", "--port", "0", "--users-config", users.toString()),
        Map.of("JAVA_TOOL_OPTIONS", "-Djava.io.tmpdir=" + tmp), 120);
    assertNotEquals(0, run.exitCode(), run.stderr());
    assertTrue(run.stderrLines().stream().anyMatch(l -> l.startsWith("noemata: ") && l.contains("refused to start")),
        run.stderr());
    try (var left = Files.list(tmp)) {
      assertEquals(List.of(), left.filter(f -> f.getFileName().toString().startsWith("noemata-engine-")).toList());
    }
  }

  @Test
  void missingNpmIsOneClearLineAndNonZeroExit() throws Exception {
    Map<String, String> env = Map.of("PATH", temp.resolve("empty-bin").toString(), "NOEMATA_CACHE", temp.resolve("cache").toString());
    ProcessRun run = ProcessRun.run(ProcessRun.cli("serve", "--embedded", "--port", "0"), env, 120);
    assertOneClearLine(run, "npm is not installed");
  }

  private static void assertOneClearLine(ProcessRun run, String expected) {
    assertNotEquals(0, run.exitCode(), run.stderr());
    List<String> errorLines = run.stderrLines().stream().filter(l -> !l.startsWith("noemata: fetching") && !l.startsWith("noemata: unpacking")).toList();
    assertEquals(1, errorLines.size(), "one line on stderr, got: " + run.stderr());
    assertTrue(errorLines.get(0).startsWith("noemata: ") && errorLines.get(0).contains(expected), errorLines.get(0));
    assertFalse(run.stdout().contains("ready"), run.stdout());
  }

  @Test
  void demoGeneratesPublishesAndShowsTheDashboardAcceleratedWithResultsEqualToRaw() throws Exception {
    Path report = temp.resolve("demo.html");
    ProcessRun run = ProcessRun.run(ProcessRun.cli("demo", "--rows", "60000", "--days", "3", "--repeat", "1",
        "--report", report.toString()), Map.of(), 900);
    assertEquals(0, run.exitCode(), run.stdout() + run.stderr());
    String out = run.stdout();
    assertTrue(out.contains("60,000 logs and 60,000 spans over 3 days"), out);
    assertTrue(out.matches("(?s).*otel_logs \\d[\\d,]* rows; otel_traces 60,000 rows;.*"), out);
    assertTrue(out.contains("noemata advise --workload"), out);
    assertTrue(out.contains("proposed, and why:"), out);
    assertTrue(out.contains("(the same as the advised project shipped with noemata)"), out);
    assertTrue(out.contains("noemata publish"), out);
    assertTrue(out.matches("(?s).*checked: \\d+ of \\d+ panels accelerated, every result identical to raw.*"), out);
    assertTrue(out.contains("read rollup logs_5m"), "a panel reads the five-minute rollup: " + out);
    assertTrue(out.contains("read rollup logs_1h"), "a panel reads the hour rollup: " + out);
    assertTrue(out.contains("read stored column"), out);
    assertTrue(out.matches("(?s).*Latest error lines\\s+no .*skipped rollup logs_1[mh] for otel\\.otel_logs: .*"),
        "the honest miss says why: " + out);
    assertTrue(out.matches("(?s).*Log volume, unaligned Grafana range\\s+yes .*"), "an unaligned range reads rollup and raw edges: " + out);
    assertTrue(Files.readString(report).contains("<svg"), "the report has its charts");
  }
}
