package io.noemata.rewriter.checks;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Optional;

import org.junit.jupiter.api.Test;

import io.noemata.core.sql.Expr;
import io.noemata.core.sql.SqlParser;

/** Measures are found by their definition, whatever the spelling of the query's aggregate. */
class StoredStatesTest {

  private static Optional<String> key(String aggregate) {
    Expr.Call c = (Expr.Call) SqlParser.parseExpression(aggregate).node();
    return StoredStates.canonical(aggregate, c, id -> id.parts().size() == 1 ? Optional.of(id.name()) : Optional.empty());
  }

  @Test
  void aMeasureOverARowExpressionMatchesItsDefinitionSpelledAnotherWay() {
    Optional<String> stored = key("countIf(SeverityNumber >= 17)");
    assertTrue(stored.isPresent());
    assertEquals(stored, key("countIf( `SeverityNumber`>=17.0 )"));
    assertEquals(stored, key("countIf((SeverityNumber >= 17))"));
    assertEquals(key("countIf(StatusCode = 'Error')"), key("countIf(StatusCode == 'Error')"));
    assertEquals(stored, key("countIf(greaterOrEquals(SeverityNumber, 17))"), "the function form the ledger records");
  }

  @Test
  void differentConditionsAreDifferentMeasures() {
    assertNotEquals(key("countIf(SeverityNumber >= 17)"), key("countIf(SeverityNumber > 17)"));
    assertNotEquals(key("countIf(SeverityNumber >= 17)"), key("countIf(SeverityNumber >= 18)"));
    assertNotEquals(key("countIf(StatusCode = 'Error')"), key("countIf(StatusCode = 'error')"));
  }

  @Test
  void thePlainShapeIsKeyedAsTheInstallersConversionKeysIt() {
    for (String a : new String[] {"count()", "COUNT()", "uniq(TraceId)", "sum(`Duration`)", "quantile(0.990)(Duration)",
        "quantiles(0.5, 0.99)(Duration)", "avg(\"Duration\")", "uniqExact(TraceId, SpanId)", "argMax(Body, Timestamp)",
        "sum(`end`)", "quantileTDigest(1e-2)(Duration)"}) {
      Expr.Call c = (Expr.Call) SqlParser.parseExpression(a).node();
      java.util.function.Function<Expr.Identifier, Optional<String>> column = id -> Optional.of(id.name());
      assertEquals(StoredStates.converted(a, c, column).orElseThrow(), StoredStates.plainKey(c, column).orElseThrow(), a);
    }
  }

  @Test
  void aggregatesInsideArgumentsAreNotMeasures() {
    assertEquals(Optional.empty(), key("sum(count())"));
  }
}
