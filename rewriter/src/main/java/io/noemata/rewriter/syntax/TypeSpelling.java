package io.noemata.rewriter.syntax;

import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A type as written in a cast or a {@code {name:Type}} parameter, with the time types' names in
 * their canonical spelling. The server reads those names in any case, and {@code TIMESTAMP} as
 * {@code DateTime} ({@code TIMESTAMP(p)} as {@code DateTime64(p)}): measured on 26.5,
 * {@code CAST(s AS datetime)}, {@code s::datetime}, {@code CAST(s, 'datetime')},
 * {@code {p:datetime64(3)}} and {@code CAST(s AS TIMESTAMP(3, 'UTC'))} are the types they spell so.
 * The rules compare the canonical text; the query keeps what was written.
 */
public final class TypeSpelling {

  private static final Pattern NAMED = Pattern.compile("([A-Za-z_][A-Za-z0-9_]*)(.*)", Pattern.DOTALL);

  private TypeSpelling() {}

  /** {@code written}, stripped, its leading time type name in canonical spelling; other types as written. */
  public static String canonical(String written) {
    String t = written.strip();
    Matcher m = NAMED.matcher(t);
    if (!m.matches()) {
      return t;
    }
    String rest = m.group(2);
    String name = switch (m.group(1).toLowerCase(Locale.ROOT)) {
      case "date" -> "Date";
      case "date32" -> "Date32";
      case "datetime" -> "DateTime";
      case "datetime64" -> "DateTime64";
      case "timestamp" -> rest.isBlank() ? "DateTime" : "DateTime64";
      default -> m.group(1);
    };
    return name + rest;
  }
}
