package io.noemata.itest;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.Connection;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * An unchanged application gets noemata's rewriting from {@code -javaagent} alone, through
 * DriverManager and through a HikariCP pool; without the agent its SQL arrives as written.
 */
class AgentIT {

  private static final ClickHouseTarget TARGET = ClickHouseTarget.get();
  private static final String DB = "itest_agent";

  @BeforeAll
  static void tableWithStoredColumn() throws Exception {
    try (Connection c = TARGET.connect("default"); Statement s = c.createStatement()) {
      s.execute("DROP DATABASE IF EXISTS " + DB);
      s.execute("CREATE DATABASE " + DB);
      s.execute("CREATE TABLE " + DB + ".logs (ts DateTime, ResourceAttributes Map(LowCardinality(String), String),"
          + " `__otel_materialized_k8s.pod.name` LowCardinality(String) MATERIALIZED ResourceAttributes['k8s.pod.name'])"
          + " ENGINE = MergeTree ORDER BY ts");
      s.execute("INSERT INTO " + DB + ".logs (ts, ResourceAttributes) SELECT toDateTime('2024-06-10 00:00:00') + number,"
          + " map('k8s.pod.name', concat('pod-', toString(number % 3))) FROM numbers(300)");
    }
  }

  private static ProcessRun runApp(String marker, boolean withAgent) throws Exception {
    return runApp(marker, withAgent, "", List.of());
  }

  /** The probe app with {@code query} after the URL's database and {@code properties} given to DriverManager and the pool. */
  private static ProcessRun runApp(String marker, boolean withAgent, String query, List<String> properties) throws Exception {
    String sql = "SELECT ResourceAttributes['k8s.pod.name'] AS pod FROM " + DB + ".logs WHERE ResourceAttributes['k8s.pod.name'] = 'pod-1'"
        + " /* " + marker + " */ LIMIT 1";
    List<String> cmd = new ArrayList<>(List.of(ProcessRun.java()));
    if (withAgent) {
      cmd.add("-javaagent:" + ProcessRun.agentJar() + "=catalog.ttl=60s");
    }
    cmd.addAll(List.of("-cp", ProcessRun.applicationClassPath(), AgentProbeApp.class.getName(), TARGET.jdbcUrl(DB) + query, sql));
    cmd.addAll(properties);
    return ProcessRun.run(cmd, Map.of(), 180);
  }

  private static List<String> arrived(String marker) throws Exception {
    return TARGET.arrivedSql(marker);
  }

  @Test
  void withTheAgentTheRewrittenSqlArrivesFromDriverManagerAndHikari() throws Exception {
    String marker = "agent-" + UUID.randomUUID();
    ProcessRun run = runApp(marker, true);
    assertEquals(0, run.exitCode(), run.stderr());
    assertTrue(run.stdout().contains("DriverManager: pod-1") && run.stdout().contains("HikariCP: pod-1"), run.stdout());
    List<String> sqls = arrived(marker);
    assertEquals(2, sqls.size(), "one query from each way of connecting: " + sqls);
    for (String sql : sqls) {
      assertTrue(sql.contains("`__otel_materialized_k8s.pod.name`"), "rewritten to the stored column: " + sql);
      assertFalse(sql.contains("WHERE ResourceAttributes['k8s.pod.name']"), sql);
    }
  }

  @Test
  void withoutTheAgentTheOriginalSqlArrives() throws Exception {
    String marker = "plain-" + UUID.randomUUID();
    ProcessRun run = runApp(marker, false);
    assertEquals(0, run.exitCode(), run.stderr());
    List<String> sqls = arrived(marker);
    assertEquals(2, sqls.size(), sqls.toString());
    sqls.forEach(sql -> assertTrue(sql.contains("WHERE ResourceAttributes['k8s.pod.name'] = 'pod-1'"), sql));
  }

  @Test
  void noemataPropertiesInTheUrlReachNoemataAndNotClickhouseJdbc() throws Exception {
    String marker = "agent-url-" + UUID.randomUUID();
    ProcessRun run = runApp(marker, true, "?noemata.namespace=noemata&noemata.catalog.ttl=30s", List.of());
    assertEquals(0, run.exitCode(), run.stderr());
    assertTrue(run.stdout().contains("DriverManager: pod-1") && run.stdout().contains("HikariCP: pod-1"), run.stdout());
    List<String> sqls = arrived(marker);
    assertEquals(2, sqls.size(), sqls.toString());
    sqls.forEach(sql -> assertTrue(sql.contains("`__otel_materialized_k8s.pod.name`"), "rewritten: " + sql));

    String off = "agent-url-off-" + UUID.randomUUID();
    run = runApp(off, true, "?noemata.rewrite=off", List.of());
    assertEquals(0, run.exitCode(), run.stderr());
    arrived(off).forEach(sql -> assertTrue(sql.contains("WHERE ResourceAttributes['k8s.pod.name'] = 'pod-1'"), "as written: " + sql));
  }

  @Test
  void noemataPropertiesGivenToDriverManagerReachNoemataAndNotClickhouseJdbc() throws Exception {
    String marker = "agent-props-off-" + UUID.randomUUID();
    ProcessRun run = runApp(marker, true, "", List.of("noemata.rewrite=off", "noemata.catalog.ttl=30s"));
    assertEquals(0, run.exitCode(), run.stderr());
    assertTrue(run.stdout().contains("DriverManager: pod-1") && run.stdout().contains("HikariCP: pod-1"), run.stdout());
    List<String> sqls = arrived(marker);
    assertEquals(2, sqls.size(), sqls.toString());
    sqls.forEach(sql -> assertTrue(sql.contains("WHERE ResourceAttributes['k8s.pod.name'] = 'pod-1'"), "as written: " + sql));
  }

  @Test
  void withoutTheAgentClickhouseJdbcRefusesANoemataProperty() throws Exception {
    // what the agent takes out: plain clickhouse-jdbc sends the name to the server as a setting
    ProcessRun run = runApp("plain-url-" + UUID.randomUUID(), false, "?noemata.rewrite=off", List.of());
    assertTrue(run.exitCode() != 0, run.stdout());
  }
}
