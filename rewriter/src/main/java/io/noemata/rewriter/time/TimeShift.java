package io.noemata.rewriter.time;

import io.noemata.core.sql.Expr;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * A point in time moved by a constant interval, in every spelling ClickHouse reads as the same
 * addition: {@code t + INTERVAL n unit}, {@code t - toIntervalHour(n)}, {@code INTERVAL n unit + t},
 * {@code plus(t, iv)}, {@code minus(t, iv)}, {@code addMinutes(t, n)}, {@code subtractHours(t, n)},
 * {@code date_add(unit, n, t)}, {@code date_sub(unit, n, t)}, {@code DATE_SUB(t, INTERVAL n unit)},
 * {@code subDate(t, iv)}.
 *
 * @param base the point moved
 * @param by the interval, its amount negative for a subtraction
 */
public record TimeShift(Expr base, IntervalValue by) {

  private static final java.util.Set<String> TWO_ARGUMENT = java.util.Set.of("date_add", "date_sub", "dateadd",
      "datesub", "timestamp_add", "timestamp_sub", "adddate", "subdate");

  /** The shift {@code e} spells, when it is one. */
  public static Optional<TimeShift> of(Expr e) {
    e = Expr.unparenthesized(e);
    if (e instanceof Expr.Binary b && (b.op().equals("+") || b.op().equals("-"))) {
      return of(b.left(), b.right(), b.op().equals("-"), true);
    }
    if (!(e instanceof Expr.Call c) || c.params() != null || c.distinct()) {
      return Optional.empty();
    }
    String name = c.name().toLowerCase(Locale.ROOT);
    List<Expr> a = c.args();
    if ((name.equals("plus") || name.equals("minus")) && a.size() == 2) {
      return of(a.get(0), a.get(1), name.equals("minus"), true);
    }
    if ((name.equals("date_add") || name.equals("date_sub") || name.equals("dateadd") || name.equals("datesub")
        || name.equals("timestamp_add") || name.equals("timestamp_sub")) && a.size() == 3
        && a.get(0) instanceof Expr.Identifier unit && unit.parts().size() == 1) {
      Optional<String> u = IntervalValue.unit(unit.name());
      Optional<Long> n = Constants.integer(a.get(1));
      if (u.isEmpty() || n.isEmpty()) {
        return Optional.empty();
      }
      boolean negative = name.endsWith("sub");
      return Optional.of(new TimeShift(a.get(2), new IntervalValue(negative ? -n.get() : n.get(), u.get())));
    }
    // DATE_SUB(t, INTERVAL n unit) and its kin the server's parser reads as t - INTERVAL n unit
    // (measured on 26.5: minus(t, toIntervalHour(6))), subDate/addDate the functions of that meaning
    if (TWO_ARGUMENT.contains(name) && a.size() == 2) {
      return of(a.get(0), a.get(1), name.endsWith("sub") || name.equals("subdate"), false);
    }
    for (String prefix : List.of("add", "subtract")) {
      if (name.startsWith(prefix) && name.endsWith("s") && a.size() == 2) {
        Optional<String> u = IntervalValue.unit(name.substring(prefix.length()));
        Optional<Long> n = Constants.integer(a.get(1));
        if (u.isPresent() && n.isPresent()) {
          long amount = prefix.equals("subtract") ? -n.get() : n.get();
          return Optional.of(new TimeShift(a.get(0), new IntervalValue(amount, u.get())));
        }
      }
    }
    return Optional.empty();
  }

  private static Optional<TimeShift> of(Expr left, Expr right, boolean negative, boolean commutes) {
    Optional<IntervalValue> iv = IntervalValue.of(right);
    if (iv.isPresent()) {
      IntervalValue v = iv.get();
      return Optional.of(new TimeShift(left, negative ? new IntervalValue(-v.amount(), v.unit()) : v));
    }
    if (!negative && commutes) { // INTERVAL 1 HOUR + t
      return IntervalValue.of(left).map(v -> new TimeShift(right, v));
    }
    return Optional.empty();
  }
}
