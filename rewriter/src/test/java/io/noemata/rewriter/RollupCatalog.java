package io.noemata.rewriter;

import io.noemata.core.catalog.CatalogSnapshot;
import io.noemata.core.catalog.Measure;
import io.noemata.core.catalog.Rollup;
import io.noemata.core.catalog.TableInfo;
import io.noemata.core.catalog.TableName;
import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The corpus header's two 1-minute rollups as a ready ledger would report them (names, state
 * columns and types per {@link Measure}'s contract and the installer's MeasureStorage: count as
 * {@code SimpleAggregateFunction(sum, UInt64)}, avg as {@code __sum}/{@code __count} pairs, uniq and
 * quantile as {@code AggregateFunction} states, the bucket in {@code bucket}), on top of
 * {@link OtelCatalog}'s stored columns. Covered from 2024-05-01: the corpus project keeps no
 * retention and the backfill reached the oldest source row, so nothing older exists.
 */
public final class RollupCatalog {

  public static final String LOGS_VIEW = "noemata_rollup_logs_r_logs";
  public static final String TRACES_VIEW = "noemata_rollup_traces_r_traces";
  public static final String LOGS_HASH = "1a2b3c4d";
  public static final String TRACES_HASH = "5e6f7a8b";
  public static final Instant COVERED_FROM = Instant.parse("2024-05-01T00:00:00Z");

  private RollupCatalog() {}

  public static Rollup logsRollup(Instant from, Instant until) {
    return new Rollup("r_logs", LOGS_VIEW, LOGS_VIEW + "__" + LOGS_HASH, LOGS_HASH, Duration.ofMinutes(1),
        "Timestamp", "bucket", List.of("ServiceName", "SeverityText"), List.of(
            new Measure("LogCount", "count()", "LogCount", "SimpleAggregateFunction(sum, UInt64)"),
            new Measure("UniqTraces", "uniq(TraceId)", "UniqTraces", "AggregateFunction(uniq, String)")),
        from, until);
  }

  public static Rollup tracesRollup(Instant from, Instant until) {
    return new Rollup("r_traces", TRACES_VIEW, TRACES_VIEW + "__" + TRACES_HASH, TRACES_HASH, Duration.ofMinutes(1),
        "Timestamp", "bucket", List.of("ServiceName", "StatusCode"), List.of(
            new Measure("SpanCount", "count()", "SpanCount", "SimpleAggregateFunction(sum, UInt64)"),
            new Measure("AvgDuration", "sum(Duration)", "AvgDuration__sum", "SimpleAggregateFunction(sum, UInt64)"),
            new Measure("AvgDuration", "count(Duration)", "AvgDuration__count", "SimpleAggregateFunction(sum, UInt64)"),
            new Measure("P99Duration", "quantile(0.99)(Duration)", "P99Duration",
                "AggregateFunction(quantile(0.99), UInt64)"),
            new Measure("UniqTraces", "uniq(TraceId)", "UniqTraces", "AggregateFunction(uniq, String)")),
        from, until);
  }

  /** Both rollups ready and covering everything from {@link #COVERED_FROM} on. */
  public static CatalogSnapshot snapshot() {
    return snapshot(List.of(logsRollup(COVERED_FROM, null)), List.of(tracesRollup(COVERED_FROM, null)));
  }

  public static CatalogSnapshot snapshot(List<Rollup> logs, List<Rollup> traces) {
    TableInfo l = OtelCatalog.logs(List.of());
    TableInfo logsInfo = new TableInfo(l.name(), l.columnTypes(), l.materializedColumns(), l.skipIndexes(),
        l.projections(), logs);
    return CatalogSnapshot.of(2, List.of(logsInfo, traces(traces)));
  }

  private static TableInfo traces(List<Rollup> rollups) {
    Map<String, String> types = new LinkedHashMap<>();
    types.put("Timestamp", "DateTime64(9)");
    types.put("TraceId", "String");
    types.put("SpanId", "String");
    types.put("ParentSpanId", "String");
    types.put("TraceState", "String");
    types.put("SpanName", "LowCardinality(String)");
    types.put("SpanKind", "LowCardinality(String)");
    types.put("ServiceName", "LowCardinality(String)");
    types.put("ResourceAttributes", "Map(LowCardinality(String), String)");
    types.put("ScopeName", "String");
    types.put("ScopeVersion", "String");
    types.put("SpanAttributes", "Map(LowCardinality(String), String)");
    types.put("Duration", "UInt64");
    types.put("StatusCode", "LowCardinality(String)");
    types.put("StatusMessage", "String");
    return new TableInfo(new TableName("otel", "otel_traces"), types, List.of(), List.of(), List.of(), rollups);
  }
}
