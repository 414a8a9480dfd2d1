package io.noemata.rewriter.rules;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.noemata.rewriter.syntax.Edit;
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

/** The rule alone on corpus/queries.sql: exact output for every `column` query, nothing else touched. */
class StoredColumnsCorpusTest {

  private static final String POD = "`__otel_materialized_k8s.pod.name`";
  private static final String CLUSTER = "`__otel_materialized_k8s.cluster.name`";
  private static final String NS = "`__otel_materialized_k8s.namespace.name`";
  private static final String CONTAINER = "`__otel_materialized_k8s.container.name`";
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
        Arguments.of("graf-logs-namespace-filter", new String[] {
            "ResourceAttributes['k8s.namespace.name'] = 'platform'", NS + " = 'platform'"}),
        Arguments.of("hdx-search-pod-substring", new String[] {
            "`ResourceAttributes`['k8s.pod.name'] ILIKE", POD + " ILIKE"}),
        Arguments.of("hand-arrayelement-container", new String[] {
            "SELECT arrayElement(ResourceAttributes, 'k8s.container.name') AS container",
            "SELECT CAST(" + CONTAINER + " AS String) AS container",
            "AND arrayElement(ResourceAttributes, 'k8s.container.name') != 'email'", "AND " + CONTAINER + " != 'email'",
            "GROUP BY arrayElement(ResourceAttributes, 'k8s.container.name')", "GROUP BY " + CONTAINER}),
        Arguments.of("hand-http-status-by-level", new String[] {
            "SELECT LogAttributes['http.status_code'] AS code", "SELECT CAST(" + STATUS + " AS String) AS code",
            "AND LogAttributes['http.status_code'] LIKE", "AND " + STATUS + " LIKE"}),
        Arguments.of("dbeaver-unaliased-subscripts", new String[] {
            "SELECT ResourceAttributes['k8s.cluster.name'], ResourceAttributes['k8s.namespace.name'], count()",
            "SELECT CAST(" + CLUSTER + " AS String) AS `arrayElement(ResourceAttributes, 'k8s.cluster.name')`, CAST("
                + NS + " AS String) AS `arrayElement(ResourceAttributes, 'k8s.namespace.name')`, count()",
            "GROUP BY ResourceAttributes['k8s.cluster.name'], ResourceAttributes['k8s.namespace.name']",
            "GROUP BY " + CLUSTER + ", " + NS}),
        Arguments.of("hand-env-and-foreign-keys", new String[] {
            "SELECT ResourceAttributes['deployment.environment.name'] AS environment",
            "SELECT CAST(" + ENV + " AS String) AS environment",
            "AND ResourceAttributes['deployment.environment.name'] = 'staging'", "AND " + ENV + " = 'staging'"}));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("columnQueries")
  void substitutesEveryEligibleSubscriptOfAColumnQuery(String id, String[] replacements) {
    String sql = Corpus.byId(Corpus.queries(), id).orElseThrow().sql();
    String expected = replaced(sql, replacements);
    assertEquals(expected, rewrite(sql));
    assertTrue(apply(sql).uses().stream().allMatch(StoredColumnUse::substituted));
  }

  @Test
  void theColumnQueriesAreExactlyTheOnesChanged() {
    List<String> changed = new ArrayList<>();
    List<String> labelledColumn = new ArrayList<>();
    for (Corpus.Entry e : Corpus.queries()) {
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
    String sql = Corpus.byId(Corpus.queries(), "hand-env-and-foreign-keys").orElseThrow().sql();
    String out = rewrite(sql);
    assertTrue(out.contains("LogAttributes['k8s.node.name'] AS node_in_log"));
    assertTrue(out.contains("ScopeAttributes['telemetry.sdk.language'] AS sdk"));
    assertEquals(2, apply(sql).uses().size());
  }
}
