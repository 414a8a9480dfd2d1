package io.noemata.cli.advise;

import io.noemata.core.sql.Expr;
import io.noemata.core.sql.Literals;
import io.noemata.core.sql.Node;
import java.time.DateTimeException;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * Reads the comparisons of a level's WHERE that bound its time column: {@code t >= A}, {@code t < B},
 * {@code t BETWEEN A AND B}, with constants written as ClickHouse clients write them
 * ({@code toDateTime('2026-11-24 00:00:00')}, {@code toDateTime(1764000000)}, {@code '2026-11-24'})
 * or moving with the server's clock ({@code now() - INTERVAL 1 HOUR}). Wall-clock strings are read
 * in the server's time zone.
 */
final class TimeBounds {

  private static final Set<String> TIME_FUNCTIONS = Set.of("todatetime", "todatetime64", "todatetime32",
      "parsedatetimebesteffort", "parsedatetime64besteffort", "todate", "todate32", "timestamp", "fromunixtimestamp");
  /** {@code fromUnixTimestamp64Milli(1764213451123)} (HyperDX, Grafana): units of the number per second. */
  private static final Map<String, Long> SUBSECOND = Map.of("fromunixtimestamp64milli", 1_000L,
      "fromunixtimestamp64micro", 1_000_000L, "fromunixtimestamp64nano", 1_000_000_000L);
  private static final Set<String> CLOCK = Set.of("now", "now64", "today", "yesterday", "nowinblock");
  private static final DateTimeFormatter WALL = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss[.SSSSSSSSS][.SSSSSS][.SSS]");

  private final ZoneId zone;

  TimeBounds(ZoneId zone) {
    this.zone = zone;
  }

  /** The bounds read so far. */
  static final class Window {
    Long from;
    Long to;
    long length;
    boolean ragged;
    boolean relative;

    TimeWindow toWindow() {
      long l = length;
      if (l == 0 && from != null && to != null) {
        l = to - from;
      }
      return new TimeWindow(from, to, l, ragged);
    }
  }

  /** True when {@code c} bounds the column {@code time}; its bound is recorded in {@code w}. */
  boolean bound(Expr c, String time, Window w) {
    if (c instanceof Expr.Between b && !b.negated() && isTime(b.operand(), time)) {
      lower(b.low(), true, w);
      upper(b.high(), true, w);
      return true;
    }
    if (!(c instanceof Expr.Binary b)) {
      return false;
    }
    String op = b.op();
    if (!List.of(">=", ">", "<", "<=").contains(op)) {
      return false;
    }
    Expr other;
    if (isTime(b.left(), time)) {
      other = b.right();
    } else if (isTime(b.right(), time)) {
      other = b.left();
      op = switch (op) {
        case ">=" -> "<=";
        case ">" -> "<";
        case "<" -> ">";
        default -> ">=";
      };
    } else {
      return false;
    }
    switch (op) {
      case ">=" -> lower(other, false, w);
      case ">" -> lower(other, true, w);
      case "<" -> upper(other, false, w);
      default -> upper(other, true, w);
    }
    return true;
  }

  private static boolean isTime(Expr e, String time) {
    return e instanceof Expr.Identifier id && id.name().equals(time);
  }

  private void lower(Expr e, boolean ragged, Window w) {
    w.ragged |= ragged;
    Long v = instant(e);
    if (v == null) {
      w.relative = true;
      long back = relativeLength(e);
      if (back > 0) {
        w.length = w.length == 0 ? back : Math.min(w.length, back);
      }
    } else {
      w.from = w.from == null ? v : Math.max(w.from, v);
    }
  }

  private void upper(Expr e, boolean ragged, Window w) {
    w.ragged |= ragged;
    Long v = instant(e);
    if (v == null) {
      w.relative = true;
    } else {
      w.to = w.to == null ? v : Math.min(w.to, v);
    }
  }

  /** {@code now() - INTERVAL n unit}: n units; else 0. */
  private static long relativeLength(Expr e) {
    if (e instanceof Expr.Binary b && b.op().equals("-") && b.right() instanceof Expr.Interval i && readsClock(b.left())) {
      return Buckets.interval(i);
    }
    if (e instanceof Expr.Call c && c.args().size() == 2 && c.args().get(1) instanceof Expr.Interval i
        && c.name().equalsIgnoreCase("subtractInterval")) {
      return Buckets.interval(i);
    }
    if (e instanceof Expr.Call c && !c.args().isEmpty()) {
      return relativeLength(c.args().get(0)); // toStartOfMinute(now() - INTERVAL 30 MINUTE)
    }
    return 0;
  }

  private static boolean readsClock(Node n) {
    if (n instanceof Expr.Call c && CLOCK.contains(c.name().toLowerCase(Locale.ROOT))) {
      return true;
    }
    return n.children().stream().anyMatch(TimeBounds::readsClock);
  }

  /** The instant of a constant bound in epoch seconds; null when it is not a constant this reads. */
  Long instant(Expr e) {
    if (e instanceof Expr.Parens p) {
      return instant(p.inner());
    }
    if (e instanceof Expr.Literal l) {
      return literal(l, zone);
    }
    if (e instanceof Expr.Call c && SUBSECOND.containsKey(c.name().toLowerCase(Locale.ROOT)) && !c.args().isEmpty()
        && c.args().get(0) instanceof Expr.Literal l && l.kind() == Expr.Literal.Kind.NUMBER) {
      try {
        return Math.floorDiv(Long.parseLong(l.text()), SUBSECOND.get(c.name().toLowerCase(Locale.ROOT)));
      } catch (NumberFormatException e2) {
        return null;
      }
    }
    if (e instanceof Expr.Call c && TIME_FUNCTIONS.contains(c.name().toLowerCase(Locale.ROOT)) && !c.args().isEmpty()
        && c.args().get(0) instanceof Expr.Literal l) {
      ZoneId z = zone;
      Expr last = c.args().get(c.args().size() - 1);
      if (c.args().size() > 1 && last instanceof Expr.Literal zl && zl.kind() == Expr.Literal.Kind.STRING) {
        try {
          z = ZoneId.of(Literals.unquote(zl.text()));
        } catch (DateTimeException unknown) {
          return null;
        }
      }
      return literal(l, z);
    }
    return null;
  }

  private static Long literal(Expr.Literal l, ZoneId zone) {
    if (l.kind() == Expr.Literal.Kind.NUMBER) {
      try {
        return l.text().contains(".") ? (long) Math.floor(Double.parseDouble(l.text())) : Long.parseLong(l.text());
      } catch (NumberFormatException e) {
        return null;
      }
    }
    if (l.kind() != Expr.Literal.Kind.STRING || zone == null) {
      return null;
    }
    String text = Literals.unquote(l.text()).strip();
    try {
      LocalDateTime t = text.length() == 10 ? LocalDate.parse(text).atStartOfDay() : LocalDateTime.parse(text, WALL);
      return t.atZone(zone).toEpochSecond();
    } catch (DateTimeParseException e) {
      return null;
    }
  }
}
