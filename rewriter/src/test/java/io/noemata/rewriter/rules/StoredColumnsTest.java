package io.noemata.rewriter.rules;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.noemata.core.catalog.CatalogSnapshot;
import io.noemata.core.catalog.Projection;
import io.noemata.rewriter.syntax.Edit;
import io.noemata.rewriter.OtelCatalog;
import io.noemata.rewriter.provenance.ResourceUse;
import io.noemata.rewriter.provenance.StoredColumnUse;
import io.noemata.rewriter.provenance.KeptReason;
import io.noemata.core.sql.ParseResult;
import io.noemata.core.sql.SqlParser;
import io.noemata.core.sql.Statement;
import java.util.List;
import org.junit.jupiter.api.Test;

class StoredColumnsTest {

  private static final String POD = "`__otel_materialized_k8s.pod.name`";

  private static StoredColumns.Result apply(String sql, CatalogSnapshot snapshot, String database) {
    ParseResult<Statement> parsed = SqlParser.parse(sql);
    assertTrue(parsed.understood(), parsed::refusal);
    return StoredColumns.apply(parsed.node(), sql, snapshot, database);
  }

  private static String rewrite(String sql) {
    return Edit.apply(sql, apply(sql, OtelCatalog.snapshot(), "otel").edits());
  }

  private static List<KeptReason> keptReasons(String sql) {
    return apply(sql, OtelCatalog.snapshot(), "otel").uses().stream()
        .map(u -> u instanceof ResourceUse.Kept k ? k.reason() : null).toList();
  }

  @Test
  void readsTheColumnInEveryClauseAndInsideAggregatesAndIfConditions() {
    String sql = "SELECT any(ResourceAttributes['k8s.pod.name']) AS p,"
        + " countIf(ResourceAttributes['k8s.pod.name'] = 'a') AS n FROM otel_logs"
        + " PREWHERE ResourceAttributes['k8s.pod.name'] != '' WHERE ResourceAttributes['k8s.pod.name'] LIKE 'a%'"
        + " GROUP BY ResourceAttributes['k8s.pod.name'] HAVING max(ResourceAttributes['k8s.pod.name']) > ''"
        + " ORDER BY ResourceAttributes['k8s.pod.name'] LIMIT 1 BY ResourceAttributes['k8s.pod.name']";
    assertEquals("SELECT any(CAST(" + POD + " AS String)) AS p, countIf(" + POD + " = 'a') AS n FROM otel_logs"
        + " PREWHERE " + POD + " != '' WHERE " + POD + " LIKE 'a%' GROUP BY " + POD + " HAVING max(" + POD
        + ") > '' ORDER BY " + POD + " LIMIT 1 BY " + POD, rewrite(sql));
  }

  @Test
  void readsQualifiedAndFunctionFormsOfTheSubscript() {
    // in a select item even a comparison keeps its type only with the cast: lc = 'a' is LowCardinality(UInt8)
    assertEquals("SELECT CAST(" + POD + " AS String) = 'a' AS x FROM otel.otel_logs AS l WHERE " + POD + " != ''"
            + " AND " + POD + " != '' AND " + POD + " != ''",
        rewrite("SELECT l.ResourceAttributes['k8s.pod.name'] = 'a' AS x FROM otel.otel_logs AS l"
            + " WHERE arrayElement(l.`ResourceAttributes`, 'k8s.pod.name') != ''"
            + " AND `l`.ResourceAttributes['k8s.pod.name'] != '' AND ResourceAttributes['k8s.pod.name'] != ''"));
    assertEquals("SELECT count() FROM `otel`.`otel_logs` WHERE " + POD + " = 'a' AND " + POD + " = 'b'",
        rewrite("SELECT count() FROM `otel`.`otel_logs` WHERE `otel`.`otel_logs`.`ResourceAttributes`['k8s.pod.name']"
            + " = 'a' AND otel_logs.ResourceAttributes['k8s.pod.name'] = 'b'"));
  }

  @Test
  void readsTheColumnInCtesAndSubqueriesThatReadTheTable() {
    String sql = "WITH top AS (SELECT ResourceAttributes['k8s.pod.name'] AS pod, count() AS c FROM otel.otel_logs"
        + " GROUP BY pod) SELECT * FROM top WHERE pod IN (SELECT ResourceAttributes['k8s.pod.name'] AS q"
        + " FROM otel.otel_logs WHERE ResourceAttributes['k8s.node.name'] = 'n1')";
    assertEquals("WITH top AS (SELECT CAST(" + POD + " AS String) AS pod, count() AS c FROM otel.otel_logs"
        + " GROUP BY pod) SELECT * FROM top WHERE pod IN (SELECT CAST(" + POD + " AS String) AS q"
        + " FROM otel.otel_logs WHERE `__otel_materialized_k8s.node.name` = 'n1')", rewrite(sql));
    List<StoredColumnUse> uses = apply(sql, OtelCatalog.snapshot(), "otel").uses();
    assertEquals(List.of(2, 3, 3), uses.stream().map(StoredColumnUse::level).toList());
  }

  @Test
  void neverTouchesStringsCommentsOrSettings() {
    String sql = "SELECT Body -- ResourceAttributes['k8s.pod.name']\n"
        + "FROM otel.otel_logs /* ResourceAttributes['k8s.pod.name'] */"
        + " WHERE position(Body, 'ResourceAttributes[''k8s.pod.name'']') > 0 AND ResourceAttributes['k8s.pod.name'] = 'x'"
        + " SETTINGS additional_table_filters = {'otel.otel_logs': 'ResourceAttributes[\\'k8s.pod.name\\'] = \\'x\\''}";
    String expected = sql.replace("AND ResourceAttributes['k8s.pod.name'] = 'x'", "AND " + POD + " = 'x'");
    assertEquals(expected, rewrite(sql));
    assertEquals(1, apply(sql, OtelCatalog.snapshot(), "otel").uses().size());
  }

  @Test
  void leavesParametersInPlaceAndNeverReadsAParameterKey() {
    assertEquals("SELECT count() FROM otel.otel_logs WHERE " + POD + " = ? AND ResourceAttributes[?] = ?"
            + " AND ResourceAttributes[{k:String}] = {v:String}",
        rewrite("SELECT count() FROM otel.otel_logs WHERE ResourceAttributes['k8s.pod.name'] = ?"
            + " AND ResourceAttributes[?] = ? AND ResourceAttributes[{k:String}] = {v:String}"));
  }

  @Test
  void readsTheColumnInsideWindowsTheWindowClauseAndQualifyNextToQueryParameters() {
    String sql = "SELECT Timestamp, any(ResourceAttributes['k8s.pod.name']) OVER (PARTITION BY"
        + " ResourceAttributes['k8s.pod.name'] ORDER BY Timestamp ROWS BETWEEN 1 PRECEDING AND CURRENT ROW) AS p,"
        + " count() OVER w AS n FROM otel.otel_logs WHERE ServiceName = {svc:String}"
        + " AND Timestamp >= {from:DateTime64(9)} AND ResourceAttributes['k8s.pod.name'] != {pod:String}"
        + " WINDOW w AS (PARTITION BY ResourceAttributes['k8s.pod.name']) QUALIFY ResourceAttributes['k8s.pod.name'] != ''";
    // only the window function's value reaches the result: its argument keeps the map's type, its keys need no cast
    assertEquals("SELECT Timestamp, any(CAST(" + POD + " AS String)) OVER (PARTITION BY " + POD
        + " ORDER BY Timestamp ROWS BETWEEN 1 PRECEDING AND CURRENT ROW) AS p, count() OVER w AS n FROM otel.otel_logs"
        + " WHERE ServiceName = {svc:String} AND Timestamp >= {from:DateTime64(9)} AND " + POD + " != {pod:String}"
        + " WINDOW w AS (PARTITION BY " + POD + ") QUALIFY " + POD + " != ''", rewrite(sql));
  }

  @Test
  void readsTheCastWhereverTheLevelIsGroupedByTheCastAlone() {
    // GROUP BY pod groups by the cast: a bare column read from the groups is no key (NOT_AN_AGGREGATE, measured on 26.5)
    String sub = "ResourceAttributes['k8s.pod.name']";
    String cast = "CAST(" + POD + " AS String)";
    assertEquals("SELECT " + cast + " AS pod, count() AS n, uniq(" + POD + ") AS u, rank() OVER (ORDER BY " + cast
            + ") AS r FROM otel.otel_logs WHERE " + POD + " != '' GROUP BY pod HAVING " + cast + " != 'a' ORDER BY "
            + cast, rewrite("SELECT " + sub + " AS pod, count() AS n, uniq(" + sub + ") AS u, rank() OVER (ORDER BY "
            + sub + ") AS r FROM otel.otel_logs WHERE " + sub + " != '' GROUP BY pod HAVING " + sub + " != 'a'"
            + " ORDER BY " + sub));
    // grouped by the column itself, the bare column is the key
    assertEquals("SELECT " + cast + " AS pod, count() AS n FROM otel.otel_logs GROUP BY " + POD + " ORDER BY " + POD,
        rewrite("SELECT " + sub + " AS pod, count() AS n FROM otel.otel_logs GROUP BY " + sub + " ORDER BY " + sub));
  }

  @Test
  void keepsTheSubscriptsOfAnUnaliasedWindowItemWhoseNameItCannotSpell() {
    String sql = "SELECT count() OVER (PARTITION BY ResourceAttributes['k8s.pod.name']) FROM otel.otel_logs";
    assertEquals(sql, rewrite(sql));
    assertEquals(List.of(KeptReason.RESULT_NAME), keptReasons(sql));
  }

  @Test
  void keepsTheSubscriptWhenTheQueryBindsTheMapName() {
    String sql = "SELECT LogAttributes AS ResourceAttributes, ResourceAttributes['k8s.pod.name'] AS p FROM otel.otel_logs";
    assertEquals(sql, rewrite(sql));
    assertEquals(List.of(KeptReason.BOUND_NAME), keptReasons(sql));
    String with = "WITH LogAttributes AS ResourceAttributes SELECT ResourceAttributes['k8s.pod.name'] AS p"
        + " FROM otel.otel_logs";
    assertEquals(with, rewrite(with));
    assertEquals(List.of(KeptReason.BOUND_NAME), keptReasons(with));
  }

  @Test
  void keepsTheSubscriptWhenTheColumnNameIsBound() {
    String sql = "SELECT Body AS `__otel_materialized_k8s.pod.name` FROM otel.otel_logs"
        + " WHERE ResourceAttributes['k8s.pod.name'] = 'x'";
    assertEquals(sql, rewrite(sql));
    assertEquals(List.of(KeptReason.COLUMN_NAME_BOUND), keptReasons(sql));
  }

  @Test
  void leavesLambdaParametersAlone() {
    String sql = "SELECT arrayMap(ResourceAttributes -> ResourceAttributes['k8s.pod.name'], [LogAttributes]) AS x"
        + " FROM otel.otel_logs";
    assertEquals(sql, rewrite(sql));
    assertEquals(List.of(), keptReasons(sql));
  }

  @Test
  void keepsSubscriptsWhenTheLevelDoesNotReadTheTableAlone() {
    String join = "SELECT l.ResourceAttributes['k8s.pod.name'] AS pod, count() AS n FROM otel.otel_logs AS l"
        + " INNER JOIN otel.otel_traces AS t ON l.TraceId = t.TraceId GROUP BY pod";
    assertEquals(join, rewrite(join));
    assertEquals(List.of(KeptReason.TABLE_NOT_ALONE), keptReasons(join));
    String arrayJoin = "SELECT ResourceAttributes['k8s.pod.name'] AS pod, a FROM otel.otel_logs"
        + " ARRAY JOIN mapKeys(LogAttributes) AS a";
    assertEquals(arrayJoin, rewrite(arrayJoin));
    assertEquals(List.of(KeptReason.TABLE_NOT_ALONE), keptReasons(arrayJoin));
  }

  @Test
  void keepsSubscriptsOfOtherTablesAndDatabases() {
    String traces = "SELECT ResourceAttributes['k8s.pod.name'] AS pod FROM otel.otel_traces";
    assertEquals(traces, rewrite(traces));
    String otherDb = "SELECT ResourceAttributes['k8s.pod.name'] AS pod FROM otel_logs";
    assertEquals(otherDb, Edit.apply(otherDb, apply(otherDb, OtelCatalog.snapshot(), "default").edits()));
    String cte = "WITH otel_logs AS (SELECT 1 AS x) SELECT ResourceAttributes['k8s.pod.name'] AS pod FROM otel_logs";
    assertEquals(cte, rewrite(cte));
  }

  @Test
  void keepsAllOccurrencesWhenOneMustStay() {
    // an unaliased IN has no certain result name here, so its subscript stays, and with it the
    // GROUP BY key it must still match
    String sql = "SELECT ResourceAttributes['k8s.pod.name'] IN ('a', 'b'), count() AS n FROM otel.otel_logs"
        + " GROUP BY ResourceAttributes['k8s.pod.name']";
    assertEquals(sql, rewrite(sql));
    assertEquals(List.of(KeptReason.RESULT_NAME, KeptReason.RESULT_NAME), keptReasons(sql));
  }

  @Test
  void keepsSubscriptsWhenTheMapItselfIsAGroupingKey() {
    String sql = "SELECT ResourceAttributes['k8s.pod.name'] AS pod, count() AS n FROM otel.otel_logs"
        + " GROUP BY ResourceAttributes";
    assertEquals(sql, rewrite(sql));
    assertEquals(List.of(KeptReason.MAP_GROUPED), keptReasons(sql));
  }

  @Test
  void keepsSubscriptsAWithExpressionAlsoReads() {
    String sql = "WITH ResourceAttributes['k8s.pod.name'] AS pod SELECT pod, count() AS n FROM otel.otel_logs"
        + " GROUP BY ResourceAttributes['k8s.pod.name']";
    assertEquals(sql, rewrite(sql));
    assertEquals(List.of(KeptReason.WITH_EXPRESSION), keptReasons(sql));
  }

  @Test
  void keepsTheOnlyProjectionThatServesAFilterOnItsLeadingColumn() {
    String sql = "SELECT Body FROM otel.otel_logs WHERE ServiceName = 'api' AND ResourceAttributes['k8s.pod.name'] = 'x'";
    Projection star = new Projection("by_service", List.of("ServiceName"), List.of());
    CatalogSnapshot withStar = OtelCatalog.snapshot(List.of(star));
    StoredColumns.Result kept = apply(sql, withStar, "otel");
    assertEquals(List.of(), kept.edits());
    assertEquals(KeptReason.PROJECTION, ((ResourceUse.Kept) kept.uses().get(0)).reason());

    Projection storing = new Projection("by_service_pod", List.of("ServiceName"),
        List.of("Body", "ResourceAttributes", "__otel_materialized_k8s.pod.name"));
    StoredColumns.Result substituted = apply(sql, OtelCatalog.snapshot(List.of(star, storing)), "otel");
    assertEquals(1, substituted.edits().size());

    String noFilter = "SELECT Body FROM otel.otel_logs WHERE ResourceAttributes['k8s.pod.name'] = 'x'";
    assertEquals(1, apply(noFilter, withStar, "otel").edits().size());
  }

  @Test
  void keepsTheResultColumnNameOfUnaliasedItems() {
    assertEquals("SELECT CAST(" + POD + " AS String) AS `arrayElement(ResourceAttributes, 'k8s.pod.name')`,"
            + " lower(CAST(" + POD + " AS String)) AS `lower(arrayElement(ResourceAttributes, 'k8s.pod.name'))`,"
            + " CAST(`__otel_materialized_k8s.node.name` AS String)"
            + " AS `arrayElement(ResourceAttributes, 'k8s.node.name')` FROM otel.otel_logs",
        rewrite("SELECT ResourceAttributes['k8s.pod.name'], lower(`ResourceAttributes`['k8s.pod.name']),"
            + " arrayElement(ResourceAttributes, 'k8s.node.name') FROM otel.otel_logs"));
  }

  @Test
  void castsWhereverTheValueCanReachTheResultAndNowhereElse() {
    // a GROUP BY alias can carry the value into the result, and HyperDX repeats one alias in three
    // clauses: all three must stay one expression
    assertEquals("SELECT CAST(" + POD + " AS String) AS p, count() AS n, uniq(" + POD + ") AS u,"
            + " sumIf(1, " + POD + " != '') AS s, multiIf(1, 'x', CAST(" + POD + " AS String)) AS m"
            + " FROM otel.otel_logs GROUP BY CAST(" + POD + " AS String) AS p ORDER BY CAST(" + POD + " AS String) AS p",
        rewrite("SELECT ResourceAttributes['k8s.pod.name'] AS p, count() AS n, uniq(ResourceAttributes['k8s.pod.name']) AS u,"
            + " sumIf(1, ResourceAttributes['k8s.pod.name'] != '') AS s, multiIf(1, 'x', ResourceAttributes['k8s.pod.name']) AS m"
            + " FROM otel.otel_logs GROUP BY ResourceAttributes['k8s.pod.name'] AS p ORDER BY ResourceAttributes['k8s.pod.name'] AS p"));
  }

  @Test
  void namesAnUnaliasedIfConditionAsClickHouseDoes() {
    assertEquals("SELECT countIf(" + POD + " = 'a') AS `countIf(equals(arrayElement(ResourceAttributes, 'k8s.pod.name'), 'a'))`"
            + " FROM otel.otel_logs",
        rewrite("SELECT countIf(ResourceAttributes['k8s.pod.name'] = 'a') FROM otel.otel_logs"));
  }

  @Test
  void keepsItemsWhoseResultNameWouldRepeatOrCollide() {
    String twice = "SELECT ResourceAttributes['k8s.pod.name'], arrayElement(ResourceAttributes, 'k8s.pod.name')"
        + " FROM otel.otel_logs";
    assertEquals(twice, rewrite(twice));
    assertEquals(List.of(KeptReason.RESULT_NAME, KeptReason.RESULT_NAME), keptReasons(twice));
    String collides = "SELECT ResourceAttributes['k8s.pod.name'], Body AS `arrayElement(ResourceAttributes, 'k8s.pod.name')`"
        + " FROM otel.otel_logs";
    assertEquals(collides, rewrite(collides));
  }
}
