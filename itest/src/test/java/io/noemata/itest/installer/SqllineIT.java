package io.noemata.itest.installer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.noemata.itest.ProcessRun;

/**
 * sqlline, started as its own process with only the driver bundle beside it, connects with the
 * noemata URL, runs a query a rollup answers, and shows both the result and noemata's warnings:
 * what a DBeaver or sqlline user sees.
 */
class SqllineIT {

  static final String DB = "itest_sqlline";
  @TempDir static Path dir;
  static InstallerFixture fixture;

  @BeforeAll
  static void publishedExample() throws Exception {
    fixture = new InstallerFixture(DB, dir.resolve("project"), 50_000);
    fixture.publish();
  }

  private static String sqllineJar() {
    return Arrays.stream(System.getProperty("java.class.path").split(File.pathSeparator))
        .filter(p -> p.contains("sqlline") && p.endsWith("jar-with-dependencies.jar")).findFirst()
        .orElseThrow(() -> new AssertionError("sqlline is a test dependency of itest"));
  }

  @Test
  void sqllineWithTheBundleShowsARollupAnswerAndItsWarnings() throws Exception {
    LocalDate day = LocalDate.now(ZoneOffset.UTC).minusDays(2);
    String sql = "SELECT ServiceName, count() AS logs FROM otel_logs WHERE Timestamp >= '" + day + " 00:00:00'"
        + " AND Timestamp < '" + day.plusDays(1) + " 00:00:00' GROUP BY ServiceName ORDER BY ServiceName;\n";
    Path script = Files.writeString(dir.resolve("query.sql"), sql);
    ProcessRun run = ProcessRun.run(List.of(ProcessRun.java(), "-cp", sqllineJar() + File.pathSeparator + ProcessRun.bundleJar(),
        "sqlline.SqlLine", "-u", "jdbc:noemata:clickhouse://" + InstallerFixture.TARGET.hostPort() + "/" + DB,
        "-n", InstallerFixture.TARGET.credentials().getProperty("user"), "-p", InstallerFixture.TARGET.credentials().getProperty("password"),
        "--showWarnings=true", "--outputformat=csv", "-f", script.toString()), Map.of(), 180);
    String out = run.stdout() + run.stderr();
    assertEquals(0, run.exitCode(), out);
    List<String> expected = fixture.rows(sql.replace(";\n", "")).stream().map(r -> "'" + r.replace(" | ", "','") + "'").toList();
    for (String row : expected) {
      assertTrue(out.contains(row), "sqlline shows the row " + row + ":\n" + out);
    }
    assertTrue(out.matches("(?s).*Warning: noemata: read rollup logs_1[mh] .*"), "sqlline shows noemata's warning naming the rollup:\n" + out);
  }
}
