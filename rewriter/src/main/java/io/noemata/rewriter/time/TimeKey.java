package io.noemata.rewriter.time;

import io.noemata.core.sql.Expr;
import io.noemata.core.sql.ParseResult;
import io.noemata.core.sql.SqlParser;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * A table's leading sorting-key expression when it is the time column or a floor of it ({@code
 * toStartOfFiveMinutes(Timestamp)}, the exporter's layout): {@code key(t)} lies in {@code (t - width,
 * t]} for every row. The engine does not carry a range on the column over to such a key, so a read
 * of a few minutes scans whole parts; a range on the key itself, implied by the one on the column,
 * lets it skip granules. The raw edges of a union rewrite add that implied range.
 *
 * @param text the key as the server reports it
 * @param widthNanos how far the key can lie before the row's time; 0 for the column itself
 */
public record TimeKey(String text, long widthNanos) {

  private static final long SECOND = TimeConstant.NANOS;
  /** A local day may last 25 hours; floors of days are given a day and two hours. */
  private static final long DAY = 26 * 3600 * SECOND;
  private static final Map<String, Long> FLOORS = Map.of("todatetime", SECOND, "tostartofminute", 60 * SECOND,
      "tostartoffiveminutes", 300 * SECOND, "tostartoffiveminute", 300 * SECOND, "tostartoftenminutes", 600 * SECOND,
      "tostartoffifteenminutes", 900 * SECOND, "tostartofhour", 3600 * SECOND, "tostartofday", DAY);

  /** Keys read so far: every level and candidate of every statement asks for its table's. */
  private static final Map<String, Optional<TimeKey>> READ = new java.util.concurrent.ConcurrentHashMap<>();

  /** The key of {@code leadingKey} over {@code timeColumn}, when it is one of the floors above. */
  public static Optional<TimeKey> of(String leadingKey, String timeColumn) {
    if (leadingKey == null || leadingKey.isEmpty()) {
      return Optional.empty();
    }
    if (READ.size() > 10_000) {
      READ.clear(); // a server with that many keyed tables costs a parse now and then
    }
    return READ.computeIfAbsent(leadingKey + "\0" + timeColumn, k -> read(leadingKey, timeColumn));
  }

  private static Optional<TimeKey> read(String leadingKey, String timeColumn) {
    ParseResult<Expr> parsed = SqlParser.parseExpression(leadingKey);
    if (!parsed.understood()) {
      return Optional.empty();
    }
    Expr e = parsed.node();
    if (isColumn(e, timeColumn)) {
      return Optional.of(new TimeKey(leadingKey, 0));
    }
    if (!(e instanceof Expr.Call c) || c.params() != null || c.distinct() || c.args().isEmpty()
        || !isColumn(c.args().get(0), timeColumn)) {
      return Optional.empty();
    }
    String name = c.name().toLowerCase(Locale.ROOT);
    List<Expr> rest = c.args().subList(1, c.args().size());
    if (name.equals("tostartofinterval") && !rest.isEmpty()) {
      Optional<Long> width = IntervalValue.of(rest.get(0)).flatMap(TimeKey::intervalWidth);
      return width.isPresent() && zoneOnly(rest.subList(1, rest.size()))
          ? Optional.of(new TimeKey(leadingKey, width.get())) : Optional.empty();
    }
    Long width = FLOORS.get(name);
    return width != null && zoneOnly(rest) ? Optional.of(new TimeKey(leadingKey, width)) : Optional.empty();
  }

  /**
   * Conditions on the key that every row of {@code [low, high)} outside the middle {@code [start,
   * end)} meets ({@code end} null: no upper part), joined by AND; empty when none can be written.
   * Bounds are nanoseconds since the epoch, null when open. {@code fractional}: the time column
   * holds fractions of a second, so a key that is the column itself gets bounds the engine keeps
   * open ({@link TimeConstant#bound}).
   */
  public String implied(Long low, Long high, long start, Long end, boolean fractional) {
    boolean fractionalKey = holdsFractions(fractional);
    List<String> all = new ArrayList<>();
    // t >= low  =>  key > low - width
    seconds(low == null ? null : Math.floorDiv(low - widthNanos, SECOND), fractionalKey)
        .ifPresent(s -> all.add(text + " >= " + s));
    // t < high  =>  key <= t < high
    seconds(high == null ? null : ceilSeconds(high), fractionalKey).ifPresent(s -> all.add(text + " <= " + s));
    // t < start  =>  key < start;  t >= end  =>  key > end - width
    Optional<String> before = seconds(ceilSeconds(start), fractionalKey).map(s -> text + " < " + s);
    Optional<String> after = seconds(end == null ? null : Math.floorDiv(end - widthNanos, SECOND), fractionalKey)
        .map(s -> text + " >= " + s);
    if (before.isPresent() && (end == null || after.isPresent())) {
      all.add(end == null ? before.get() : "(" + before.get() + " OR " + after.get() + ")");
    }
    return String.join(" AND ", all);
  }

  /**
   * True when this key holds fractions of a second: it is the time column itself and the column
   * does ({@code columnFractional}); a floor holds whole seconds. Its strict bounds must then be
   * written so the engine keeps them open ({@link TimeConstant#bound}).
   */
  public boolean holdsFractions(boolean columnFractional) {
    return columnFractional && widthNanos == 0;
  }

  private static long ceilSeconds(long nanos) {
    return Math.floorDiv(nanos + SECOND - 1, SECOND);
  }

  private static Optional<String> seconds(Long s, boolean fractional) {
    return s == null ? Optional.empty() : TimeConstant.bound(s, fractional);
  }

  private static Optional<Long> intervalWidth(IntervalValue iv) {
    return switch (iv.unit()) {
      case "second", "minute", "hour" -> iv.fixedNanos().filter(n -> n > 0);
      case "day" -> iv.amount() > 0 && iv.amount() < 10_000 ? Optional.of(iv.amount() * DAY) : Optional.empty();
      default -> Optional.empty();
    };
  }

  private static boolean isColumn(Expr e, String column) {
    return e instanceof Expr.Identifier id && id.parts().size() == 1 && id.name().equals(column);
  }

  /** At most one more argument, a time zone name. */
  private static boolean zoneOnly(List<Expr> rest) {
    return rest.isEmpty() || rest.size() == 1 && TimeConstant.zone(rest.get(0)).isPresent();
  }
}
