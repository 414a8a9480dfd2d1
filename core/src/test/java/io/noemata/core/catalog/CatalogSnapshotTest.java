package io.noemata.core.catalog;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class CatalogSnapshotTest {

  private static final TableName LOGS = new TableName("otel", "otel_logs");
  private static final MaterializedColumn POD = new MaterializedColumn(
      "__otel_materialized_k8s.pod.name", "LowCardinality(String)", "ResourceAttributes['k8s.pod.name']");

  private static TableInfo logs(List<MaterializedColumn> columns, List<Projection> projections) {
    return new TableInfo(LOGS,
        Map.of("ServiceName", "LowCardinality(String)", "Body", "String", POD.name(), POD.type()),
        columns, List.of(), projections, List.of());
  }

  @Test
  void findsTablesAndTheirStoredColumns() {
    CatalogSnapshot snapshot = CatalogSnapshot.of(7, List.of(logs(List.of(POD), List.of())));
    assertEquals(7, snapshot.version());
    TableInfo t = snapshot.table(LOGS).orElseThrow();
    assertEquals(POD, t.materializedColumn(POD.name()).orElseThrow());
    assertTrue(snapshot.table(new TableName("otel", "otel_traces")).isEmpty());
  }

  @Test
  void refusesInconsistentFacts() {
    MaterializedColumn unlisted = new MaterializedColumn("x", "String", "m['x']");
    assertThrows(IllegalArgumentException.class, () -> logs(List.of(unlisted), List.of()));
    assertThrows(IllegalArgumentException.class,
        () -> CatalogSnapshot.of(1, List.of(logs(List.of(), List.of()), logs(List.of(), List.of()))));
    assertThrows(IllegalArgumentException.class, () -> new MaterializedColumn("c", "String", " "));
    assertThrows(IllegalArgumentException.class, () -> new TableName("", "t"));
    assertThrows(IllegalArgumentException.class, () -> rollup(Duration.ofMillis(1500)));
    assertEquals(Duration.ofMinutes(1), rollup(Duration.ofMinutes(1)).grain());
  }

  @Test
  void aSelectStarProjectionStoresOrdinaryColumnsOnly() {
    Projection star = new Projection("p", List.of("ServiceName"), List.of());
    Projection narrow = new Projection("q", List.of("ServiceName"), List.of(POD.name()));
    TableInfo t = logs(List.of(POD), List.of(star, narrow));
    assertTrue(star.stores("Body", t));
    assertFalse(star.stores(POD.name(), t));
    assertTrue(narrow.stores(POD.name(), t));
    assertTrue(narrow.stores("ServiceName", t));
    assertFalse(narrow.stores("Body", t));
  }

  private static Rollup rollup(Duration grain) {
    return new Rollup("r_logs", "noemata_rollup_logs_r_logs", "noemata_rollup_logs_r_logs__0123abcd",
        "0123abcd", grain, "Timestamp", "bucket", List.of("ServiceName"),
        List.of(new Measure("LogCount", "count()", "LogCount", "AggregateFunction(count)")),
        Instant.parse("2024-06-03T00:00:00Z"), null);
  }
}
