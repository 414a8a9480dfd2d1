package io.noemata.otel;

import java.util.List;

import io.noemata.core.sql.Literals;

/**
 * The OpenTelemetry Collector ClickHouse exporter's tables as real deployments have them (the
 * exporter's DDL templates, {@code exporter/clickhouseexporter/internal/sqltemplates/} in
 * open-telemetry/opentelemetry-collector-contrib): {@code otel_logs} in the v0.151 layout, with its
 * eight {@code __otel_materialized_*} columns, or in the layout before it ({@link OtelLayout}), and {@code otel_traces} in the released layout,
 * which v0.151 left as it was. Skip indexes follow the exporter's bloom-filter branch, which every
 * server version accepts.
 */
public final class OtelSchema {

  public static final String LOGS = "otel_logs";
  public static final String TRACES = "otel_traces";

  /** The resource attributes the v0.151 exporter materializes on otel_logs. */
  public static final List<String> MATERIALIZED_RESOURCE_KEYS = List.of(
      "k8s.cluster.name", "k8s.container.name", "k8s.deployment.name", "k8s.namespace.name",
      "k8s.node.name", "k8s.pod.name", "k8s.pod.uid", "deployment.environment.name");

  private OtelSchema() {}

  /** CREATE DATABASE and both CREATE TABLE statements, in order, in the v0.151 layout. */
  public static List<String> createStatements(String database) {
    return createStatements(database, OtelLayout.V0_151);
  }

  /** CREATE DATABASE and both CREATE TABLE statements, in order, otel_logs in {@code layout}. */
  public static List<String> createStatements(String database, OtelLayout layout) {
    return List.of(
        "CREATE DATABASE IF NOT EXISTS " + Literals.identifier(database),
        layout == OtelLayout.V0_151 ? createLogs(database) : createLogsTimestampTime(database),
        createTraces(database));
  }

  /**
   * otel_logs in the layout with {@code TimestampTime} ({@link OtelLayout#TIMESTAMP_TIME}): the
   * exporter's template before v0.151, as ClickStack creates it, without ClickStack's own
   * materialized columns; {@code EventName} kept so both layouts take the same inserts.
   */
  static String createLogsTimestampTime(String database) {
    return "CREATE TABLE IF NOT EXISTS " + Literals.qualified(database, LOGS) + " (\n"
        + "    Timestamp DateTime64(9) CODEC(Delta(8), ZSTD(1)),\n"
        + "    TimestampTime DateTime DEFAULT toDateTime(Timestamp),\n"
        + "    TraceId String CODEC(ZSTD(1)),\n"
        + "    SpanId String CODEC(ZSTD(1)),\n"
        + "    TraceFlags UInt8,\n"
        + "    SeverityText LowCardinality(String) CODEC(ZSTD(1)),\n"
        + "    SeverityNumber UInt8,\n"
        + "    ServiceName LowCardinality(String) CODEC(ZSTD(1)),\n"
        + "    Body String CODEC(ZSTD(1)),\n"
        + "    ResourceSchemaUrl LowCardinality(String) CODEC(ZSTD(1)),\n"
        + "    ResourceAttributes Map(LowCardinality(String), String) CODEC(ZSTD(1)),\n"
        + "    ScopeSchemaUrl LowCardinality(String) CODEC(ZSTD(1)),\n"
        + "    ScopeName String CODEC(ZSTD(1)),\n"
        + "    ScopeVersion LowCardinality(String) CODEC(ZSTD(1)),\n"
        + "    ScopeAttributes Map(LowCardinality(String), String) CODEC(ZSTD(1)),\n"
        + "    LogAttributes Map(LowCardinality(String), String) CODEC(ZSTD(1)),\n"
        + "    EventName String CODEC(ZSTD(1)),\n"
        + "    INDEX idx_trace_id TraceId TYPE bloom_filter(0.001) GRANULARITY 1,\n"
        + "    INDEX idx_res_attr_key mapKeys(ResourceAttributes) TYPE bloom_filter(0.01) GRANULARITY 1,\n"
        + "    INDEX idx_res_attr_value mapValues(ResourceAttributes) TYPE bloom_filter(0.01) GRANULARITY 1,\n"
        + "    INDEX idx_scope_attr_key mapKeys(ScopeAttributes) TYPE bloom_filter(0.01) GRANULARITY 1,\n"
        + "    INDEX idx_scope_attr_value mapValues(ScopeAttributes) TYPE bloom_filter(0.01) GRANULARITY 1,\n"
        + "    INDEX idx_log_attr_key mapKeys(LogAttributes) TYPE bloom_filter(0.01) GRANULARITY 1,\n"
        + "    INDEX idx_log_attr_value mapValues(LogAttributes) TYPE bloom_filter(0.01) GRANULARITY 1,\n"
        + "    INDEX idx_body Body TYPE tokenbf_v1(32768, 3, 0) GRANULARITY 8\n"
        + ") ENGINE = MergeTree()\n"
        + "PARTITION BY toDate(TimestampTime)\n"
        + "PRIMARY KEY (ServiceName, TimestampTime)\n"
        + "ORDER BY (ServiceName, TimestampTime, Timestamp)\n"
        + "SETTINGS index_granularity = 8192, ttl_only_drop_parts = 1";
  }

  static String createLogs(String database) {
    StringBuilder materialized = new StringBuilder();
    for (String key : MATERIALIZED_RESOURCE_KEYS) {
      materialized.append("    ").append(Literals.identifier("__otel_materialized_" + key))
          .append(" LowCardinality(String) MATERIALIZED ResourceAttributes[").append(Literals.string(key))
          .append("] CODEC(ZSTD(1)),\n");
    }
    return "CREATE TABLE IF NOT EXISTS " + Literals.qualified(database, LOGS) + " (\n"
        + "    Timestamp DateTime64(9) CODEC(Delta(8), ZSTD(1)),\n"
        + "    TraceId String CODEC(ZSTD(1)),\n"
        + "    SpanId String CODEC(ZSTD(1)),\n"
        + "    TraceFlags UInt8,\n"
        + "    SeverityText LowCardinality(String) CODEC(ZSTD(1)),\n"
        + "    SeverityNumber UInt8,\n"
        + "    ServiceName LowCardinality(String) CODEC(ZSTD(1)),\n"
        + "    Body String CODEC(ZSTD(1)),\n"
        + "    ResourceSchemaUrl LowCardinality(String) CODEC(ZSTD(1)),\n"
        + "    ResourceAttributes Map(LowCardinality(String), String) CODEC(ZSTD(1)),\n"
        + "    ScopeSchemaUrl LowCardinality(String) CODEC(ZSTD(1)),\n"
        + "    ScopeName String CODEC(ZSTD(1)),\n"
        + "    ScopeVersion LowCardinality(String) CODEC(ZSTD(1)),\n"
        + "    ScopeAttributes Map(LowCardinality(String), String) CODEC(ZSTD(1)),\n"
        + "    LogAttributes Map(LowCardinality(String), String) CODEC(ZSTD(1)),\n"
        + "    EventName String CODEC(ZSTD(1)),\n"
        + materialized
        + "    INDEX idx_trace_id TraceId TYPE bloom_filter(0.001) GRANULARITY 1,\n"
        + "    INDEX idx_res_attr_key mapKeys(ResourceAttributes) TYPE bloom_filter(0.01) GRANULARITY 1,\n"
        + "    INDEX idx_res_attr_value mapValues(ResourceAttributes) TYPE bloom_filter(0.01) GRANULARITY 1,\n"
        + "    INDEX idx_scope_attr_key mapKeys(ScopeAttributes) TYPE bloom_filter(0.01) GRANULARITY 1,\n"
        + "    INDEX idx_scope_attr_value mapValues(ScopeAttributes) TYPE bloom_filter(0.01) GRANULARITY 1,\n"
        + "    INDEX idx_log_attr_key mapKeys(LogAttributes) TYPE bloom_filter(0.01) GRANULARITY 1,\n"
        + "    INDEX idx_log_attr_value mapValues(LogAttributes) TYPE bloom_filter(0.01) GRANULARITY 1,\n"
        + "    INDEX idx_lower_body lower(Body) TYPE tokenbf_v1(32768, 3, 0) GRANULARITY 8\n"
        + ") ENGINE = MergeTree()\n"
        + "PARTITION BY toDate(Timestamp)\n"
        + "ORDER BY (toStartOfFiveMinutes(Timestamp), ServiceName, Timestamp)\n"
        + "SETTINGS index_granularity = 8192, ttl_only_drop_parts = 1";
  }

  static String createTraces(String database) {
    return "CREATE TABLE IF NOT EXISTS " + Literals.qualified(database, TRACES) + " (\n"
        + "    Timestamp DateTime64(9) CODEC(Delta, ZSTD(1)),\n"
        + "    TraceId String CODEC(ZSTD(1)),\n"
        + "    SpanId String CODEC(ZSTD(1)),\n"
        + "    ParentSpanId String CODEC(ZSTD(1)),\n"
        + "    TraceState String CODEC(ZSTD(1)),\n"
        + "    SpanName LowCardinality(String) CODEC(ZSTD(1)),\n"
        + "    SpanKind LowCardinality(String) CODEC(ZSTD(1)),\n"
        + "    ServiceName LowCardinality(String) CODEC(ZSTD(1)),\n"
        + "    ResourceAttributes Map(LowCardinality(String), String) CODEC(ZSTD(1)),\n"
        + "    ScopeName String CODEC(ZSTD(1)),\n"
        + "    ScopeVersion String CODEC(ZSTD(1)),\n"
        + "    SpanAttributes Map(LowCardinality(String), String) CODEC(ZSTD(1)),\n"
        + "    Duration UInt64 CODEC(ZSTD(1)),\n"
        + "    StatusCode LowCardinality(String) CODEC(ZSTD(1)),\n"
        + "    StatusMessage String CODEC(ZSTD(1)),\n"
        + "    Events Nested (\n"
        + "        Timestamp DateTime64(9),\n"
        + "        Name LowCardinality(String),\n"
        + "        Attributes Map(LowCardinality(String), String)\n"
        + "    ) CODEC(ZSTD(1)),\n"
        + "    Links Nested (\n"
        + "        TraceId String,\n"
        + "        SpanId String,\n"
        + "        TraceState String,\n"
        + "        Attributes Map(LowCardinality(String), String)\n"
        + "    ) CODEC(ZSTD(1)),\n"
        + "    INDEX idx_trace_id TraceId TYPE bloom_filter(0.001) GRANULARITY 1,\n"
        + "    INDEX idx_res_attr_key mapKeys(ResourceAttributes) TYPE bloom_filter(0.01) GRANULARITY 1,\n"
        + "    INDEX idx_res_attr_value mapValues(ResourceAttributes) TYPE bloom_filter(0.01) GRANULARITY 1,\n"
        + "    INDEX idx_span_attr_key mapKeys(SpanAttributes) TYPE bloom_filter(0.01) GRANULARITY 1,\n"
        + "    INDEX idx_span_attr_value mapValues(SpanAttributes) TYPE bloom_filter(0.01) GRANULARITY 1,\n"
        + "    INDEX idx_duration Duration TYPE minmax GRANULARITY 1\n"
        + ") ENGINE = MergeTree()\n"
        + "PARTITION BY toDate(Timestamp)\n"
        + "ORDER BY (ServiceName, SpanName, toDateTime(Timestamp))\n"
        + "SETTINGS index_granularity = 8192, ttl_only_drop_parts = 1";
  }
}
