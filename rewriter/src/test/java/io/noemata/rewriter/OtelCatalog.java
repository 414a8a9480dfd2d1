package io.noemata.rewriter;

import io.noemata.core.catalog.CatalogSnapshot;
import io.noemata.core.catalog.MaterializedColumn;
import io.noemata.core.catalog.Projection;
import io.noemata.core.catalog.TableInfo;
import io.noemata.core.catalog.TableName;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The snapshot the header of corpus/queries.sql describes: otel.otel_logs (exporter v0.151) with its eight
 * {@code __otel_materialized_*} columns plus the project's column for
 * {@code LogAttributes['http.status_code']}; otel.otel_traces with none.
 */
public final class OtelCatalog {

  public static final TableName LOGS = new TableName("otel", "otel_logs");
  public static final TableName TRACES = new TableName("otel", "otel_traces");
  /** The project's column, named as the installer names columns ({@code __nm_<hash>}). */
  public static final String STATUS_COLUMN = "__nm_5f1c2a9e";

  private static final String ATTRS = "Map(LowCardinality(String), String)";
  private static final List<String> K8S_KEYS = List.of("k8s.cluster.name", "k8s.container.name",
      "k8s.deployment.name", "k8s.namespace.name", "k8s.node.name", "k8s.pod.name", "k8s.pod.uid",
      "deployment.environment.name");

  private OtelCatalog() {}

  public static CatalogSnapshot snapshot() {
    return snapshot(List.of());
  }

  public static CatalogSnapshot snapshot(List<Projection> logsProjections) {
    return CatalogSnapshot.of(1, List.of(logs(logsProjections), traces()));
  }

  public static TableInfo logs(List<Projection> projections) {
    Map<String, String> types = new LinkedHashMap<>();
    types.put("Timestamp", "DateTime64(9)");
    types.put("TraceId", "String");
    types.put("SpanId", "String");
    types.put("TraceFlags", "UInt8");
    types.put("SeverityText", "LowCardinality(String)");
    types.put("SeverityNumber", "UInt8");
    types.put("ServiceName", "LowCardinality(String)");
    types.put("Body", "String");
    types.put("ResourceSchemaUrl", "LowCardinality(String)");
    types.put("ResourceAttributes", ATTRS);
    types.put("ScopeSchemaUrl", "LowCardinality(String)");
    types.put("ScopeName", "String");
    types.put("ScopeVersion", "LowCardinality(String)");
    types.put("ScopeAttributes", ATTRS);
    types.put("LogAttributes", ATTRS);
    types.put("EventName", "String");
    List<MaterializedColumn> stored = new ArrayList<>();
    for (String key : K8S_KEYS) {
      stored.add(new MaterializedColumn("__otel_materialized_" + key, "LowCardinality(String)",
          "ResourceAttributes['" + key + "']"));
    }
    // as an installer-made column would be reported: the function form, backticked
    stored.add(new MaterializedColumn(STATUS_COLUMN, "LowCardinality(String)",
        "arrayElement(`LogAttributes`, 'http.status_code')"));
    stored.forEach(c -> types.put(c.name(), c.type()));
    return new TableInfo(LOGS, types, stored, List.of(), projections, List.of());
  }

  private static TableInfo traces() {
    Map<String, String> types = new LinkedHashMap<>();
    types.put("Timestamp", "DateTime64(9)");
    types.put("ServiceName", "LowCardinality(String)");
    types.put("ResourceAttributes", ATTRS);
    types.put("SpanAttributes", ATTRS);
    types.put("Duration", "UInt64");
    return new TableInfo(TRACES, types, List.of(), List.of(), List.of(), List.of());
  }
}
