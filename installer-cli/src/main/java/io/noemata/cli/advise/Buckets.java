package io.noemata.cli.advise;

import io.noemata.core.sql.Expr;
import io.noemata.core.sql.Literals;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * The width of the bucket a call cuts the time column into: {@code toStartOfHour(t)} is 3600 s,
 * {@code toStartOfInterval(t, INTERVAL 5 MINUTE)} 300 s; calendar buckets of a day or more
 * (toDate, toStartOfWeek, toStartOfMonth) count as a day, the coarsest grain of the ladder.
 */
final class Buckets {

  private static final Map<String, Long> FIXED = Map.ofEntries(
      Map.entry("tostartofsecond", 1L), Map.entry("tostartofminute", 60L), Map.entry("tostartoffiveminutes", 300L),
      Map.entry("tostartoffiveminute", 300L), Map.entry("tostartoftenminutes", 600L),
      Map.entry("tostartoffifteenminutes", 900L), Map.entry("tostartofhour", 3600L), Map.entry("tostartofday", 86400L),
      Map.entry("todate", 86400L), Map.entry("todate32", 86400L), Map.entry("tostartofweek", 86400L),
      Map.entry("tomonday", 86400L), Map.entry("tostartofmonth", 86400L), Map.entry("tostartofquarter", 86400L),
      Map.entry("tostartofyear", 86400L));

  private static final Map<String, Long> UNITS = Map.ofEntries(
      Map.entry("second", 1L), Map.entry("minute", 60L), Map.entry("hour", 3600L), Map.entry("day", 86400L),
      Map.entry("week", 86400L), Map.entry("month", 86400L), Map.entry("quarter", 86400L), Map.entry("year", 86400L));

  /** Maps of the time column that keep each instant in its second. */
  private static final Set<String> PRESERVING = Set.of("todatetime", "todatetime64", "totimezone");

  private Buckets() {}

  /** Seconds per bucket when {@code c} buckets the column {@code time} itself, else 0. */
  static long seconds(Expr.Call c, String time) {
    String name = c.name().toLowerCase(Locale.ROOT);
    if (c.args().isEmpty() || c.params() != null) {
      return 0;
    }
    if (name.equals("date_trunc") || name.equals("datetrunc")) {
      return c.args().size() >= 2 && reads(c.args().get(1), time) && c.args().get(0) instanceof Expr.Literal l
          && l.kind() == Expr.Literal.Kind.STRING ? unit(Literals.unquote(l.text())) : 0;
    }
    if (!reads(c.args().get(0), time)) {
      return 0;
    }
    if (FIXED.containsKey(name)) {
      return FIXED.get(name);
    }
    if (name.equals("tostartofinterval") && c.args().size() >= 2 && c.args().get(1) instanceof Expr.Interval i) {
      return interval(i);
    }
    return 0;
  }

  /**
   * {@code time} itself, or a map of it that keeps each instant in its second ({@code toDateTime(t)},
   * {@code toDateTime64(t, 3)}, {@code toTimeZone(t, 'UTC')}: HyperDX buckets {@code toDateTime(t)}).
   * A proposal only: where a zone moves the buckets, the rewriter does not read the rollup and the
   * replay drops it.
   */
  private static boolean reads(Expr e, String time) {
    Expr x = Expr.unaliased(e);
    while (x instanceof Expr.Call c && PRESERVING.contains(c.name().toLowerCase(Locale.ROOT)) && !c.args().isEmpty()
        && c.params() == null && c.args().subList(1, c.args().size()).stream().allMatch(a -> a instanceof Expr.Literal)) {
      x = Expr.unaliased(c.args().get(0));
    }
    return x instanceof Expr.Identifier id && id.name().equals(time);
  }

  /** {@code INTERVAL 5 MINUTE} or {@code INTERVAL '5 minute'} in seconds, 0 when not a constant. */
  static long interval(Expr.Interval i) {
    String amount;
    String unit = i.unit();
    if (i.amount() instanceof Expr.Literal l && l.kind() == Expr.Literal.Kind.NUMBER && unit != null) {
      amount = l.text();
    } else if (i.amount() instanceof Expr.Literal l && l.kind() == Expr.Literal.Kind.STRING && unit == null) {
      String[] parts = Literals.unquote(l.text()).strip().split("\\s+");
      if (parts.length != 2) {
        return 0;
      }
      amount = parts[0];
      unit = parts[1];
    } else {
      return 0;
    }
    try {
      long n = Long.parseLong(amount);
      long u = unit(unit);
      return n > 0 && u > 0 ? (u == 86400 && !unit.toLowerCase(Locale.ROOT).startsWith("day") ? u : n * u) : 0;
    } catch (NumberFormatException e) {
      return 0;
    }
  }

  private static long unit(String unit) {
    String u = unit.toLowerCase(Locale.ROOT);
    if (u.endsWith("s")) {
      u = u.substring(0, u.length() - 1);
    }
    return UNITS.getOrDefault(u, 0L);
  }
}
