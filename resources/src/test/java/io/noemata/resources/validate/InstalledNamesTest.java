package io.noemata.resources.validate;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The names the repository's projects install under, and the canonical measures they read: these name
 * objects in users' databases, so they must not change unless the hash scheme's version does.
 */
class InstalledNamesTest {

  @Test
  void theExampleProjectKeepsItsNames() throws Exception {
    assertEquals(List.of(
        "@frames/opentelemetry/views/otel.resources.json column http_status __nm_1f6f8c558b28e4c4",
        "@frames/opentelemetry/views/otel.resources.json column pod_name __nm_3aad92986557b276",
        "@frames/opentelemetry/views/otel.resources.json rollup logs_1h 68dbd72c",
        "@frames/opentelemetry/views/otel.resources.json rollup logs_1m bf24ed63",
        "@frames/opentelemetry/views/otel.resources.json rollup spans_1m 1ef37fe1",
        "@opentelemetry/views/logs measure ErrorCount countIf(greaterOrEquals(SeverityNumber, 17))",
        "@opentelemetry/views/logs measure LogCount count()",
        "@opentelemetry/views/logs measure UniqTraces uniq(TraceId)",
        "@opentelemetry/views/logs scalar http_status arrayElement(LogAttributes, 'http.status_code')",
        "@opentelemetry/views/logs scalar pod arrayElement(ResourceAttributes, 'k8s.pod.name')",
        "@opentelemetry/views/traces measure AvgDuration avg(Duration)",
        "@opentelemetry/views/traces measure DurationQuantiles quantilesDD(0.01, 0.5, 0.9, 0.99)(Duration)",
        "@opentelemetry/views/traces measure MaxDuration max(Duration)",
        "@opentelemetry/views/traces measure P99Duration quantile(0.99)(Duration)",
        "@opentelemetry/views/traces measure SlowestSpan argMax(SpanName, Duration)",
        "@opentelemetry/views/traces measure SpanCount count()",
        "@opentelemetry/views/traces measure UniqTraces uniq(TraceId)"),
        InstalledNames.of(TestProjects.EXAMPLE));
  }

  @Test
  void theCorpusProjectKeepsItsNames() throws Exception {
    assertEquals(List.of(
        "@frames/otel/corpus.resources.json column http_status_code __nm_1f6f8c558b28e4c4",
        "@frames/otel/corpus.resources.json rollup r_logs f39c58f1",
        "@frames/otel/corpus.resources.json rollup r_traces a224025d",
        "@otel/corpus measure AvgDuration avg(Duration)",
        "@otel/corpus measure LogCount count()",
        "@otel/corpus measure P99Duration quantile(0.99)(Duration)",
        "@otel/corpus measure SpanCount count()",
        "@otel/corpus measure UniqTraces uniq(TraceId)",
        "@otel/corpus measure UniqTraces uniq(TraceId)"),
        InstalledNames.of(TestProjects.CORPUS_PROJECT));
  }
}
