package io.noemata.core.sql;

/**
 * Quoting and unquoting of ClickHouse identifiers and string literals. Every identifier and
 * string that noemata writes into SQL goes through here, so nothing from a file or a user is
 * pasted into a statement as it is.
 */
public final class Literals {

  private Literals() {}

  /** {@code name} as a backtick-quoted identifier: {@code `my col`}, with {@code `} and {@code \} escaped. */
  public static String identifier(String name) {
    StringBuilder b = new StringBuilder(name.length() + 2).append('`');
    escapeInto(b, name, '`');
    return b.append('`').toString();
  }

  /** {@code db.table}, both parts quoted. */
  public static String qualified(String database, String table) {
    return identifier(database) + "." + identifier(table);
  }

  /** {@code value} as a single-quoted string literal with backslash escapes. */
  public static String string(String value) {
    StringBuilder b = new StringBuilder(value.length() + 2).append('\'');
    escapeInto(b, value, '\'');
    return b.append('\'').toString();
  }

  private static void escapeInto(StringBuilder b, String value, char quote) {
    for (int i = 0; i < value.length(); i++) {
      char c = value.charAt(i);
      switch (c) {
        case '\\' -> b.append("\\\\");
        case '\n' -> b.append("\\n");
        case '\r' -> b.append("\\r");
        case '\t' -> b.append("\\t");
        case '\0' -> b.append("\\0");
        default -> {
          if (c == quote) {
            b.append('\\');
          }
          b.append(c);
        }
      }
    }
  }

  /**
   * The value of a quoted token ({@code 'str'}, {@code `id`}, {@code "id"}): quotes removed,
   * doubled quotes and backslash escapes resolved the way ClickHouse reads them.
   */
  public static String unquote(String quoted) {
    if (quoted.length() < 2) {
      throw new IllegalArgumentException("not a quoted token: " + quoted);
    }
    char quote = quoted.charAt(0);
    if (quote == '$') { // heredoc $tag$...$tag$: no escapes inside
      int open = quoted.indexOf('$', 1) + 1;
      return quoted.substring(open, quoted.length() - open);
    }
    StringBuilder b = new StringBuilder(quoted.length());
    int end = quoted.length() - 1;
    for (int i = 1; i < end; i++) {
      char c = quoted.charAt(i);
      if (c == '\\' && i + 1 < end) {
        char n = quoted.charAt(++i);
        switch (n) {
          case 'n' -> b.append('\n');
          case 't' -> b.append('\t');
          case 'r' -> b.append('\r');
          case '0' -> b.append('\0');
          case 'b' -> b.append('\b');
          case 'f' -> b.append('\f');
          case 'a' -> b.append('\u0007');
          case 'v' -> b.append('\u000b');
          case 'e' -> b.append('\u001b');
          case 'x' -> {
            if (i + 2 < end && Character.digit(quoted.charAt(i + 1), 16) >= 0
                && Character.digit(quoted.charAt(i + 2), 16) >= 0) {
              b.append((char) Integer.parseInt(quoted.substring(i + 1, i + 3), 16));
              i += 2;
            } else {
              b.append('x');
            }
          }
          default -> b.append(n);
        }
      } else if (c == quote && i + 1 < end && quoted.charAt(i + 1) == quote) {
        b.append(quote);
        i++;
      } else {
        b.append(c);
      }
    }
    return b.toString();
  }

  /**
   * An instant to compare a time column with, strict bounds included: {@code toDateTime64(seconds,
   * 0, 'UTC')}, never {@code toDateTime(seconds)}. The engine's index analysis closes a strict bound
   * of an integer-domain constant ({@code t < toDateTime(n)} becomes {@code t in (-Inf, n - 1]}),
   * which is right for DateTime columns and wrong for DateTime64 ones: a part or granule whose rows
   * all lie in the last second before {@code n} is skipped, with its rows (ClickHouse issue 113993;
   * measured on 26.5: a one-row part at {@code n - 0.1 s} not counted, the rows compared alone say
   * true). A DateTime64 constant is kept open, and compares with a DateTime column just as well.
   */
  public static String instant(long epochSeconds) {
    return "toDateTime64(" + epochSeconds + ", 0, 'UTC')";
  }
}
