package io.noemata.itest.installer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.noemata.itest.AgentCastApp;
import io.noemata.itest.ProcessRun;

/**
 * Under the agent an application keeps clickhouse-jdbc's own objects: one that casts to
 * {@code ConnectionImpl}, {@code StatementImpl} and {@code PreparedStatementImpl} and calls their
 * own methods runs unchanged, and its rollup-shaped queries are answered from the example
 * project's rollups, with the provenance in the statements' warnings; without the agent the same
 * application gets the same rows from the raw table.
 */
class AgentCastIT {

  static final String DB = "itest_agent_cast";
  @TempDir static Path dir;
  static InstallerFixture fixture;

  @BeforeAll
  static void publish() throws Exception {
    fixture = new InstallerFixture(DB, dir, 5_000);
    fixture.publish();
  }

  static String window() {
    LocalDate today = LocalDate.now(ZoneOffset.UTC);
    return "Timestamp >= toDateTime('" + today.minusDays(2) + " 00:00:00', 'UTC') AND Timestamp < toDateTime('"
        + today.minusDays(1) + " 00:00:00', 'UTC')";
  }

  static String perService(String marker) {
    return "SELECT ServiceName, count() AS n FROM " + DB + ".otel_logs WHERE " + window()
        + " GROUP BY ServiceName ORDER BY ServiceName /* " + marker + " */";
  }

  static String oneService(String marker) {
    return "SELECT ServiceName, count() AS n FROM " + DB + ".otel_logs WHERE ServiceName = ? AND " + window()
        + " GROUP BY ServiceName /* " + marker + " */";
  }

  private static ProcessRun runApp(String marker, boolean withAgent) throws Exception {
    List<String> cmd = new ArrayList<>(List.of(ProcessRun.java()));
    if (withAgent) {
      cmd.add("-javaagent:" + ProcessRun.agentJar());
    }
    cmd.addAll(List.of("-cp", ProcessRun.applicationClassPath(), AgentCastApp.class.getName(),
        InstallerFixture.TARGET.jdbcUrl(DB), perService(marker), oneService(marker), "checkout"));
    return ProcessRun.run(cmd, Map.of(), 180);
  }

  /** The raw table's answer, as AgentCastApp prints it. */
  private static List<String> rawRows() throws Exception {
    return fixture.rows(perService("raw")).stream().map(r -> r.replace(" | ", "=")).toList();
  }

  @Test
  void anApplicationThatCastsRunsUnchangedAndReadsTheRollupWithWarnings() throws Exception {
    String marker = "agent-cast-" + UUID.randomUUID();
    ProcessRun run = runApp(marker, true);
    assertEquals(0, run.exitCode(), run.stdout() + run.stderr());
    String out = run.stdout();
    assertTrue(out.contains("connection com.clickhouse.jdbc.ConnectionImpl instanceof true server true"), out);
    assertTrue(out.contains("statement com.clickhouse.jdbc.StatementImpl rows " + rawRows()), out + "\nraw: " + rawRows());
    assertTrue(out.contains("statement query id true local settings true"), out);
    assertTrue(out.contains("statement warnings [01N21"), out);
    assertTrue(out.contains("statement warnings after clear []"), out);
    assertTrue(out.contains("prepared com.clickhouse.jdbc.PreparedStatementImpl rows [checkout="), out);
    assertTrue(out.contains("prepared warnings [01N21"), out);
    List<String> arrived = InstallerFixture.TARGET.arrivedSql(marker);
    assertEquals(2, arrived.size(), arrived.toString());
    for (String sql : arrived) {
      assertTrue(sql.contains("_rollup_") && !sql.contains(DB + ".otel_logs WHERE"), "read from a rollup: " + sql);
    }
    assertTrue(arrived.get(1).contains("'checkout'"), "the prepared statement's value was bound: " + arrived.get(1));
  }

  @Test
  void withoutTheAgentTheSameApplicationReadsTheRawTable() throws Exception {
    String marker = "plain-cast-" + UUID.randomUUID();
    ProcessRun run = runApp(marker, false);
    assertEquals(0, run.exitCode(), run.stdout() + run.stderr());
    assertTrue(run.stdout().contains("statement com.clickhouse.jdbc.StatementImpl rows " + rawRows()), run.stdout());
    assertTrue(run.stdout().contains("statement warnings []"), run.stdout());
    List<String> arrived = InstallerFixture.TARGET.arrivedSql(marker);
    assertEquals(2, arrived.size(), arrived.toString());
    arrived.forEach(sql -> assertTrue(sql.contains(DB + ".otel_logs WHERE"), sql));
  }
}
