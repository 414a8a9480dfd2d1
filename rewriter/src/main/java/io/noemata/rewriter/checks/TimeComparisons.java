package io.noemata.rewriter.checks;

import io.noemata.core.sql.Expr;
import io.noemata.rewriter.provenance.RollupSkip;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;
import java.util.function.Predicate;
import io.noemata.rewriter.time.TimeConstant;

/**
 * The comparisons of a level's filter that bound its window: the raw time column compared with a
 * time value ({@code t >= A}, {@code t BETWEEN A AND B}), or a bucket of it compared with a
 * constant ({@code toStartOfHour(t) >= C}). Each conjunct of the filter is read alone.
 */
public final class TimeComparisons {

  private static final Set<String> COMPARISONS = Set.of(">=", ">", "<", "<=");

  private TimeComparisons() {}

  /** {@code column op value}, the column on the left. */
  public record Comparison(Expr.Identifier column, String op, Expr value) {}

  /** {@code side op value} with {@code value} a constant, the side on the left. */
  public record Constant(Expr side, String op, TimeConstant value) {}

  /** The conjuncts of {@code e}: its AND-ed terms, parentheses dropped. */
  public static List<Expr> conjuncts(Expr e) {
    e = Expr.unparenthesized(e);
    if (e instanceof Expr.Binary b && b.op().equals("AND")) {
      List<Expr> out = new ArrayList<>(conjuncts(b.left()));
      out.addAll(conjuncts(b.right()));
      return out;
    }
    return List.of(e);
  }

  /**
   * The bounds {@code conjunct} puts on the raw time column: none when it is no comparison of it;
   * fails when it compares the column with a value the rule does not read as a time.
   *
   * @param timeColumn the raw time column as written, when an expression is it
   * @param readable true for a value the rule reads as a time (constant, or moving with the clock)
   * @param sql the text the conjunct was parsed from
   */
  public static Checked<List<Comparison>> of(Expr conjunct, Function<Expr, Optional<Expr.Identifier>> timeColumn,
      Predicate<Expr> readable, String sql) {
    Expr e = Expr.unparenthesized(conjunct);
    if (e instanceof Expr.Between b && !b.negated()) {
      Optional<Expr.Identifier> id = timeColumn.apply(b.operand());
      if (id.isEmpty() || !readable.test(b.low()) || !readable.test(b.high())) {
        return Checked.holds(List.of());
      }
      return Checked.holds(List.of(new Comparison(id.get(), ">=", b.low()), new Comparison(id.get(), "<=", b.high())));
    }
    if (!(e instanceof Expr.Binary b) || !COMPARISONS.contains(b.op())) {
      return Checked.holds(List.of());
    }
    Optional<Expr.Identifier> left = timeColumn.apply(b.left());
    Optional<Expr.Identifier> right = timeColumn.apply(b.right());
    if (left.isEmpty() && right.isEmpty()) {
      return Checked.holds(List.of());
    }
    Expr other = left.isPresent() ? b.right() : b.left();
    if (!readable.test(other)) {
      return Checked.fails(RollupSkip.WINDOW_NOT_ON_BOUNDARIES, text(sql, conjunct) + " compares the time column with "
          + text(sql, other) + ", not a time constant (or now()-relative time) the rule reads");
    }
    return Checked.holds(List.of(new Comparison(left.orElseGet(right::get), left.isPresent() ? b.op() : flip(b.op()),
        other)));
  }

  /**
   * {@code f(t) op value} with {@code f} truncating the time column: {@code toDateTime(t)}, {@code
   * CAST(t AS DateTime)} and {@code t::DateTime} to whole seconds, {@code toDateTime64(t, p)} and
   * {@code CAST(t AS DateTime64(p))} to {@code 10^-p} s, compared with a time; {@code
   * toUnixTimestamp(t)} with an integer of seconds, {@code toUnixTimestamp64Milli/Micro/Nano(t)}
   * with an integer of those units since the epoch (Grafana panels compare the milliseconds with
   * {@code $__from}). A zone argument changes none of the values, but a string compared with them
   * is read in it ({@code zoned}).
   *
   * @param truncating the expression as written, {@code operand} the column inside it
   * @param unitNanos what {@code f} truncates to, in nanoseconds; for an {@code integer} value its unit too
   */
  public record Truncated(Expr.Identifier column, Expr truncating, Expr operand, long unitNanos, boolean integer,
      boolean zoned, String op, Expr value) {

    /** The unit {@code f} truncates to, in nanoseconds. */
    public long truncatesTo() {
      return unitNanos;
    }
  }

  private static final java.util.Map<String, Long> INTEGERS = java.util.Map.of(
      "tounixtimestamp", TimeConstant.NANOS, "tounixtimestamp64milli", 1_000_000L, "tounixtimestamp64micro", 1_000L,
      "tounixtimestamp64nano", 1L);

  /** The comparisons {@code conjunct} makes of such a function, a BETWEEN as two; empty when it is none. */
  public static List<Truncated> truncated(Expr conjunct, Function<Expr, Optional<Expr.Identifier>> timeColumn) {
    Expr e = Expr.unparenthesized(conjunct);
    if (e instanceof Expr.Between b && !b.negated()) {
      Optional<Truncated> low = truncation(b.operand(), timeColumn, ">=", b.low());
      Optional<Truncated> high = truncation(b.operand(), timeColumn, "<=", b.high());
      return low.isPresent() && high.isPresent() ? List.of(low.get(), high.get()) : List.of();
    }
    if (!(e instanceof Expr.Binary b) || !COMPARISONS.contains(b.op())) {
      return List.of();
    }
    Optional<Truncated> left = truncation(b.left(), timeColumn, b.op(), b.right());
    return left.or(() -> truncation(b.right(), timeColumn, flip(b.op()), b.left())).map(List::of).orElse(List.of());
  }

  private static Optional<Truncated> truncation(Expr side, Function<Expr, Optional<Expr.Identifier>> timeColumn,
      String op, Expr value) {
    Expr whole = Expr.unparenthesized(side);
    if (whole instanceof Expr.Cast k) {
      Optional<TimeConstant.TimeType> type = TimeConstant.TimeType.of(k.type());
      return type.flatMap(t -> timeColumn.apply(k.operand()).map(id -> new Truncated(id, whole, k.operand(),
          t.unitNanos(), false, t.zone().isPresent(), op, value)));
    }
    if (!(whole instanceof Expr.Call c) || c.params() != null || c.distinct() || c.args().isEmpty()) {
      return Optional.empty();
    }
    String name = c.name().toLowerCase(java.util.Locale.ROOT);
    int zoneAt = name.equals("todatetime64") ? 2 : 1;
    if (c.args().size() > zoneAt + 1 || c.args().size() == zoneAt + 1 && TimeConstant.zone(c.args().get(zoneAt)).isEmpty()) {
      return Optional.empty();
    }
    boolean zoned = c.args().size() == zoneAt + 1;
    Long unit;
    if (name.equals("todatetime")) {
      unit = TimeConstant.NANOS;
    } else if (name.equals("todatetime64")) {
      Optional<Long> p = c.args().size() < 2 ? Optional.empty() : TimeConstant.integer(c.args().get(1));
      unit = p.filter(x -> x >= 0 && x <= 9).map(x -> (long) Math.pow(10, 9 - x)).orElse(null);
    } else {
      unit = INTEGERS.get(name);
    }
    if (unit == null) {
      return Optional.empty();
    }
    long u = unit;
    boolean integer = INTEGERS.containsKey(name);
    return timeColumn.apply(c.args().get(0)).map(id -> new Truncated(id, c, c.args().get(0), u, integer, zoned, op,
        value));
  }

  /** {@code conjunct} as a comparison of an expression with a time constant, the constant on the right. */
  public static Optional<Constant> withConstant(Expr conjunct, Function<Expr, Optional<TimeConstant>> constant) {
    if (!(Expr.unparenthesized(conjunct) instanceof Expr.Binary b) || !COMPARISONS.contains(b.op())) {
      return Optional.empty();
    }
    Optional<TimeConstant> v = constant.apply(b.right());
    if (v.isPresent()) {
      return Optional.of(new Constant(b.left(), b.op(), v.get()));
    }
    return constant.apply(b.left()).map(c -> new Constant(b.right(), flip(b.op()), c));
  }

  /** The operator with its sides swapped. */
  static String flip(String op) {
    return switch (op) {
      case ">=" -> "<=";
      case ">" -> "<";
      case "<" -> ">";
      default -> ">=";
    };
  }

  private static String text(String sql, Expr e) {
    return sql.substring(e.start(), e.end());
  }
}
