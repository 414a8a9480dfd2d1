package io.noemata.core.naming;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.noemata.core.expr.ExprException;
import io.noemata.core.expr.ExprParser;
import io.noemata.core.expr.ExprParser.Mode;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class StoredTypesTest {

  private static Optional<String> implied(String expression) throws ExprException {
    return StoredTypes.implied(ExprParser.parse(expression, Mode.ROW));
  }

  @Test
  void theSeedsImpliedTypes() throws ExprException {
    assertEquals(Optional.of("LowCardinality(String)"), implied("ResourceAttributes['k8s.pod.name']"));
    assertEquals(Optional.of("LowCardinality(String)"), implied("arrayElement(LogAttributes, 'k')"));
    assertEquals(Optional.of("String"), implied("'literal'"));
    assertEquals(Optional.of("String"), implied("lower(Body)"));
    assertEquals(Optional.empty(), implied("toStartOfHour(Timestamp)"));
    assertEquals(Optional.empty(), implied("m[1]"));
  }

  @Test
  void aDeclaredTypeWins() throws ExprException {
    var e = ExprParser.parse("toStartOfHour(Timestamp)", Mode.ROW);
    assertEquals(Optional.of("DateTime"), StoredTypes.of(Optional.of("DateTime"), e));
    assertEquals(Optional.of("UInt8"), StoredTypes.of(Optional.of("UInt8"), ExprParser.parse("lower(Body)", Mode.ROW)));
    assertEquals(Optional.empty(), StoredTypes.of(Optional.empty(), e));
  }
}
