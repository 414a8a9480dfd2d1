package io.noemata.core.naming;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.noemata.core.expr.ExprException;
import io.noemata.core.expr.ExprParser;
import io.noemata.core.expr.ExprParser.Mode;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class NamesTest {

  @Test
  void differentKeysHashDifferently() throws ExprException {
    String a = Names.columnName(ExprParser.parse("ResourceAttributes['k8s.pod.name']", Mode.ROW));
    String b = Names.columnName(ExprParser.parse("ResourceAttributes['k8s.node.name']", Mode.ROW));
    assertTrue(a.matches("__nm_[0-9a-f]{16}"), a);
    assertNotEquals(a, b);
    assertEquals(a, Names.columnName(ExprParser.parse("arrayElement(ResourceAttributes,'k8s.pod.name')", Mode.ROW)));
  }

  @Test
  void columnHashFollowsTheDocumentedScheme() throws ExprException {
    String expected = "__nm_" + Names.sha256Hex("noemata/column/v1\nlower(Body)").substring(0, 16);
    assertEquals(expected, Names.columnName(ExprParser.parse("lower(Body)", Mode.ROW)));
  }

  @Test
  void indexAndProjectionHashesFollowTheDocumentedScheme() {
    assertEquals("__nm_" + Names.sha256Hex("noemata/index/v1\nbloom_filter(0.01)\nc").substring(0, 16),
        Names.index("bloom_filter(0.01)", "c"));
    assertEquals("__nm_" + Names.sha256Hex("noemata/projection/v1\na,b\nb").substring(0, 16),
        Names.projection(List.of("a", "b"), List.of("b")));
    assertNotEquals(Names.index("minmax", "c"), Names.projection(List.of("c"), List.of("c")));
  }

  @Test
  void aRollupIsNamedWithTheNamespaceAliasAndKey() {
    String target = Names.rollupTarget("noemata", "logs", "logs_1m", "0123abcd");
    assertEquals("noemata_rollup_logs_logs_1m", Names.stableView("noemata", "logs", "logs_1m"));
    assertEquals("noemata_rollup_logs_logs_1m__0123abcd", target);
    assertEquals("noemata_rollup_logs_logs_1m__0123abcd_mv", Names.materializedView(target));
    assertEquals("noemata_rollup_logs_logs_1m__0123abcd_local", Names.localTarget(target));
  }

  @Test
  void theExportersColumnsHoldResourceAttributesKeysOnly() throws ExprException {
    assertEquals(Optional.of("__otel_materialized_k8s.pod.name"),
        Names.exporterColumn(ExprParser.parse("ResourceAttributes['k8s.pod.name']", Mode.ROW)));
    assertEquals(Optional.empty(), Names.exporterColumn(ExprParser.parse("LogAttributes['k8s.pod.name']", Mode.ROW)));
    assertEquals(Optional.empty(), Names.exporterColumn(ExprParser.parse("lower(Body)", Mode.ROW)));
  }
}
