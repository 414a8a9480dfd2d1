package io.noemata.rewriter.rules;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.noemata.rewriter.Edit;
import io.noemata.rewriter.OtelCatalog;
import io.noemata.rewriter.provenance.StoredColumnUse;
import io.noemata.core.corpus.Corpus;
import io.noemata.core.sql.SqlParser;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** The rule alone on the shared corpus: exact output for every `column` query, nothing else touched. */
class StoredColumnsCorpusTest {

  private static final String POD = "`__otel_materialized_k8s.pod.name`";
  private static final String NODE = "`__otel_materialized_k8s.node.name`";
  private static final String NS = "`__otel_materialized_k8s.namespace.name`";
  private static final String DEPLOYMENT = "`__otel_materialized_k8s.deployment.name`";
  private static final String ENV = "`__otel_materialized_deployment.environment.name`";
  private static final String STATUS = "`" + OtelCatalog.STATUS_COLUMN + "`";

  static StoredColumns.Result apply(String sql) {
    return StoredColumns.apply(SqlParser.parse(sql).node(), sql, OtelCatalog.snapshot(), "otel");
  }

  static String rewrite(String sql) {
    return Edit.apply(sql, apply(sql).edits());
  }

  /** {@code sql} with each {@code old -> new} pair replaced everywhere, each required to occur. */
  private static String replaced(String sql, String... pairs) {
    String out = sql;
    for (int i = 0; i < pairs.length; i += 2) {
      assertTrue(out.contains(pairs[i]), () -> "test data: not in query: " + pairs[0]);
      out = out.replace(pairs[i], pairs[i + 1]);
    }
    return out;
  }

  static Stream<Arguments> columnQueries() {
    return Stream.of(
        Arguments.of("graf-logs-map-filter", new String[] {
            "ResourceAttributes['k8s.namespace.name'] = 'payments'", NS + " = 'payments'"}),
        Arguments.of("hdx-search-rows-podname", new String[] {
            "`ResourceAttributes`['k8s.pod.name'] ILIKE", POD + " ILIKE"}),
        Arguments.of("hand-arrayelement-groupby", new String[] {
            "SELECT arrayElement(ResourceAttributes, 'k8s.deployment.name') AS deployment",
            "SELECT CAST(" + DEPLOYMENT + " AS String) AS deployment",
            "AND arrayElement(ResourceAttributes, 'k8s.deployment.name') != ''", "AND " + DEPLOYMENT + " != ''",
            "GROUP BY arrayElement(ResourceAttributes, 'k8s.deployment.name')", "GROUP BY " + DEPLOYMENT}),
        Arguments.of("hand-logattr-status", new String[] {
            "SELECT LogAttributes['http.status_code'] AS status", "SELECT CAST(" + STATUS + " AS String) AS status",
            "AND LogAttributes['http.status_code'] IN", "AND " + STATUS + " IN"}),
        Arguments.of("hand-select-subscript-unaliased", new String[] {
            "SELECT ResourceAttributes['k8s.pod.name'], ResourceAttributes['k8s.node.name'], count()",
            "SELECT CAST(" + POD + " AS String) AS `arrayElement(ResourceAttributes, 'k8s.pod.name')`, CAST("
                + NODE + " AS String) AS `arrayElement(ResourceAttributes, 'k8s.node.name')`, count()",
            "GROUP BY ResourceAttributes['k8s.pod.name'], ResourceAttributes['k8s.node.name']",
            "GROUP BY " + POD + ", " + NODE}),
        Arguments.of("hand-mixed-map-keys", new String[] {
            "SELECT ResourceAttributes['deployment.environment.name'] AS env",
            "SELECT CAST(" + ENV + " AS String) AS env",
            "AND ResourceAttributes['deployment.environment.name'] = 'production'", "AND " + ENV + " = 'production'"}));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("columnQueries")
  void substitutesEveryEligibleSubscriptOfAColumnQuery(String id, String[] replacements) {
    String sql = Corpus.byId(Corpus.shared(), id).orElseThrow().sql();
    String expected = replaced(sql, replacements);
    assertEquals(expected, rewrite(sql));
    assertTrue(apply(sql).uses().stream().allMatch(StoredColumnUse::substituted));
  }

  @Test
  void theColumnQueriesAreExactlyTheOnesChanged() {
    List<String> changed = new ArrayList<>();
    List<String> labelledColumn = new ArrayList<>();
    for (Corpus.Entry e : Corpus.shared()) {
      if (e.label().equals("column")) {
        labelledColumn.add(e.id());
      }
      if (!apply(e.sql()).edits().isEmpty()) {
        changed.add(e.id());
      }
    }
    assertEquals(6, labelledColumn.size());
    assertEquals(labelledColumn, changed);
  }

  @Test
  void theMixedQueryKeepsSubscriptsNoColumnHolds() {
    String sql = Corpus.byId(Corpus.shared(), "hand-mixed-map-keys").orElseThrow().sql();
    String out = rewrite(sql);
    assertTrue(out.contains("LogAttributes['k8s.pod.name'] AS pod_from_log"));
    assertTrue(out.contains("ScopeAttributes['otel.library'] AS lib"));
    assertEquals(2, apply(sql).uses().size());
  }
}
