package io.noemata.rewriter.syntax;

import io.noemata.core.sql.Literals;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A {@code {name:Type}} parameter's value as an expression the rules read. The server parses the
 * value of {@code param_<name>} as its type reads text; for the time types a window is written
 * with that is what {@code toDateTime('value'[, 'zone'])} and {@code toDateTime64('value', p[,
 * 'zone'])} read, and {@link TimeConstant} takes only values written {@code YYYY-MM-DD hh:mm:ss[.f]}
 * (anything else, a number of seconds say, stays unknown and the level reads the table).
 */
public final class NamedValues {

  private static final Pattern DATE_TIME = Pattern.compile("DateTime(?:\\((?:\\s*('[^']*')\\s*)?\\))?");
  private static final Pattern DATE_TIME_64 = Pattern.compile("DateTime64\\(\\s*([0-9])\\s*(?:,\\s*('[^']*')\\s*)?\\)");

  private NamedValues() {}

  /** The expression the server's value amounts to, or null for a type no window bound is written with. */
  public static String asExpression(String type, String value) {
    String t = TypeSpelling.canonical(type);
    String quoted = Literals.string(value);
    Matcher m = DATE_TIME.matcher(t);
    if (m.matches()) {
      return "toDateTime(" + quoted + (m.group(1) == null ? "" : ", " + m.group(1)) + ")";
    }
    m = DATE_TIME_64.matcher(t);
    if (m.matches()) {
      return "toDateTime64(" + quoted + ", " + m.group(1) + (m.group(2) == null ? "" : ", " + m.group(2)) + ")";
    }
    // an integer type: the number, when the value is one in the type's range (HyperDX binds the window's
    // milliseconds as {p:Int64} inside fromUnixTimestamp64Milli); any other text stays unknown
    m = INTEGER.matcher(t);
    if (m.matches() && value.matches("-?[0-9]{1,80}")) {
      int bits = Integer.parseInt(m.group(2));
      java.math.BigInteger n = new java.math.BigInteger(value);
      java.math.BigInteger min = m.group(1) != null ? java.math.BigInteger.ZERO
          : java.math.BigInteger.ONE.shiftLeft(bits - 1).negate();
      java.math.BigInteger max = m.group(1) != null ? java.math.BigInteger.ONE.shiftLeft(bits).subtract(java.math.BigInteger.ONE)
          : java.math.BigInteger.ONE.shiftLeft(bits - 1).subtract(java.math.BigInteger.ONE);
      return n.compareTo(min) >= 0 && n.compareTo(max) <= 0 ? n.toString() : null;
    }
    return null;
  }

  private static final Pattern INTEGER = Pattern.compile("(U)?Int(8|16|32|64|128|256)");
}
