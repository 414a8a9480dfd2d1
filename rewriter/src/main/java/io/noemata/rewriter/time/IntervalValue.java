package io.noemata.rewriter.time;

import io.noemata.core.sql.Expr;
import io.noemata.core.sql.Literals;
import java.util.Locale;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * An interval written in a query, in every spelling ClickHouse reads as the same value:
 * {@code INTERVAL 5 MINUTE}, {@code INTERVAL 5 MINUTES}, {@code INTERVAL '5 minute'},
 * {@code INTERVAL '5' MINUTE}, {@code toIntervalMinute(5)}, with a constant integer amount
 * ({@link Constants#integer}).
 *
 * @param amount the count of units
 * @param unit the unit, lower case and singular: nanosecond ... year
 */
public record IntervalValue(long amount, String unit) {

  private static final Pattern TEXT = Pattern.compile("\\s*(-?[0-9]{1,18})\\s+([A-Za-z]+)\\s*");
  private static final java.util.List<String> UNITS = java.util.List.of("nanosecond", "microsecond", "millisecond",
      "second", "minute", "hour", "day", "week", "month", "quarter", "year");

  /** The interval {@code e} denotes, when it is one of the spellings above. */
  public static Optional<IntervalValue> of(Expr e) {
    e = Expr.unparenthesized(e);
    if (e instanceof Expr.Interval iv) {
      if (iv.unit() != null) {
        Optional<String> unit = unit(iv.unit());
        Optional<Long> n = Constants.integer(iv.amount()).or(() -> digits(iv.amount()));
        return unit.isPresent() && n.isPresent() ? Optional.of(new IntervalValue(n.get(), unit.get())) : Optional.empty();
      }
      if (iv.amount() instanceof Expr.Literal l && l.kind() == Expr.Literal.Kind.STRING && l.text().startsWith("'")) {
        Matcher m = TEXT.matcher(Literals.unquote(l.text()));
        if (m.matches()) {
          return unit(m.group(2)).map(u -> new IntervalValue(Long.parseLong(m.group(1)), u));
        }
      }
      return Optional.empty();
    }
    if (e instanceof Expr.Call c && c.params() == null && !c.distinct() && c.args().size() == 1) {
      String name = c.name().toLowerCase(Locale.ROOT);
      if (name.startsWith("tointerval")) {
        Optional<String> unit = unit(name.substring("tointerval".length()));
        Optional<Long> n = Constants.integer(c.args().get(0));
        return unit.isPresent() && n.isPresent() ? Optional.of(new IntervalValue(n.get(), unit.get())) : Optional.empty();
      }
    }
    return Optional.empty();
  }

  /** {@code INTERVAL '5' MINUTE}: the server reads the string's digits as the amount. */
  private static Optional<Long> digits(Expr amount) {
    if (amount instanceof Expr.Literal l && l.kind() == Expr.Literal.Kind.STRING && l.text().startsWith("'")) {
      String s = Literals.unquote(l.text());
      return s.matches("[0-9]{1,18}") ? Optional.of(Long.parseLong(s)) : Optional.empty();
    }
    return Optional.empty();
  }

  /** A unit word as ClickHouse accepts it (any case, singular or plural), singular and lower case. */
  static Optional<String> unit(String word) {
    String u = word.toLowerCase(Locale.ROOT);
    if (UNITS.contains(u)) {
      return Optional.of(u);
    }
    if (u.endsWith("s") && UNITS.contains(u.substring(0, u.length() - 1))) {
      return Optional.of(u.substring(0, u.length() - 1));
    }
    return Optional.empty();
  }

  /** The length in nanoseconds when the unit is a fixed duration (week or shorter); empty for months and years. */
  public Optional<Long> fixedNanos() {
    long per = switch (unit) {
      case "nanosecond" -> 1L;
      case "microsecond" -> 1_000L;
      case "millisecond" -> 1_000_000L;
      case "second" -> TimeConstant.NANOS;
      case "minute" -> 60 * TimeConstant.NANOS;
      case "hour" -> 3600 * TimeConstant.NANOS;
      case "day" -> 86400 * TimeConstant.NANOS;
      case "week" -> 7 * 86400 * TimeConstant.NANOS;
      default -> 0L;
    };
    if (per == 0) {
      return Optional.empty();
    }
    try {
      return Optional.of(Math.multiplyExact(amount, per));
    } catch (ArithmeticException e) {
      return Optional.empty();
    }
  }

  /**
   * The same interval counted in whole seconds, for a sub-second unit that amounts to whole
   * seconds ({@code INTERVAL 60000 millisecond} is 60 seconds); else this one.
   */
  public IntervalValue inSeconds() {
    if (unit.endsWith("nanosecond") || unit.equals("microsecond") || unit.equals("millisecond")) {
      long nanos = fixedNanos().orElse(0L);
      if (nanos % TimeConstant.NANOS == 0) {
        return new IntervalValue(nanos / TimeConstant.NANOS, "second");
      }
    }
    return this;
  }
}
