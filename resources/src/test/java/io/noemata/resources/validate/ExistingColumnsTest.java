package io.noemata.resources.validate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.noemata.resources.catalog.PhysicalColumn;
import io.noemata.resources.catalog.PhysicalTable;
import io.noemata.core.expr.ExprParser;
import io.noemata.resources.model.PhysicalName;
import java.util.List;
import org.junit.jupiter.api.Test;

class ExistingColumnsTest {

  @Test
  void exporterColumnSatisfiesAResourceAttributesEntry() throws Exception {
    PhysicalTable t = new PhysicalTable(new PhysicalName("otel", "otel_logs"), "MergeTree", List.of(
        PhysicalColumn.plain("ResourceAttributes", "Map(LowCardinality(String), String)"),
        new PhysicalColumn("__otel_materialized_k8s.pod.name", "LowCardinality(String)", "MATERIALIZED",
            "ResourceAttributes['k8s.pod.name']")));
    assertEquals("__otel_materialized_k8s.pod.name", ExistingColumns.find(
        ExprParser.parse("arrayElement(ResourceAttributes, 'k8s.pod.name')", ExprParser.Mode.ROW), t)
        .orElseThrow().name());
    assertTrue(ExistingColumns.find(ExprParser.parse("LogAttributes['x']", ExprParser.Mode.ROW), t).isEmpty());
  }
}
