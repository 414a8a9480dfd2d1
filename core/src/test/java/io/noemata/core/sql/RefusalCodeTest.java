package io.noemata.core.sql;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.api.Test;

/** Each refusal carries the code callers decide by, whatever its words. */
class RefusalCodeTest {

  @ParameterizedTest
  @CsvSource(delimiter = '|', quoteCharacter = '"', value = {
      "a +             | EXPECTED_EXPRESSION",
      "f(a             | EXPECTED",
      "CAST(a AS )     | EXPECTED",
      "1 + SELECT      | KEYWORD_AS_OPERAND",
      "TIME '10:00:00' | TYPED_LITERAL",
      "t.              | NAME_ENDS_WITH_DOT",
      "a b c           | TEXT_AFTER_END",
      "a + )           | UNEXPECTED_TOKEN",
      "INTERVAL 1      | INTERVAL_WITHOUT_UNIT",
      "CASE x ELSE 1 END | CASE_WITHOUT_WHEN",
      "'unterminated   | UNREADABLE_TEXT",
  })
  void expressions(String text, RefusalCode code) {
    ParseResult<Expr> r = SqlParser.parseExpression(text);
    assertEquals(code, r.refusalCode(), text + ": " + r.refusal());
    assertTrue(r.refusalOffset() >= 0);
  }

  @Test
  void statementsOutsideTheSubsetAreOther() {
    ParseResult<Statement> r = SqlParser.parse("SELECT DISTINCT ON (a) a FROM t");
    assertEquals(RefusalCode.OTHER, r.refusalCode(), r.refusal());
    assertEquals(RefusalCode.TEXT_AFTER_END, SqlParser.parse("SELECT 1 2 3").refusalCode());
  }

  @Test
  void anUnderstoodTextHasNoCode() {
    ParseResult<Expr> r = SqlParser.parseExpression("count() + 1");
    assertTrue(r.understood());
    assertNull(r.refusalCode());
  }
}
