package io.noemata.rewriter.time;

import io.noemata.core.sql.Expr;
import io.noemata.core.sql.Literals;
import java.time.Instant;
import java.time.ZoneId;
import java.util.List;
import java.util.Optional;
import io.noemata.rewriter.syntax.RollupFunctions;

/**
 * A point in time that moves with the server's clock: {@code now()}, {@code now64(p)},
 * {@code today()}, {@code yesterday()}, moved by constant INTERVALs (a Date by a number of days,
 * {@code today() - 7}) and floored by bucket
 * functions, as dashboards write "the last hour" ({@code Timestamp >= now() - INTERVAL 1 HOUR},
 * Metabase's {@code toStartOfMinute(now() + INTERVAL -30 minute)}).
 *
 * <p>ClickHouse evaluates {@code now()} once per call site, when the query is analysed, so two
 * copies of one such expression in a rewritten query may differ by a second. A rewrite that needs
 * the value twice therefore reads it as the scalar subquery {@code (SELECT e)}: the server
 * evaluates identical scalar subqueries once per query (its scalar cache, keyed by the subquery's
 * tree hash), so every copy sees one value.
 *
 * @param alignSeconds every value is a multiple of this many seconds (0: no alignment known)
 * @param epochAligned the multiples count from the epoch; else from the server zone's midnight
 * @param earliestShiftNanos a lower bound of {@code value - now()} over every clock reading
 */
public record RelativeTime(long alignSeconds, boolean epochAligned, long earliestShiftNanos) {

  private static final long DAY = 86400;

  /** The value of {@code e} when it is one of the spellings above. */
  public static Optional<RelativeTime> of(Expr e) {
    e = Expr.unparenthesized(e);
    Optional<TimeShift> shift = TimeShift.of(e);
    if (shift.isPresent()) {
      IntervalValue by = shift.get().by().inSeconds();
      return of(shift.get().base()).flatMap(base -> base.shifted(by.unit(), by.amount()));
    }
    if (e instanceof Expr.Binary b && (b.op().equals("-") || b.op().equals("+"))) {
      // a Date plus or minus an integer is that many days later or earlier (Metabase's, analysts' today() - 7);
      // a DateTime or DateTime64, that many seconds (Grafana users' now() - 3600)
      Optional<Long> n = TimeConstant.integer(b.right());
      String unit = dateValued(b.left()) ? "day" : "second";
      return n.flatMap(k -> of(b.left()).flatMap(base -> base.shifted(unit, b.op().equals("-") ? -k : k)));
    }
    if (!(e instanceof Expr.Call c) || c.params() != null || c.distinct()) {
      return Optional.empty();
    }
    List<Expr> a = c.args();
    return switch (RollupFunctions.lower(c.name())) {
      // a zone argument only changes the type's zone, never the instant
      case "now", "current_timestamp" -> a.size() <= 1 && zoneOrNone(a, 0)
          ? Optional.of(new RelativeTime(1, true, 0)) : Optional.empty();
      case "now64" -> a.size() <= 2 && (a.isEmpty() || TimeConstant.integer(a.get(0)).isPresent()) && zoneOrNone(a, 1)
          ? Optional.of(new RelativeTime(0, true, 0)) : Optional.empty();
      // midnight in the server's zone, at most 14h before the UTC midnight of the same date
      case "today" -> a.isEmpty() ? Optional.of(new RelativeTime(DAY, false, -(DAY + 14 * 3600) * TimeConstant.NANOS))
          : Optional.empty();
      case "yesterday" -> a.isEmpty()
          ? Optional.of(new RelativeTime(DAY, false, -(2 * DAY + 14 * 3600) * TimeConstant.NANOS)) : Optional.empty();
      // the same instant as a DateTime (a Date's midnight in the server's zone, as today() is read)
      case "todatetime" -> a.size() == 1 ? of(a.get(0)) : Optional.empty();
      case "tostartofminute" -> floored(a, 60, false);
      case "tostartoffiveminutes", "tostartoffiveminute" -> floored(a, 300, false);
      case "tostartoftenminutes" -> floored(a, 600, false);
      case "tostartoffifteenminutes" -> floored(a, 900, false);
      case "tostartofhour" -> floored(a, 3600, false);
      case "tostartofday" -> floored(a, DAY, false);
      // the first day of the calendar's week, month, ... (a Date; Metabase's "this month": toStartOfMonth(now()))
      case "tostartofweek" -> a.size() == 2 && TimeConstant.integer(a.get(1)).isPresent()
          ? calendar(a.subList(0, 1), 7) : calendar(a, 7);
      case "tomonday" -> calendar(a, 7);
      case "tostartofmonth" -> calendar(a, 31);
      case "tostartofquarter" -> calendar(a, 92);
      case "tostartofyear" -> calendar(a, 366);
      case "date_trunc", "datetrunc" -> a.size() == 2 && a.get(0) instanceof Expr.Literal unit
          && unit.kind() == Expr.Literal.Kind.STRING ? truncated(Literals.unquote(unit.text()), a.subList(1, 2))
          : Optional.empty();
      case "tostartofinterval" -> interval(a);
      default -> Optional.empty();
    };
  }

  private static Optional<RelativeTime> truncated(String unit, List<Expr> a) {
    return switch (unit.toLowerCase(java.util.Locale.ROOT)) {
      case "minute" -> floored(a, 60, false);
      case "hour" -> floored(a, 3600, false);
      case "day" -> floored(a, DAY, false);
      case "week" -> calendar(a, 7);
      case "month" -> calendar(a, 31);
      case "quarter" -> calendar(a, 92);
      case "year" -> calendar(a, 366);
      default -> Optional.empty();
    };
  }

  /** A floor to the start of a calendar period at most {@code days} long: a midnight in the server's zone. */
  private static Optional<RelativeTime> calendar(List<Expr> a, long days) {
    if (a.size() != 1) {
      return Optional.empty();
    }
    return of(a.get(0)).map(x -> new RelativeTime(DAY, false, x.earliestShiftNanos - (days * DAY + 3600) * TimeConstant.NANOS));
  }

  /** The calls above that give a Date (measured on 26.5): the calendar floors of a week or longer. */
  private static boolean calendarDate(Expr.Call c) {
    List<Expr> a = c.args();
    return switch (RollupFunctions.lower(c.name())) {
      case "tostartofweek", "tomonday", "tostartofmonth", "tostartofquarter", "tostartofyear" -> true;
      case "date_trunc", "datetrunc" -> a.size() == 2 && a.get(0) instanceof Expr.Literal unit
          && List.of("week", "month", "quarter", "year").contains(Literals.unquote(unit.text()).toLowerCase(java.util.Locale.ROOT));
      case "tostartofinterval" -> a.size() == 2 && IntervalValue.of(a.get(1))
          .filter(iv -> List.of("week", "month", "quarter", "year").contains(iv.unit())).isPresent();
      default -> false;
    };
  }

  /**
   * A Date, to which an integer adds days: {@code today()}, {@code yesterday()}, and those moved by
   * days or longer (by an integer or an INTERVAL); the bucket functions and shorter INTERVALs give a
   * DateTime (measured on 26.5).
   */
  public static boolean dateValued(Expr e) {
    e = Expr.unparenthesized(e);
    Optional<TimeShift> shift = TimeShift.of(e);
    if (shift.isPresent()) {
      return dateValued(shift.get().base()) && List.of("day", "week", "month", "quarter", "year")
          .contains(shift.get().by().unit());
    }
    if (e instanceof Expr.Binary b && (b.op().equals("-") || b.op().equals("+"))) {
      return TimeConstant.integer(b.right()).isPresent() && dateValued(b.left());
    }
    if (e instanceof Expr.Call c && c.params() == null && calendarDate(c)) {
      return true;
    }
    return e instanceof Expr.Call c && c.args().isEmpty() && c.params() == null
        && (RollupFunctions.lower(c.name()).equals("today") || RollupFunctions.lower(c.name()).equals("yesterday"));
  }

  private static boolean zoneOrNone(List<Expr> a, int at) {
    return a.size() <= at || TimeConstant.zone(a.get(at)).isPresent();
  }

  /** {@code f(x)} floors {@code x} to multiples of {@code width} seconds (in the server's zone unless epoch-aligned). */
  private static Optional<RelativeTime> floored(List<Expr> a, long width, boolean epochAligned) {
    if (a.size() != 1) {
      return Optional.empty();
    }
    // a wall-clock floor can land a DST hour further back
    long lost = epochAligned ? width : width + 3600;
    return of(a.get(0)).map(x -> new RelativeTime(width, epochAligned, x.earliestShiftNanos - lost * TimeConstant.NANOS));
  }

  private static Optional<RelativeTime> interval(List<Expr> a) {
    Optional<IntervalValue> width = a.size() == 2 ? IntervalValue.of(a.get(1)).map(IntervalValue::inSeconds)
        : Optional.empty();
    if (width.isEmpty() || width.get().amount() <= 0) {
      return Optional.empty();
    }
    long n = width.get().amount();
    return switch (width.get().unit()) {
      case "second" -> floored(a.subList(0, 1), n, true);
      case "minute" -> n <= 60 && 60 % n == 0 ? floored(a.subList(0, 1), 60 * n, false) : Optional.empty();
      // hours count from the zone's midnight (measured on 26.5: INTERVAL 7 HOUR floors 05:00 to 00:00)
      case "hour" -> 24 % n == 0 ? floored(a.subList(0, 1), 3600 * n, false) : Optional.empty();
      case "day" -> n == 1 ? floored(a.subList(0, 1), DAY, false) : Optional.empty();
      case "week" -> n == 1 ? calendar(a.subList(0, 1), 7) : Optional.empty();
      case "month" -> n == 1 ? calendar(a.subList(0, 1), 31) : Optional.empty();
      case "quarter" -> n == 1 ? calendar(a.subList(0, 1), 92) : Optional.empty();
      case "year" -> n == 1 ? calendar(a.subList(0, 1), 366) : Optional.empty();
      default -> Optional.empty();
    };
  }

  /** This value moved by {@code amount} {@code unit}s, as ClickHouse adds an INTERVAL. */
  private Optional<RelativeTime> shifted(String unit, long amount) {
    Long fixed = switch (unit) {
      case "second" -> 1L;
      case "minute" -> 60L;
      case "hour" -> 3600L;
      default -> null;
    };
    // the earliest the shift can land: a day or longer moves the wall clock, so a DST change adds an hour
    long days = switch (unit) {
      case "day" -> 1;
      case "week" -> 7;
      case "month" -> amount < 0 ? 31 : 28;
      case "quarter" -> amount < 0 ? 92 : 89;
      case "year" -> amount < 0 ? 366 : 365;
      default -> 0;
    };
    if (fixed == null && days == 0) {
      return Optional.empty();
    }
    long worstSeconds = fixed != null ? amount * fixed : amount * days * DAY - 3600;
    long align = alignSeconds;
    if (fixed != null) {
      align = align == 0 || amount == 0 ? align : gcd(align, Math.abs(amount * fixed));
    } else if (epochAligned) {
      // wall-clock arithmetic: the instant moves by whole days give or take a DST change (an hour, or half)
      align = gcd(align, 1800);
    }
    return Optional.of(new RelativeTime(align, epochAligned, earliestShiftNanos + worstSeconds * TimeConstant.NANOS));
  }

  private static long gcd(long a, long b) {
    return b == 0 ? a : gcd(b, a % b);
  }

  /**
   * True when every value lies on a boundary of rollup buckets {@code grainSeconds} wide (those
   * count from the epoch). A wall-clock alignment counts when the server's zone is a fixed offset of
   * whole grains, or when the grain divides 15 minutes (every zone in use is offset by whole
   * quarter hours).
   */
  public boolean alignedTo(long grainSeconds, ZoneId serverZone) {
    if (alignSeconds <= 0 || alignSeconds % grainSeconds != 0) {
      return false;
    }
    if (epochAligned || 900 % grainSeconds == 0) {
      return true;
    }
    return serverZone != null && serverZone.getRules().isFixedOffset()
        && serverZone.getRules().getOffset(Instant.EPOCH).getTotalSeconds() % grainSeconds == 0;
  }

  /** A lower bound of the value, given a lower bound of the server's clock. */
  public long earliest(Instant serverClock) {
    return serverClock.getEpochSecond() * TimeConstant.NANOS + serverClock.getNano() + earliestShiftNanos;
  }
}
