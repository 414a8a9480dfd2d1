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
    Process p = new ProcessBuilder(ProcessRun.cli("serve", "--embedded", "--port", Integer.toString(port), "--data", temp.resolve("data").toString()))
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
  void demoGeneratesDataAndPrintsRowCountsAndAnAggregate() throws Exception {
    ProcessRun run = ProcessRun.run(ProcessRun.cli("demo", "--rows", "50000", "--days", "2"), Map.of(), 600);
    assertEquals(0, run.exitCode(), run.stderr());
    assertTrue(run.stdout().contains("50,000 logs and 50,000 spans over 2 days"), run.stdout());
    assertTrue(run.stdout().matches("(?s).*otel_logs\\s+50,005\\n.*"), "log rows plus the five boundary rows: " + run.stdout());
    assertTrue(run.stdout().matches("(?s).*otel_traces\\s+50,000\\n.*"), run.stdout());
    assertTrue(run.stdout().matches("(?s).*service\\s+spans\\s+p99_ms\\s+error_pct\\n\\s+frontend\\s+\\d+.*"), run.stdout());
  }
}
