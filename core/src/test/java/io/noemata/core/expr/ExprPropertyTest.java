package io.noemata.core.expr;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The expression parser on random token soup: it parses or refuses with an {@link ExprException},
 * and the canonical text of what it parses is a fixed point. The seed is in every failure message.
 */
class ExprPropertyTest {

  private static final List<String> TOKENS = List.of(
      "a", "b", "`c d`", "\"e\"", "m", "'k'", "'it''s'", "1", "2.5", "-", "+", "*", "/", "%", "(", ")", "[", "]",
      ",", "=", "!=", "<", ">=", "||", "AND", "OR", "NOT", "IS", "NULL", "IN", "LIKE", "BETWEEN", "CASE", "WHEN",
      "THEN", "ELSE", "END", "CAST", "AS", "String", "::", "?", ":", "->", "x", "lower", "toStartOfHour",
      "arrayElement", "count", "quantile", "INTERVAL", "HOUR", ".", "1", "SELECT", ";", "url", "--", "/*", "*/");

  @Test
  void parsesOrRefusesAndCanonicalTextIsAFixedPoint() {
    long seed = Long.getLong("noemata.seed", new Random().nextLong()); // replay a failure with -Dnoemata.seed
    Random random = new Random(seed);
    int parsed = 0;
    for (int n = 0; n < 5000; n++) {
      StringBuilder b = new StringBuilder();
      for (int k = 1 + random.nextInt(14); k > 0; k--) {
        b.append(TOKENS.get(random.nextInt(TOKENS.size()))).append(' ');
      }
      String text = b.toString();
      for (ExprParser.Mode mode : ExprParser.Mode.values()) {
        CanonicalExpr e;
        try {
          e = ExprParser.parse(text, mode);
        } catch (ExprException refused) {
          continue;
        } catch (RuntimeException | StackOverflowError crash) {
          throw new AssertionError("seed " + seed + ": '" + text + "' crashed the parser", crash);
        }
        parsed++;
        String canonical = Canonical.text(e);
        try {
          assertEquals(canonical, Canonical.text(ExprParser.parse(canonical, mode)), "seed " + seed + ": " + text);
        } catch (ExprException ex) {
          throw new AssertionError("seed " + seed + ": canonical text of '" + text + "' does not parse: " + canonical);
        }
      }
    }
    org.junit.jupiter.api.Assertions.assertTrue(parsed > 100, "the soup should parse now and then: " + parsed);
  }

  @Test
  void deepNestingIsRefusedNotAStackOverflow() {
    assertThrows(ExprException.class, () -> ExprParser.parse("(".repeat(100_000) + "1" + ")".repeat(100_000), ExprParser.Mode.ROW));
    assertThrows(ExprException.class, () -> ExprParser.parse("- ".repeat(100_000) + "1", ExprParser.Mode.ROW));
    assertThrows(ExprException.class, () -> ExprParser.parse("NOT ".repeat(50_000) + "1", ExprParser.Mode.ROW));
    assertThrows(ExprException.class, () -> ExprParser.parse("INTERVAL ".repeat(50_000) + "1", ExprParser.Mode.ROW));
    assertThrows(ExprException.class, () -> ExprParser.parse("f(".repeat(50_000), ExprParser.Mode.ROW));
  }
}
