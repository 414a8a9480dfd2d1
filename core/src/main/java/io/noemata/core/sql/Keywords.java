package io.noemata.core.sql;

import java.util.Locale;
import java.util.Set;

/**
 * Words the parser will not read as a bare name where a name could also end a clause. ClickHouse
 * itself reserves almost nothing, so a column called {@code end} is legal there; refusing such
 * text (it then passes through unchanged) is the price of never misreading a clause boundary.
 */
final class Keywords {

  private Keywords() {}

  /** Never an operand or an implicit alias without quotes. */
  private static final Set<String> CLAUSE = Set.of(
      "SELECT", "FROM", "WHERE", "PREWHERE", "GROUP", "ORDER", "HAVING", "LIMIT", "OFFSET", "SETTINGS",
      "FORMAT", "UNION", "EXCEPT", "INTERSECT", "INTO", "WINDOW", "QUALIFY", "JOIN", "ON", "USING", "AS",
      "WHEN", "THEN", "ELSE", "END", "AND", "OR", "NOT", "IN", "IS", "LIKE", "ILIKE", "BETWEEN", "BY",
      "ASC", "DESC", "ASCENDING", "DESCENDING", "NULLS", "COLLATE", "WITH", "DISTINCT", "ALL", "ARRAY",
      "FINAL", "SAMPLE", "INNER", "LEFT", "RIGHT", "FULL", "CROSS", "OUTER", "GLOBAL", "LOCAL", "ANY",
      "ASOF", "SEMI", "ANTI", "PASTE", "OVER", "FILL", "INTERPOLATE", "TOTALS", "ROLLUP", "CUBE",
      "REGEXP", "DIV", "MOD", "CASE", "INTERVAL", "TIES", "FETCH", "ROWS", "EXISTS");

  static boolean isClauseWord(Token t) {
    return t.kind() == TokenKind.WORD && CLAUSE.contains(t.text().toUpperCase(Locale.ROOT));
  }

  /** Interval units ClickHouse accepts after {@code INTERVAL n}. */
  private static final Set<String> UNITS = Set.of(
      "NANOSECOND", "MICROSECOND", "MILLISECOND", "SECOND", "MINUTE", "HOUR", "DAY", "WEEK", "MONTH",
      "QUARTER", "YEAR");

  static boolean isIntervalUnit(Token t) {
    if (t == null || t.kind() != TokenKind.WORD) {
      return false;
    }
    String u = t.text().toUpperCase(Locale.ROOT);
    return UNITS.contains(u) || (u.endsWith("S") && UNITS.contains(u.substring(0, u.length() - 1)));
  }
}
