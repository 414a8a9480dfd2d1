package io.noemata.core.sql;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class PrecedenceParserTest {

  @ParameterizedTest(name = "{0}")
  @CsvSource(delimiterString = " => ", quoteCharacter = '"', value = {
      "a OR b AND NOT c = 1 => (OR a (AND b (NOT (= c 1))))",
      "a + b * c - d => (- (+ a (* b c)) d)",
      "-x * 2 => (* (- x) 2)",
      "x DIV (60 * 5) MOD (2) => (MOD (DIV x (* 60 5)) 2)",
      "a = b IS NULL => (IS NULL (= a b))",
      "x NOT BETWEEN 1 AND 2 AND y => (AND (NOT BETWEEN x 1 2) y)",
      "s NOT ILIKE '%a%' => (NOT ILIKE s '%a%')",
      "x GLOBAL NOT IN (1, 2) => (GLOBAL NOT IN x (TUPLE 1 2))",
      "(a, b) IN (('x', 1)) => (IN (TUPLE a b) (TUPLE 'x' 1))",
      "c ? 1 : (d ? 2 : 3) => (IF c 1 (IF d 2 3))",
      "a = 1 ? x : y => (IF (= a 1) x y)",
      // checked against ClickHouse 26.5's formatQuery: NOT is always the operator
      "not(a) = 1 => (NOT (= a 1))",
      "NOT (a) = 1 => (NOT (= a 1))",
      "NOT a IS NULL => (NOT (IS NULL a))",
      "a BETWEEN 1 AND 2 IS NULL => (IS NULL (BETWEEN a 1 2))",
      "-x::Int32 => (- (CAST x Int32))",
      "x -> x + 1 => (LAMBDA [x] (+ x 1))",
      "arrayMap((k, v) -> v, m) => (arrayMap (LAMBDA [k, v] v) m)",
      "quantile(0.99)(Duration) => (quantile[0.99] Duration)",
      "quantilesIfOrNull(0.5, 0.9)(d, ok) => (quantilesIfOrNull[0.5 0.9] d ok)",
      "count(DISTINCT TraceId) => (count DISTINCT TraceId)",
      "count(*) => (count *)",
      "m['k'] => (SUB m 'k')",
      "`m`['k'] => (SUB m 'k')",
      "t.m['k'][1] => (SUB (SUB t.m 'k') 1)",
      "`otel`.`otel_logs`.`ServiceName` => otel.otel_logs.ServiceName",
      "t.1 => (DOT t 1)",
      "tuple(a).1 => (DOT (tuple a) 1)",
      "x.1.2 => (DOT (DOT x 1) 2)",
      "CAST(x AS Nullable(DateTime64(3, 'UTC'))) => (CAST x Nullable(DateTime64(3, 'UTC')))",
      "CAST(NULL, 'Nullable(Float64)') => (CAST NULL 'Nullable(Float64)')",
      "x::String => (CAST x String)",
      "now() - INTERVAL 1 DAY => (- (now) (INTERVAL 1 DAY))",
      "t + INTERVAL -1 day => (+ t (INTERVAL (- 1) day))",
      "INTERVAL '5 minute' => (INTERVAL '5 minute' null)",
      "CASE WHEN a THEN 1 ELSE 2 END => (CASE a | 1 ELSE 2)",
      "CASE x WHEN 1 THEN 'a' WHEN 2 THEN 'b' END => (CASE x 1 2 | 'a' 'b')",
      "[1, 2, 3] => (ARRAY 1 2 3)",
      "() => (TUPLE )",
      "{svc:String} => {svc:String}",
      "{tz:Nullable(DateTime('UTC'))} >= {ids:Array(LowCardinality(String))}"
          + " => (>= {tz:Nullable(DateTime('UTC'))} {ids:Array(LowCardinality(String))})",
      "count() OVER () => (OVER (count) [])",
      "sum(x) OVER (PARTITION BY a ORDER BY b ROWS BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW)"
          + " => (OVER (sum x) [PARTITION a | ORDER b | ROWS BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW])",
      "lagInFrame(x, 1) OVER (PARTITION BY a, m['k'] ORDER BY t DESC, u RANGE 10 PRECEDING) + 1"
          + " => (+ (OVER (lagInFrame x 1) [PARTITION a (SUB m 'k') | ORDER t DESC u | RANGE 10 PRECEDING]) 1)",
      "quantile(0.5)(x) OVER (ROWS BETWEEN 2 PRECEDING AND 1 + 1 FOLLOWING)"
          + " => (OVER (quantile[0.5] x) [ROWS BETWEEN 2 PRECEDING AND (+ 1 1) FOLLOWING])",
      "row_number() OVER w AS n => (AS (OVER (row_number) w) n)",
      "x = ? AND y > ? => (AND (= x ?) (> y ?))",
      "a || b = c => (= (|| a b) c)",
      "intDiv(toUInt32(t), 300)*300 => (* (intDiv (toUInt32 t) 300) 300)",
      "x AS y => (AS x y)",
      "f(x AS y, y) => (f (AS x y) y)",
      "NOT (a < 10) => (NOT (< a 10))",
      "(a AS x) = 1 => (= (AS a x) 1)",
      "Duration == 5 => (== Duration 5)",
      "1e2 < 0x3FF => (< 1e2 0x3FF)",
      "true => true",
      "inf => inf",
  })
  void readsClickHouseExpressions(String text, String expected) {
    ParseResult<Expr> r = SqlParser.parseExpression(text);
    assertEquals(null, r.refusal());
    assertEquals(expected, Sexpr.of(r.node()));
    SpanChecks.check(text, r.node());
  }

  @Test
  void queryParametersKeepNameAndTypeAndAreNotPositional() {
    String text = "ServiceName = {svc:String} AND Timestamp >= { from : DateTime64(9) } AND x = ?";
    Expr e = SqlParser.parseExpression(text).node();
    List<Expr.Parameter> params = new ArrayList<>();
    collect(e, params);
    assertEquals(List.of("svc String false", "from DateTime64(9) false", "null null true"),
        params.stream().map(p -> p.name() + " " + p.type() + " " + p.positional()).toList());
    assertEquals("{ from : DateTime64(9) }", text.substring(params.get(1).start(), params.get(1).end()));
  }

  private static void collect(Node n, List<Expr.Parameter> out) {
    if (n instanceof Expr.Parameter p) {
      out.add(p);
    }
    n.children().forEach(c -> collect(c, out));
  }

  @Test
  void aWindowsChildrenAreTheFunctionThenItsKeysInSourceOrder() {
    String text = "sum(a) OVER (PARTITION BY b ORDER BY c ROWS BETWEEN d PRECEDING AND e FOLLOWING)";
    Expr.Window w = (Expr.Window) SqlParser.parseExpression(text).node();
    assertEquals(List.of("sum(a)", "b", "c", "d", "e"),
        w.children().stream().map(n -> text.substring(n.start(), n.end())).toList());
    assertEquals("(PARTITION BY b ORDER BY c ROWS BETWEEN d PRECEDING AND e FOLLOWING)",
        text.substring(w.spec().start(), w.spec().end()));
    assertEquals("ROWS BETWEEN d PRECEDING AND e FOLLOWING",
        text.substring(w.spec().frame().start(), w.spec().frame().end()));
  }

  @Test
  void doubleQuotesNameAnIdentifierNotAString() {
    Expr e = SqlParser.parseExpression("\"SeverityText\" = 'INFO'").node();
    assertEquals("(= SeverityText 'INFO')", Sexpr.of(e));
    assertEquals(Expr.Identifier.class, ((Expr.Binary) e).left().getClass());
  }

  @Test
  void filterIsTheConditionOfAnAggregate() {
    Expr e = SqlParser.parseExpression("count() FILTER (WHERE SeverityText = 'ERROR')").node();
    assertEquals("(FILTER (count) (= SeverityText 'ERROR'))", Sexpr.of(e));
    assertEquals(0, e.start());
    assertEquals("count() FILTER (WHERE SeverityText = 'ERROR')".length(), e.end());
    // an alias named filter is still an alias
    Statement st = SqlParser.parse("SELECT count() filter FROM t").node();
    assertEquals("(AS (count) filter)", Sexpr.of(Query.selects(st.query()).get(0).items().get(0)));
  }

  @ParameterizedTest(name = "{0}")
  @ValueSource(strings = {
      "count() OVER (w ORDER BY x)",
      "count() OVER (ORDER BY x WITH FILL)",
      "count() OVER (ROWS 1)",
      "count() OVER (ROWS BETWEEN CURRENT ROW)",
      "count() OVER",
      "count() OVER ORDER",
      "count() FILTER (WHERE x) OVER ()",
      "count() FILTER (x)",
      "{t:Identifier}",
      "{fn now()}",
      "{ts '2024-01-01 00:00:00'}",
      "{a: 1}",
      "position('a' IN s)",
      "EXTRACT(DOW FROM ts)",
      "EXTRACT(HOUR ts)",
      "TIME '10:00:00'",
      "c ? 1 : d ? 2 : 3",
      "a ? b ? 1 : 2 : 3",
      "a AS x = 1",
      "x IS DISTINCT FROM y",
      "{'a': 1}",
      "'unterminated",
      "a b",
      "f(x",
      "1 +",
      "x FROM",
  })
  void refusesWhatItDoesNotUnderstand(String text) {
    assertFalse(SqlParser.parseExpression(text).understood());
  }

  /** ClickHouse's own readings (measured on 26.5: EXPLAIN SYNTAX prints these functions, and the result columns carry their names). */
  @ParameterizedTest(name = "{0}")
  @org.junit.jupiter.params.provider.CsvSource(delimiter = '|', value = {
      "DATE '2024-01-01'                | toDate",
      "timestamp '2024-06-10 00:00:00'  | toDateTime",
      "EXTRACT(HOUR FROM ts)            | toHour",
      "extract(hours from ts)           | toHour",
      "EXTRACT(DAY FROM ts)             | toDayOfMonth",
      "EXTRACT(WEEK FROM ts)            | toISOWeek",
      "EXTRACT(YEAR FROM toDate(ts))    | toYear",
  })
  void keywordFormsAreTheFunctionsClickHouseReadsThemAs(String text, String function) {
    ParseResult<Expr> r = SqlParser.parseExpression(text);
    assertTrue(r.understood(), r.refusal());
    Expr.Call c = (Expr.Call) r.node();
    assertEquals(function, c.name());
    assertEquals(1, c.args().size());
    assertEquals(0, c.start());
    assertEquals(text.length(), c.end());
  }

  @ParameterizedTest(name = "{0} x 50000")
  @ValueSource(strings = {"NOT ", "- ", "INTERVAL ", "(", "f(", "[", "CASE WHEN "})
  void aChainTooDeepIsRefusedNotAStackOverflow(String prefix) {
    ParseResult<Expr> r = SqlParser.parseExpression(prefix.repeat(50_000) + "1");
    assertEquals("nesting too deep", r.refusal().replaceFirst(" at .*", ""));
  }
}
