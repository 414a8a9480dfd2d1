package io.noemata.itest.installer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.noemata.installer.plan.Change;
import io.noemata.installer.plan.Plan;
import io.noemata.installer.steps.Publish;
import io.noemata.resources.parse.ProjectReader;
import java.nio.file.Path;
import java.sql.Connection;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Drift: objects dropped or changed on the server show in the plan as repairs; a publish with no
 * file changes repairs them (same revision) and rollups still equal raw rows.
 */
class InstallerDriftIT {

  @TempDir Path dir;

  @Test
  void planShowsDriftAndPublishRepairsItWithoutANewRevision() throws Exception {
    InstallerFixture fx = new InstallerFixture("it_drift", dir, 4_000);
    Plan first = fx.publish();
    String db = fx.db;
    String column = InstallerRetireIT.row(fx, "http_status").identity().object();
    String spansTarget = InstallerRetireIT.target(fx, "spans_1m");
    fx.execute("DROP VIEW " + db + ".noemata_rollup_logs_logs_1m");
    fx.execute("DROP VIEW " + db + "." + spansTarget + "_mv");
    fx.execute("ALTER TABLE " + db + ".otel_logs DROP INDEX " + InstallerRetireIT.row(fx,
        "pod_name_filter").identity().object());
    String mv1h = InstallerRetireIT.target(fx, "logs_1h") + "_mv";
    String select = fx.rows("SELECT as_select FROM system.tables WHERE database = '" + db + "' AND name = '" + mv1h + "'")
        .get(0);
    fx.execute("ALTER TABLE " + db + "." + mv1h + " MODIFY QUERY " + select + " HAVING 0");
    fx.execute("ALTER TABLE " + db + ".otel_logs MODIFY COLUMN " + column
        + " LowCardinality(String) MATERIALIZED LogAttributes['other']");

    Plan drift;
    try (Connection c = fx.connect()) {
      drift = Publish.plan(ProjectReader.read(fx.project), c, InstallerFixture.options("itest@" + fx.db));
    }
    Map<String, String> repairs = drift.changes().stream().filter(ch -> ch.verb() == Change.Verb.REPAIR)
        .collect(Collectors.toMap(Change::key, Change::reason));
    assertEquals(List.of("http_status", "logs_1h", "logs_1m", "pod_name_filter", "spans_1m"),
        repairs.keySet().stream().sorted().toList(), drift.text());
    assertTrue(repairs.get("logs_1m").contains("stable view"), drift.text());
    assertTrue(repairs.get("spans_1m").contains("materialized view"), drift.text());
    assertTrue(repairs.get("logs_1h").contains("changed on the server"), drift.text());
    assertTrue(repairs.get("http_status").contains("LogAttributes"), drift.text());
    assertEquals(first.revision(), drift.revision());

    Plan repaired = fx.publish();
    assertEquals(first.revision(), repaired.revision());
    try (Connection c = fx.connect()) {
      assertTrue(Publish.plan(ProjectReader.read(fx.project), c, InstallerFixture.options("itest@" + fx.db)).isNoop());
    }
    // rows inserted now reach the recreated view; older ones were refilled from the new cutover back
    fx.execute("INSERT INTO " + db + ".otel_traces (Timestamp, TraceId, SpanId, SpanName, SpanKind, ServiceName,"
        + " Duration, StatusCode) VALUES (now64(9), 't', 's', 'GET /y', 'Server', 'cart', 77, 'Ok')");
    InstallerFixture.assertSameRows(fx.spansRawExact(), fx.spansRollupExact());
    InstallerFixture.assertSameRows(fx.logs1mRaw(), fx.logs1mRollup());
    fx.execute("INSERT INTO " + db + ".otel_logs (Timestamp, ServiceName, SeverityText, SeverityNumber, Body)"
        + " VALUES (now64(9), 'cart', 'INFO', 9, 'after MODIFY QUERY')");
    InstallerFixture.assertSameRows(fx.logs1hRaw(), fx.logs1hRollup());
    assertEquals(1, fx.count("SELECT count() FROM system.columns WHERE database = '" + db + "' AND name = '" + column
        + "' AND default_expression LIKE '%http.status_code%'"));
  }
}
