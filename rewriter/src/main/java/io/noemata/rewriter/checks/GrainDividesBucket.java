package io.noemata.rewriter.checks;

import io.noemata.core.catalog.Rollup;
import io.noemata.core.sql.Expr;
import io.noemata.core.sql.Literals;
import io.noemata.core.sql.Node;
import io.noemata.rewriter.provenance.RollupSkip;
import java.time.ZoneId;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import io.noemata.rewriter.syntax.RollupFunctions;
import io.noemata.rewriter.time.IntervalValue;
import io.noemata.rewriter.time.TimeConstant;
import io.noemata.rewriter.time.TimeForm;

/**
 * The seed's "its grain divides the query's bucket": a function of the time column reads the
 * rollup only when it is constant within each rollup bucket, a bucket of whole rollup buckets (or a
 * function of one). Reading the time column itself, finer than any bucket, fails it. Wall-clock
 * buckets are cut in a time zone; the zones met are collected for {@link ZonesKeepBuckets}.
 */
public final class GrainDividesBucket {

  private final String sql;
  private final Rollup rollup;
  private final long grainNanos;
  /** The server's zone, where wall-clock buckets without a zone argument are cut; null when unknown. */
  private final ZoneId serverZone;
  private final Set<ZoneId> zones = new HashSet<>();

  public GrainDividesBucket(String sql, Rollup rollup, ZoneId serverZone) {
    this.sql = sql;
    this.rollup = rollup;
    this.grainNanos = rollup.grain().toNanos();
    this.serverZone = serverZone;
  }

  /** Every time zone a bucket read so far is cut in (in the order a hash set keeps them). */
  public Set<ZoneId> zones() {
    return Collections.unmodifiableSet(zones);
  }

  /** An expression over the time column that is not a bucket of it: the raw instant, finer than any bucket. */
  public static Optional<Skip> notTime(TimeForm f) {
    return f.isTime() ? Optional.of(new Skip(RollupSkip.GRAIN_DOES_NOT_DIVIDE_BUCKET, "an expression reads the time"
        + " column itself, finer than any bucket")) : Optional.empty();
  }

  /** An expression over the arguments {@code forms}: a bucket when one is, failed when one reads the raw instant. */
  public static Checked<TimeForm> combine(List<TimeForm> forms) {
    TimeForm out = TimeForm.NONE;
    for (TimeForm f : forms) {
      Optional<Skip> raw = notTime(f);
      if (raw.isPresent()) {
        return Checked.fails(raw.get());
      }
      if (f.kind() == TimeForm.Kind.BUCKET) {
        out = f.derived();
      }
    }
    return Checked.holds(out);
  }

  private String text(Node n) {
    return sql.substring(n.start(), n.end());
  }

  /** {@code t + INTERVAL n unit}: keeps rollup buckets whole only for whole minutes on a one-minute grain. */
  public Checked<TimeForm> shift(Expr written, IntervalValue iv) {
    boolean wholeMinutes = switch (iv.unit()) {
      case "minute", "hour", "day", "week", "month", "quarter", "year" -> true;
      default -> iv.fixedNanos().filter(n -> n % (60 * TimeConstant.NANOS) == 0).isPresent();
    };
    if (!wholeMinutes || grainNanos != 60 * TimeConstant.NANOS) {
      return Checked.fails(RollupSkip.GRAIN_DOES_NOT_DIVIDE_BUCKET, "the time column is moved by " + text(written)
          + ", which does not keep rollup buckets whole");
    }
    return Checked.holds(new TimeForm(TimeForm.Kind.PRESERVING, true, 0, false, 0, 0));
  }

  /** A function whose first argument is the time column (or a minute-keeping map of it). */
  public Checked<TimeForm> timeFunction(Expr.Call c, TimeForm arg) {
    String name = RollupFunctions.lower(c.name());
    List<Expr> a = c.args();
    if (arg.kind() == TimeForm.Kind.EPOCH) {
      if (name.equals("intdiv") && a.size() == 2) {
        // intDiv(ms, 60000): buckets of whole seconds since the epoch, or none
        long n = TimeConstant.integer(a.get(1)).orElse(0L);
        long perSecond = arg.epochUnitsPerSecond();
        return bucket(c, n % perSecond == 0 ? n / perSecond : 0, true, 0);
      }
      return combine(List.of(arg));
    }
    switch (name) {
      case "todatetime", "todatetime64", "totimezone" -> {
        int zoneArg = name.equals("todatetime64") ? 2 : 1;
        if (name.equals("totimezone") && a.size() != 2 || a.size() > zoneArg + 1) {
          return combine(List.of(arg));
        }
        if (a.size() == zoneArg + 1) {
          Optional<Skip> unknown = zone(a.get(zoneArg));
          if (unknown.isPresent()) {
            return Checked.fails(unknown.get());
          }
        }
        return Checked.holds(arg);
      }
      // whole seconds since the epoch, of a DateTime64 too (truncated, as the bucket's are): Altinity's
      // Grafana plugin buckets by intDiv(toUInt32(t), n) * n
      case "tounixtimestamp", "touint32" -> {
        if (arg.shifted() || a.size() != 1) {
          return combine(List.of(arg));
        }
        return Checked.holds(TimeForm.EPOCH);
      }
      // milli-, micro- and nanoseconds since the epoch of a DateTime64 (Grafana panels bucket
      // intDiv(toUnixTimestamp64Milli(t), 60000) * 60000)
      case "tounixtimestamp64milli", "tounixtimestamp64micro", "tounixtimestamp64nano" -> {
        if (arg.shifted() || arg.kind() != TimeForm.Kind.PRESERVING || a.size() != 1) {
          return combine(List.of(arg));
        }
        return Checked.holds(TimeForm.epoch(switch (name) {
          case "tounixtimestamp64milli" -> 1_000L;
          case "tounixtimestamp64micro" -> 1_000_000L;
          default -> 1_000_000_000L;
        }));
      }
      case "cast", "_cast" -> {
        return a.size() == 2 && a.get(1) instanceof Expr.Literal t && t.kind() == Expr.Literal.Kind.STRING
            ? cast(c, Literals.unquote(t.text()), arg) : combine(List.of(arg));
      }
      case "tostartofminute" -> { return local(c, a, 1, 60, 60, arg); }
      case "tostartoffiveminutes", "tostartoffiveminute" -> { return local(c, a, 1, 300, 300, arg); }
      case "tostartoftenminutes" -> { return local(c, a, 1, 600, 600, arg); }
      case "tostartoffifteenminutes" -> { return local(c, a, 1, 900, 900, arg); }
      case "tostartofhour" -> { return local(c, a, 1, 3600, 3600, arg); }
      // DATE(t) is toDate's alias (measured on 26.5)
      case "tostartofday", "todate", "todate32", "date" -> { return local(c, a, 1, 86400, 86400, arg); }
      case "tomonday" -> { return local(c, a, 1, 86400, 7 * 86400, arg); }
      case "tostartofweek" -> { return local(c, a, 2, 86400, 7 * 86400, arg); }
      case "tostartofmonth" -> { return local(c, a, 1, 86400, 31 * 86400, arg); }
      case "tostartofquarter" -> { return local(c, a, 1, 86400, 92 * 86400, arg); }
      case "tostartofyear" -> { return local(c, a, 1, 86400, 366 * 86400, arg); }
      case "toyear", "tomonth", "todayofmonth", "toyyyymm", "toyyyymmdd", "todayofyear", "toquarter", "toisoweek",
          "toisoyear", "monthname", "torelativedaynum", "torelativeweeknum", "torelativemonthnum",
          "torelativequarternum", "torelativeyearnum", "tolastdayofmonth" -> {
        return local(c, a, 1, 86400, 0, arg);
      }
      // (t, mode[, zone]): the mode is a number
      case "todayofweek", "toweek", "toyearweek", "tolastdayofweek" -> { return local(c, a, 2, 86400, 0, arg); }
      case "tostartofisoyear" -> { return local(c, a, 1, 86400, 366 * 86400, arg); }
      case "tohour", "torelativehournum" -> { return local(c, a, 1, 3600, 0, arg); }
      case "tominute", "torelativeminutenum" -> { return local(c, a, 1, 60, 0, arg); }
      case "tostartofinterval" -> { return interval(c, arg); }
      case "formatdatetime", "date_format" -> { return formatted(c, arg); }
      default -> {
        return combine(List.of(arg));
      }
    }
  }

  /** {@code DateTime[('zone')]}, {@code DateTime64[(p[, 'zone'])]}: group 1 the precision, group 2 or 3 the zone. */
  private static final java.util.regex.Pattern TIME_TYPE = java.util.regex.Pattern.compile(
      "DateTime(?:\\(\\s*('[^']*')\\s*\\))?|DateTime64(?:\\(\\s*[0-9]\\s*(?:,\\s*('[^']*')\\s*)?\\))?");

  /**
   * {@code CAST(t AS DateTime64)}, {@code t::DateTime64(3, 'UTC')}, {@code CAST(t AS DateTime)}: as
   * {@code toDateTime64} and {@code toDateTime}, a cast of the time to a time type keeps every
   * instant inside its minute (it cuts at most the fraction of a second; Rill floors
   * {@code toTimeZone(t::DateTime64, 'UTC')}); a named zone is read like their zone argument.
   * {@code type} is the type as written: a CAST's, or the string of {@code CAST(t, 'T')}.
   */
  public Checked<TimeForm> cast(Expr written, String type, TimeForm arg) {
    String canonical = io.noemata.rewriter.syntax.TypeSpelling.canonical(type);
    if (arg.kind() == TimeForm.Kind.PRESERVING && (canonical.equals("Date") || canonical.equals("Date32"))) {
      // CAST(t AS Date), t::Date: toDate(t), the day in the time's zone (measured on 26.5)
      return bucket(written, 86400, false, arg.shifted() ? 0 : 86400);
    }
    java.util.regex.Matcher m = TIME_TYPE.matcher(canonical);
    if (arg.kind() != TimeForm.Kind.PRESERVING || !m.matches()) {
      return combine(List.of(arg));
    }
    String zone = m.group(1) != null ? m.group(1) : m.group(2);
    if (zone != null) {
      Optional<Skip> unknown = zone(new Expr.Literal(Expr.Literal.Kind.STRING, zone, written.start(), written.end()));
      if (unknown.isPresent()) {
        return Checked.fails(unknown.get());
      }
    }
    return Checked.holds(arg);
  }

  /**
   * The seconds each specifier of {@code formatDateTime} stays constant over, in the zone's wall
   * clock (checked on 26.5: {@code %M} is the month's name by default, the minute where a setting
   * says so, so read as the minute); 0 for text that never changes. Seconds, fractions and the
   * zone's offset or name are not listed: a format holding one reads the raw time.
   */
  private static final java.util.Map<Character, Long> SPECIFIERS = specifiers();

  private static java.util.Map<Character, Long> specifiers() {
    java.util.Map<Character, Long> m = new java.util.HashMap<>();
    "iMRr".chars().forEach(ch -> m.put((char) ch, 60L));
    "HIklhp".chars().forEach(ch -> m.put((char) ch, 3600L));
    "deDFjaWuwyYCGgcmbQV".chars().forEach(ch -> m.put((char) ch, 86400L));
    "nt%".chars().forEach(ch -> m.put((char) ch, 0L));
    return java.util.Map.copyOf(m);
  }

  /** {@code formatDateTime(t, 'format' [, zone])}: a bucket as fine as the format's finest specifier. */
  private Checked<TimeForm> formatted(Expr.Call c, TimeForm arg) {
    List<Expr> a = c.args();
    if (a.size() < 2 || a.size() > 3 || !(a.get(1) instanceof Expr.Literal f) || f.kind() != Expr.Literal.Kind.STRING) {
      return combine(List.of(arg));
    }
    String format = Literals.unquote(f.text());
    long finest = 0;
    for (int i = 0; i < format.length(); i++) {
      if (format.charAt(i) != '%') {
        continue;
      }
      Long width = i + 1 < format.length() ? SPECIFIERS.get(format.charAt(i + 1)) : null;
      if (width == null) {
        return Checked.fails(RollupSkip.GRAIN_DOES_NOT_DIVIDE_BUCKET, "the format of " + text(c) + " prints the time"
            + " finer than a minute (or a part the rule does not read)");
      }
      finest = width == 0 ? finest : finest == 0 ? width : Math.min(finest, width);
      i++;
    }
    if (finest == 0) {
      return combine(List.of(arg));
    }
    if (a.size() == 3) {
      Optional<Skip> unknown = zone(a.get(2));
      if (unknown.isPresent()) {
        return Checked.fails(unknown.get());
      }
    }
    return bucket(c, finest, false, 0);
  }

  /** {@code date_trunc('unit', t [, zone])}; {@code args} are the forms of its arguments. */
  public Checked<TimeForm> dateTrunc(Expr.Call c, List<TimeForm> args) {
    List<Expr> a = c.args();
    if (args.get(0).kind() != TimeForm.Kind.NONE || a.size() > 3 || !(a.get(0) instanceof Expr.Literal unit)
        || unit.kind() != Expr.Literal.Kind.STRING || a.size() == 3 && args.get(2).kind() != TimeForm.Kind.NONE) {
      return Checked.fails(RollupSkip.NOT_UNDERSTOOD, "the bucket " + text(c) + " is not one the rule reads");
    }
    if (a.size() == 3) {
      Optional<Skip> unknown = zone(a.get(2));
      if (unknown.isPresent()) {
        return Checked.fails(unknown.get());
      }
    }
    long floor = args.get(1).shifted() ? 0 : 1;
    return switch (RollupFunctions.lower(Literals.unquote(unit.text()))) {
      case "minute" -> bucket(c, 60, true, floor * 60);
      case "hour" -> bucket(c, 3600, false, floor * 3600);
      case "day" -> bucket(c, 86400, false, floor * 86400);
      case "week" -> bucket(c, 86400, false, floor * 7 * 86400);
      case "month" -> bucket(c, 86400, false, floor * 31 * 86400);
      case "quarter" -> bucket(c, 86400, false, floor * 92 * 86400);
      case "year" -> bucket(c, 86400, false, floor * 366 * 86400);
      default -> Checked.fails(RollupSkip.GRAIN_DOES_NOT_DIVIDE_BUCKET, "the bucket " + text(c)
          + " is finer than the grain");
    };
  }

  /** A bucket aligned in the time zone's wall clock; {@code zoneArg} is where an optional zone may be. */
  private Checked<TimeForm> local(Expr.Call c, List<Expr> a, int zoneArg, long align, long floor, TimeForm arg) {
    if (a.size() > zoneArg + 1 || zoneArg == 2 && a.size() >= 2 && TimeConstant.integer(a.get(1)).isEmpty()) {
      return combine(List.of(arg));
    }
    if (a.size() == zoneArg + 1) {
      Optional<Skip> unknown = zone(a.get(zoneArg));
      if (unknown.isPresent()) {
        return Checked.fails(unknown.get());
      }
    }
    return bucket(c, align, false, arg.shifted() ? 0 : floor);
  }

  private Checked<TimeForm> interval(Expr.Call c, TimeForm arg) {
    List<Expr> a = c.args();
    Optional<IntervalValue> width = a.size() < 2 || a.size() > 3 ? Optional.empty()
        : IntervalValue.of(a.get(1)).map(IntervalValue::inSeconds);
    if (width.isEmpty()) {
      return Checked.fails(RollupSkip.NOT_UNDERSTOOD, "the bucket " + text(c) + " is not one the rule reads");
    }
    long n = width.get().amount();
    if (n <= 0) {
      return Checked.fails(RollupSkip.NOT_UNDERSTOOD, "the bucket width in " + text(c) + " is not a positive integer");
    }
    if (a.size() == 3) {
      Optional<Skip> unknown = zone(a.get(2));
      if (unknown.isPresent()) {
        return Checked.fails(unknown.get());
      }
    }
    long floor = arg.shifted() ? 0 : 1;
    return switch (width.get().unit()) {
      case "second" -> bucket(c, n, true, floor * n);
      case "minute" -> bucket(c, 60 * n, false, floor * 60 * n);
      // minutes and hours may count from midnight, days and longer from the calendar: aligned in the zone's wall clock
      case "hour" -> bucket(c, 3600, false, floor * 3600 * n);
      case "day" -> bucket(c, 86400, false, floor * 86400 * n);
      case "week" -> bucket(c, 86400, false, floor * 7 * 86400 * n);
      case "month" -> bucket(c, 86400, false, floor * 31 * 86400 * n);
      case "quarter" -> bucket(c, 86400, false, floor * 92 * 86400 * n);
      case "year" -> bucket(c, 86400, false, floor * 366 * 86400 * n);
      default -> Checked.fails(RollupSkip.GRAIN_DOES_NOT_DIVIDE_BUCKET, "the bucket " + text(c)
          + " is finer than a second");
    };
  }

  /**
   * A bucket whose boundaries are multiples of {@code alignSeconds}: it answers from the rollup when
   * every rollup bucket lies inside one of its buckets. Wall-clock buckets are cut in a time zone:
   * with the server's zone known, its offsets over the window must be whole rollup buckets (checked
   * with the zones the query names, by {@link ZonesKeepBuckets}); unknown, only grains that divide
   * 15 minutes are safe, since zones are offset by whole quarter hours.
   */
  private Checked<TimeForm> bucket(Expr c, long alignSeconds, boolean epochAligned, long floorSeconds) {
    long grain = rollup.grain().toSeconds();
    if (alignSeconds <= 0 || alignSeconds % grain != 0) {
      return Checked.fails(RollupSkip.GRAIN_DOES_NOT_DIVIDE_BUCKET, "the bucket " + text(c) + " is not a whole number"
          + " of " + rollup.grain().toSeconds() + "-second rollup buckets");
    }
    if (!epochAligned) {
      if (serverZone != null) {
        zones.add(serverZone);
      } else if (900 % grain != 0) {
        return Checked.fails(RollupSkip.GRAIN_DOES_NOT_DIVIDE_BUCKET, "the bucket " + text(c) + " is cut in the"
            + " server's time zone, which is unknown, and " + grain + "-second rollup buckets may straddle its"
            + " boundaries");
      }
    }
    return Checked.holds(TimeForm.bucket(alignSeconds, epochAligned, floorSeconds));
  }

  private Optional<Skip> zone(Expr e) {
    Optional<ZoneId> z = TimeConstant.zone(e);
    if (z.isEmpty()) {
      return Optional.of(new Skip(RollupSkip.NOT_UNDERSTOOD, "the time zone " + text(e) + " is not a known zone name"));
    }
    zones.add(z.get());
    return Optional.empty();
  }
}
