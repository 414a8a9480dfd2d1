package io.noemata.core.sql;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class QueryParserTest {

  private static Query.Select select(String sql) {
    ParseResult<Statement> r = SqlParser.parse(sql);
    assertNull(r.refusal(), sql);
    SpanChecks.check(sql, r.node());
    return (Query.Select) r.node().query();
  }

  @Test
  void finalIsNotAnAliasAndArrayJoinIsNotAJoin() {
    Query.Select s = select("SELECT a FROM db.t FINAL ARRAY JOIN arr AS a");
    TableExpr.Table t = (TableExpr.Table) s.from();
    assertEquals("db", t.database());
    assertEquals("t", t.table());
    assertNull(t.alias());
    assertTrue(t.fin());
    assertEquals(1, s.arrayJoins().size());
    assertEquals("(AS arr a)", Sexpr.of(s.arrayJoins().get(0).items().get(0)));
  }

  @Test
  void readsEveryClauseInPlace() {
    String sql = "WITH 5 AS k, top AS (SELECT 1) SELECT DISTINCT x AS y, count() c FROM t AS a"
        + " PREWHERE p = 1 WHERE w GROUP BY y WITH ROLLUP WITH TOTALS HAVING c > k"
        + " ORDER BY y DESC NULLS LAST WITH FILL STEP 10, c LIMIT 2 BY y LIMIT 10 OFFSET 5"
        + " SETTINGS max_threads = 2, additional_table_filters = {'t': 'x = \\'a\\''} FORMAT JSON;";
    ParseResult<Statement> r = SqlParser.parse(sql);
    assertNull(r.refusal());
    SpanChecks.check(sql, r.node());
    Query.Select s = (Query.Select) r.node().query();
    assertEquals(List.of("k", "top"), s.with().stream().map(Clause.With::name).toList());
    assertTrue(s.distinct());
    assertEquals("(AS (count) c)", Sexpr.of(s.items().get(1)));
    assertEquals("a", s.from().alias());
    assertEquals("(= p 1)", Sexpr.of(s.prewhere()));
    assertEquals(List.of("ROLLUP", "TOTALS"), s.groupBy().modifiers());
    assertTrue(s.orderBy().get(0).descending());
    assertTrue(s.orderBy().get(0).fill());
    assertEquals("LAST", s.orderBy().get(0).nulls());
    assertEquals("2", Sexpr.of(s.limitBy().limit()));
    assertEquals("10", Sexpr.of(s.limit()));
    assertEquals("5", Sexpr.of(s.offset()));
    assertEquals(List.of("max_threads", "additional_table_filters"),
        s.settings().items().stream().map(Clause.Setting::name).toList());
    assertEquals("{'t': 'x = \\'a\\''}", s.settings().items().get(1).value());
    assertEquals("JSON", r.node().format());
  }

  @Test
  void aColumnCalledTopIsAColumn() {
    assertEquals("top", Sexpr.of(select("SELECT top, x FROM t").items().get(0)));
    assertEquals("top", Sexpr.of(select("SELECT top FROM t").items().get(0)));
  }

  @Test
  void limitCommaFormPutsTheOffsetFirst() {
    Query.Select s = select("SELECT x FROM t LIMIT 20, 10");
    assertEquals("10", Sexpr.of(s.limit()));
    assertEquals("20", Sexpr.of(s.offset()));
  }

  @Test
  void readsWithTiesAfterTheLimit() {
    Query.Select s = select("SELECT x, count() AS c FROM t GROUP BY x ORDER BY c DESC LIMIT 3 WITH TIES SETTINGS a = 1");
    assertEquals("3", Sexpr.of(s.limit()));
    assertTrue(s.withTies());
    assertEquals(1, s.settings().items().size());
    assertFalse(select("SELECT x FROM t ORDER BY x LIMIT 3").withTies());
  }

  @Test
  void readsTheStandardsOffsetAndFetchAsLimitAndOffset() {
    // Hibernate's and Spring Data's ANSI paging: the same skip and count as LIMIT 10 OFFSET 20
    Query.Select s = select("SELECT x FROM t ORDER BY x OFFSET 20 ROWS FETCH NEXT 10 ROWS ONLY");
    assertEquals("10", Sexpr.of(s.limit()));
    assertEquals("20", Sexpr.of(s.offset()));
    s = select("SELECT x FROM t ORDER BY x DESC FETCH FIRST 1 ROW ONLY SETTINGS a = 1");
    assertEquals("1", Sexpr.of(s.limit()));
    assertNull(s.offset());
    assertEquals(1, s.settings().items().size());
    s = select("SELECT x, count() AS c FROM t GROUP BY x ORDER BY c DESC FETCH FIRST 3 ROWS WITH TIES");
    assertEquals("3", Sexpr.of(s.limit()));
    assertTrue(s.withTies());
    // OFFSET alone, with or without ROWS
    s = select("SELECT x FROM t ORDER BY x OFFSET 5");
    assertNull(s.limit());
    assertEquals("5", Sexpr.of(s.offset()));
    assertEquals("5", Sexpr.of(select("SELECT x FROM t ORDER BY x OFFSET 5 ROWS").offset()));
  }

  @Test
  void readsJoinsAndUnions() {
    ParseResult<Statement> r = SqlParser.parse("SELECT a FROM x AS c GLOBAL ANY LEFT JOIN (SELECT 1 AS a) AS p"
        + " USING (a) UNION ALL SELECT b FROM y, z");
    assertNull(r.refusal());
    Query.Union u = (Query.Union) r.node().query();
    TableExpr.Join j = (TableExpr.Join) u.selects().get(0).from();
    assertEquals("GLOBAL ANY LEFT", j.kind());
    assertEquals("p", j.right().alias());
    assertEquals(",", ((TableExpr.Join) u.selects().get(1).from()).kind());
  }

  @Test
  void groupByAliasesAsHyperDxWritesThem() {
    Query.Select s = select("SELECT count() FROM t GROUP BY toStartOfInterval(ts, INTERVAL 1 minute) AS `b`"
        + " ORDER BY toStartOfInterval(ts, INTERVAL 1 minute) AS `b`");
    assertEquals("(AS (toStartOfInterval ts (INTERVAL 1 minute)) b)", Sexpr.of(s.groupBy().items().get(0)));
    assertEquals("(AS (toStartOfInterval ts (INTERVAL 1 minute)) b)", Sexpr.of(s.orderBy().get(0).expr()));
  }

  @Test
  void readsGrafanasTraceLookupWithEndAsAName() {
    Query.Select s = select("WITH 'abc' as trace_id, (SELECT min(Start) FROM otel_traces_trace_id_ts"
        + " WHERE TraceId = trace_id) as start, (SELECT max(End) + 1 FROM otel_traces_trace_id_ts"
        + " WHERE TraceId = trace_id) as end SELECT TraceId FROM otel_traces WHERE TraceId = trace_id"
        + " AND Timestamp >= start AND Timestamp <= end");
    assertEquals("end", s.with().get(2).name());
    assertEquals("(AND (AND (= TraceId trace_id) (>= Timestamp start)) (<= Timestamp end))", Sexpr.of(s.where()));
    // inside CASE, END closes it: a name "end" there is refused, never misread
    assertFalse(SqlParser.parseExpression("CASE WHEN a THEN end ELSE x END").understood());
  }

  @Test
  void readsTheWindowClauseAfterHavingAndQualifyBeforeOrderBy() {
    Query.Select s = select("SELECT x, row_number() OVER w AS n, count() OVER () AS total FROM t"
        + " WHERE ts >= {from:DateTime64(9)} GROUP BY x HAVING count() > 1"
        + " WINDOW w AS (PARTITION BY x ORDER BY y DESC), v AS () QUALIFY n = 1 ORDER BY x LIMIT 5");
    assertEquals(List.of("w", "v"), s.windows().stream().map(Clause.NamedWindow::name).toList());
    assertEquals("[PARTITION x | ORDER y DESC]", Sexpr.spec(s.windows().get(0).spec()));
    assertEquals("(AS (OVER (row_number) w) n)", Sexpr.of(s.items().get(1)));
    assertEquals("(AS (OVER (count) []) total)", Sexpr.of(s.items().get(2)));
    assertEquals("(= n 1)", Sexpr.of(s.qualify()));
    assertEquals("(>= ts {from:DateTime64(9)})", Sexpr.of(s.where()));
    assertEquals("5", Sexpr.of(s.limit()));
    // the WINDOW clause's keys and QUALIFY are the level's own expressions, after HAVING
    assertEquals(List.of("x", "(OVER (row_number) w)", "(OVER (count) [])", "(>= ts {from:DateTime64(9)})", "x",
            "(> (count) 1)", "x", "y", "(= n 1)", "x"),
        s.ownExpressions().stream().map(e -> Sexpr.of(Expr.unaliased(e))).toList());
  }

  @Test
  void readsGroupingSetsRollupAndCube() {
    Query.Select s = (Query.Select) SqlParser.parse("SELECT a, b, count() FROM t GROUP BY GROUPING SETS ((a, b), c, ()) WITH TOTALS").node().query();
    assertEquals(Clause.GroupingForm.GROUPING_SETS, s.groupBy().form());
    assertEquals(List.of("a", "b", "c"), s.groupBy().items().stream().map(Sexpr::of).toList());
    assertEquals(List.of(2, 1, 0), s.groupBy().sets().stream().map(List::size).toList());
    assertEquals(List.of("TOTALS"), s.groupBy().modifiers());
    Query.Select r = (Query.Select) SqlParser.parse("SELECT a, count() FROM t GROUP BY rollup(a, toStartOfHour(ts)) ORDER BY a").node().query();
    assertEquals(Clause.GroupingForm.ROLLUP, r.groupBy().form());
    assertEquals(List.of("a", "(toStartOfHour ts)"), r.groupBy().items().stream().map(Sexpr::of).toList());
    assertEquals(1, r.orderBy().size());
    Query.Select c = (Query.Select) SqlParser.parse("SELECT a FROM t GROUP BY CUBE(a, b)").node().query();
    assertEquals(Clause.GroupingForm.CUBE, c.groupBy().form());
    assertFalse(c.groupBy().oneGrouping());
  }

  @ParameterizedTest(name = "{0}")
  @ValueSource(strings = {
      "INSERT INTO t VALUES (1)",
      "SELECT 1; SELECT 2",
      "SELECT * EXCEPT (a) FROM t",
      "SELECT a FROM t UNION SELECT b FROM u",
      "SELECT a FROM t INTERSECT SELECT b FROM u",
      "SELECT a FROM t ORDER BY a WINDOW w AS (ORDER BY a)",
      "SELECT a FROM t QUALIFY a WINDOW w AS (ORDER BY a)",
      "SELECT a FROM t WINDOW w (ORDER BY a)",
      "SELECT a FROM t WHERE b = {t:Identifier}",
      "SELECT a FROM {t:Identifier}",
      "SELECT {fn now()} FROM t",
      "SELECT a FROM t WHERE ts > {ts '2024-01-01 00:00:00'}",
      "SELECT a FROM t ORDER BY a WITH FILL INTERPOLATE (b)",
      "SELECT a FROM t LIMIT 1 WITH TIES",  // no ORDER BY: the server refuses it too
      // FETCH without ORDER BY, or after an OFFSET without ROWS: the server refuses them too; WITH TIES after
      // an OFFSET and a FETCH without ONLY are not read
      "SELECT a FROM t FETCH FIRST 2 ROWS ONLY",
      "SELECT a FROM t ORDER BY a OFFSET 2 FETCH NEXT 1 ROW ONLY",
      "SELECT a FROM t ORDER BY a OFFSET 2 ROWS FETCH NEXT 1 ROW WITH TIES",
      "SELECT a FROM t ORDER BY a FETCH FIRST 2 ROWS",
      "SELECT a FROM t ORDER BY a LIMIT 1 BY b WITH TIES",
      "SELECT a FROM t GROUP BY ROLLUP(a), b",
      "SELECT a FROM t GROUP BY GROUPING SETS ((a + b) * 2)",
      "SELECT a FROM t JOIN u",
      "SELECT a FROM t INTO OUTFILE 'x'",
      "WITH RECURSIVE r AS (SELECT 1) SELECT * FROM r",
      "SELECT DISTINCT ON (a) a FROM t",
      "SELECT TOP 10 a FROM t",
      "SELECT a FROM (t JOIN u ON t.a = u.a)",
      "SELECT 'open",
      "SELECT a FROM t /* open comment",
      "SELECT x end FROM t",
      "EXPLAIN SELECT 1",
  })
  void refusesWhatItDoesNotUnderstand(String sql) {
    ParseResult<Statement> r = SqlParser.parse(sql);
    assertFalse(r.understood());
    assertTrue(r.refusalOffset() >= 0 && r.refusalOffset() <= sql.length());
  }
}
