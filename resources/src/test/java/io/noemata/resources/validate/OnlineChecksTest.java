package io.noemata.resources.validate;

import static io.noemata.resources.finding.Severity.ERROR;
import static io.noemata.resources.finding.Severity.WARNING;
import static io.noemata.resources.validate.TestProjects.RES;
import static io.noemata.resources.validate.TestProjects.find;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.noemata.resources.catalog.Catalog;
import io.noemata.resources.catalog.PhysicalColumn;
import io.noemata.resources.catalog.PhysicalTable;
import io.noemata.resources.finding.FindingCode;
import io.noemata.resources.model.PhysicalName;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The online checks against tables described in memory (the OTel exporter's layout). */
class OnlineChecksTest {

  @TempDir Path dir;

  private static final PhysicalName LOGS = new PhysicalName("otel", "otel_logs");
  private static final PhysicalName TRACES = new PhysicalName("otel", "otel_traces");

  private static PhysicalTable logs(PhysicalColumn... extra) {
    List<PhysicalColumn> cols = new ArrayList<>(List.of(
        PhysicalColumn.plain("Timestamp", "DateTime64(9)"), PhysicalColumn.plain("TraceId", "String"),
        PhysicalColumn.plain("SeverityText", "LowCardinality(String)"), PhysicalColumn.plain("SeverityNumber", "UInt8"),
        PhysicalColumn.plain("ServiceName", "LowCardinality(String)"), PhysicalColumn.plain("Body", "String"),
        PhysicalColumn.plain("ResourceAttributes", "Map(LowCardinality(String), String)"),
        PhysicalColumn.plain("LogAttributes", "Map(LowCardinality(String), String)"),
        PhysicalColumn.plain("Counters", "Map(String, UInt64)"),
        new PhysicalColumn("__otel_materialized_k8s.pod.name", "LowCardinality(String)", "MATERIALIZED",
            "ResourceAttributes['k8s.pod.name']")));
    cols.addAll(List.of(extra));
    return new PhysicalTable(LOGS, "MergeTree", cols);
  }

  private static PhysicalTable traces() {
    return new PhysicalTable(TRACES, "MergeTree", List.of(PhysicalColumn.plain("Timestamp", "DateTime64(9)"),
        PhysicalColumn.plain("ServiceName", "LowCardinality(String)"), PhysicalColumn.plain("SpanName", "LowCardinality(String)"),
        PhysicalColumn.plain("SpanKind", "LowCardinality(String)"), PhysicalColumn.plain("StatusCode", "LowCardinality(String)"),
        PhysicalColumn.plain("Duration", "UInt64"), PhysicalColumn.plain("TraceId", "String")));
  }

  private Report run(Catalog catalog, String resources) {
    return TestProjects.validate(TestProjects.withResources(dir, resources), catalog);
  }

  @Test
  void theExampleProjectIsCleanOnline() {
    Report r = TestProjects.validate(TestProjects.EXAMPLE, Catalog.of(Map.of(LOGS, logs(), TRACES, traces())));
    assertEquals(0, r.findings().size(), r.text());
    assertEquals(true, r.online());
  }

  @Test
  void aMissingPhysicalTableIsAnError() {
    Report r = TestProjects.validate(TestProjects.EXAMPLE, Catalog.of(Map.of(LOGS, logs())));
    find(r, ERROR, "@frames/opentelemetry/views/otel.resources.json", "/resources/spans_1m/rollup/table",
        "physical table otel.otel_traces (of @opentelemetry/views/traces#spans) does not exist");
  }

  @Test
  void missingColumnsCannotBeInstalled() {
    Report r = run(Catalog.of(Map.of(LOGS, logs())), "{\"resources\": {"
        + "\"c\": {\"column\": {\"table\": \"otel.otel_logs\", \"expression\": \"lower(Nope)\"}},"
        + "\"p\": {\"projection\": {\"table\": \"otel.otel_logs\", \"order_by\": [\"Missing\"]}}}}");
    find(r, WARNING, RES, "/resources/c/column/expression", "reads column 'Nope', which otel.otel_logs does not have");
    assertEquals(FindingCode.CANNOT_INSTALL,
        find(r, WARNING, RES, "/resources/p/projection/order_by/0", "otel.otel_logs has no column 'Missing'").code());
    assertEquals(0, r.exitCode());
  }

  @Test
  void aMapOfOtherValuesNeedsType() {
    Report r = run(Catalog.of(Map.of(LOGS, logs())),
        "{\"resources\": {\"c\": {\"column\": {\"table\": \"otel.otel_logs\", \"expression\": \"Counters['x']\"}}}}");
    find(r, WARNING, RES, "/resources/c/column/expression", "a map of UInt64 values, not strings; declare \"type\"");
    Report typed = run(Catalog.of(Map.of(LOGS, logs())), "{\"resources\": {\"c\": {\"column\": {\"table\":"
        + " \"otel.otel_logs\", \"expression\": \"Counters['x']\", \"type\": \"UInt64\"}}}}");
    assertEquals(0, typed.findings().size(), typed.text());
  }

  @Test
  void anExistingColumnForTheSameExpressionSatisfiesTheEntry() {
    String hour = "{\"resources\": {\"h\": {\"column\": {\"table\": \"otel.otel_logs\", \"expression\": \"toStartOfHour(Timestamp)\"}}}}";
    find(run(Catalog.of(Map.of(LOGS, logs())), hour), WARNING, RES, "/resources/h/column/expression", "declare \"type\"");
    Report r = run(Catalog.of(Map.of(LOGS, logs(new PhysicalColumn("hour", "DateTime", "MATERIALIZED",
        "toStartOfHour(`Timestamp`)")))), hour);
    assertEquals(0, r.findings().size(), r.text());
  }

  @Test
  void aNameThatIsBothAnEntryAndAPhysicalColumnWarns() {
    Report r = run(Catalog.of(Map.of(LOGS, logs())), "{\"resources\": {"
        + "\"Body\": {\"column\": {\"table\": \"otel.otel_logs\", \"expression\": \"lower(Body)\"}},"
        + "\"i\": {\"index\": {\"table\": \"otel.otel_logs\", \"column\": \"Body\", \"kind\": \"text\"}}}}");
    assertEquals(FindingCode.NAME_REFERS_TO_BOTH,
        find(r, WARNING, RES, "/resources/i/index/column", "refers to both column entry 'Body' and the physical column").code());
  }

  @Test
  void rollupMeasuresReadColumnsTheTableHas() {
    PhysicalTable noSeverityNumber = new PhysicalTable(LOGS, "MergeTree", logs().columns().stream()
        .filter(c -> !c.name().equals("SeverityNumber")).toList());
    Report r = run(Catalog.of(Map.of(LOGS, noSeverityNumber)), "{\"resources\": {\"r\": {\"rollup\": {\"table\":"
        + " \"@otel/logs#logs\", \"grain\": \"1m\", \"dimensions\": [\"ServiceName\"], \"measures\": [\"LogCount\", \"ErrorCount\"]}}}}");
    find(r, WARNING, RES, "/resources/r/rollup/measures/1", "measure 'ErrorCount' reads column 'SeverityNumber'");
    assertEquals(1, r.findings().size(), r.text());
  }

  @Test
  void aRollupOverASourceThatRewritesRowsIsRefusedWithTheRemedy() {
    PhysicalTable replacing = new PhysicalTable(LOGS, "ReplacingMergeTree", logs().columns(), java.util.Optional.empty(),
        io.noemata.core.catalog.SourceRows.of("ReplacingMergeTree", "ReplacingMergeTree ORDER BY ServiceName", "",
            List.of()));
    String rollup = "{\"resources\": {\"r\": {\"rollup\": {\"table\": \"@otel/logs#logs\", \"grain\": \"1m\","
        + " \"dimensions\": [\"ServiceName\"], \"measures\": [\"LogCount\"]}},"
        + " \"c\": {\"column\": {\"table\": \"otel.otel_logs\", \"expression\": \"lower(Body)\"}}}}";
    Report r = run(Catalog.of(Map.of(LOGS, replacing)), rollup);
    assertEquals(FindingCode.CANNOT_INSTALL, find(r, WARNING, RES, "/resources/r/rollup/table",
        "its engine ReplacingMergeTree merges inserted rows").code());
    find(r, WARNING, RES, "/resources/r/rollup/table", "append-only MergeTree source");
    assertEquals(1, r.findings().size(), "a stored column is fine over it: " + r.text());
    assertEquals(0, run(Catalog.of(Map.of(LOGS, logs())), rollup).findings().size());
  }

  @Test
  void textIndexesNeedARecentServer() {
    String text = "{\"resources\": {\"t\": {\"index\": {\"table\": \"otel.otel_logs\", \"column\": \"Body\", \"kind\": \"text\"}}}}";
    find(run(Catalog.of(Map.of(LOGS, logs()), "25.8.3.1"), text), WARNING, RES, "/resources/t/index/kind",
        "text indexes need ClickHouse 26.2 or newer, and the server is 25.8.3.1");
    assertEquals(0, run(Catalog.of(Map.of(LOGS, logs()), "26.5.1.1"), text).findings().size());
  }

  @Test
  void aTableOutsideTheMergeTreeFamilyCannotHoldAccelerators() {
    PhysicalTable memory = new PhysicalTable(LOGS, "Memory", logs().columns());
    Report r = run(Catalog.of(Map.of(LOGS, memory)),
        "{\"resources\": {\"p\": {\"projection\": {\"table\": \"otel.otel_logs\", \"order_by\": [\"Body\"]}}}}");
    find(r, WARNING, RES, "/resources/p/projection", "is a Memory table");
  }
}
