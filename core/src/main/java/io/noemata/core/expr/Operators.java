package io.noemata.core.expr;

import io.noemata.core.sql.Lexer;
import io.noemata.core.sql.Literals;
import io.noemata.core.sql.Token;
import io.noemata.core.sql.TokenKind;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The function forms ClickHouse rewrites operators, INTERVAL units and type names to: the one
 * table the installer's canonical definitions, the rewriter's matching and its result-column
 * names use.
 */
public final class Operators {

  private Operators() {}

  /** Binary operators as the span parser spells them; AND, OR and || chains are one call of many arguments. */
  private static final Map<String, String> BINARY = Map.ofEntries(Map.entry("AND", "and"), Map.entry("OR", "or"),
      Map.entry("||", "concat"),
      Map.entry("=", "equals"), Map.entry("==", "equals"), Map.entry("!=", "notEquals"),
      Map.entry("<>", "notEquals"), Map.entry("<", "less"), Map.entry(">", "greater"),
      Map.entry("<=", "lessOrEquals"), Map.entry(">=", "greaterOrEquals"), Map.entry("+", "plus"),
      Map.entry("-", "minus"), Map.entry("*", "multiply"), Map.entry("/", "divide"),
      Map.entry("%", "modulo"), Map.entry("MOD", "modulo"), Map.entry("DIV", "intDiv"),
      Map.entry("LIKE", "like"), Map.entry("ILIKE", "ilike"), Map.entry("NOT LIKE", "notLike"),
      Map.entry("NOT ILIKE", "notILike"), Map.entry("IN", "in"), Map.entry("NOT IN", "notIn"));

  private static final Map<String, String> INTERVAL_UNITS = Map.ofEntries(
      Map.entry("NANOSECOND", "Nanosecond"), Map.entry("MICROSECOND", "Microsecond"),
      Map.entry("MILLISECOND", "Millisecond"), Map.entry("SECOND", "Second"),
      Map.entry("MINUTE", "Minute"), Map.entry("HOUR", "Hour"), Map.entry("DAY", "Day"),
      Map.entry("WEEK", "Week"), Map.entry("MONTH", "Month"), Map.entry("QUARTER", "Quarter"),
      Map.entry("YEAR", "Year"));

  /** The function of a binary operator, or null for one a stored expression does not take. */
  public static String binary(String op) {
    return BINARY.get(op);
  }

  /** {@code toIntervalHour} for HOUR or hours. */
  static String interval(String unit) {
    return "toInterval" + INTERVAL_UNITS.get(unit.toUpperCase(Locale.ROOT).replaceAll("S$", ""));
  }

  /** Type text with one spelling: no spaces except one after each comma and between words. */
  static String type(String written) {
    StringBuilder b = new StringBuilder();
    Token previous = null;
    for (Token t : Lexer.significant(written)) {
      if (previous != null && (previous.isSymbol(",") || isWordOrNumber(previous) && isWordOrNumber(t))) {
        b.append(' ');
      }
      b.append(t.kind() == TokenKind.STRING ? Literals.string(Literals.unquote(t.text())) : t.text());
      previous = t;
    }
    return b.toString();
  }

  private static boolean isWordOrNumber(Token t) {
    return t.kind() == TokenKind.WORD || t.kind() == TokenKind.QUOTED_IDENTIFIER || t.kind() == TokenKind.NUMBER;
  }

  /** {@code a AND b AND c} is one and(a, b, c), as ClickHouse folds it. */
  static CanonicalExpr flatten(String name, List<CanonicalExpr> parts) {
    List<CanonicalExpr> flat = new java.util.ArrayList<>();
    for (CanonicalExpr p : parts) {
      if (p instanceof CanonicalExpr.Call c && c.name().equals(name) && c.parameters() == null) {
        flat.addAll(c.arguments());
      } else {
        flat.add(p);
      }
    }
    return new CanonicalExpr.Call(name, flat);
  }
}
