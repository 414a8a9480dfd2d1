package io.noemata.core.expr;


import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.noemata.core.expr.ExprParser.Mode;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;

class ExprParserTest {

  private static String canon(String text) throws ExprException {
    return Canonical.text(ExprParser.parse(text, Mode.ROW));
  }

  @ParameterizedTest
  @CsvSource(delimiterString = " <=> ", quoteCharacter = '\u00a7', value = {
      "ResourceAttributes['k8s.pod.name'] <=> arrayElement(ResourceAttributes, 'k8s.pod.name')",
      "arrayElement( `ResourceAttributes` ,'k8s.pod.name') <=> ResourceAttributes['k8s.pod.name']",
      "\"ResourceAttributes\" [ 'k8s.pod.name' ] -- a comment <=> ResourceAttributes['k8s.pod.name']",
      "a AND b and c <=> (a and b) AND c",
      "NOT x = 1 <=> not(equals(x, 1))",
      "LOWER(Body) <=> lower(Body)",
      "x::String <=> CAST(x AS String)",
      "CAST(x, 'Map(String,  UInt64)') <=> CAST(x AS Map(String, UInt64))",
      "a || b || 'c' <=> concat(a, b, 'c')",
      "x BETWEEN 1 AND 2 <=> x >= 1 AND x <= 2",
      "CASE WHEN a THEN 1 ELSE 2 END <=> multiIf(a, 1, 2)",
      "a ? b : c <=> if(a, b, c)",
      "'it''s' <=> 'it\\'s'",
      "toStartOfInterval(Timestamp, INTERVAL 5 minute) <=> toStartOfInterval(Timestamp, toIntervalMinute(5))",
      "x IN ('a', 'b') <=> in(x, tuple('a', 'b'))",
      "arrayMap(x -> x + 1, arr) <=> arrayMap( x->plus(x,1), `arr`)",
  })
  void spellingsOfOneExpressionAreEqual(String a, String b) throws ExprException {
    assertEquals(canon(a), canon(b));
  }

  @Test
  void canonicalTextIsStableAndReadable() throws ExprException {
    assertEquals("arrayElement(ResourceAttributes, 'k8s.pod.name')", canon("ResourceAttributes['k8s.pod.name']"));
    assertEquals("`__otel_materialized_k8s.pod.name`", canon("`__otel_materialized_k8s.pod.name`"));
    assertEquals("plus(a, multiply(b, c))", canon("a + b * c"));
    assertEquals("minus(minus(a, b), c)", canon("a - b - c"));
    assertEquals("-1", canon("-1"));
    assertEquals("format('{}-{}', a, b)", canon("format('{}-{}', a, b)"));
  }

  @Test
  void precedenceFollowsClickHouse() throws ExprException {
    assertEquals("or(a, and(b, c))", canon("a OR b AND c"));
    assertEquals("not(equals(a, 1))", canon("NOT a = 1"));
    assertEquals("and(isNotNull(a), like(b, 'x%'))", canon("a IS NOT NULL AND b LIKE 'x%'"));
    assertEquals("notIn(a, tuple(1, 2))", canon("a NOT IN (1, 2)"));
    assertEquals("tupleElement(t, 1)", canon("t.1"));
    assertEquals("tupleElement(tupleElement(t, 1), 2)", canon("t.1.2"));
    assertEquals(canon("m['A']"), canon("m['\\x41']"));
    assertEquals("negate(x)", canon("-x"));
    assertEquals("multiply(plus(a, b), c)", canon("(a + b) * c"));
    assertEquals("concat(lower(a), 'x')", canon("lower(a) || 'x'"));
    assertEquals("caseWithExpression(x, 1, 'a', 'b')", canon("CASE x WHEN 1 THEN 'a' ELSE 'b' END"));
    assertEquals("array(1, 2)", canon("[1, 2]"));
    assertEquals("`Events.Name`", canon("`Events.Name`"));
    assertEquals("`select`", canon("`select`"));
  }

  @Test
  void betweenBindsLooserThanComparisonsAsInClickHouse() throws ExprException {
    // BETWEEN ranks below = and LIKE in ClickHouse, so the bound is the comparison (the parser before
    // core's read it the other way, a tree the server does not compute)
    assertEquals("and(greaterOrEquals(x, 1), lessOrEquals(x, equals(2, y)))", canon("x BETWEEN 1 AND 2 = y"));
    assertEquals("and(greaterOrEquals(x, a), lessOrEquals(x, b))", canon("x BETWEEN a AND b"));
    assertEquals("caseWithExpression(x, 1, 'a', NULL)", canon("CASE (x) WHEN 1 THEN 'a' END"));
  }

  @Test
  void aColumnNamedLikeAKeywordNeedsBackticks() throws ExprException {
    ExprException e = assertThrows(ExprException.class, () -> canon("rows + 1"));
    assertEquals(0, e.offset());
    assertTrue(e.getMessage().contains("backtick-quote"), e.getMessage());
    assertEquals("plus(rows, 1)", canon("`rows` + 1"));
  }

  @Test
  void errorsPointAtTheOffendingToken() {
    ExprException e = assertThrows(ExprException.class, () -> ExprParser.parse("lower(a) + count()", Mode.ROW));
    assertEquals(11, e.offset());
    assertTrue(e.getMessage().contains("aggregate"), e.getMessage());
  }

  @Test
  void measuresMayAggregateButNotWindow() throws ExprException {
    assertEquals("quantile(0.99)(Duration)", Canonical.text(ExprParser.parse("quantile(0.99)(Duration)", Mode.AGGREGATE)));
    assertEquals("count(DISTINCT x)", Canonical.text(ExprParser.parse("COUNT(DISTINCT x)", Mode.AGGREGATE)));
    assertThrows(ExprException.class, () -> ExprParser.parse("sum(x) OVER ()", Mode.AGGREGATE));
  }

  @Test
  void aggregateNamesAndCombinators() {
    assertEquals("count", Functions.aggregateBase("countIf"));
    assertEquals(java.util.List.of("OrNull", "If"), Functions.combinators("countOrNullIf"));
    assertEquals(java.util.List.of("If", "OrNull"), Functions.combinators("countIfOrNull"));
    assertEquals("quantilesDD", Functions.aggregateBase("quantilesDDIf"));
    assertEquals("quantileExactWeighted", Functions.aggregateBase("quantileExactWeighted"));
    assertEquals(null, Functions.aggregateBase("multiIf"));
    assertEquals(null, Functions.aggregateBase("arrayMap"));
    assertEquals(null, Functions.aggregateBase("minus"));
  }
}
