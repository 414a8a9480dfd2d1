package io.noemata.rewriter.syntax;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.noemata.core.sql.SqlParser;
import java.util.Optional;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class ColumnNamesTest {

  private static Optional<String> name(String expression) {
    return ColumnNames.of(SqlParser.parseExpression(expression).node());
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(delimiterString = " => ", value = {
      "ResourceAttributes['k8s.pod.name'] => arrayElement(ResourceAttributes, 'k8s.pod.name')",
      "`ResourceAttributes`['k8s.pod.name'] => arrayElement(ResourceAttributes, 'k8s.pod.name')",
      "arrayElement(ResourceAttributes, 'k') => arrayElement(ResourceAttributes, 'k')",
      "count(*) => count()",
      "COUNT() => COUNT()",
      "quantile(0.99)(Duration) => quantile(0.99)(Duration)",
      "lower(m['k']) => lower(arrayElement(m, 'k'))",
      "arr[1] => arrayElement(arr, 1)",
      // measured on ClickHouse 26.5 (SELECT <expr> FROM numbers(1) FORMAT TSVWithNames)
      "m['k'] = 'a' => equals(arrayElement(m, 'k'), 'a')",
      "countIf(m['k'] == 'a') => countIf(equals(arrayElement(m, 'k'), 'a'))",
      "a <> 2 => notEquals(a, 2)",
      "a <= 2 => lessOrEquals(a, 2)",
      "s NOT ILIKE 'b' => notILike(s, 'b')",
      "a - b * c => minus(a, multiply(b, c))",
      "a || b || c => concat(a, b, c)",
      "x AND y AND z => and(x, y, z)",
      "(x AND y) AND z => and(and(x, y), z)",
      "NOT x => not(x)",
      "-x => negate(x)",
      "(x) => x",
      // FILTER is named as the -If it is, with both analyzers
      "count() FILTER (WHERE x > 2) => countIf(greater(x, 2))",
      "COUNT() FILTER (WHERE x > 2) => COUNTIf(greater(x, 2))",
      "count(*) FILTER (WHERE x > 2) => countIf(greater(x, 2))",
      "count(1) FILTER (WHERE x > 1) => countIf(1, greater(x, 1))",
      "sum(n) FILTER (WHERE x > 2) => sumIf(n, greater(x, 2))",
      "quantile(0.5)(n) FILTER (WHERE x > 2) => quantileIf(0.5)(n, greater(x, 2))",
      // DISTINCT is named as the -Distinct it is, by the analyzer
      "count(DISTINCT x) => countDistinct(x)",
      "COUNT(DISTINCT x) => COUNTDistinct(x)",
      "count(DISTINCT a, b % 2) => countDistinct(a, modulo(b, 2))",
      "sum(DISTINCT x) => sumDistinct(x)",
      "countIf(DISTINCT x, x > 2) => countIfDistinct(x, greater(x, 2))",
      "count(DISTINCT x) FILTER (WHERE x > 2) => countDistinctIf(x, greater(x, 2))",
  })
  void namesWhatClickHouseNamesTheSameWay(String expression, String expected) {
    assertEquals(Optional.of(expected), name(expression));
  }

  @ParameterizedTest(name = "{0}")
  @ValueSource(strings = {"t.m['k']", "`my col`['k']", "m['it''s']", "quantile(0.5)(DISTINCT x)", "-1", "x IN (1, 2)",
      "quantile(0.990)(x)", "1e2", "m[{k:String}]", "CAST(x AS String)", "(a, b)"})
  void refusesWhatItCannotNameForCertain(String expression) {
    assertEquals(Optional.empty(), name(expression));
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(delimiterString = " => ", value = {
      "count() => true", "count(*) => true", "sum(x) => true", "countIf(x = 1) => true", "lower(m['k']) => true",
      "COUNT() => false", "SUM(x) => false", "count(1) => false", "toFloat64(COUNT()) => false",
      "COUNT() FILTER (WHERE x > 1) => false", "count(DISTINCT x) => false"})
  void theOldAnalyzerIsSpelledForOnlyWhereBothNameAlike(String expression, boolean spelled) {
    io.noemata.core.sql.Expr e = (io.noemata.core.sql.Expr) SqlParser.parseExpression(expression).node();
    assertEquals(spelled, ColumnNames.of(e, id -> false, io.noemata.core.catalog.ResultNaming.OLD_ANALYZER).isPresent());
    assertEquals(name(expression), ColumnNames.of(e, id -> false, io.noemata.core.catalog.ResultNaming.ANALYZER));
  }
}
